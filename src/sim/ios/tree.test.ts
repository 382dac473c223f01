import { test, expect } from '@playwright/test';
import { createPhone } from '../phone.js';
import { iosApps, resolveApps } from '../apps/index.js';
import { IosDevice } from './device.js';
import { findElements } from './locators.js';
import { jsonElement, sourceXml } from './source-format.js';
import { walk, type WdaElement } from './tree.js';

function iphone(): IosDevice {
  const apps = iosApps(resolveApps(['shop', 'notes', 'settings']));
  const phone = createPhone({ platform: 'ios', apps, frozenAt: Date.UTC(2026, 0, 1, 9, 41) });
  return new IosDevice({ phone, apps, udid: 'TEST-UDID', name: 'iPhone 15' });
}

const byName = (root: WdaElement, name: string): WdaElement | undefined => [...walk(root)].find((el) => el.name === name);

test('while Shop asks for notifications the source is SpringBoard\u2019s, with the alert and its two buttons', () => {
  const device = iphone();
  device.launch('com.example.shop', true);
  const root = device.snapshot();
  expect(root).toMatchObject({ type: 'Application', name: ' ', label: ' ', bundleId: 'com.apple.springboard' });
  const alert = [...walk(root)].find((el) => el.type === 'Alert');
  expect(alert?.label).toBe('\u201cShop\u201d Would Like to Send You Notifications');
  expect(alert && [...walk(alert)].filter((el) => el.type === 'Button').map((b) => b.label)).toEqual(['Don\u2019t Allow', 'Allow']);
  const texts = alert && [...walk(alert)].filter((el) => el.type === 'StaticText').map((t) => t.value);
  expect(texts).toEqual([
    '\u201cShop\u201d Would Like to Send You Notifications',
    'Notifications may include alerts, sounds, and icon badges. These can be configured in Settings.',
  ]);
  expect(sourceXml(root)).not.toContain('name="email"');
});

test('the app\u2019s source is in points: a third of the pixel bounds, with text fields\u2019 placeholders and ids as names', () => {
  const device = iphone();
  device.launch('com.example.shop', true);
  device.phone.packages.grant('com.example.shop', 'android.permission.POST_NOTIFICATIONS');
  const allow = [...walk(device.snapshot())].find((el) => el.label === 'Allow');
  if (!allow) throw new Error('no Allow button');
  device.tap((allow.hit.left + allow.hit.right) / 6, (allow.hit.top + allow.hit.bottom) / 6);
  const root = device.snapshot();
  expect(root).toMatchObject({ name: 'Shop', bundleId: 'com.example.shop', rect: { x: 0, y: 0, width: 393, height: 852 } });
  const email = byName(root, 'email');
  expect(email).toMatchObject({ type: 'TextField', value: 'Email', placeholderValue: 'Email', label: '' });
  expect(email?.rect.x).toBe(Math.round((email?.hit.left ?? 0) / 3));
  expect(email?.rect.width).toBe(Math.round((email?.hit.right ?? 0) / 3) - Math.round((email?.hit.left ?? 0) / 3));
  expect(byName(root, 'password')?.type).toBe('SecureTextField');
  expect(byName(root, 'login')).toMatchObject({ type: 'Button', label: 'Log in', enabled: false, traits: 'Button, NotEnabled' });
  const xml = sourceXml(root);
  expect(
    xml.startsWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<AppiumAUT>\n  <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop"',
    ),
  ).toBe(true);
  expect(xml).toMatch(
    /<XCUIElementTypeTextField type="XCUIElementTypeTextField" value="Email" name="email" label="" enabled="true" visible="true" accessible="true" x="\d+" y="\d+" width="\d+" height="\d+" index="\d+" placeholderValue="Email" traits=""\/>/,
  );
  const json = jsonElement(root);
  expect(json).toMatchObject({
    type: 'Application',
    label: 'Shop',
    isVisible: '1',
    frame: '{{0, 0}, {393, 852}}',
    rect: { x: 0, y: 0, width: 393, height: 852 },
  });
});

