import { test } from 'mobiletest';

// Fails on purpose: the coupon code CRASH crashes the Shop app. The report shows the failure,
// its category (a product defect) and the crash evidence.
test('a coupon code does not crash the cart (fails on purpose)', async ({ device }) => {
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', 'pass123', { secret: true });
  await device.tap('Log in');
  await device.tap('Cart');
  await device.fill('Coupon code', 'CRASH', { submit: true });
  await device.assertVisible('Coupon applied');
});
