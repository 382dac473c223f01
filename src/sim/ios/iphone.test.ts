import { test, expect } from '@playwright/test';
import { createPhone } from '../phone.js';
import { iosApps, resolveApps } from '../apps/index.js';
import { ScreenDriver } from '../testing/screen-driver.js';
import { LAUNCHER_PACKAGE } from '../ui/launcher.js';

const SHOP = 'com.example.shop';

function iphone(): ScreenDriver {
  const phone = createPhone({ platform: 'ios', apps: iosApps(resolveApps(['shop', 'notes', 'settings'])), frozenAt: Date.UTC(2026, 0, 1, 9, 41) });
  return new ScreenDriver(phone);
}

test('an iPhone is 1179x2556 px at 3 px per point, with Settings as com.apple.Preferences', () => {
  const screen = iphone();
  expect(screen.phone.ui.size).toEqual({ width: 1179, height: 2556, density: 480 });
  expect(screen.phone.packages.get('com.apple.Preferences')).toBeDefined();
  expect(screen.phone.packages.get('com.android.settings')).toBeUndefined();
  const frame = screen.phone.ui.frame();
  expect(frame.platform).toBe('ios');
  expect(frame.insets).toEqual({ top: 54 * 3, bottom: 34 * 3 });
});

test('the first launch asks through SpringBoard\u2019s alert, with iOS\u2019s words and buttons', () => {
  const screen = iphone();
  screen.phone.ui.launch(SHOP);
  const top = screen.phone.ui.frame().windows.at(-1);
  expect(top).toMatchObject({ kind: 'system-dialog', package: 'com.apple.springboard' });
  expect(screen.has({ text: '\u201cShop\u201d Would Like to Send You Notifications' })).toBe(true);
  expect(screen.has({ text: 'Notifications may include alerts, sounds, and icon badges. These can be configured in Settings.' })).toBe(true);
  screen.tap({ text: 'Allow' });
  expect(screen.phone.packages.get(SHOP)?.granted.has('android.permission.POST_NOTIFICATIONS')).toBe(true);
});

test('a crash closes the app to the home screen with no dialog, and the crash is still logged', () => {
  const screen = iphone();
  screen.phone.ui.launch(SHOP);
  screen.tap({ text: 'Don\u2019t Allow' });
  screen.fill({ id: 'email' }, 'alice@example.com');
  screen.fill({ id: 'password' }, 'pass123');
  screen.tap({ id: 'login' });
  if (screen.has({ id: 'promo_close' })) screen.tap({ id: 'promo_close' });
  screen.tap({ id: 'product_title', text: 'Wireless Headphones' });
  screen.tap({ id: 'add_to_cart' });
  screen.tap({ id: 'cart' });
  screen.fill({ id: 'coupon' }, 'CRASH');
  screen.tap({ id: 'apply_coupon' });
  expect(screen.phone.ui.foreground().package).toBe(LAUNCHER_PACKAGE);
  expect(screen.phone.ui.frame().windows.filter((w) => w.kind === 'dialog' || w.kind === 'system-dialog')).toEqual([]);
  expect(screen.has({ text: 'Shop keeps stopping' })).toBe(false);
  const crash = screen.phone.logcat
    .entries({ buffers: ['crash'] })
    .map((e) => e.message)
    .join('\n');
  expect(crash).toContain('java.lang.IllegalStateException: Coupon service unavailable');
});
