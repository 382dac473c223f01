import { test, expect } from '@playwright/test';
import { createPhone } from '../../phone.js';
import type { Phone } from '../../types.js';
import { notesApp } from '../notes/index.js';
import { settingsApp } from '../settings.js';
import { shopApp } from './index.js';
import { ScreenDriver } from '../../testing/screen-driver.js';

const SHOP = 'com.example.shop';
const FROZEN_AT = Date.UTC(2025, 5, 1, 12, 0, 0);

function bootPhone(seed = 1): { phone: Phone; screen: ScreenDriver } {
  const phone = createPhone({ apps: [shopApp, notesApp, settingsApp], seed, frozenAt: FROZEN_AT });
  return { phone, screen: new ScreenDriver(phone) };
}

/** Launches the Shop, answers the first-launch notification prompt and signs in as alice. */
function signIn(screen: ScreenDriver): void {
  expect(screen.phone.ui.launch(SHOP).ok).toBe(true);
  if (screen.has({ text: 'Don\u2019t allow' })) screen.tap({ text: 'Don\u2019t allow' });
  screen.fill({ id: 'email' }, 'alice@example.com');
  screen.fill({ id: 'password' }, 'pass123');
  screen.tap({ id: 'login' });
  expect(screen.get({ id: 'greeting' }).text).toBe('Hi, Alice');
}

function dismissPromo(screen: ScreenDriver): void {
  if (screen.has({ id: 'promo_close' })) screen.tap({ id: 'promo_close' });
}

test('the log-in button stays disabled until both fields are filled, and wrong details are explained', () => {
  const { screen } = bootPhone();
  screen.phone.ui.launch(SHOP);
  screen.tap({ text: 'Don\u2019t allow' });
  expect(screen.phone.ui.foreground().activity).toBe('.LoginActivity');
  expect(screen.get({ id: 'login' }).enabled).toBe(false);

  screen.fill({ id: 'email' }, 'alice@example');
  expect(screen.get({ id: 'login' }).enabled).toBe(false);
  screen.fill({ id: 'password' }, 'pass123');
  expect(screen.get({ id: 'password' }).text).toBe('•••••••');
  expect(screen.get({ id: 'login' }).enabled).toBe(true);

  screen.tap({ id: 'login' });
  expect(screen.get({ id: 'error' }).text).toBe('Enter a valid email address');

  screen.fill({ id: 'email' }, '.com');
  screen.fill({ id: 'password' }, 'x');
  screen.tap({ id: 'login' });
  expect(screen.get({ id: 'error' }).text).toBe('Wrong email or password');
  expect(screen.phone.ui.foreground().activity).toBe('.LoginActivity');
});

test('signing in opens the catalogue and survives a force-stop, but not clearing the data', () => {
  const { phone, screen } = bootPhone();
  signIn(screen);
  expect(phone.ui.foreground()).toEqual({ package: SHOP, activity: '.MainActivity' });

  phone.ui.forceStop(SHOP);
  phone.ui.launch(SHOP);
  dismissPromo(screen);
  expect(screen.get({ id: 'greeting' }).text).toBe('Hi, Alice');

  phone.ui.clearData(SHOP);
  phone.ui.launch(SHOP);
  if (screen.has({ text: 'Don\u2019t allow' })) screen.tap({ text: 'Don\u2019t allow' });
  expect(phone.ui.foreground().activity).toBe('.LoginActivity');
});

test('the notification prompt appears on the first launch only', () => {
  const { phone, screen } = bootPhone();
  phone.ui.launch(SHOP);
  expect(screen.get({ id: 'com.android.permissioncontroller:id/permission_message' }).text).toBe('Allow Shop to send you notifications?');
  screen.tap({ text: 'Allow' });
  expect(phone.packages.get(SHOP)?.granted.has('android.permission.POST_NOTIFICATIONS')).toBe(true);

  phone.ui.forceStop(SHOP);
  phone.ui.launch(SHOP);
  expect(screen.has({ text: 'Allow Shop to send you notifications?' })).toBe(false);
  expect(screen.has({ id: 'email' })).toBe(true);
});

test('the summer-sale popup shows on the same launches for the same seed', () => {
  const pattern = (seed: number): boolean[] => {
    const { phone, screen } = bootPhone(seed);
    signIn(screen);
    const shown: boolean[] = [];
    for (let i = 0; i < 8; i++) {
      phone.ui.forceStop(SHOP);
      phone.ui.launch(SHOP);
      const promo = screen.has({ text: 'Summer sale! 20% off headphones' });
      shown.push(promo);
      if (promo) {
        expect(screen.has({ id: 'promo_shop', text: 'Shop now' })).toBe(true);
        screen.tap({ id: 'promo_close' });
        expect(screen.has({ id: 'promo_title' })).toBe(false);
      }
    }
    return shown;
  };
  const first = pattern(7);
  expect(pattern(7)).toEqual(first);
  expect(first).toContain(true);
  expect(first).toContain(false);
});

