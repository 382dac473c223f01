import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { startSim, type IosSim } from '../../sim/index.js';
import { UnsupportedDevice } from '../errors/unsupported-device.js';
import { IosDriver } from './ios-driver.js';
import { findWdaNode, hasWdaNode } from './wda-nodes.testing.js';

const SHOP = 'com.example.shop';
const SPRINGBOARD = 'com.apple.springboard';
const NOTIFICATIONS_ALERT = /Would Like to Send You Notifications/;

// The virtual iPhone with its WebDriverAgent alone, as a real device whose WebDriverAgent another tool serves.
test.describe('IosDriver on the virtual iPhone through WebDriverAgent', () => {
  test.describe.configure({ mode: 'serial' });
  let sim: IosSim;
  let driver: IosDriver;

  test.beforeAll(async () => {
    sim = await startSim({ platform: 'ios' });
    driver = await IosDriver.connect({ wdaUrl: sim.wdaUrl, udid: sim.udid, xcrun: '/nonexistent/xcrun' });
  });

  test.afterAll(async () => {
    await driver?.close();
    await sim?.stop();
  });

  const source = async (): Promise<string> => (await driver.hierarchy()).xml;

  /** The Shop in front, its first-launch notifications prompt answered. */
  async function openShop(): Promise<void> {
    await driver.launchApp(SHOP, { stopFirst: true });
    if ((await driver.alertText()) !== undefined) await driver.dismissAlert({ button: 'Don’t Allow' });
  }

  test("a first launch's SpringBoard alert is the focused window; its text and buttons are read, and answering it clears it", async () => {
    await driver.launchApp(SHOP);
    const prompt = await driver.foreground();
    expect(prompt.focusedWindow).toBe(`${SPRINGBOARD} alert`);
    expect(await driver.alertText()).toMatch(NOTIFICATIONS_ALERT);
    expect(await driver.alertButtons()).toEqual(['Don’t Allow', 'Allow']);
    await driver.acceptAlert();
    expect(await driver.alertText()).toBeUndefined();
    expect(await driver.foreground()).toEqual({ app: SHOP, activity: undefined, focusedWindow: undefined });
  });

  test("the hierarchy is WebDriverAgent's XML in points, with scale 3 and the bundle id of the app in front", async () => {
    await openShop();
    const hierarchy = await driver.hierarchy();
    expect(driver.id).toBe(sim.udid);
    expect(hierarchy).toMatchObject({ format: 'wda-xml', scale: 3, app: SHOP });
    expect(hierarchy.xml).toContain('<XCUIElementTypeApplication');
    expect(hasWdaNode(hierarchy.xml, 3, { type: 'TextField' })).toBe(true);
  });

  test('the screenshot is a PNG and the capture the same 1179x2556 pixels, the screen size in pixels', async () => {
    const png = PNG.sync.read(await driver.screenshot());
    expect([png.width, png.height]).toEqual([1179, 2556]);
    const raw = await driver.capture();
    expect([raw.width, raw.height, raw.data.length]).toEqual([1179, 2556, 1179 * 2556 * 4]);
    expect(await driver.screenSize()).toEqual({ width: 1179, height: 2556, density: undefined });
  });

  test('a tap at pixel (600, 1200) is sent as point (200, 400), and a swipe keeps its ends', async () => {
    const seen: string[] = [];
    const ui = sim.phone.ui;
    const { tap, swipe } = ui;
    ui.tap = (x, y) => {
      seen.push(`tap ${x},${y}`);
      tap.call(ui, x, y);
    };
    ui.swipe = (o) => {
      seen.push(`swipe ${o.x1},${o.y1} ${o.x2},${o.y2}`);
      swipe.call(ui, o);
    };
    try {
      await driver.tap({ x: 600, y: 1200 });
      await driver.swipe({ x: 600, y: 2000 }, { x: 600, y: 1000 }, { durationMs: 200 });
    } finally {
      ui.tap = tap;
      ui.swipe = swipe;
    }
    expect(seen).toEqual(['tap 600,1200', 'swipe 600,2000 600,1000']);
  });

  test('typed text lands in the focused field, "\\b" as delete, and the keyboard is seen while it is up', async () => {
    await openShop();
    expect(await driver.keyboardShown()).toBe(false);
    await driver.tap(findWdaNode(await source(), 3, { type: 'TextField' }));
    expect(await driver.keyboardShown()).toBe(true);
    await driver.typeText('alice@example.comm');
    await driver.key('delete');
    expect(hasWdaNode(await source(), 3, { type: 'TextField', value: 'alice@example.com' })).toBe(true);
    const glance = await driver.glance({ apps: [SHOP] });
    expect(glance.keyboardShown).toBe(true);
    expect(glance.foreground.app).toBe(SHOP);
    expect(glance.inputAgeMs).toBeGreaterThanOrEqual(0);
  });

  test('home goes to SpringBoard; launch brings the app back, stop ends it, and a link opens the app through WebDriverAgent', async () => {
    await openShop();
    await driver.key('home');
    expect((await driver.foreground()).app).toBe(SPRINGBOARD);
    await driver.launchApp(SHOP);
    expect((await driver.foreground()).app).toBe(SHOP);
    await driver.stopApp(SHOP);
    expect((await driver.foreground()).app).toBe(SPRINGBOARD);
    sim.served.take();
    await driver.openLink('shop://cart');
    expect(sim.served.take().map((r) => `${r.method} ${r.route}`)).toContain('POST /session/:sessionId/url');
    // Signed out, the Shop asks to sign in before it shows the cart.
    expect((await driver.foreground()).app).toBe(SHOP);
    expect(hasWdaNode(await source(), 3, { label: 'Welcome back' })).toBe(true);
  });

  test('keys iOS does not have, and simulator-only calls on a device without simctl, are refused with UnsupportedDevice saying why', async () => {
    const menu = await driver.key('menu').catch((error: unknown) => error);
    expect(menu).toBeInstanceOf(UnsupportedDevice);
    expect((menu as Error).message).toContain('an iPhone has no menu key');
    const grant = await driver.grantPermission(SHOP, 'camera').catch((error: unknown) => error);
    expect(grant).toBeInstanceOf(UnsupportedDevice);
    expect((grant as Error).message).toContain('xcrun simctl');
    expect(await driver.logs()).toEqual([]);
  });
});
