import { test, expect } from '@playwright/test';
import { HierarchyParseError, hierarchyFormat, parseHierarchy, parseSavedHierarchy, parseWdaSource, type UiHierarchy, type UiNode } from '../index.js';
import { fixture, iosFixture, iosFixtureNames } from '../testing/fixtures.js';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const app = (inner: string, attrs = 'name="Demo" label="Demo"') =>
  `${HEAD}<XCUIElementTypeApplication type="XCUIElementTypeApplication" ${attrs} enabled="true" visible="true" x="0" y="0" width="393" height="852">` +
  `<XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="393" height="852">${inner}</XCUIElementTypeWindow></XCUIElementTypeApplication>`;
const el = (type: string, attrs: string, children = '') =>
  `<XCUIElementType${type} type="XCUIElementType${type}" ${attrs.includes('enabled=') ? '' : 'enabled="true" '}visible="true" ${attrs}${children ? `>${children}</XCUIElementType${type}>` : '/>'}`;

function nodes(h: UiHierarchy): UiNode[] {
  const out: UiNode[] = [];
  const walk = (n: UiNode) => {
    out.push(n);
    n.children.forEach(walk);
  };
  h.windows.forEach((w) => walk(w.root));
  return out;
}

function parseError(text: string, source?: string): HierarchyParseError {
  try {
    parseWdaSource(text, { source });
  } catch (error) {
    if (error instanceof HierarchyParseError) return error;
    throw error;
  }
  throw new Error('the source parsed without an error');
}

test('every real WDA source parses into an iOS tree holding every element SOURCES.tsv counts', () => {
  for (const name of iosFixtureNames()) {
    const f = iosFixture(name);
    expect(hierarchyFormat(f.xml), name).toBe(name.endsWith('.json') ? 'wda-json' : 'wda-xml');
    const h = parseSavedHierarchy(f.xml, { source: name });
    expect(h.platform, name).toBe('ios');
    expect(h.nodeCount, name).toBe(f.nodes);
    expect(h.windows.length, name).toBeGreaterThan(0);
    expect(
      h.windows.map((w) => w.index),
      name,
    ).toEqual(h.windows.map((_, i) => i));
  }
  expect(hierarchyFormat(fixture('tiktok-feed.xml').xml)).toBe('uiautomator-xml');
});

test('JSON with or without its envelope, and XML inside the envelope, read as the same tree', () => {
  const json = iosFixture('006-myport-rn.json').xml;
  const bare = JSON.stringify(JSON.parse(json).value);
  expect(hierarchyFormat(bare)).toBe('wda-json');
  expect(parseSavedHierarchy(bare)).toEqual(parseSavedHierarchy(json));
  const xml = iosFixture('012-settings-motion.xml').xml;
  const wrapped = JSON.stringify({ value: xml, sessionId: 'abc' });
  expect(hierarchyFormat(wrapped)).toBe('wda-xml');
  expect(parseHierarchy({ format: 'wda-xml', xml: wrapped })).toEqual(parseHierarchy({ format: 'wda-xml', xml }));
});

test('bounds are in device pixels: points times the scale, right and bottom exclusive', () => {
  const xml = app(el('Button', 'name="Go" label="Go" x="10" y="20" width="20" height="30"'));
  const at1 = nodes(parseWdaSource(xml)).find((n) => n.text === 'Go');
  const at3 = nodes(parseWdaSource(xml, { scale: 3 })).find((n) => n.text === 'Go');
  expect(at1?.bounds).toEqual({ left: 10, top: 20, right: 30, bottom: 50 });
  expect(at3?.bounds).toEqual({ left: 30, top: 60, right: 90, bottom: 150 });
  const real = parseHierarchy({ format: 'wda-xml', xml: iosFixture('005-sioeye-notification-permission-alert.xml').xml, scale: 3 });
  const allow = nodes(real).find((n) => n.text === 'Allow');
  // <Button name="Allow" x="160" y="329" width="135" height="45"/>
  expect(allow?.bounds).toEqual({ left: 480, top: 987, right: 885, bottom: 1122 });
  expect(real.windows[0].root.bounds).toEqual({ left: 0, top: 0, right: 960, bottom: 1704 });
});