test('search shows a spinner for one to three seconds of phone time, then the results', () => {
  const { phone, screen } = bootPhone();
  signIn(screen);
  screen.tap({ desc: 'Search' });
  expect(phone.ui.foreground().activity).toBe('.SearchActivity');
  screen.fill({ id: 'search_src_text' }, 'headphones');
  phone.ui.keyEvent(66);
  expect(screen.has({ id: 'progress', cls: 'android.widget.ProgressBar' })).toBe(true);
  expect(screen.has({ id: 'product_row' })).toBe(false);

  phone.clock.advance(999);
  expect(screen.has({ id: 'progress' })).toBe(true);
  phone.clock.advance(2001);
  expect(screen.has({ id: 'progress' })).toBe(false);
  expect(screen.get({ id: 'result_count' }).text).toBe('4 results for “headphones”');
  expect(screen.get({ id: 'product_title' }).text).toBe('Wireless Headphones');
});

test('product #50 is reached by scrolling the catalogue and opens its details', () => {
  const { phone, screen } = bootPhone();
  signIn(screen);
  dismissPromo(screen);
  expect(screen.has({ id: 'product_title', text: 'Smart Glasses' })).toBe(false);
  const row = screen.scrollTo({ id: 'product_title', text: 'Smart Glasses' }, { id: 'product_list' });
  phone.ui.tap(row.center.x, row.center.y);
  expect(phone.ui.foreground().activity).toBe('.ProductActivity');
  expect(screen.get({ id: 'product_title' }).text).toBe('Smart Glasses');
  expect(screen.get({ id: 'product_price' }).text).toBe('$249.99');
});

test('tapping the product picture shows it full screen with only a close button; Close and back return', () => {
  const { phone, screen } = bootPhone();
  signIn(screen);
  expect(phone.ui.openUri('shop://product/50').ok).toBe(true);
  screen.tap({ id: 'product_image' });
  expect(screen.get({ id: 'photo' }).desc).toBe('Smart Glasses');
  expect(screen.has({ id: 'product_title' })).toBe(false);
  expect(screen.has({ id: 'add_to_cart' })).toBe(false);
  expect(phone.ui.foreground().activity).toBe('.ProductActivity');
  screen.tap({ desc: 'Close' });
  expect(screen.get({ id: 'product_title' }).text).toBe('Smart Glasses');
  screen.tap({ id: 'product_image' });
  screen.back();
  expect(screen.get({ id: 'product_title' }).text).toBe('Smart Glasses');
});

