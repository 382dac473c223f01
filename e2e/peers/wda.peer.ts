// webdriverio (as WebdriverIO's iOS users run it against WebDriverAgent) drives the virtual iPhone
// straight through WDA's HTTP API, with no Appium server in between.
import { test as base, expect } from '@playwright/test';
import { PNG } from 'pngjs';
import { attach, remote } from 'webdriverio';
import { startSim, type IosSim } from '../../src/sim/index.js';

const SHOP = 'com.example.shop';

const CAPABILITIES = { platformName: 'iOS', 'appium:automationName': 'XCUITest', 'appium:bundleId': SHOP };

/**
 * webdriverio 9 treats a session as mobile only from the capabilities the server returns, and WDA
 * returns just {device, sdkVersion}: remote() then asks GET /window, which WDA does not serve (see
 * the first test). So the session is made with WDA's POST /session, as Appium's driver makes it, and
 * webdriverio attaches to it with the capabilities a WDA client knows it asked for.
 */
async function attachTo(sim: IosSim): Promise<WebdriverIO.Browser> {
  const response = await fetch(`${sim.wdaUrl}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ capabilities: { alwaysMatch: CAPABILITIES, firstMatch: [{}] } }),
    signal: AbortSignal.timeout(10_000),
  });
  const created = (await response.json()) as { value: { sessionId: string } };
  return attach({
    sessionId: created.value.sessionId,
    options: { hostname: '127.0.0.1', port: sim.port, path: '/', logLevel: 'warn' },
    capabilities: CAPABILITIES,
  });
}

const test = base.extend<{ iphone: IosSim; wdio: WebdriverIO.Browser }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies off this pattern: it has none.
  iphone: async ({}, use) => {
    const sim = await startSim({ platform: 'ios', port: 0 });
    try {
      await use(sim);
    } finally {
      await sim.stop();
    }
  },
  wdio: async ({ iphone }, use) => {
    const browser = await attachTo(iphone);
    try {
      await use(browser);
    } finally {
      if (iphone.booted) await browser.deleteSession().catch(() => undefined);
    }
  },
});

test('webdriverio remote() talks to WDA with no driver download, creates the session, then stops at GET /window as it does against a real WDA', async ({
  iphone,
}) => {
  await expect(
    remote({ hostname: '127.0.0.1', port: iphone.port, path: '/', logLevel: 'silent', connectionRetryCount: 0, capabilities: CAPABILITIES }),
  ).rejects.toThrow(/Unhandled endpoint: \/session\/[0-9A-F-]{36}\/window/);
  const served = iphone.served.take().map((r) => `${r.method} ${r.route ?? r.path} ${r.status}`);
  expect(served).toEqual(['POST /session 200', expect.stringMatching(/^GET \/session\/[0-9A-F-]{36}\/window 404$/)]);
  expect(iphone.phone.ui.foreground().package).toBe(SHOP);
});

test('webdriverio answers SpringBoard\u2019s notification alert, signs in to Shop by accessibility id and reads the greeting', async ({
  wdio: browser,
  iphone,
}) => {
  expect(browser.sessionId).toMatch(/^[0-9A-F-]{36}$/);
  expect(await browser.getAlertText()).toBe(
    '\u201cShop\u201d Would Like to Send You Notifications\nNotifications may include alerts, sounds, and icon badges. These can be configured in Settings.',
  );
  const alertSource = await browser.getPageSource();
  expect(alertSource).toContain('bundleId="com.apple.springboard"');
  expect(alertSource).toContain('<XCUIElementTypeButton type="XCUIElementTypeButton" name="Don\u2019t Allow" label="Don\u2019t Allow"');
  await browser.acceptAlert();
  await expect(browser.getAlertText()).rejects.toThrow(/no such alert|modal dialog/i);

  const source = await browser.getPageSource();
  expect(source).toMatch(/<XCUIElementTypeTextField type="XCUIElementTypeTextField" value="Email" name="email" label="" [^>]*placeholderValue="Email"/);
  expect(source).toContain('<XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" value="Password" name="password"');
  expect(await browser.$('~login').isEnabled()).toBe(false);

  await browser.$('~email').setValue('alice@example.com');
  await browser.$('~password').setValue('pass123');
  expect(await browser.$('~email').getText()).toBe('alice@example.com');
  expect(await browser.$('~password').getText()).toBe('\u2022'.repeat(7));
  expect(await browser.$('~login').isEnabled()).toBe(true);
  await browser.$('~login').click();
  await expect.poll(async () => (await browser.$('~greeting').isExisting()) && browser.$('~greeting').getText()).toBe('Hi, Alice');

  const served = iphone.served.take();
  expect(served.filter((r) => r.kind === 'read').length).toBeGreaterThanOrEqual(2);
  expect(served.some((r) => r.route === '/session/:sessionId/element/:uuid/value')).toBe(true);
});

test('webdriverio takes a full-resolution screenshot and swipes the product list with W3C actions', async ({ wdio: browser }) => {
  await browser.acceptAlert();
  const png = PNG.sync.read(Buffer.from(await browser.takeScreenshot(), 'base64'));
  expect([png.width, png.height]).toEqual([1179, 2556]);
  expect(await browser.getWindowSize()).toEqual({ width: 393, height: 852 });

  await browser.$('~email').setValue('bob@example.com');
  await browser.$('~password').setValue('hunter2');
  await browser.$('~login').click();
  const list = browser.$('-ios class chain:**/XCUIElementTypeTable[`name == "product_list"`]');
  await list.waitForExist({ timeout: 5000 });
  const firstTitle = () => list.$('-ios class chain:**/XCUIElementTypeCell[1]/**/XCUIElementTypeStaticText[1]').getText();
  const titleBefore = await firstTitle();
  const cell = list.$('-ios class chain:**/XCUIElementTypeCell[1]');
  const before = await cell.getLocation();
  const box = await list.getSize();
  const at = await list.getLocation();
  const x = Math.round(at.x + box.width / 2);
  // WDA has no DELETE /actions, so the release step is skipped as WDA clients do.
  await browser
    .action('pointer', { parameters: { pointerType: 'touch' } })
    .move({ x, y: Math.round(at.y + box.height * 0.8) })
    .down()
    .pause(100)
    .move({ x, y: Math.round(at.y + box.height * 0.2), duration: 300 })
    .up()
    .perform(true);
  const after = await list.$('-ios class chain:**/XCUIElementTypeCell[1]').getLocation();
  expect(after.y).toBeLessThan(before.y);
  expect(titleBefore).not.toBe('');
  expect(await firstTitle()).not.toBe(titleBefore);
});

test('webdriverio finds by predicate, class chain and XPath, reads the orientation, and sees its session expire', async ({ wdio: browser, iphone }) => {
  await browser.acceptAlert();
  expect(await browser.$('-ios predicate string:type == "XCUIElementTypeButton" AND label BEGINSWITH "Forgot"').getText()).toBe('Forgot password?');
  expect(await browser.$('//XCUIElementTypeStaticText[@name="title"]').getText()).toBe('Welcome back');
  expect(await browser.$$('-ios class chain:**/XCUIElementTypeTextField')).toHaveLength(1);
  expect(await browser.getOrientation()).toBe('PORTRAIT');

  iphone.faults.expireSessions();
  await expect(browser.getPageSource()).rejects.toThrow(/invalid session id|Session does not exist/i);
});
