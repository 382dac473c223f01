import { test as base, expect } from '@playwright/test';
import { startSim, type IosSim } from '../index.js';

/** An answer's value, read field by field as a WDA client reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shape differs per route; the tests assert it.
type Value = any;

interface Wda {
  sim: IosSim;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; json: { value: Value; sessionId: string | null } }>;
  /** A session on Shop with the notification alert answered. */
  shop(): Promise<string>;
}

const test = base.extend<{ wda: Wda }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies off this pattern: it has none.
  wda: async ({}, use) => {
    const sim = await startSim({ platform: 'ios', frozenAt: Date.UTC(2026, 0, 1, 9, 41) });
    const call: Wda['call'] = async (method, path, body) => {
      const response = await fetch(`${sim.wdaUrl}${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, json: (await response.json()) as { value: Value; sessionId: string | null } };
    };
    const shop = async () => {
      const created = await call('POST', '/session', { capabilities: { alwaysMatch: { platformName: 'iOS', 'appium:bundleId': 'com.example.shop' } } });
      const id = created.json.value.sessionId as string;
      await call('POST', `/session/${id}/alert/accept`);
      return id;
    };
    try {
      await use({ sim, call, shop });
    } finally {
      await sim.stop();
    }
  },
});

test('GET /status and POST /session answer WDA\u2019s shapes; a wrong session id and an unknown route answer W3C errors', async ({ wda }) => {
  const status = await wda.call('GET', '/status');
  expect(status.json.value).toMatchObject({ ready: true, state: 'success', os: { name: 'iOS', version: '17.5' }, device: 'iphone' });
  expect(status.json.sessionId).toBeNull();
  const created = await wda.call('POST', '/session', { capabilities: { alwaysMatch: { 'appium:bundleId': 'com.example.shop' } } });
  expect(created.status).toBe(200);
  expect(created.json.value).toEqual({ sessionId: expect.stringMatching(/^[0-9A-F-]{36}$/), capabilities: { device: 'iphone', sdkVersion: '17.5' } });
  const bad = await wda.call('GET', '/session/NOPE/source');
  expect(bad.status).toBe(404);
  expect(bad.json.value).toEqual({ error: 'invalid session id', message: 'Session does not exist', traceback: '' });
  const unknown = await wda.call('GET', '/wda/nothing');
  expect(unknown.status).toBe(404);
  expect(unknown.json.value.error).toBe('unknown command');
  const missing = await wda.call('POST', '/session', {});
  expect([missing.status, missing.json.value.error]).toEqual([500, 'session not created']);
});

test('window size and /wda/screen are in points at scale 3; the screenshot is a 1179x2556 PNG', async ({ wda }) => {
  const id = await wda.shop();
  expect((await wda.call('GET', `/session/${id}/window/size`)).json.value).toEqual({ width: 393, height: 852 });
  expect((await wda.call('GET', '/wda/screen')).json.value).toMatchObject({ scale: 3, statusBarSize: { width: 393, height: 54 } });
  const png = Buffer.from((await wda.call('GET', `/session/${id}/screenshot`)).json.value as string, 'base64');
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1179, 2556]);
  const info = (await wda.call('GET', '/wda/activeAppInfo')).json.value;
  expect(info).toMatchObject({ bundleId: 'com.example.shop', name: 'Shop', processArguments: { env: {}, args: [] } });
  expect((await wda.call('GET', `/session/${id}/source?format=json`)).json.value).toMatchObject({ type: 'Application', name: 'Shop' });
  const lean = (await wda.call('GET', `/session/${id}/source?excluded_attributes=visible,accessible,index,traits`)).json.value as string;
  expect(lean).toMatch(
    /<XCUIElementTypeTextField type="XCUIElementTypeTextField" value="Email" name="email" label="" enabled="true" x="\d+" y="\d+" width="\d+" height="\d+" placeholderValue="Email"\/>/,
  );
  expect((await wda.call('GET', `/session/${id}/source?format=description`)).json.value).toMatch(/Element subtree:\n\u2192Application, 0x[0-9a-f]+, pid: \d+/);
});

test('alerts: text, buttons, accept by name; none left answers "no such alert"', async ({ wda }) => {
  const created = await wda.call('POST', '/session', { capabilities: { alwaysMatch: { 'appium:bundleId': 'com.example.shop' } } });
  const id = created.json.value.sessionId as string;
  expect((await wda.call('GET', `/session/${id}/wda/alert/buttons`)).json.value).toEqual(['Don\u2019t Allow', 'Allow']);
  expect((await wda.call('POST', `/session/${id}/alert/accept`, { name: 'Don\u2019t Allow' })).status).toBe(200);
  expect(wda.sim.phone.packages.get('com.example.shop')?.granted.has('android.permission.POST_NOTIFICATIONS')).toBe(false);
  const none = await wda.call('GET', `/session/${id}/alert/text`);
  expect([none.status, none.json.value.error]).toEqual([404, 'no such alert']);
});

test('element finding, value and click sign in; element ids stay the same for the same widget', async ({ wda }) => {
  const id = await wda.shop();
  const find = async (using: string, value: string) => (await wda.call('POST', `/session/${id}/element`, { using, value })).json.value.ELEMENT as string;
  const email = await find('accessibility id', 'email');
  expect(await find('xpath', '//XCUIElementTypeTextField')).toBe(email);
  await wda.call('POST', `/session/${id}/element/${email}/value`, { value: ['alice@example.com'] });
  await wda.call('POST', `/session/${id}/element/${await find('accessibility id', 'password')}/value`, { text: 'pass123' });
  expect((await wda.call('GET', `/session/${id}/element/${email}/text`)).json.value).toBe('alice@example.com');
  const login = await find('-ios predicate string', 'label == "Log in"');
  expect((await wda.call('GET', `/session/${id}/element/${login}/enabled`)).json.value).toBe(true);
  expect((await wda.call('GET', `/session/${id}/element/${login}/rect`)).json.value).toMatchObject({ width: 345, height: 48 });
  await wda.call('POST', `/session/${id}/element/${login}/click`);
  const greeting = await wda.call('POST', `/session/${id}/element`, { using: 'accessibility id', value: 'greeting' });
  expect((await wda.call('GET', `/session/${id}/element/${greeting.json.value.ELEMENT}/text`)).json.value).toBe('Hi, Alice');
  const stale = await wda.call('GET', `/session/${id}/element/${email}/text`);
  expect([stale.status, stale.json.value.error]).toEqual([404, 'stale element reference']);
  const nothing = await wda.call('POST', `/session/${id}/element`, { using: 'accessibility id', value: 'nothing' });
  expect([nothing.status, nothing.json.value.error]).toEqual([404, 'no such element']);
});

test('W3C actions: a pointer down/up taps, a move between them swipes the list; /wda/keys types into the focused field', async ({ wda }) => {
  const id = await wda.shop();
  const field = (await wda.call('POST', `/session/${id}/element`, { using: 'accessibility id', value: 'email' })).json.value.ELEMENT as string;
  const rect = (await wda.call('GET', `/session/${id}/element/${field}/rect`)).json.value as { x: number; y: number; width: number; height: number };
  const tap = (x: number, y: number) => [
    { type: 'pointerMove', duration: 0, x, y },
    { type: 'pointerDown', button: 0 },
    { type: 'pause', duration: 50 },
    { type: 'pointerUp', button: 0 },
  ];
  const pointer = (actions: unknown[]) => ({ actions: [{ type: 'pointer', id: 'finger1', parameters: { pointerType: 'touch' }, actions }] });
  expect((await wda.call('POST', `/session/${id}/actions`, pointer(tap(rect.x + 20, rect.y + rect.height / 2)))).status).toBe(200);
  expect(wda.sim.phone.ui.keyboardShown()).toBe(true);
  await wda.call('POST', `/session/${id}/wda/keys`, { value: ['bob@example.com\n'] });
  await wda.call('POST', `/session/${id}/wda/keys`, { value: ['hunter2\n'] });
  const list = (await wda.call('POST', `/session/${id}/element`, { using: 'accessibility id', value: 'product_list' })).json.value.ELEMENT as string;
  const cellY = async () => {
    const cell = (await wda.call('POST', `/session/${id}/element/${list}/element`, { using: 'class name', value: 'XCUIElementTypeCell' })).json.value.ELEMENT;
    return (await wda.call('GET', `/session/${id}/element/${cell}/rect`)).json.value.y as number;
  };
  const before = await cellY();
  const swipe = [
    { type: 'pointerMove', duration: 0, x: 0, y: 200, origin: { 'element-6066-11e4-a52e-4f735466cecf': list } },
    { type: 'pointerDown', button: 0 },
    { type: 'pointerMove', duration: 300, x: 0, y: -200, origin: 'pointer' },
    { type: 'pointerUp', button: 0 },
  ];
  expect((await wda.call('POST', `/session/${id}/actions`, pointer(swipe))).status).toBe(200);
  expect(await cellY()).toBeLessThan(before);
  const unfinished = await wda.call('POST', `/session/${id}/actions`, pointer([{ type: 'pointerDown', button: 0 }]));
  expect([unfinished.status, unfinished.json.value.error]).toEqual([400, 'invalid argument']);
});

test('apps: launch, state, terminate and activeAppInfo follow the app in front; the home button shows SpringBoard; ending the session terminates the app under test', async ({
  wda,
}) => {
  const id = await wda.shop();
  const state = async (bundleId: string) => (await wda.call('POST', `/session/${id}/wda/apps/state`, { bundleId })).json.value;
  expect(await state('com.example.shop')).toBe(4);
  expect(await state('com.example.notes')).toBe(1);
  await wda.call('POST', `/session/${id}/wda/apps/launch`, { bundleId: 'com.example.notes' });
  expect([await state('com.example.notes'), await state('com.example.shop')]).toEqual([4, 3]);
  expect((await wda.call('POST', `/session/${id}/wda/apps/terminate`, { bundleId: 'com.example.notes' })).json.value).toBe(true);
  expect((await wda.call('POST', `/session/${id}/wda/apps/terminate`, { bundleId: 'com.example.notes' })).json.value).toBe(false);
  await wda.call('POST', `/session/${id}/wda/pressButton`, { name: 'home' });
  expect((await wda.call('GET', '/wda/activeAppInfo')).json.value.bundleId).toBe('com.apple.springboard');
  const unknown = await wda.call('POST', `/session/${id}/wda/apps/launch`, { bundleId: 'com.example.nothing' });
  expect([unknown.status, unknown.json.value.error]).toEqual([500, 'unknown error']);
  await wda.call('DELETE', `/session/${id}`);
  expect(wda.sim.phone.ui.processes().some((p) => p.package === 'com.example.shop')).toBe(false);
});

test('faults: failed requests, an expired session, a shut-down simulator and an alert raised mid-tap; every request is counted', async ({ wda }) => {
  const id = await wda.shop();
  wda.sim.served.take();
  wda.sim.faults.set({ failRequests: 2 });
  expect((await wda.call('GET', `/session/${id}/source`)).json.value.error).toBe('unknown error');
  expect((await wda.call('GET', `/session/${id}/source`)).status).toBe(500);
  expect((await wda.call('GET', `/session/${id}/source`)).status).toBe(200);
  expect(wda.sim.served.take().map((r) => [r.kind, r.status])).toEqual([
    ['read', 500],
    ['read', 500],
    ['read', 200],
  ]);

  wda.sim.faults.set({ alertsMidAction: 1 });
  await wda.call('POST', `/session/${id}/wda/tap`, { x: 200, y: 320 });
  expect((await wda.call('GET', `/session/${id}/alert/text`)).json.value).toMatch(/^\u201cShop\u201d Would Like to Use Your Current Location/);
  expect(wda.sim.phone.ui.keyboardShown()).toBe(false);

  wda.sim.faults.expireSessions();
  expect((await wda.call('GET', `/session/${id}/source`)).json.value.error).toBe('invalid session id');

  wda.sim.booted = false;
  const down = await wda.call('GET', '/status');
  expect([down.status, down.json.value.error]).toEqual([500, 'unknown error']);
  wda.sim.booted = true;
  expect((await wda.call('GET', '/status')).json.value.ready).toBe(true);
});

test('touch routes, clear, orientation, deep links and device info', async ({ wda }) => {
  const created = await wda.call('POST', '/session', { capabilities: { alwaysMatch: { 'appium:bundleId': 'com.example.notes' } } });
  const id = created.json.value.sessionId as string;
  const find = async (using: string, value: string) => (await wda.call('POST', `/session/${id}/element`, { using, value })).json.value.ELEMENT as string;
  const card = await find('-ios class chain', '**/XCUIElementTypeScrollView/XCUIElementTypeButton[1]');
  const rect = (await wda.call('GET', `/session/${id}/element/${card}/rect`)).json.value as { x: number; y: number; width: number; height: number };
  await wda.call('POST', `/session/${id}/wda/touchAndHold`, { x: rect.x + 20, y: rect.y + 20, duration: 1 });
  const menu = await wda.call('POST', `/session/${id}/elements`, {
    using: '-ios predicate string',
    value: "type == 'XCUIElementTypeButton' AND label IN {'Pin', 'Unpin', 'Share', 'Delete'}",
  });
  expect(menu.json.value).toHaveLength(3);

  await wda.call('POST', `/session/${id}/wda/apps/launch`, { bundleId: 'com.example.shop' });
  await wda.call('POST', `/session/${id}/alert/accept`);
  const email = await find('accessibility id', 'email');
  await wda.call('POST', `/session/${id}/element/${email}/value`, { text: 'typo@example' });
  await wda.call('POST', `/session/${id}/element/${email}/clear`);
  expect((await wda.call('GET', `/session/${id}/element/${email}/attribute/value`)).json.value).toBe('Email');

  expect((await wda.call('POST', `/session/${id}/orientation`, { orientation: 'LANDSCAPE' })).status).toBe(200);
  expect((await wda.call('GET', `/session/${id}/orientation`)).json.value).toBe('LANDSCAPE');
  expect((await wda.call('GET', `/session/${id}/window/size`)).json.value).toEqual({ width: 852, height: 393 });
  await wda.call('POST', `/session/${id}/orientation`, { orientation: 'PORTRAIT' });

  expect((await wda.call('POST', `/session/${id}/url`, { url: 'shop://cart' })).status).toBe(200);
  expect((await wda.call('GET', '/wda/activeAppInfo')).json.value.bundleId).toBe('com.example.shop');
  const nowhere = await wda.call('POST', `/session/${id}/url`, { url: 'nothing://here' });
  expect([nowhere.status, nowhere.json.value.error]).toEqual([500, 'unknown error']);
  expect((await wda.call('GET', '/wda/device/info')).json.value).toMatchObject({ name: 'iPhone 15', uuid: wda.sim.udid, isSimulator: true });
});
