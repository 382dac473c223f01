import { test, expect } from '@playwright/test';
import { settingsApp } from '../apps/settings.js';
import { createPhone } from '../phone.js';
import { textWidth } from '../text-metrics.js';
import type { LaidOutNode, Phone } from '../types.js';
import { DEMO_PACKAGE, demoApp } from './demo-app.js';
import { findAll, findNode, parseDump, tapNode, texts } from '../testing/dump-query.js';

const FROZEN_AT = Date.UTC(2025, 5, 1, 9, 5, 0);
const KEYCODE = { HOME: 3, BACK: 4, TAB: 61, ENTER: 66, DEL: 67, APP_SWITCH: 187, A: 29 };

function boot(): Phone {
  return createPhone({ apps: [demoApp, settingsApp], frozenAt: FROZEN_AT });
}

function launched(): Phone {
  const phone = boot();
  expect(phone.ui.launch(DEMO_PACKAGE)).toEqual({ ok: true });
  return phone;
}

test('the home screen shows an icon per installed app; tapping one opens it', () => {
  const phone = boot();
  expect(phone.ui.foreground()).toEqual({ package: 'com.google.android.apps.nexuslauncher', activity: '.NexusLauncherActivity' });
  const xml = phone.ui.dumpXml();
  const icons = findAll(xml, { cls: 'android.widget.TextView', package: 'com.google.android.apps.nexuslauncher' });
  expect(icons.map((n) => n.text)).toEqual(['Demo', 'Settings']);
  expect(icons.every((n) => n.attrs.clickable === 'true' && n.desc === n.text)).toBe(true);
  tapNode(phone.ui, { text: 'Settings' });
  expect(phone.ui.foreground()).toEqual({ package: 'com.android.settings', activity: '.Settings' });
});

test("on the home screen each app's icon sits above its label, and tapping the icon opens the app", () => {
  const phone = boot();
  const xml = phone.ui.dumpXml();
  const label = findNode(xml, { text: 'Settings', package: 'com.google.android.apps.nexuslauncher' });
  const icon = findAll(xml, { cls: 'android.widget.ImageView', package: 'com.google.android.apps.nexuslauncher' })[1];
  expect(icon).toBeDefined();
  if (!icon) return;
  expect(Math.abs(icon.center.x - label.center.x)).toBeLessThanOrEqual(1);
  expect(icon.bounds.bottom).toBeLessThan(label.bounds.bottom);
  expect(icon.center.y).toBeLessThan(label.center.y);
  phone.ui.tap(icon.center.x, icon.center.y);
  expect(phone.ui.foreground()).toEqual({ package: 'com.android.settings', activity: '.Settings' });
});

test("launching an unknown activity or package fails with Android's message and changes nothing", () => {
  const phone = boot();
  expect(phone.ui.launch(DEMO_PACKAGE, { activity: '.Nope' })).toEqual({ ok: false, error: 'Error: Activity class {com.example.demo/.Nope} does not exist.' });
  expect(phone.ui.launch('com.example.missing').ok).toBe(false);
  expect(phone.ui.launch(DEMO_PACKAGE, { activity: 'com.example.demo.ListActivity' }).ok).toBe(true);
  expect(phone.ui.foreground().activity).toBe('.ListActivity');
});

test('launches are logged as ActivityTaskManager logs them', () => {
  const phone = launched();
  const lines = phone.logcat.entries({ buffers: ['system'] }).map((e) => `${e.priority} ${e.tag}: ${e.message}`);
  expect(lines).toContain(
    'I ActivityTaskManager: START u0 {act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=com.example.demo/.MainActivity} from uid 2000',
  );
  expect(lines.some((l) => /^I ActivityTaskManager: Displayed com\.example\.demo\/\.MainActivity for user 0: \+\d+ms$/.test(l))).toBe(true);
  expect(lines.some((l) => /^I ActivityManager: Start proc \d+:com\.example\.demo\/u0a\d+ for next-top-activity/.test(l))).toBe(true);
});

test('BACK pops in-app screens, then leaves the app running in the background; relaunch finds it as it was', () => {
  const phone = launched();
  const pid = phone.ui.processes().find((p) => p.package === DEMO_PACKAGE)?.pid;
  tapNode(phone.ui, { text: 'List' });
  expect(phone.ui.foreground().activity).toBe('.ListActivity');
  phone.ui.keyEvent(KEYCODE.BACK);
  expect(phone.ui.foreground().activity).toBe('.MainActivity');
  phone.ui.keyEvent(KEYCODE.BACK);
  expect(phone.ui.foreground().package).toBe('com.google.android.apps.nexuslauncher');
  expect(phone.ui.processes().find((p) => p.package === DEMO_PACKAGE)?.pid).toBe(pid);
  phone.ui.launch(DEMO_PACKAGE);
  expect(findNode(phone.ui.dumpXml(), { id: 'greeting' }).text).toBe('Visit 1, launch 1');
});