test('what each element is: fields, switches, states, identifiers apart from labels', () => {
  const xml = app(
    el('TextField', 'name="email" label="Email address" value="Email" placeholderValue="Email" hasFocus="true" x="0" y="100" width="300" height="40"') +
      el('SecureTextField', 'name="pw" label="" value="••••" placeholderValue="Password" x="0" y="150" width="300" height="40"') +
      el('Switch', 'name="wifi" label="Wi-Fi" value="1" x="0" y="200" width="300" height="40"') +
      el('Button', 'name="Buy" label="Buy" enabled="false" traits="Button, NotEnabled" x="0" y="250" width="100" height="40"') +
      el('StaticText', 'name="status" label="Ready" value="Ready" x="0" y="300" width="100" height="20"') +
      el('Image', 'name="avatar" label="Profile photo" x="0" y="350" width="40" height="40"'),
  );
  const all = nodes(parseWdaSource(xml));
  const email = all.find((n) => n.resourceId === 'email');
  expect(email).toMatchObject({ className: 'XCUIElementTypeTextField', text: '', hint: 'Email', contentDesc: 'Email address' });
  expect(email?.flags).toMatchObject({ editable: true, focused: true, password: false });
  const pw = all.find((n) => n.resourceId === 'pw');
  expect(pw).toMatchObject({ text: '••••', hint: 'Password' });
  expect(pw?.flags.password).toBe(true);
  expect(all.find((n) => n.resourceId === 'wifi')?.flags).toMatchObject({ checkable: true, checked: true, clickable: true });
  expect(all.find((n) => n.text === 'Buy')?.flags).toMatchObject({ clickable: true, enabled: false });
  expect(all.find((n) => n.resourceId === 'status')).toMatchObject({ text: 'Ready', className: 'XCUIElementTypeStaticText' });
  expect(all.find((n) => n.resourceId === 'avatar')).toMatchObject({ text: '', contentDesc: 'Profile photo' });
});

test('an older WDA without `visible`, and JSON without isVisible, take elements as shown', () => {
  const xml = app(el('Button', 'name="Go" label="Go" x="10" y="20" width="20" height="30"').replace(' visible="true"', ''));
  expect(nodes(parseWdaSource(xml)).find((n) => n.text === 'Go')?.flags.visible).toBe(true);
  const json = JSON.stringify({
    type: 'Application',
    label: 'Demo',
    rect: { x: 0, y: 0, width: 393, height: 852 },
    children: [
      {
        type: 'Window',
        rect: { x: 0, y: 0, width: 393, height: 852 },
        children: [{ type: 'Button', name: 'go', label: 'Go', rect: { x: 1, y: 2, width: 3, height: 4 }, isEnabled: '1' }],
      },
    ],
  });
  const go = nodes(parseWdaSource(json, { app: 'com.example.demo' })).find((n) => n.text === 'Go');
  expect(go).toMatchObject({ className: 'XCUIElementTypeButton', resourceId: 'go', package: 'com.example.demo' });
  expect(go?.flags.visible).toBe(true);
});

test('icon-font glyphs and invisible marks are not text; zero-size elements and scroll bars are not elements', () => {
  const login = nodes(parseSavedHierarchy(iosFixture('015-wdiodemoapp-login.xml').xml));
  expect(login.some((n) => /[\u{F0000}-\u{10FFFF}]/u.test(n.text + n.contentDesc))).toBe(false);
  expect(login.some((n) => n.bounds.right <= n.bounds.left || n.bounds.bottom <= n.bounds.top)).toBe(false);
  expect(login.some((n) => /scroll bar/.test(n.text + n.contentDesc))).toBe(false);
  const safari = nodes(parseSavedHierarchy(iosFixture('001-safari.xml').xml));
  expect(safari.find((n) => n.resourceId === 'TabBarItemTitle')?.text).toBe('the-internet.herokuapp.com, secure');
});

test('a truncated, malformed or foreign source says what is wrong and where', () => {
  const xml = iosFixture('012-settings-motion.xml').xml;
  const cut = parseError(xml.slice(0, 5000), 'settings.xml');
  expect(cut.message).toMatch(/^settings\.xml:\d+:\d+: the source is truncated: it ends inside <XCUIElementType\w+>/);
  expect(parseError(JSON.stringify({ value: xml.slice(0, 3000) })).problem).toMatch(/truncated/);
  expect(parseError(app('<XCUIElementTypeButton x="1" y="2" width="zz" height="4"/>')).problem).toBe('<XCUIElementTypeButton> has width="zz", not a number');
  expect(parseError('{"value": {"type": "Application", "rect"').problem).toMatch(/^the JSON is malformed/);
  expect(parseError('{"value":{"type":"Application","rect":{"x":0,"y":0,"width":1,"height":1},"children":[{"type":"Button"}]}}').problem).toBe(
    'element XCUIElementTypeButton has no usable "rect" {x, y, width, height} at $.children[0]',
  );
  expect(parseError('{"value":{"error":"invalid session id","message":"Session does not exist"}}').problem).toBe(
    'WebDriverAgent answered with an error, not a source (invalid session id: Session does not exist)',
  );
  expect(parseError('   ').problem).toBe('the source is empty');
  expect(parseError('<html><body>502</body></html>').problem).toBe('no XCUIElementType element in the source');
});
