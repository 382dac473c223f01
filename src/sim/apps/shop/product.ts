import type { AppView, Widget } from '../../types.js';
import { formatPrice, productById } from './catalogue.js';
import { PICTURE } from './rows.js';
import { cartCount, type Screen, type ShopActions } from './state.js';
import { button, cartButton, COLORS, inset, screen as layout, text, toolbar } from './widgets.js';

type ProductScreen = Extract<Screen, { kind: 'product' }>;

const MAX_QUANTITY = 10;

/** Product details with a quantity stepper and "Add to cart"; tapping the picture opens it full screen. */
export function productView(app: ShopActions, screen: ProductScreen): AppView {
  const product = productById(screen.productId);
  const bar = toolbar({
    title: product?.category ?? 'Product',
    onBack: () => app.pop(),
    actions: [cartButton(cartCount(app.state.cart), () => app.push({ kind: 'cart' }))],
  });
  if (!product) {
    return {
      activity: '.ProductActivity',
      root: layout(bar, inset(16, text('This product is no longer available', { id: 'empty', style: { color: COLORS.secondaryText } }))),
    };
  }
  const setQuantity = (quantity: number): void => app.update({ ...screen, quantity: Math.min(MAX_QUANTITY, Math.max(1, quantity)) });
  const details: Widget = {
    cls: 'android.widget.ScrollView',
    key: 'details_scroll',
    height: 'fill',
    scrollable: 'vertical',
    children: [
      {
        cls: 'android.widget.LinearLayout',
        key: 'details',
        padding: 16,
        gap: 12,
        style: { background: COLORS.surface },
        children: [
          {
            cls: 'android.widget.ImageView',
            id: 'product_image',
            desc: product.title,
            height: 220,
            clickable: true,
            focusable: true,
            onClick: () => app.push({ kind: 'photo', productId: product.id }),
            style: PICTURE,
          },
          text(product.title, { id: 'product_title', width: 'fill', style: { fontSize: 22, bold: true } }),
          text(formatPrice(product.price), { id: 'product_price', style: { fontSize: 20, bold: true, color: COLORS.primary } }),
          text('★★★★☆  4.3 (128 reviews)', { id: 'rating', style: { fontSize: 14, color: '#f9a825' } }),
          text(product.description, { id: 'product_description', width: 'fill', style: { fontSize: 14, color: COLORS.secondaryText } }),
          {
            cls: 'android.widget.LinearLayout',
            key: 'quantity_row',
            layout: 'row',
            gap: 12,
            children: [
              text('Quantity', { align: 'center', style: { fontSize: 16 } }),
              stepButton('−', { id: 'quantity_decrease', desc: 'Decrease quantity', onClick: () => setQuantity(screen.quantity - 1) }),
              text(String(screen.quantity), { id: 'quantity', width: 32, align: 'center', style: { fontSize: 18, bold: true } }),
              stepButton('+', { id: 'quantity_increase', desc: 'Increase quantity', onClick: () => setQuantity(screen.quantity + 1) }),
            ],
          },
        ],
      },
    ],
  };
  const footer: Widget = {
    cls: 'android.widget.LinearLayout',
    key: 'footer',
    padding: 16,
    style: { background: COLORS.surface, border: COLORS.divider },
    children: [button('Add to cart', { id: 'add_to_cart', onClick: () => app.addToCart(product.id, screen.quantity) })],
  };
  return { activity: '.ProductActivity', root: layout(bar, details, footer), toast: app.state.toast };
}

/** What a quantity step button is called, says and does. */
interface StepButton {
  id: string;
  desc: string;
  onClick: () => void;
}

function stepButton(label: string, { id, desc, onClick }: StepButton): Widget {
  return {
    cls: 'android.widget.Button',
    id,
    text: label,
    desc,
    width: 48,
    height: 48,
    align: 'center',
    clickable: true,
    focusable: true,
    onClick,
    style: { background: COLORS.surface, border: COLORS.primary, color: COLORS.primary, fontSize: 20, bold: true, radius: 24 },
  };
}