test('typing in a field brings up the Keyboard with Key elements, and secure text reads as bullets', () => {
  const device = iphone();
  device.phone.packages.grant('com.example.shop', 'android.permission.POST_NOTIFICATIONS');
  device.launch('com.example.shop', true);
  const password = byName(device.snapshot(), 'password');
  if (!password) throw new Error('no password field');
  device.tap(password.rect.x + 10, password.rect.y + 10);
  device.type('pass123');
  const root = device.snapshot();
  expect(byName(root, 'password')?.value).toBe('\u2022'.repeat(7));
  const keyboard = [...walk(root)].find((el) => el.type === 'Keyboard');
  const keys = keyboard ? [...walk(keyboard)].filter((el) => el.type === 'Key').map((k) => k.name) : [];
  expect(keys).toEqual(expect.arrayContaining(['q', 'w', 'delete', 'more', 'space']));
  expect(keyboard && [...walk(keyboard)].filter((el) => el.type === 'Button').map((b) => b.name)).toEqual(['shift', 'Return']);
  expect(keyboard?.rect.y).toBeGreaterThan(500);
});

test('an in-app dialog is an Alert in its own window, and what lies under it is not visible', () => {
  const device = iphone();
  device.launch('com.example.notes', true);
  const more = [...walk(device.snapshot())].find((el) => el.label === 'More options');
  if (!more) throw new Error('no More options button');
  device.tap(more.rect.x + more.rect.width / 2, more.rect.y + more.rect.height / 2);
  const root = device.snapshot();
  expect(root.name).toBe('Notes');
  const windows = root.children;
  expect(windows.map((w) => w.type)).toEqual(['Window', 'Window']);
  const [appWindow, dialogWindow] = windows;
  expect(dialogWindow && [...walk(dialogWindow)].some((el) => el.type === 'Alert')).toBe(true);
  expect(dialogWindow && [...walk(dialogWindow)].some((el) => el.label === 'Sort by title')).toBe(true);
  expect(appWindow && [...walk(appWindow)].every((el) => !el.visible)).toBe(true);
});

test('SpringBoard\u2019s alert raised over Settings is SpringBoard\u2019s source until a button closes it', () => {
  const device = iphone();
  device.launch('com.apple.Preferences', true);
  expect(device.snapshot().name).toBe('Settings');
  device.phone.ui.showSystemAlert?.({ title: 'Low Battery', message: '10% of battery remaining', buttons: ['Close', 'Low Power Mode'] });
  const root = device.snapshot();
  expect(root.bundleId).toBe('com.apple.springboard');
  const close = [...walk(root)].find((el) => el.type === 'Button' && el.label === 'Close');
  if (!close) throw new Error('no Close button');
  device.tap(close.rect.x + close.rect.width / 2, close.rect.y + close.rect.height / 2);
  expect(device.snapshot().name).toBe('Settings');
});

test('locators: accessibility id, predicate with AND/BEGINSWITH, class chain and XPath find the same element', () => {
  const device = iphone();
  device.phone.packages.grant('com.example.shop', 'android.permission.POST_NOTIFICATIONS');
  device.launch('com.example.shop', true);
  const root = device.snapshot();
  const find = (using: string, value: string) => findElements({ using, value, root }).map((el) => el.name);
  expect(find('accessibility id', 'login')).toEqual(['login']);
  expect(find('-ios predicate string', "type == 'XCUIElementTypeButton' AND label BEGINSWITH[c] 'log'")).toEqual(['login']);
  expect(find('-ios predicate string', 'name IN {"email", "password"} OR label CONTAINS "nothing"')).toEqual(['email', 'password']);
  expect(find('-ios class chain', '**/XCUIElementTypeButton[`label == "Log in"`]')).toEqual(['login']);
  expect(find('-ios class chain', '**/XCUIElementTypeTextField[1]')).toEqual(['email']);
  expect(find('xpath', '//XCUIElementTypeButton[@name="login"]')).toEqual(['login']);
  expect(find('xpath', '//*[contains(@label, "Forgot") and @enabled="true"]')).toEqual(['forgot_password']);
  expect(find('class name', 'XCUIElementTypeSecureTextField')).toEqual(['password']);
  expect(() => find('-ios predicate string', 'label ===')).toThrow(/Cannot parse the predicate/);
});
