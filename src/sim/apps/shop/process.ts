import type { AppContext, AppLaunch, AppProcess, AppView } from '../../types.js';
import { BackStack, type Screens } from '../kit/back-stack.js';
import { Expiring, OneShotTimer, TOAST_MS } from '../kit/timers.js';
import { PRODUCTS, productById, searchProducts } from './catalogue.js';
import { cartTotals, cartView } from './cart.js';
import { checkoutView, confirmedView, ordersView } from './checkout.js';
import { homeView } from './home.js';
import { loginView } from './login.js';
import { photoView } from './photo.js';
import { productView } from './product.js';
import { searchView } from './search.js';
import { cartCount, COUPONS, type Order, type Overlay, type Screen, type ShopActions, type ShopState } from './state.js';

export const SHOP_PACKAGE = 'com.example.shop';
const NOTIFICATIONS = 'android.permission.POST_NOTIFICATIONS';
/** One launch in three, for a signed-in user, opens with the promo dialog. */
const PROMO_CHANCE = 1 / 3;
const SEARCH_MIN_MS = 1000;
const SEARCH_MAX_MS = 3000;
/** Long enough for one frame with the spinner, as on a phone. */
const REFRESH_HANG_AFTER_MS = 100;

/** A signed-out process shows only the sign-in form, empty. */
function signInForm(): Screen {
  return { kind: 'login', email: '', password: '' };
}

/** The screens an activity name or a shop:// link opens, on top of home. */
export function routeFor(launch: AppLaunch): Screens<Screen> {
  const home: Screen = { kind: 'home' };
  const uri = launch.uri?.match(/^shop:\/\/([a-z]+)(?:\/(\d+))?\/?$/i);
  if (uri) {
    const [, target, id] = uri;
    if (target?.toLowerCase() === 'cart') return [home, { kind: 'cart' }];
    if (target?.toLowerCase() === 'product' && id && productById(Number(id))) return [home, { kind: 'product', productId: Number(id), quantity: 1 }];
    return [home];
  }
  switch (launch.activity) {
    case '.SearchActivity':
      return [home, { kind: 'search', query: '', status: 'idle', submitted: '', results: [] }];
    case '.ProductActivity':
      return [home, { kind: 'product', productId: 1, quantity: 1 }];
    case '.CartActivity':
      return [home, { kind: 'cart' }];
    case '.CheckoutActivity':
      return [home, { kind: 'cart' }, { kind: 'checkout', address: '' }];
    case '.OrderHistoryActivity':
      return [home, { kind: 'orders' }];
    default:
      return [home];
  }
}

/** Whether the Shop opens this link (shop://product/ID, shop://cart). */
export function shopHandlesUri(uri: string): boolean {
  return /^shop:\/\//i.test(uri);
}

/** One running Shop process: its back stack, cart and overlays. */
export class ShopProcess implements AppProcess, ShopActions {
  readonly state: ShopState;
  /** Where a deep link or Activity asked to go, opened once the user signs in. */
  private afterLogin: Screens<Screen> | undefined;
  private readonly toast: Expiring<string>;
  private readonly searching: OneShotTimer;

  constructor(
    readonly ctx: AppContext,
    launch: AppLaunch,
  ) {
    // Drawn on every launch so the sequence of promos depends only on the seed and the launches.
    const promoRoll = ctx.random.next();
    const route = routeFor(launch);
    const signedIn = this.user !== undefined;
    if (!signedIn) this.afterLogin = route;
    this.state = { stack: new BackStack(signedIn ? route : [signInForm()]), cart: [], coupon: { input: '' }, category: 'All', refreshing: false };
    if (signedIn && route.length === 1 && promoRoll < PROMO_CHANCE) this.state.overlay = 'promo';
    this.toast = new Expiring({
      ctx,
      ms: TOAST_MS,
      set: (message) => {
        this.state.toast = message;
      },
    });
    this.searching = new OneShotTimer(ctx.clock);
    ctx.log('I', 'ShopApp', `Catalogue loaded: ${PRODUCTS.length} products`);
    if (ctx.launchCount === 1 && !ctx.hasPermission(NOTIFICATIONS)) ctx.requestPermission(NOTIFICATIONS, 'send you notifications');
  }

  get user(): string | undefined {
    const user = this.ctx.storage.get('user');
    return typeof user === 'string' ? user : undefined;
  }

  view(): AppView {
    const top = this.state.stack.top;
    switch (top.kind) {
      case 'login':
        return { ...loginView(this, top), toast: this.state.toast };
      case 'home':
        return homeView(this);
      case 'search':
        return searchView(this, top);
      case 'product':
        return productView(this, top);
      case 'photo':
        return photoView(this, top);
      case 'cart':
        return cartView(this);
      case 'checkout':
        return checkoutView(this, top);
      case 'confirmed':
        return confirmedView(this, top.order);
      case 'orders':
        return ordersView(this, this.orders());
    }
  }

  back(): boolean {
    if (this.state.overlay) {
      this.state.overlay = undefined;
      return true;
    }
    if (this.state.stack.depth > 1) {
      this.pop();
      return true;
    }
    return false;
  }

