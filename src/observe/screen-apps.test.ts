import { test, expect } from '@playwright/test';
import { startSim, type Sim } from '../sim/index.js';
import { buildScreen, observeXml, parseUiautomatorXml, RefRegistry, screenJson, screenText } from './index.js';
import { PhoneSession } from './testing/phone-session.js';

// The sample apps as the agent reads them, on a virtual phone with a frozen clock.
let sim: Sim;
let session: PhoneSession;

test.beforeEach(async () => {
  sim = await startSim({ seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) });
  session = new PhoneSession(sim.phone);
});

test.afterEach(async () => {
  await sim.stop();
});

async function shopLogin(): Promise<void> {
  sim.phone.ui.launch('com.example.shop');
  await session.tap('Allow');
}

test('Shop asks for notifications in a dialog, the active window and so all a plain dump holds', async () => {
  sim.phone.ui.launch('com.example.shop');
  const { screen } = await session.look();
  expect(screenText(screen)).toBe(
    [
      'app com.google.android.permissioncontroller/com.android.permissioncontroller.permission.ui.GrantPermissionsActivity · screen 1080x2400',
      'e1 dialog "Allow Shop to send you notifications?" (com.google.android.permissioncontroller):',
      '  e2 button "Allow"',
      '  e3 button "Don’t allow"',
    ].join('\n'),
  );
  expect(screenJson(screen).elements[1]).toEqual({ ref: 'e2', role: 'button', label: 'Allow', bounds: [126, 1208, 954, 1334], states: [] });
});

test('Shop login reads as a form: fields, a disabled button, and the keyboard (from the input method service) as one line', async () => {
  await shopLogin();
  expect(screenText((await session.look()).screen)).toBe(
    [
      'app com.example.shop/.LoginActivity · screen 1080x2400',
      'e4 image "Shop logo"',
      'e5 text "Welcome back"',
      'e6 text "Sign in to continue shopping"',
      'e7 input "Email" #email',
      'e8 input "Password" #password password',
      'e9 button "Log in" disabled',
      'e10 button "Forgot password?"',
    ].join('\n'),
  );
  await session.tap('Email');
  const text = screenText((await session.look()).screen);
  expect(text).toContain('e7 input "Email" #email focused');
  expect(text).toMatch(/\nkeyboard shown$/);
  expect(text).not.toMatch(/"q"|"Shift"|"Space"/);
});

test('Shop home: product rows are one element each, labelled by their texts; chips are checkable', async () => {
  await shopLogin();
  await session.fill('Email', 'alice@example.com');
  await session.fill('Password', 'pass123');
  await session.tap('Log in');
  const o = await session.look();
  if (o.screen.elements.some((e) => e.label === 'No thanks')) await session.tap('No thanks');
  const { screen } = await session.look();
  const row = session.element('Wireless Headphones $59.99');
  expect(row.role).toBe('item');
  expect(screen.elements.filter((e) => e.label.includes('Wireless Headphones'))).toHaveLength(1);
  expect(session.element('All').states).toEqual(['checked']);
  expect(session.element('Audio').role).toBe('checkbox');
  expect(session.element('Cart, 0 items').role).toBe('button');
});

