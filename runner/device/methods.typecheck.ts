// Compile-time checks of the device methods derived from the primitives' schemas, run by `npm run
// typecheck` (nothing here runs): the calls users write compile, a line marked @ts-expect-error fails
// the typecheck when it starts to compile.
import type { Device } from './device.js';

export async function written(device: Device): Promise<Buffer> {
  await device.launch({ app: 'com.example.shop', clearState: true, permissions: 'all', expected: { activity: '.Home' }, timeout: 30_000 });
  await device.launch({ permissions: ['notifications'] });
  await device.stop({ app: 'com.example.shop' });
  await device.clearData();
  await device.openLink('shop://product/13');
  await device.tap('Log in', { expected: { visible: 'Hi, Alice' }, timeout: 5000 });
  await device.doubleTap({ id: 'increase' });
  await device.longPress('the first row', { duration: 1500 });
  await device.swipe('left', { from: 'Banner', distance: 0.8 });
  await device.scrollTo('Item 40', { direction: 'down', maxSwipes: 20 });
  await device.drag('the first row', 'the last row');
  await device.fill('Password', 'pass123', { secret: true, submit: true });
  await device.clear();
  await device.clear('Email');
  await device.hideKeyboard();
  await device.press('back');
  await device.waitFor('Checkout');
  await device.waitFor('Checkout', { state: 'gone', timeout: 2000 });
  await device.waitIdle({ timeout: 3000 });
  await device.assertVisible('Welcome back', { timeout: 1000 });
  await device.assertNotVisible('Error');
  await device.assertText('Total', /\d+\.\d\d/);
  await device.assertText('Greeting', { contains: 'alice', timeout: 1000 });
  await device.assertState('Log in', 'enabled', { value: false });
  await device.handleDialog('accept');
  await device.handleDialog({ button: 'Only this time' });
  await device.setOrientation('landscape');
  return device.screenshot({ name: 'home' });
}

export async function refused(device: Device): Promise<void> {
  // @ts-expect-error a tap needs its target
  await device.tap();
  // @ts-expect-error a direction the swipe primitive does not know
  await device.swipe('diagonal');
  // @ts-expect-error a key press_key does not know
  await device.press('escape');
  // @ts-expect-error fill needs the text after the target
  await device.fill('Email');
  // @ts-expect-error an option no parameter of tap is named after
  await device.tap('Log in', { force: true });
  // @ts-expect-error duration is a number of milliseconds
  await device.longPress('row', { duration: '1s' });
  // @ts-expect-error a wait has its own timeout, and no expected
  await device.waitFor('Checkout', { expected: { visible: 'x' } });
}