  intent(launch: AppLaunch): void {
    if (!launch.uri && (launch.activity === undefined || launch.activity === '.MainActivity')) return;
    const route = routeFor(launch).slice(1);
    if (!this.user) {
      this.afterLogin = [{ kind: 'home' }, ...route];
      return;
    }
    this.state.overlay = undefined;
    this.state.stack.push(...route);
  }

  update(screen: Screen): void {
    if (this.state.stack.top.kind === screen.kind) this.state.stack.replaceTop(screen);
  }

  push(screen: Screen): void {
    this.state.stack.push(screen);
  }

  pop(): void {
    if (this.state.stack.depth <= 1) return;
    if (this.state.stack.top.kind === 'search') this.searching.stop();
    this.state.stack.pop();
  }

  logIn(email: string): void {
    this.ctx.storage.set('user', email);
    this.ctx.log('I', 'ShopLogin', `Signed in as ${email}`);
    this.state.stack.reset(this.afterLogin ?? [{ kind: 'home' }]);
    this.afterLogin = undefined;
  }

  logOut(): void {
    this.ctx.storage.delete('user');
    this.ctx.log('I', 'ShopLogin', 'Signed out');
    this.state.cart = [];
    this.state.coupon = { input: '' };
    this.state.stack.reset([signInForm()]);
  }

  openOverlay(overlay: Overlay | undefined): void {
    this.state.overlay = overlay;
  }

  search(query: string): void {
    const submitted = query.trim();
    if (!submitted) return;
    this.searching.stop();
    const screen: Screen = { kind: 'search', query, status: 'loading', submitted, results: [] };
    if (this.state.stack.top.kind === 'search') this.update(screen);
    else this.push(screen);
    const delay = this.ctx.random.int(SEARCH_MIN_MS, SEARCH_MAX_MS + 1);
    this.ctx.log('D', 'ShopSearch', `Searching "${submitted}" (${delay} ms)`);
    this.searching.start(delay, () => {
      const top = this.state.stack.top;
      if (top.kind !== 'search' || top.status !== 'loading') return;
      const results = searchProducts(submitted).map((p) => p.id);
      this.ctx.log('D', 'ShopSearch', `${results.length} results for "${submitted}"`);
      this.update({ ...top, status: 'done', results });
      this.ctx.invalidate();
    });
  }

  addToCart(productId: number, quantity: number): void {
    const line = this.state.cart.find((l) => l.productId === productId);
    if (line) line.quantity += quantity;
    else this.state.cart.push({ productId, quantity });
    this.ctx.log('I', 'ShopCart', `Added ${quantity} x ${productById(productId)?.title ?? productId}; cart has ${cartCount(this.state.cart)}`);
    this.showToast('Added to cart');
  }

  removeFromCart(productId: number): void {
    this.state.cart = this.state.cart.filter((l) => l.productId !== productId);
    this.showToast('Removed from cart');
  }

  applyCoupon(): void {
    const code = this.state.coupon.input.trim().toUpperCase();
    if (code === 'CRASH') {
      this.ctx.log('D', 'ShopCoupon', `Validating coupon ${code}`);
      this.ctx.crash('java.lang.IllegalStateException: Coupon service unavailable');
      return;
    }
    if (!code) {
      this.state.coupon = { input: '', message: 'Enter a coupon code' };
      return;
    }
    const percent = COUPONS[code];
    this.state.coupon = percent
      ? { input: code, applied: code, message: `Coupon ${code} applied: ${percent}% off` }
      : { input: this.state.coupon.input, message: 'This coupon code is not valid' };
  }

  placeOrder(address: string): void {
    const totals = cartTotals(this.state.cart, this.state.coupon.applied);
    const order: Order = {
      number: `SH-${this.ctx.random.int(100000, 1000000)}`,
      total: totals.total,
      items: cartCount(this.state.cart),
      placedAt: this.ctx.clock.now(),
    };
    this.ctx.storage.set('orders', [order, ...this.orders()]);
    this.ctx.log('I', 'ShopCheckout', `Order ${order.number} placed for ${address.split('\n')[0]}`);
    this.state.cart = [];
    this.state.coupon = { input: '' };
    this.state.stack.reset([{ kind: 'home' }, { kind: 'confirmed', order }]);
  }

  /** Draws the spinner, then blocks the main thread on a network call that never returns. */
  refresh(): void {
    this.state.refreshing = true;
    this.ctx.log('I', 'ShopSync', 'Refreshing catalogue on the main thread');
    this.ctx.clock.setTimeout(() => this.ctx.freeze(), REFRESH_HANG_AFTER_MS);
  }

  showToast(message: string): void {
    this.toast.show(message);
  }

  private orders(): Order[] {
    const orders = this.ctx.storage.get('orders');
    return Array.isArray(orders) ? orders.filter(isOrder) : [];
  }
}

function isOrder(value: unknown): value is Order {
  return typeof value === 'object' && value !== null && 'number' in value && 'total' in value;
}
