import { test, expect } from '@playwright/test';
import { startSim, type Sim } from '../sim/index.js';
import { observeXml, situationReport, situationText } from './index.js';
import { KEY_BACK, KEY_ENTER, PhoneSession } from './testing/phone-session.js';

// Each kind of change on the virtual phone, as the report after an action tells it.
let sim: Sim;
let session: PhoneSession;
const SHOP = 'com.example.shop';

test.beforeEach(async () => {
  sim = await startSim({ seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) });
  session = new PhoneSession(sim.phone);
});

test.afterEach(async () => {
  await sim.stop();
});

async function logIn(): Promise<void> {
  sim.phone.ui.launch(SHOP);
  await session.tap('Allow');
  await session.fill('Email', 'alice@example.com');
  await session.fill('Password', 'pass123');
  await session.tap('Log in');
  await session.look();
  if (session.last().screen.elements.some((e) => e.label === 'No thanks')) await session.tap('No thanks');
  await session.look();
}

test('a permission dialog is a popup over the app; answering it is a change back to the app', async () => {
  await session.look();
  sim.phone.ui.launch(SHOP);
  const asked = await session.report();
  expect(asked.popup).toEqual({
    package: 'com.google.android.permissioncontroller',
    title: 'Allow Shop to send you notifications?',
    ref: expect.stringMatching(/^e\d+$/),
    appeared: true,
  });
  expect(asked.screen_changed).toBe(true);
  expect(asked.activity_changed?.to).toBe('com.google.android.permissioncontroller/com.android.permissioncontroller.permission.ui.GrantPermissionsActivity');
  expect(situationText(asked)).toMatch(/^popup appeared: e\d+ "Allow Shop to send you notifications\?" \(com\.google\.android\.permissioncontroller\)$/m);

  await session.tap('Allow');
  const answered = await session.report();
  expect(answered.popup).toBeUndefined();
  expect(answered.activity_changed).toEqual({ from: asked.activity_changed?.to, to: 'com.example.shop/.LoginActivity' });
  expect(answered.disappeared_elements.map((e) => e.label)).toEqual(['Allow Shop to send you notifications?', 'Allow', 'Don’t allow']);
  expect(answered.new_elements.map((e) => e.label)).toContain('Log in');
});

test('navigation: new and gone elements by ref and label, the activity, the keyboard', async () => {
  sim.phone.ui.launch(SHOP);
  await session.tap('Allow');
  await session.look();
  await session.tap('Email');
  const typing = await session.report();
  expect(typing.keyboard).toEqual({ shown: true, changed: true });
  // The keyboard is known from the input method service: a plain dump does not hold its keys.
  expect(typing.new_elements).toEqual([]);
  expect(typing.changed_elements).toEqual([expect.objectContaining({ label: 'Email', from: '"Email"', to: '"Email" focused' })]);
  sim.phone.ui.typeText('alice@example.com');
  const typed = await session.report();
  expect(typed.changed_elements.map((c) => c.to)).toEqual(['"alice@example.com" focused']);
  expect(typed.keyboard).toEqual({ shown: true, changed: false });
  expect(situationText(typed)).toBe(`changed: ${typed.changed_elements[0].ref} input "Email" focused → "alice@example.com" focused`);
  sim.phone.ui.keyEvent(KEY_BACK);
  expect((await session.report()).keyboard).toEqual({ shown: false, changed: true });

  await session.fill('Password', 'pass123');
  await session.tap('Log in');
  const home = await session.report();
  expect(home.activity_changed).toEqual({ from: 'com.example.shop/.LoginActivity', to: 'com.example.shop/.MainActivity' });
  expect(home.disappeared_elements.map((e) => e.label)).toContain('Log in');
  expect(home.new_elements.length).toBeGreaterThan(5);
  expect(situationText(home)).toMatch(/^new: e\d+ .*, … \d+ more$/m);
});