test('tapping a field focuses it and shows the keyboard; typed text lands in it; BACK hides the keyboard first', () => {
  const phone = launched();
  expect(phone.ui.keyboardShown()).toBe(false);
  phone.ui.typeText('ignored');
  expect(findNode(phone.ui.dumpXml(), { id: 'name' }).text).toBe('Name');
  tapNode(phone.ui, { id: 'name' });
  expect(phone.ui.keyboardShown()).toBe(true);
  let xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'name' }).attrs.focused).toBe('true');
  // A plain dump holds the active window alone; the keyboard, the topmost window, is listed first with --windows.
  expect(findAll(xml, { package: 'com.google.android.inputmethod.latin' })).toHaveLength(0);
  expect(parseDump(phone.ui.dumpWindowsXml()).find((n) => n.depth === 0 && n.package !== 'com.android.systemui')?.package).toBe(
    'com.google.android.inputmethod.latin',
  );
  phone.ui.typeText('Ada Lovelace');
  phone.ui.keyEvent(KEYCODE.DEL);
  phone.ui.keyEvent(KEYCODE.A);
  xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'name' }).text).toBe('Ada Lovelaca');
  expect(findNode(xml, { id: 'greet' }).attrs.enabled).toBe('true');
  phone.ui.keyEvent(KEYCODE.BACK);
  expect(phone.ui.keyboardShown()).toBe(false);
  xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'name' }).attrs.focused).toBe('true');
  expect(findAll(xml, { package: 'com.google.android.inputmethod.latin' })).toHaveLength(0);
});

test('the keyboard\'s function-key words ("?123", "ABC") fit inside their keys', () => {
  const phone = launched();
  tapNode(phone.ui, { id: 'name' });
  const find = (node: LaidOutNode, desc: string): LaidOutNode | undefined =>
    node.contentDesc === desc ? node : node.children.map((c) => find(c, desc)).find(Boolean);
  const fits = (desc: string, label: string): void => {
    const frame = phone.ui.frame();
    const keyboard = frame.windows.find((w) => w.kind === 'keyboard');
    const key = keyboard ? find(keyboard.root, desc) : undefined;
    const sp = key?.children[0]?.style?.fontSize ?? 0;
    expect(key?.children[0]?.text).toBe(label);
    const width = textWidth(label, { px: (sp * frame.size.density) / 160 });
    expect(width).toBeLessThan(0.8 * ((key?.bounds.right ?? 0) - (key?.bounds.left ?? 0)));
  };
  fits('Symbols', '?123');
  tapNode(phone.ui, { desc: 'Symbols' });
  fits('Letters', 'ABC');
});

test('ENTER submits the focused field, TAB moves to the next one, a password field shows dots', () => {
  const phone = launched();
  tapNode(phone.ui, { id: 'name' });
  phone.ui.typeText('Grace');
  phone.ui.keyEvent(KEYCODE.ENTER);
  expect(findNode(phone.ui.dumpXml(), { id: 'greeting' }).text).toBe('Hello, Grace');
  phone.ui.keyEvent(KEYCODE.TAB);
  phone.ui.typeText('s3cret');
  let xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'password' }).text).toBe('••••••');
  expect(findNode(xml, { id: 'password' }).attrs.focused).toBe('true');
  expect(findNode(xml, { id: 'name' }).attrs.focused).toBe('false');
  // Without an IME action of its own, ENTER moves on; in a multi-line field it starts a new line.
  phone.ui.keyEvent(KEYCODE.ENTER);
  phone.ui.typeText('one');
  phone.ui.keyEvent(KEYCODE.ENTER);
  phone.ui.typeText('two');
  xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'notes' }).text).toBe('one\ntwo');
  expect(xml).toContain('text="one&#10;two"');
  expect(phone.ui.keyboardShown()).toBe(true);
});

test('keys of the soft keyboard type into the focused field', () => {
  const phone = launched();
  tapNode(phone.ui, { id: 'name' });
  tapNode(phone.ui, { id: 'key_pos_shift' });
  tapNode(phone.ui, { desc: 'H' });
  tapNode(phone.ui, { desc: 'i' });
  tapNode(phone.ui, { desc: 'Delete' });
  tapNode(phone.ui, { desc: 'o' });
  expect(findNode(phone.ui.dumpXml(), { id: 'name' }).text).toBe('Ho');
});

