import type { AppView, Widget } from '../../types.js';
import { menuItem, popupMenu } from '../kit/widgets.js';
import { CATEGORIES, PRODUCTS } from './catalogue.js';
import { productList } from './rows.js';
import { cartCount, firstName, type ShopActions } from './state.js';
import { button, cartButton, COLORS, iconButton, inset, screen, spinner, text, toolbar } from './widgets.js';

/** The launcher screen: greeting, category chips and the whole catalogue. */
export function homeView(app: ShopActions): AppView {
  const { state } = app;
  const products = state.category === 'All' ? PRODUCTS : PRODUCTS.filter((p) => p.category === state.category);
  const bar = toolbar({
    title: 'Shop',
    actions: [
      iconButton({
        icon: 'search',
        id: 'action_search',
        desc: 'Search',
        onClick: () => app.push({ kind: 'search', query: '', status: 'idle', submitted: '', results: [] }),
      }),
      cartButton(cartCount(state.cart), () => app.push({ kind: 'cart' })),
      iconButton({ icon: 'more', desc: 'More options', onClick: () => app.openOverlay('menu') }),
    ],
  });
  const content: Widget[] = [
    inset({ left: 16, top: 12, right: 16 }, text(`Hi, ${firstName(app.user ?? '')}`, { id: 'greeting', width: 'fill', style: { fontSize: 18, bold: true } })),
    chips(app),
  ];
  if (state.refreshing) {
    content.push({
      cls: 'android.widget.LinearLayout',
      key: 'refreshing',
      height: 'fill',
      padding: { top: 48 },
      gap: 16,
      children: [spinner('progress'), text('Refreshing…', { align: 'center', style: { color: COLORS.secondaryText } })],
    });
  } else {
    content.push(productList(products, (id) => app.push({ kind: 'product', productId: id, quantity: 1 })));
  }
  return {
    activity: '.MainActivity',
    root: screen(bar, ...content),
    dialog: state.overlay === 'promo' ? promoDialog(app) : state.overlay === 'menu' ? overflowMenu(app) : undefined,
    toast: state.toast,
  };
}

function chips(app: ShopActions): Widget {
  return {
    cls: 'android.widget.HorizontalScrollView',
    id: 'categories',
    scrollable: 'horizontal',
    height: 56,
    children: [
      {
        cls: 'android.widget.LinearLayout',
        key: 'chip_group',
        layout: 'row',
        width: 'wrap',
        padding: { left: 12, right: 12, top: 8, bottom: 8 },
        gap: 8,
        children: ['All', ...CATEGORIES].map((category): Widget => {
          const checked = app.state.category === category;
          return {
            cls: 'android.widget.CompoundButton',
            key: `chip_${category}`,
            text: category,
            width: 'wrap',
            height: 32,
            padding: { left: 16, right: 16 },
            checkable: true,
            checked,
            clickable: true,
            focusable: true,
            onClick: () => {
              app.state.category = category;
            },
            style: {
              background: checked ? '#e8def8' : COLORS.surface,
              border: checked ? COLORS.primary : '#bdbdbd',
              color: checked ? COLORS.primaryDark : COLORS.text,
              fontSize: 14,
              bold: false,
              radius: 16,
            },
          };
        }),
      },
    ],
  };
}

function promoDialog(app: ShopActions): Widget {
  return {
    cls: 'android.widget.LinearLayout',
    id: 'promo',
    width: 'fill',
    padding: 24,
    gap: 16,
    style: { background: COLORS.surface, radius: 8 },
    children: [
      {
        cls: 'android.widget.ImageView',
        id: 'promo_image',
        desc: 'Headphones on sale',
        height: 120,
        style: { icon: 'star', background: '#ffe082', color: '#e65100', radius: 8 },
      },
      text('Summer sale! 20% off headphones', { id: 'promo_title', width: 'fill', style: { fontSize: 20, bold: true } }),
      text('Use code SUMMER20 at checkout. Ends Sunday.', { id: 'promo_message', width: 'fill', style: { fontSize: 14, color: COLORS.secondaryText } }),
      {
        cls: 'android.widget.LinearLayout',
        key: 'promo_buttons',
        layout: 'row',
        gap: 8,
        children: [
          button('No thanks', { id: 'promo_close', outlined: true, onClick: () => app.openOverlay(undefined) }),
          button('Shop now', {
            id: 'promo_shop',
            onClick: () => {
              app.openOverlay(undefined);
              app.search('headphones');
            },
          }),
        ],
      },
    ],
  };
}

function overflowMenu(app: ShopActions): Widget {
  const item = (label: string, run: () => void): Widget =>
    menuItem({
      cls: 'android.widget.LinearLayout',
      key: `menu_${label}`,
      label: text(label, { id: 'android:id/title' }),
      onClick: () => {
        app.openOverlay(undefined);
        run();
      },
    });
  return popupMenu({
    cls: 'android.widget.ListView',
    key: 'overflow_menu',
    width: 200,
    background: COLORS.surface,
    anchor: 'overflow',
    items: [item('Refresh', () => app.refresh()), item('Order history', () => app.push({ kind: 'orders' })), item('Log out', () => app.logOut())],
  });
}