test('a tap that does nothing reports an unchanged screen', async () => {
  sim.phone.ui.launch(SHOP);
  await session.tap('Allow');
  await session.look();
  await session.tap('Log in');
  const report = await session.report();
  expect(report.screen_changed).toBe(false);
  expect([report.new_elements, report.disappeared_elements, report.changed_elements]).toEqual([[], [], []]);
  expect(situationText(report)).toBe('screen: unchanged');
});

test('the coupon CRASH: the crash log, the "keeps stopping" dialog and the dead process all say crash', async () => {
  await logIn();
  await session.tap(/^Cart, /);
  await session.fill('Coupon code', 'CRASH');
  await session.look();
  sim.phone.ui.keyEvent(KEY_ENTER);
  const report = await session.report({ app: SHOP });
  expect(report.crash).toEqual({ package: SHOP, reason: expect.stringMatching(/Exception/), evidence: ['log', 'dialog', 'process'] });
  expect(report.popup?.title).toBe('Shop keeps stopping');
  expect(report.anr).toBeUndefined();
  expect(situationText(report)).toMatch(/^crash: com\.example\.shop crashed \(.*Exception.*; seen in log, dialog, process\)$/m);
});

test('More options → Refresh freezes Shop: the ANR dialog comes after the phone clock moves on', async () => {
  await logIn();
  await session.tap('More options');
  await session.tap('Refresh');
  const frozen = await session.report({ app: SHOP });
  expect(frozen.anr).toBeUndefined();
  sim.phone.clock.advance(2500);
  const report = await session.report({ app: SHOP });
  expect(report.anr).toEqual({ package: SHOP, reason: expect.stringContaining('ANR in com.example.shop'), evidence: ['log', 'dialog'] });
  expect(report.crash).toBeUndefined();
  expect(report.popup?.title).toBe('Shop isn’t responding');
});

test('a toast is reported once, when a dump holds it; uiautomator never dumps one from the phone', async () => {
  sim.phone.ui.launch('com.example.notes');
  await session.tap('More options');
  await session.tap('Settings');
  expect((await session.report()).toast).toBeUndefined();
  // Dumps from other sources can hold a toast's window above the app: it is reported once.
  const plain = sim.phone.ui.dumpXml();
  const toast =
    '<node index="0" text="" resource-id="" class="android.widget.LinearLayout" package="com.example.notes" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[240,2000][840,2100]"><node index="0" text="Settings are not available yet" resource-id="android:id/message" class="android.widget.TextView" package="com.example.notes" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[260,2010][820,2090]" /></node>';
  const withToast = plain.replace('<hierarchy rotation="0">', `<hierarchy rotation="0">${toast}`);
  const at = (xml: string) => observeXml(xml, { refs: session.refs, size: { width: 1080, height: 2400 } });
  const before = at(plain);
  const shown = situationReport({ recent: [before], after: at(withToast), logs: [] });
  expect(shown.toast).toBe('Settings are not available yet');
  expect(situationReport({ recent: [before, at(withToast)], after: at(withToast), logs: [] }).toast).toBeUndefined();
});

test('the same frame five times in a row is stuck; a frame that moves is not', async () => {
  sim.phone.ui.launch('com.android.settings');
  for (let i = 0; i < 4; i++) {
    expect((await session.report({ screenshot: true })).stuck).toBeUndefined();
  }
  const stuck = await session.report({ screenshot: true });
  expect(stuck.stuck).toEqual({ frames: 5 });
  expect(situationText(stuck)).toMatch(/^stuck: the same frame 5 times in a row$/m);

  // Same hierarchy but other pixels (the dark theme came on): not stuck.
  const recent = session.history.slice(0, -1);
  const last = session.history[session.history.length - 1];
  sim.phone.settings.secure.set('ui_night_mode', '2');
  const later = await session.look({ screenshot: true });
  expect(later.contentKey).toBe(last.contentKey);
  expect(situationReport({ recent: [...recent, last], after: later }).stuck).toBeUndefined();
});