test('a disabled button ignores taps; a long press reaches onLongClick', () => {
  const phone = launched();
  const before = phone.ui.dumpXml();
  expect(findNode(before, { id: 'greet' }).attrs.enabled).toBe('false');
  tapNode(phone.ui, { id: 'greet' });
  expect(findNode(phone.ui.dumpXml(), { id: 'greeting' }).text).toBe('Visit 1, launch 1');
  const hold = findNode(phone.ui.dumpXml(), { id: 'hold' });
  phone.ui.longPress(hold.center.x, hold.center.y, 800);
  phone.ui.swipe({ x1: hold.center.x, y1: hold.center.y, x2: hold.center.x + 2, y2: hold.center.y, durationMs: 700 });
  expect(findNode(phone.ui.dumpXml(), { id: 'hold' }).text).toBe('Held 2');
});

test('a list shows only the rows in its viewport, clips the partly visible one, and scrolls by the finger distance', () => {
  const phone = launched();
  tapNode(phone.ui, { text: 'List' });
  let xml = phone.ui.dumpXml();
  const list = findNode(xml, { id: 'list' });
  expect(list.attrs.scrollable).toBe('true');
  const rows = findAll(xml, { id: 'row' });
  expect(rows.length).toBe(9);
  const last = rows[rows.length - 1];
  expect(last?.bounds.bottom).toBe(list.bounds.bottom);
  expect((last?.bounds.bottom ?? 0) - (last?.bounds.top ?? 0)).toBeLessThan(263);
  expect(texts(xml)).not.toContain('Item 10');
  const first = findNode(xml, { text: 'Item 1' });
  phone.ui.swipe({ x1: 540, y1: 2000, x2: 540, y2: 1000, durationMs: 300 });
  xml = phone.ui.dumpXml();
  expect(findNode(xml, { text: 'Item 5' }).bounds.top).toBe(first.bounds.top + Math.round(4 * 262.5) - 1000);
  expect(texts(xml)).not.toContain('Item 1');
  for (let i = 0; i < 20; i++) phone.ui.swipe({ x1: 540, y1: 2200, x2: 540, y2: 300, durationMs: 100 });
  xml = phone.ui.dumpXml();
  const lastRow = findAll(xml, { id: 'row' }).pop();
  expect(lastRow?.bounds.bottom).toBe(list.bounds.bottom);
  expect(findAll(xml, { id: 'row_title' }).pop()?.text).toBe('Item 50');
  phone.ui.swipe({ x1: 540, y1: 1500, x2: 100, y2: 1500, durationMs: 200 });
  expect(findNode(phone.ui.dumpXml(), { id: 'count' }).text).toBe('49 items');
});

test('a dialog is its own window over the app; a tap outside it or BACK closes it', () => {
  const phone = launched();
  tapNode(phone.ui, { text: 'Dialog' });
  let xml = phone.ui.dumpXml();
  // The dialog is the active window: a plain dump holds it alone; --windows lists it above the app.
  expect(parseDump(xml).filter((n) => n.depth === 0)).toHaveLength(1);
  expect(findNode(xml, { id: 'android:id/alertTitle' }).text).toBe('Delete everything?');
  expect(findAll(xml, { id: 'greeting' })).toHaveLength(0);
  const nodes = parseDump(phone.ui.dumpWindowsXml());
  expect(nodes.findIndex((n) => n.id === 'android:id/button1')).toBeLessThan(nodes.findIndex((n) => n.id === DEMO_PACKAGE + ':id/greeting'));
  const greet = findNode(phone.ui.dumpWindowsXml(), { id: 'greet' });
  phone.ui.tap(greet.center.x, 100);
  xml = phone.ui.dumpXml();
  expect(findAll(xml, { id: 'android:id/alertTitle' })).toHaveLength(0);
  tapNode(phone.ui, { text: 'Dialog' });
  phone.ui.keyEvent(KEYCODE.BACK);
  expect(findAll(phone.ui.dumpXml(), { id: 'android:id/alertTitle' })).toHaveLength(0);
  expect(phone.ui.foreground().package).toBe(DEMO_PACKAGE);
  tapNode(phone.ui, { text: 'Dialog' });
  tapNode(phone.ui, { text: 'Delete' });
  expect(findNode(phone.ui.dumpXml(), { id: 'greeting' }).text).toBe('Deleted');
});

