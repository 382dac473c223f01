import { expect, test } from '@playwright/test';
import { TempProject } from '../testing/project.js';
import { CONFIG, byTitle, runProject } from '../testing/playwright-report.js';

// Every device method once, through the fixture, on the virtual phone's sample apps: each must
// build a call the vocabulary accepts and run as one step named after the method.
const TOUR = `import { test, expect } from 'mobiletest';

test.describe.configure({ timeout: 240_000 });

test('Shop through every kind of device method', async ({ device }) => {
  await device.handleDialog('accept');
  await device.fill('Email', 'alice@example.com');
  await device.clear('the email field');
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', 'pass123', { secret: true });
  await device.hideKeyboard();
  await device.assertState('Log in', 'enabled');
  await device.tap('Log in', { expected: { visible: 'Hi, Alice' } });
  await device.assertText('greeting', { contains: 'Alice' });
  await device.assertText('greeting', /^Hi, \\w+$/);
  await device.scrollTo('Smart Glasses', { maxSwipes: 20 });
  await device.swipe('down', { distance: 0.4 });
  await device.openLink('shop://product/13');
  await device.doubleTap('Increase quantity');
  await device.assertText({ id: 'quantity' }, '3');
  await device.waitFor('Increase quantity', { state: 'enabled', timeout: 2000 });
  await device.press('back');
  await device.setOrientation('landscape');
  const png = await device.screenshot({ name: 'landscape' });
  expect(png.readUInt32BE(16)).toBeGreaterThan(png.readUInt32BE(20));
  await device.setOrientation('portrait');
  await device.assertNotVisible('Welcome back');
  await device.stop();
  await device.clearData();
  await device.launch({ permissions: ['notifications'] });
  await device.assertVisible('Welcome back');
  await expect(device.find('Log in')).not.toBeEnabled();
  expect(await device.find('Log in').isEnabled()).toBe(false);
  expect(await device.find('Log in').count()).toBe(1);
});

test.describe(() => {
  test.use({ app: 'com.example.notes' });
  test('Notes: hold a row, drag it, swipe it away', async ({ device }) => {
    const title = await device.find('the first row').text();
    await device.longPress('the first row', { expected: { visible: 'Delete' } });
    await device.press('back');
    await device.waitIdle({ timeout: 3000 }).catch(() => undefined);
    await device.drag('the first row', 'the last row');
    await device.swipe('left', { from: { text: title }, expected: { gone: { text: title } } });
  });
});

test.describe(() => {
  test.use({ app: 'com.android.settings' });
  test('Settings: a switch is checked or not', async ({ device }) => {
    await device.tap('Network & internet');
    const wifi = device.find('the Wi-Fi switch');
    const before = await wifi.isChecked();
    await device.tap('the Wi-Fi switch');
    if (before) await expect(wifi).not.toBeChecked();
    else await expect(wifi).toBeChecked();
  });
});
`;

test('every device method runs its primitive as a step named after the method', async () => {
  test.setTimeout(300_000);
  const project = await TempProject.create({ 'playwright.config.ts': CONFIG("{ device: 'sim', app: 'com.example.shop' }"), 'specs/tour.test.ts': TOUR });
  try {
    const run = await runProject(project, ['--workers', '2']);
    const shop = byTitle(run.tests, 'Shop through every kind of device method');
    expect(shop.status, `${shop.error}\n${shop.steps.map((s) => s.title).join('\n')}`).toBe('passed');
    const titles = shop.steps.map((s) => s.title);
    for (const title of [
      'handleDialog accept',
      'fill "Email" with "alice@example.com"',
      'clear "the email field"',
      'fill "Password" with ***',
      'hideKeyboard',
      'assertState "Log in" enabled',
      'tap "Log in"',
      'assertText "greeting"',
      'scrollTo "Smart Glasses"',
      'swipe down',
      'openLink shop://product/13',
      'doubleTap "Increase quantity"',
      'assertText { id "quantity" }',
      'waitFor "Increase quantity" enabled',
      'press back',
      'setOrientation landscape',
      'screenshot "landscape"',
      'assertNotVisible "Welcome back"',
      'stop',
      'clearData',
      'launch',
      'assertVisible "Welcome back"',
    ])
      expect(titles).toContain(title);
    expect(shop.attachments.map((a) => a.name)).toContain('landscape');
    const notes = byTitle(run.tests, 'Notes: hold a row, drag it, swipe it away');
    expect(notes.status, notes.error).toBe('passed');
    expect(notes.steps.map((s) => s.title)).toEqual(expect.arrayContaining(['longPress "the first row"', 'drag "the first row" to "the last row"']));
    const settings = byTitle(run.tests, 'Settings: a switch is checked or not');
    expect(settings.status, settings.error).toBe('passed');
  } finally {
    await project.remove();
  }
});
