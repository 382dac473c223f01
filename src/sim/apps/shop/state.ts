import type { AppContext } from '../../types.js';
import type { BackStack } from '../kit/back-stack.js';

/** One screen on the Shop's back stack. */
export type Screen =
  | { kind: 'login'; email: string; password: string; error?: string }
  | { kind: 'home' }
  | { kind: 'search'; query: string; status: 'idle' | 'loading' | 'done'; submitted: string; results: number[] }
  | { kind: 'product'; productId: number; quantity: number }
  | { kind: 'photo'; productId: number }
  | { kind: 'cart' }
  | { kind: 'checkout'; address: string; error?: string }
  | { kind: 'confirmed'; order: Order }
  | { kind: 'orders' };

export interface Order {
  number: string;
  /** Total in cents after discount. */
  total: number;
  items: number;
  placedAt: number;
}

export interface CartLine {
  productId: number;
  quantity: number;
}

export interface Coupon {
  /** What is typed in the coupon field. */
  input: string;
  /** The code accepted, if any. */
  applied?: string;
  message?: string;
}

/** What an in-app overlay shows on top of the current screen. */
export type Overlay = 'promo' | 'menu';

/** The live state of one Shop process; screens read it and call the actions below. */
export interface ShopState {
  stack: BackStack<Screen>;
  cart: CartLine[];
  coupon: Coupon;
  category: string;
  overlay?: Overlay;
  toast?: string;
  /** True after "Refresh" hung the main thread. */
  refreshing: boolean;
}

/** What screens can do: every handler a widget carries goes through one of these. */
export interface ShopActions {
  readonly ctx: AppContext;
  readonly state: ShopState;
  readonly user: string | undefined;
  /** Replace the screen on top of the stack with an updated copy. */
  update(screen: Screen): void;
  push(screen: Screen): void;
  pop(): void;
  logIn(email: string): void;
  logOut(): void;
  openOverlay(overlay: Overlay | undefined): void;
  search(query: string): void;
  addToCart(productId: number, quantity: number): void;
  removeFromCart(productId: number): void;
  applyCoupon(): void;
  placeOrder(address: string): void;
  refresh(): void;
  showToast(message: string): void;
}

export const ACCOUNTS: Record<string, string> = {
  'alice@example.com': 'pass123',
  'bob@example.com': 'hunter2',
};

export const COUPONS: Record<string, number> = { SAVE10: 10, WELCOME20: 20 };

export function cartCount(cart: CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

/** "Alice" from alice@example.com. */
export function firstName(email: string): string {
  const name = email.split('@')[0] ?? email;
  return name.charAt(0).toUpperCase() + name.slice(1);
}
