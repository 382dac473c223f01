import { test, expect } from 'mobiletest';

test('alice logs in, finds a cable and puts it in the cart', async ({ device }) => {
  // The first launch asks for notifications; the `dialogs: 'allow'` policy answers it.
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', 'pass123', { secret: true });
  await device.tap('Log in');
  await expect(device.find('Hi, Alice')).toBeVisible();

  await device.tap('Search');
  await device.fill('the search field', 'cable', { submit: true });
  await expect(device.find({ id: 'result_count' })).toHaveText(/results for “cable”/, { timeout: 8000 });
  await device.scrollTo('Ethernet Cable (5 m)');
  await device.tap('Ethernet Cable (5 m)');
  await device.tap('Add to cart');
  await device.assertText({ id: 'cart_badge' }, { equals: '1' });
});
