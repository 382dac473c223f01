import { test, expect } from '@playwright/test';
import { createPhone } from '../phone.js';
import { shell } from '../shell/testing.js';
import type { LaidOutNode, Phone, WidgetStyle } from '../types.js';
import { findAll, findNode, tapNode, texts } from '../testing/dump-query.js';
import { settingsApp } from './settings.js';

const SETTINGS = 'com.android.settings';
const FROZEN_AT = Date.UTC(2025, 5, 1, 12, 0, 0);
const BACK = 4;

function openSettings(activity?: string): Phone {
  const phone = createPhone({ apps: [settingsApp], frozenAt: FROZEN_AT });
  expect(phone.ui.launch(SETTINGS, activity ? { activity } : {})).toEqual({ ok: true });
  return phone;
}

/** Scrolls the screen's list up until a row with this title is on screen. */
function scrollTo(phone: Phone, title: string): void {
  for (let i = 0; i < 10 && findAll(phone.ui.dumpXml(), { text: title }).length === 0; i++) {
    phone.ui.swipe({ x1: 540, y1: 2000, x2: 540, y2: 1000, durationMs: 300 });
  }
}

test('the main list shows the sections as title and summary rows in a scrolling list', () => {
  const phone = openSettings();
  const xml = phone.ui.dumpXml();
  expect(phone.ui.foreground()).toEqual({ package: SETTINGS, activity: '.Settings' });
  const titles = findAll(xml, { id: 'android:id/title' }).map((n) => n.text);
  expect(titles.slice(0, 4)).toEqual(['Network & internet', 'Connected devices', 'Apps', 'Notifications']);
  expect(titles).not.toContain('About phone');
  expect(findNode(xml, { id: 'com.android.settings:id/recycler_view' }).attrs.scrollable).toBe('true');
  expect(findNode(xml, { text: 'Search Settings' }).id).toBe('com.android.settings:id/search_action_bar_title');
  scrollTo(phone, 'About phone');
  expect(texts(phone.ui.dumpXml())).toContain('mobiletest Virtual Phone');
});

test('Wi-Fi: the switch follows `settings put global wifi_on` and writes it back', async () => {
  const phone = openSettings();
  tapNode(phone.ui, { text: 'Network & internet' });
  expect(phone.ui.foreground().activity).toBe('.SubSettings');
  let xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'android:id/switch_widget' }).attrs.checked).toBe('true');
  expect(findNode(xml, { text: 'HomeNet-5G' }).id).toBe('android:id/summary');
  expect((await shell(phone, 'settings put global wifi_on 0')).code).toBe(0);
  xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'android:id/switch_widget' }).attrs.checked).toBe('false');
  expect(findNode(xml, { text: 'Off' }).id).toBe('android:id/summary');
  tapNode(phone.ui, { id: 'android:id/switch_widget' });
  expect((await shell(phone, 'settings get global wifi_on')).out).toBe('1\n');
  expect(phone.ui.frame().statusBar.wifi).toBe(true);
});

/** The colours the screen draws a node with, found by resource-id in the current frame. */
function drawnStyle(phone: Phone, id: string): WidgetStyle | undefined {
  const walk = (node: LaidOutNode): LaidOutNode | undefined => (node.resourceId === id ? node : node.children.map(walk).find(Boolean));
  return phone.ui
    .frame()
    .windows.map((w) => walk(w.root))
    .find(Boolean)?.style;
}

test("the Use Wi-Fi bar and its switch's track differ in colour, on and off, light and dark, so the switch shows", () => {
  const phone = openSettings('.Settings$WifiSettingsActivity');
  const contrast = (): void => {
    const bar = drawnStyle(phone, 'com.android.settings:id/switch_bar');
    const track = drawnStyle(phone, 'android:id/switch_widget');
    expect(bar?.background).toBeDefined();
    expect(track?.background).not.toBe(bar?.background);
  };
  contrast();
  tapNode(phone.ui, { id: 'com.android.settings:id/switch_text' });
  contrast();
  phone.settings.secure.set('ui_night_mode', '2');
  contrast();
  tapNode(phone.ui, { id: 'com.android.settings:id/switch_text' });
  contrast();
});

test('Wi-Fi networks: an open one joins at once, a secured one asks for a password of at least 8 characters', () => {
  const phone = openSettings('.Settings$WifiSettingsActivity');
  expect(phone.ui.foreground().activity).toBe('.Settings$WifiSettingsActivity');
  let xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'com.android.settings:id/switch_text' }).text).toBe('Use Wi-Fi');
  const networks = findAll(xml, { id: 'android:id/title' }).map((n) => n.text);
  expect(networks.length).toBeGreaterThanOrEqual(6);
  tapNode(phone.ui, { text: 'CoffeeShop_Guest' });
  expect(texts(phone.ui.dumpXml())).toContain('Connecting\u2026');
  phone.clock.advance(1500);
  xml = phone.ui.dumpXml();
  expect(texts(xml)).toContain('Connected');
  expect(texts(xml).indexOf('Connected')).toBe(texts(xml).indexOf('CoffeeShop_Guest') + 1);

  tapNode(phone.ui, { text: 'Office-Secure' });
  xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'android:id/alertTitle' }).text).toBe('Office-Secure');
  expect(findNode(xml, { id: 'com.android.settings:id/password' }).attrs.focused).toBe('true');
  expect(phone.ui.keyboardShown()).toBe(true);
  phone.ui.typeText('short');
  expect(findNode(phone.ui.dumpXml(), { id: 'android:id/button1' }).attrs.enabled).toBe('false');
  phone.ui.typeText('enough');
  xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'com.android.settings:id/password' }).text).toBe('•'.repeat(11));
  tapNode(phone.ui, { text: 'Connect' });
  phone.clock.advance(1500);
  xml = phone.ui.dumpXml();
  expect(findAll(xml, { id: 'android:id/alertTitle' })).toHaveLength(0);
  expect(texts(xml).indexOf('Connected')).toBe(texts(xml).indexOf('Office-Secure') + 1);
});