test('a symbol button reads by its content-desc; a label and its value on one line read as one', async () => {
  await shopLogin();
  await session.fill('Email', 'alice@example.com');
  await session.fill('Password', 'pass123');
  await session.tap('Log in');
  if ((await session.look()).screen.elements.some((e) => e.label === 'No thanks')) await session.tap('No thanks');
  await session.tap(/^Noise Cancelling Headphones /);
  const product = screenText((await session.look()).screen);
  expect(product).toMatch(/\n {2}e\d+ text "Quantity"\n {2}e\d+ button "Decrease quantity"\n {2}e\d+ text "1"\n {2}e\d+ button "Increase quantity"\n/);
  await session.tap('Add to cart');
  await session.tap(/^Cart, /);
  const cart = screenText((await session.look()).screen);
  expect(cart).toMatch(/\ne\d+ text "Subtotal \$199\.99"\n/);
  expect(cart).toMatch(/\ne\d+ input "Coupon code" #coupon\n/);
});

test('Settings: a row and its switch; a row that flips a switch it holds is that switch', async () => {
  sim.phone.ui.launch('com.android.settings');
  await session.look();
  expect(session.element('Network & internet Mobile, Wi-Fi, hotspot').role).toBe('item');
  await session.tap(/^Network & internet/);
  await session.look();
  expect(session.element('Wi-Fi HomeNet-5G').role).toBe('item');
  const wifi = session.element('Wi-Fi');
  expect([wifi.role, wifi.states]).toEqual(['toggle', ['checked']]);
  const airplane = session.element('Airplane mode');
  expect([airplane.role, airplane.states]).toEqual(['toggle', ['unchecked']]);
  await session.tap('Airplane mode');
  await session.look();
  expect(session.element('Airplane mode').states).toEqual(['checked']);
});

test('Notes: icon buttons by their content-desc, the unlabelled one by its place, the menu as a dialog', async () => {
  sim.phone.ui.launch('com.example.notes');
  const text = screenText((await session.look()).screen);
  expect(text).toContain('button "Search"');
  expect(text).toMatch(/\ne\d+ button at 870,147\n/);
  expect(session.element(/^Kids activities /).states).toEqual(['long-clickable']);
  await session.tap('More options');
  const menu = screenText((await session.look()).screen);
  expect(menu).toMatch(/^e\d+ dialog \(com\.example\.notes\):\n {2}e\d+ button "Sort by title"\n {2}e\d+ button "Settings"$/m);
});

test('refs stay with their elements across a scroll; new rows get new refs', async () => {
  sim.phone.ui.launch('com.example.notes');
  const before = (await session.look()).screen;
  sim.phone.ui.swipe({ x1: 540, y1: 1800, x2: 540, y2: 1200, durationMs: 300 });
  const after = (await session.look()).screen;
  const refOf = (s: typeof before, label: string) => s.elements.find((e) => e.label === label)?.ref;
  let kept = 0;
  for (const e of after.elements) {
    const old = before.elements.find((b) => b.ref === e.ref);
    if (old) {
      expect(old.label, `${e.ref} moved from "${old.label}" to "${e.label}"`).toBe(e.label);
      kept++;
    }
  }
  expect(kept).toBeGreaterThan(5);
  // The last full row before the swipe moved up and kept its ref.
  const was = before.elements.filter((e) => e.role === 'item' && e.label !== '').at(-1);
  const moved = after.elements.find((e) => e.label === was?.label);
  expect(moved?.ref).toBe(was?.ref);
  expect(moved?.bounds.top).toBeLessThan(was?.bounds.top ?? 0);
  expect(refOf(after, 'New note')).toBe(refOf(before, 'New note'));
  const fresh = after.elements.filter((e) => !before.elements.some((b) => b.ref === e.ref));
  expect(fresh.length).toBeGreaterThan(0);
  const highest = Math.max(...before.elements.map((e) => Number(e.ref.slice(1))));
  expect(fresh.every((e) => Number(e.ref.slice(1)) > highest)).toBe(true);
});

test("a typed value or a changed counter does not change an element's ref", async () => {
  await shopLogin();
  const empty = (await session.look()).screen;
  await session.fill('Email', 'alice@example.com');
  const filled = (await session.look()).screen;
  expect(filled.elements.find((e) => e.resourceId.endsWith('/email'))?.ref).toBe(empty.elements.find((e) => e.resourceId.endsWith('/email'))?.ref);
});

test('the keyboard hides what lies under it; a row it cuts shows only its visible part', async () => {
  sim.phone.ui.launch('com.example.shop');
  await session.tap('Allow');
  await session.tap('Email');
  // The keyboard's window, as `uiautomator dump --windows` lists it.
  const keyboardWindow = /<hierarchy rotation="0">(<node [^>]*package="com\.google\.android\.inputmethod\.latin"[\s\S]*?)<\/hierarchy><\/window>/.exec(
    sim.phone.ui.dumpWindowsXml(),
  )?.[1];
  expect(keyboardWindow).toBeTruthy();
  // Settings does not resize under the keyboard: lay the keyboard over its full-height list (adjustPan).
  sim.phone.ui.launch('com.android.settings');
  const settings = sim.phone.ui.dumpXml();
  const over = settings.replace('<hierarchy rotation="0">', `<hierarchy rotation="0">${keyboardWindow}`);
  const screen = buildScreen(parseUiautomatorXml(over), { refs: new RefRegistry() });
  const all = buildScreen(parseUiautomatorXml(settings)).elements.map((e) => e.label);
  const seen = screen.elements.map((e) => e.label);
  expect(all).toContain('Display Dark theme, font size, brightness');
  expect(seen).not.toContain('Display Dark theme, font size, brightness');
  expect(seen).toContain('Network & internet Mobile, Wi-Fi, hotspot');
  const keyboard = screen.elements.find((e) => e.role === 'keyboard');
  expect(keyboard?.bounds.top).toBe(1440);
  for (const e of screen.elements) if (e.role !== 'keyboard' && e.role !== 'list') expect(e.bounds.bottom, e.label).toBeLessThanOrEqual(1440);
});

test('the fast path and the strict parser read every sample-app screen the same', async () => {
  const xmls: string[] = [];
  sim.phone.ui.launch('com.example.shop');
  xmls.push(sim.phone.ui.dumpXml());
  await session.tap('Allow');
  for (const app of ['com.android.settings', 'com.example.notes']) {
    sim.phone.ui.launch(app);
    xmls.push(sim.phone.ui.dumpXml());
  }
  await session.tap('More options');
  xmls.push(sim.phone.ui.dumpXml());
  for (const xml of xmls) expect(parseUiautomatorXml(xml)).toEqual(parseUiautomatorXml(xml, { strict: true }));
  expect(observeXml(xmls[0]).screen.elements.length).toBeGreaterThan(0);
});