test('adding to the cart updates the badge, and checkout confirms a seeded order number', () => {
  const order = (seed: number): string => {
    const { phone, screen } = bootPhone(seed);
    signIn(screen);
    dismissPromo(screen);
    expect(screen.has({ id: 'cart_badge' })).toBe(false);
    expect(screen.get({ id: 'cart' }).desc).toBe('Cart, 0 items');

    screen.tap({ cls: 'android.widget.CompoundButton', text: 'Cables' });
    expect(screen.get({ text: 'Cables' }).checked).toBe(true);
    screen.tap({ id: 'product_title', text: 'USB-C Cable' });
    screen.tap({ id: 'quantity_increase' });
    screen.tap({ id: 'add_to_cart' });
    expect(screen.get({ id: 'cart_badge' }).text).toBe('2');
    expect(screen.get({ id: 'cart' }).desc).toBe('Cart, 2 items');
    screen.back();
    expect(screen.get({ id: 'cart_badge' }).text).toBe('2');

    screen.tap({ id: 'cart' });
    expect(phone.ui.foreground().activity).toBe('.CartActivity');
    expect(screen.get({ id: 'cart_item_title' }).text).toBe('USB-C Cable');
    expect(screen.get({ id: 'total' }).text).toBe('Total: $19.98');
    screen.tap({ id: 'checkout' });
    screen.tap({ id: 'place_order' });
    expect(screen.get({ id: 'error' }).text).toBe('Enter a shipping address');
    screen.fill({ id: 'address' }, '1 Main Street, Springfield');
    screen.tap({ id: 'place_order' });
    expect(screen.get({ id: 'confirmation_title' }).text).toBe('Order confirmed');
    const number = screen.get({ id: 'order_number' }).text;
    expect(number).toMatch(/^Order #SH-\d{6}$/);
    screen.back();
    expect(screen.has({ id: 'cart_badge' })).toBe(false);
    return number;
  };
  expect(order(3)).toBe(order(3));
});

test('a deep link opens a product, and shop://cart opens the cart', () => {
  const { phone, screen } = bootPhone();
  signIn(screen);
  expect(phone.ui.openUri('shop://product/50').ok).toBe(true);
  expect(screen.get({ id: 'product_title' }).text).toBe('Smart Glasses');
  expect(phone.ui.openUri('shop://cart').ok).toBe(true);
  expect(phone.ui.foreground().activity).toBe('.CartActivity');
  screen.back();
  screen.back();
  expect(screen.has({ id: 'greeting' })).toBe(true);
});

test('the CRASH coupon stops the app: crash dialog, FATAL EXCEPTION in logcat, process gone', () => {
  const { phone, screen } = bootPhone();
  signIn(screen);
  dismissPromo(screen);
  screen.tap({ id: 'product_title', text: 'Wireless Headphones' });
  screen.tap({ id: 'add_to_cart' });
  screen.tap({ id: 'cart' });
  expect(phone.ui.processes().some((p) => p.package === SHOP)).toBe(true);
  screen.fill({ id: 'coupon' }, 'CRASH');
  screen.tap({ id: 'apply_coupon' });

  expect(screen.has({ text: 'Shop keeps stopping' })).toBe(true);
  expect(phone.ui.processes().some((p) => p.package === SHOP)).toBe(false);
  const crash = phone.logcat
    .entries({ buffers: ['crash'] })
    .map((e) => e.message)
    .join('\n');
  expect(crash).toContain('FATAL EXCEPTION');
  expect(crash).toContain('java.lang.IllegalStateException: Coupon service unavailable');
});

test('"Refresh" hangs the app until Android offers to close it', () => {
  const { phone, screen } = bootPhone();
  signIn(screen);
  dismissPromo(screen);
  screen.tap({ desc: 'More options' });
  screen.tap({ text: 'Refresh' });
  expect(screen.has({ text: 'Refresh' })).toBe(false);
  expect(screen.has({ id: 'progress' })).toBe(true);
  phone.clock.advance(500);
  screen.tap({ desc: 'Search' });
  expect(phone.ui.foreground().activity).toBe('.MainActivity');

  phone.clock.advance(10_000);
  expect(screen.has({ text: 'Shop isn\u2019t responding' })).toBe(true);
  screen.tap({ text: 'Close app' });
  expect(phone.ui.processes().some((p) => p.package === SHOP)).toBe(false);
});

test('back walks from the product to the search results to home, then leaves the app', () => {
  const { phone, screen } = bootPhone();
  signIn(screen);
  dismissPromo(screen);
  screen.tap({ desc: 'Search' });
  screen.fill({ id: 'search_src_text' }, 'cable');
  screen.tap({ id: 'search_button' });
  phone.clock.advance(3000);
  screen.tap({ id: 'product_row' });
  expect(phone.ui.foreground().activity).toBe('.ProductActivity');
  screen.back();
  expect(phone.ui.foreground().activity).toBe('.SearchActivity');
  expect(screen.has({ id: 'result_count' })).toBe(true);
  if (phone.ui.keyboardShown()) screen.back();
  screen.back();
  expect(phone.ui.foreground().activity).toBe('.MainActivity');
  screen.back();
  expect(phone.ui.foreground().package).not.toBe(SHOP);
});

test('removing the last item empties the cart and disables checkout', () => {
  const { phone, screen } = bootPhone();
  signIn(screen);
  expect(phone.ui.openUri('shop://product/13').ok).toBe(true);
  screen.tap({ id: 'add_to_cart' });
  screen.tap({ id: 'cart' });
  expect(screen.get({ id: 'remove' }).desc).toBe('Remove USB-C Cable');
  screen.tap({ id: 'remove' });
  expect(screen.get({ id: 'empty' }).text).toBe('Your cart is empty');
  expect(screen.get({ id: 'checkout' }).enabled).toBe(false);
  expect(screen.get({ id: 'total' }).text).toBe('Total: $0.00');
});

test('a deep link while signed out asks for the password first, then opens the product', () => {
  const { phone, screen } = bootPhone();
  expect(phone.ui.openUri('shop://product/2').ok).toBe(true);
  screen.tap({ text: 'Don\u2019t allow' });
  expect(phone.ui.foreground().activity).toBe('.LoginActivity');
  screen.fill({ id: 'email' }, 'bob@example.com');
  screen.fill({ id: 'password' }, 'hunter2');
  phone.ui.keyEvent(66);
  expect(screen.get({ id: 'product_title' }).text).toBe('Noise Cancelling Headphones');
  if (phone.ui.keyboardShown()) screen.back();
  screen.back();
  expect(screen.get({ id: 'greeting' }).text).toBe('Hi, Bob');
});