test('a toast is drawn in its own window, in no dump, and is gone after two seconds of phone time', () => {
  const phone = launched();
  const toastText = () => phone.ui.frame().windows.find((w) => w.kind === 'toast')?.root.children[0]?.text;
  tapNode(phone.ui, { text: 'Toast' });
  expect(toastText()).toBe('Saved');
  // A toast takes no touches: uiautomator sees it neither as the active window nor with --windows.
  expect(findAll(phone.ui.dumpXml(), { text: 'Saved' })).toHaveLength(0);
  expect(findAll(phone.ui.dumpWindowsXml(), { text: 'Saved' })).toHaveLength(0);
  phone.clock.advance(1000);
  tapNode(phone.ui, { text: 'Toast' });
  expect(toastText()).toBe('Saved again');
  phone.clock.advance(2100);
  expect(toastText()).toBeUndefined();
});

test('deep links open the app that handles them; an unhandled one is refused', () => {
  const phone = boot();
  expect(phone.ui.openUri('demo://list')).toEqual({ ok: true });
  expect(phone.ui.foreground()).toEqual({ package: DEMO_PACKAGE, activity: '.ListActivity' });
  expect(phone.ui.openUri('nobody://here')).toEqual({
    ok: false,
    error: 'Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=nobody://here flg=0x10000000 }',
  });
});

test('force-stop ends the process and keeps data; clear-data also resets storage, launch count and permissions', () => {
  const phone = launched();
  phone.ui.forceStop(DEMO_PACKAGE);
  expect(phone.ui.processes().map((p) => p.package)).not.toContain(DEMO_PACKAGE);
  expect(phone.ui.foreground().package).toBe('com.google.android.apps.nexuslauncher');
  phone.ui.launch(DEMO_PACKAGE);
  expect(findNode(phone.ui.dumpXml(), { id: 'greeting' }).text).toBe('Visit 2, launch 2');
  phone.packages.grant(DEMO_PACKAGE, 'android.permission.POST_NOTIFICATIONS');
  expect(phone.ui.clearData(DEMO_PACKAGE)).toBe(true);
  expect(phone.packages.get(DEMO_PACKAGE)?.granted.size).toBe(0);
  expect(phone.ui.clearData('com.example.missing')).toBe(false);
  phone.ui.launch(DEMO_PACKAGE);
  expect(findNode(phone.ui.dumpXml(), { id: 'greeting' }).text).toBe('Visit 1, launch 1');
});

test('uninstalling an app ends its process and removes its icon and its data', () => {
  const phone = launched();
  expect(phone.packages.uninstall(DEMO_PACKAGE)).toBe(true);
  expect(phone.ui.processes().map((p) => p.package)).not.toContain(DEMO_PACKAGE);
  expect(phone.ui.foreground().package).toBe('com.google.android.apps.nexuslauncher');
  expect(findAll(phone.ui.dumpXml(), { text: 'Demo' })).toHaveLength(0);
  expect(phone.ui.launch(DEMO_PACKAGE).ok).toBe(false);
  expect(phone.packages.install(Buffer.from('PK\x03\x04', 'latin1'), { name: DEMO_PACKAGE }).ok).toBe(true);
  expect(phone.ui.launch(DEMO_PACKAGE).ok).toBe(true);
  expect(findNode(phone.ui.dumpXml(), { id: 'greeting' }).text).toBe('Visit 1, launch 1');
});

test('HOME shows the launcher; the recent-apps overview brings a task back', () => {
  const phone = launched();
  tapNode(phone.ui, { text: 'List' });
  phone.ui.keyEvent(KEYCODE.HOME);
  expect(phone.ui.foreground().package).toBe('com.google.android.apps.nexuslauncher');
  phone.ui.keyEvent(KEYCODE.APP_SWITCH);
  tapNode(phone.ui, { desc: 'Demo' });
  expect(phone.ui.foreground()).toEqual({ package: DEMO_PACKAGE, activity: '.ListActivity' });
});

test('rotation turns the screen; dark theme and the clock reach the frame', () => {
  const phone = launched();
  phone.ui.setRotation(1);
  const xml = phone.ui.dumpXml();
  expect(xml).toContain('<hierarchy rotation="1">');
  expect(parseDump(xml)[0]?.attrs.bounds).toBe('[0,0][2400,1080]');
  expect(phone.settings.system.get('user_rotation')).toBe('1');
  phone.settings.secure.set('ui_night_mode', '2');
  const frame = phone.ui.frame();
  expect(frame.darkTheme).toBe(true);
  expect(frame.size).toEqual({ width: 2400, height: 1080, density: 420 });
  expect(frame.statusBar.time).toBe('9:05');
  expect(frame.windows.map((w) => w.kind)).toEqual(['app']);
  expect(phone.ui.size).toEqual({ width: 1080, height: 2400, density: 420 });
});
