import type { AppView, Widget } from '../../types.js';
import { formatPrice, productById } from './catalogue.js';
import { COUPONS, type CartLine, type ShopActions } from './state.js';
import { cardRow, textColumn, thumbnail } from './rows.js';
import { button, COLORS, divider, iconButton, inset, screen as layout, text, textField, toolbar } from './widgets.js';

export interface CartTotals {
  subtotal: number;
  discount: number;
  total: number;
}

export function cartTotals(cart: CartLine[], coupon: string | undefined): CartTotals {
  const subtotal = cart.reduce((sum, line) => sum + (productById(line.productId)?.price ?? 0) * line.quantity, 0);
  const percent = coupon ? (COUPONS[coupon] ?? 0) : 0;
  const discount = Math.round((subtotal * percent) / 100);
  return { subtotal, discount, total: subtotal - discount };
}

/** The cart: one row per product with its quantity and a remove button, a coupon field and the total. */
export function cartView(app: ShopActions): AppView {
  const { cart, coupon } = app.state;
  const totals = cartTotals(cart, coupon.applied);
  const bar = toolbar({ title: 'Cart', onBack: () => app.pop() });
  const list: Widget =
    cart.length === 0
      ? inset(32, text('Your cart is empty', { id: 'empty', align: 'center', style: { color: COLORS.secondaryText } }), { height: 'fill' })
      : {
          cls: 'androidx.recyclerview.widget.RecyclerView',
          id: 'cart_list',
          height: 'fill',
          scrollable: 'vertical',
          focusable: true,
          children: cart.map((line) => cartRow(app, line)),
        };
  const summary: Widget = {
    cls: 'android.widget.LinearLayout',
    key: 'summary',
    padding: 16,
    gap: 8,
    style: { background: COLORS.surface, border: COLORS.divider },
    children: [
      {
        cls: 'android.widget.LinearLayout',
        key: 'coupon_row',
        layout: 'row',
        gap: 8,
        children: [
          textField({
            id: 'coupon',
            hint: 'Coupon code',
            value: coupon.input,
            height: 48,
            onText: (input) => {
              app.state.coupon = { ...app.state.coupon, input, message: undefined };
            },
            onSubmit: () => app.applyCoupon(),
          }),
          button('Apply', { id: 'apply_coupon', outlined: true, width: 96, enabled: cart.length > 0, onClick: () => app.applyCoupon() }),
        ],
      },
      text(coupon.message ?? '', {
        id: 'coupon_message',
        visible: coupon.message !== undefined,
        style: { fontSize: 14, color: coupon.applied ? COLORS.success : COLORS.error },
      }),
      divider(),
      line('Subtotal', formatPrice(totals.subtotal), 'subtotal'),
      { ...line(`Discount (${coupon.applied ?? ''})`, `−${formatPrice(totals.discount)}`, 'discount'), visible: totals.discount > 0 },
      text(`Total: ${formatPrice(totals.total)}`, { id: 'total', style: { fontSize: 20, bold: true } }),
      button('Checkout', { id: 'checkout', enabled: cart.length > 0, onClick: () => app.push({ kind: 'checkout', address: '' }) }),
    ],
  };
  return { activity: '.CartActivity', root: layout(bar, list, summary), toast: app.state.toast };
}

function cartRow(app: ShopActions, cartLine: CartLine): Widget {
  const product = productById(cartLine.productId);
  const title = product?.title ?? `Product ${cartLine.productId}`;
  return cardRow({
    id: 'cart_item',
    key: `cart_item_${cartLine.productId}`,
    padding: { left: 16, right: 8, top: 8, bottom: 8 },
    gap: 12,
    children: [
      thumbnail(56),
      textColumn([
        text(title, { id: 'cart_item_title', width: 'fill' }),
        text(`Qty ${cartLine.quantity} · ${formatPrice((product?.price ?? 0) * cartLine.quantity)}`, {
          id: 'cart_item_quantity',
          style: { fontSize: 14, color: COLORS.secondaryText },
        }),
      ]),
      {
        ...iconButton({
          icon: 'delete',
          id: 'remove',
          desc: `Remove ${title}`,
          color: COLORS.secondaryText,
          onClick: () => app.removeFromCart(cartLine.productId),
        }),
        align: 'center',
      },
    ],
  });
}

function line(label: string, value: string, id: string): Widget {
  return {
    cls: 'android.widget.LinearLayout',
    key: `line_${id}`,
    layout: 'row',
    children: [text(label, { width: 'fill', style: { fontSize: 14, color: COLORS.secondaryText } }), text(value, { id, style: { fontSize: 14 } })],
  };
}
