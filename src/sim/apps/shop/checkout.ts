import type { AppView, Widget } from '../../types.js';
import { formatPrice } from './catalogue.js';
import { cartTotals } from './cart.js';
import { cartCount, type Order, type Screen, type ShopActions } from './state.js';
import { button, COLORS, formColumn, inset, roundIcon, screen as layout, text, textField, toolbar } from './widgets.js';

type CheckoutScreen = Extract<Screen, { kind: 'checkout' }>;

/** Shipping address and payment summary; "Place order" needs an address. */
export function checkoutView(app: ShopActions, screen: CheckoutScreen): AppView {
  const totals = cartTotals(app.state.cart, app.state.coupon.applied);
  const count = cartCount(app.state.cart);
  const place = (): void => {
    if (screen.address.trim().length === 0) {
      app.update({ ...screen, error: 'Enter a shipping address' });
      return;
    }
    app.placeOrder(screen.address.trim());
  };
  const form: Widget = {
    cls: 'android.widget.ScrollView',
    key: 'checkout_scroll',
    height: 'fill',
    scrollable: 'vertical',
    children: [
      {
        cls: 'android.widget.LinearLayout',
        key: 'checkout_form',
        padding: 16,
        gap: 12,
        children: [
          text('Shipping address', { style: { fontSize: 14, bold: true, color: COLORS.primary } }),
          textField({
            id: 'address',
            hint: 'Shipping address',
            value: screen.address,
            height: 96,
            onText: (address) => app.update({ ...screen, address, error: undefined }),
          }),
          text(screen.error ?? '', { id: 'error', visible: screen.error !== undefined, style: { color: COLORS.error, fontSize: 14 } }),
          text('Payment', { style: { fontSize: 14, bold: true, color: COLORS.primary } }),
          text('Visa •••• 4242', { id: 'payment_method', style: { fontSize: 16 } }),
          text('Order summary', { style: { fontSize: 14, bold: true, color: COLORS.primary } }),
          text(`${count} ${count === 1 ? 'item' : 'items'}`, { id: 'item_count', style: { fontSize: 16 } }),
          text(`Total: ${formatPrice(totals.total)}`, { id: 'total', style: { fontSize: 20, bold: true } }),
        ],
      },
    ],
  };
  const footer: Widget = {
    cls: 'android.widget.LinearLayout',
    key: 'checkout_footer',
    padding: 16,
    style: { background: COLORS.surface, border: COLORS.divider },
    children: [button('Place order', { id: 'place_order', enabled: count > 0, onClick: place })],
  };
  return { activity: '.CheckoutActivity', root: layout(toolbar({ title: 'Checkout', onBack: () => app.pop() }), form, footer), toast: app.state.toast };
}

/** Shown once an order went through, with its seeded order number. */
export function confirmedView(app: ShopActions, order: Order): AppView {
  return {
    activity: '.CheckoutActivity',
    root: layout(
      toolbar({ title: 'Order placed', onBack: () => app.pop() }),
      formColumn('confirmation', [
        roundIcon({ id: 'confirmation_icon', desc: 'Success', icon: 'check', size: 96, color: '#ffffff', background: COLORS.success }),
        text('Order confirmed', { id: 'confirmation_title', align: 'center', style: { fontSize: 24, bold: true } }),
        text(`Order #${order.number}`, { id: 'order_number', align: 'center', style: { fontSize: 18 } }),
        text(`We'll email ${app.user ?? 'you'} when it ships.`, {
          id: 'confirmation_message',
          align: 'center',
          style: { fontSize: 14, color: COLORS.secondaryText },
        }),
        button('Continue shopping', { id: 'continue_shopping', onClick: () => app.pop() }),
      ]),
    ),
    toast: app.state.toast,
  };
}

/** Past orders from app storage. */
export function ordersView(app: ShopActions, orders: Order[]): AppView {
  const list: Widget =
    orders.length === 0
      ? inset(32, text('No orders yet', { id: 'empty', align: 'center', style: { color: COLORS.secondaryText } }))
      : {
          cls: 'androidx.recyclerview.widget.RecyclerView',
          id: 'order_list',
          height: 'fill',
          scrollable: 'vertical',
          children: orders.map((order): Widget => ({
            cls: 'android.widget.LinearLayout',
            id: 'order_row',
            key: `order_${order.number}`,
            padding: 16,
            gap: 4,
            clickable: true,
            focusable: true,
            onClick: () => app.showToast(`Order #${order.number} is being prepared`),
            style: { background: COLORS.surface, border: COLORS.divider },
            children: [
              text(`Order #${order.number}`, { id: 'order_title', style: { bold: true } }),
              text(`${order.items} ${order.items === 1 ? 'item' : 'items'} · ${formatPrice(order.total)}`, {
                id: 'order_summary',
                style: { fontSize: 14, color: COLORS.secondaryText },
              }),
            ],
          })),
        };
  return { activity: '.OrderHistoryActivity', root: layout(toolbar({ title: 'Order history', onBack: () => app.pop() }), list), toast: app.state.toast };
}