test('Bluetooth switch under Connected devices writes settings global bluetooth_on', async () => {
  const phone = openSettings();
  tapNode(phone.ui, { text: 'Connected devices' });
  let row = findNode(phone.ui.dumpXml(), { text: 'Bluetooth' });
  expect(findNode(phone.ui.dumpXml(), { id: 'android:id/switch_widget' }).attrs.checked).toBe('false');
  phone.ui.tap(row.center.x, row.center.y);
  expect((await shell(phone, 'settings get global bluetooth_on')).out).toBe('1\n');
  expect(findNode(phone.ui.dumpXml(), { id: 'android:id/switch_widget' }).attrs.checked).toBe('true');
  await shell(phone, 'settings put global bluetooth_on 0');
  row = findNode(phone.ui.dumpXml(), { text: 'Off' });
  expect(row.id).toBe('android:id/summary');
});

test('Dark theme writes ui_night_mode and turns the frame dark', async () => {
  const phone = openSettings();
  scrollTo(phone, 'Display');
  tapNode(phone.ui, { text: 'Display' });
  expect(phone.ui.frame().darkTheme).toBe(false);
  tapNode(phone.ui, { text: 'Dark theme' });
  expect((await shell(phone, 'settings get secure ui_night_mode')).out).toBe('2\n');
  expect(phone.ui.frame().darkTheme).toBe(true);
  tapNode(phone.ui, { text: 'Dark theme' });
  expect(phone.settings.secure.get('ui_night_mode')).toBe('1');
});

test("About phone shows the device's model, Android version and build number", () => {
  const phone = openSettings();
  scrollTo(phone, 'About phone');
  tapNode(phone.ui, { text: 'About phone' });
  const xml = phone.ui.dumpXml();
  const summaryOf = (title: string): string | undefined => {
    const all = findAll(xml, {});
    const at = all.findIndex((n) => n.text === title && n.id === 'android:id/title');
    return all[at + 1]?.text;
  };
  expect(summaryOf('Model')).toBe(phone.info.model);
  expect(summaryOf('Android version')).toBe(phone.info.release);
  expect(summaryOf('Build number')).toBe(phone.props.get('ro.build.id'));
});

test('tapping Build number seven times turns on Developer options', () => {
  const phone = openSettings('.Settings$MyDeviceInfoActivity');
  for (let i = 0; i < 7; i++) tapNode(phone.ui, { text: 'Build number' });
  // The toast is drawn, not dumped: uiautomator never sees a toast window.
  expect(phone.ui.frame().windows.find((w) => w.kind === 'toast')?.root.children[0]?.text).toBe('You are now a developer!');
  expect(phone.settings.global.get('development_settings_enabled')).toBe('1');
});

test('search filters every setting as you type and opens the one picked', () => {
  const phone = openSettings();
  tapNode(phone.ui, { id: 'com.android.settings:id/search_action_bar' });
  expect(phone.ui.keyboardShown()).toBe(true);
  phone.ui.typeText('dark');
  let xml = phone.ui.dumpXml();
  expect(findAll(xml, { id: 'android:id/title' }).map((n) => n.text)).toEqual(['Dark theme']);
  tapNode(phone.ui, { text: 'Dark theme' });
  expect(texts(phone.ui.dumpXml())).toContain('Brightness level');
  phone.ui.keyEvent(BACK);
  xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'android:id/search_src_text' }).text).toBe('dark');
  phone.ui.keyEvent(BACK);
  phone.ui.keyEvent(BACK);
  expect(phone.ui.foreground().activity).toBe('.Settings');
  tapNode(phone.ui, { id: 'com.android.settings:id/search_action_bar' });
  phone.ui.typeText('zzz');
  expect(texts(phone.ui.dumpXml())).toContain('No results');
});

test('BACK and Navigate up walk back through the screens, then leave Settings', () => {
  const phone = openSettings();
  tapNode(phone.ui, { text: 'Network & internet' });
  tapNode(phone.ui, { text: 'Wi-Fi' });
  expect(findNode(phone.ui.dumpXml(), { text: 'Use Wi-Fi' })).toBeTruthy();
  tapNode(phone.ui, { desc: 'Navigate up' });
  expect(texts(phone.ui.dumpXml())).toContain('Airplane mode');
  phone.ui.keyEvent(BACK);
  expect(texts(phone.ui.dumpXml())).toContain('Search Settings');
  phone.ui.keyEvent(BACK);
  expect(phone.ui.foreground().package).toBe('com.google.android.apps.nexuslauncher');
});
