import { test, expect } from '@playwright/test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { buildScreen, observeXml, parseHierarchy, screenText, type Screen, type ScreenElement } from '../index.js';
import { iosFixture, iosFixtureNames } from '../testing/fixtures.js';

/** A real source read as the iOS driver hands it over: in points, at the iPhone's scale, for the app under test. */
function screenOf(name: string, app?: string): Screen {
  const f = iosFixture(name);
  return buildScreen(parseHierarchy({ format: name.endsWith('.json') ? 'wda-json' : 'wda-xml', xml: f.xml, scale: 3, app }, { source: name }));
}

function labelled(screen: Screen, label: string | RegExp): ScreenElement {
  const found = screen.elements.filter((e) => (typeof label === 'string' ? e.label === label : label.test(e.label)));
  expect(found, `${String(label)} in\n${screenText(screen)}`).toHaveLength(1);
  return found[0];
}

const lines = (s: Screen) => screenText(s).split('\n');

test('every real source reads in the token budget of the Android dumps, at least 8 times smaller than the source', () => {
  const figures: string[] = [];
  for (const name of iosFixtureNames()) {
    const s = screenOf(name);
    const text = screenText(s);
    const tokens = countTokens(text);
    const raw = countTokens(iosFixture(name).xml);
    figures.push(`${name} ${tokens} tokens (source ${raw})`);
    // bench/observe.ts: real dumps median <= 400 tokens, raw / text >= 8x; here every screen meets them.
    expect(tokens, text).toBeLessThanOrEqual(400);
    expect(raw / tokens, name).toBeGreaterThanOrEqual(8);
    expect(s.elements.length, text).toBeGreaterThan(0);
    expect(text).not.toMatch(/scroll bar|XCUIElementType|[\u{F0000}-\u{10FFFF}\u200e]/u);
  }
  test.info().annotations.push({ type: 'tokens', description: figures.join('; ') });
});

test('a SpringBoard permission alert is a dialog of com.apple.springboard over the app, with its two answers', () => {
  const s = screenOf('005-sioeye-notification-permission-alert.xml', 'com.sioeye.Sioeye');
  expect(s.width).toBe(960);
  const dialog = labelled(s, '“Sioeye” Would Like to Send You Notifications');
  expect(dialog.role).toBe('dialog');
  expect(s.windows[dialog.window]).toMatchObject({ kind: 'dialog', package: 'com.apple.springboard', ref: dialog.ref });
  const buttons = s.elements.filter((e) => e.window === dialog.window && e.role === 'button').map((e) => e.label);
  expect(buttons).toEqual(['Don’t Allow', 'Allow']);
  expect(labelled(s, 'Allow').bounds).toEqual({ left: 480, top: 987, right: 885, bottom: 1122 });
  // The status bar's items are not read out.
  expect(screenText(s)).not.toMatch(/No SIM|battery|10:31/);
  expect(lines(s)[1]).toBe('e1 dialog "“Sioeye” Would Like to Send You Notifications" (com.apple.springboard):');
});

test('an in-app alert: only its title, message and buttons are reachable', () => {
  const s = screenOf('008-mobiumapp-app-alert.xml');
  const dialog = labelled(s, 'Delete draft?');
  expect(s.windows[dialog.window]).toMatchObject({ kind: 'dialog', package: 'dev.mobium.mobiumapp' });
  expect(s.elements.every((e) => e.window === dialog.window)).toBe(true);
  expect(s.elements.filter((e) => e.role === 'button').map((e) => e.label)).toEqual(['Cancel', 'Delete']);
  expect(labelled(s, 'This cannot be undone.').role).toBe('text');
  expect(screenText(s)).not.toMatch(/Name draft|outcome/);
});

test('the keyboard is one element with its return key, over the form it covers', () => {
  const s = screenOf('010-mobiumapp-keyboard.xml');
  const keyboards = s.elements.filter((e) => e.role === 'keyboard');
  expect(keyboards).toHaveLength(1);
  expect(keyboards[0].detail).toBe('enter key "return"');
  expect(s.windows[keyboards[0].window]).toMatchObject({ kind: 'keyboard', package: 'com.apple.keyboard' });
  // The keys, the emoji and dictation buttons, the other keyboard's name are not elements.
  expect(screenText(s)).not.toMatch(/"[QWERTY]"|Emoji|Dictate|Русская|shift/);
  // <XCUIElementTypeKeyboard y="583">: the keys start there; the rows of the keyboard window below them are its too.
  expect(keyboards[0].bounds).toEqual({ left: 0, top: 583 * 3, right: 402 * 3, bottom: 874 * 3 });
  expect(labelled(s, 'any username')).toMatchObject({ role: 'input', resourceId: 'saveUser' });
  expect(labelled(s, 'any password').states).toContain('password');
  // The button pinned under the keyboard is not offered.
  expect(screenText(s)).not.toContain('Pinned to the bottom');
});

test('a focused field says so', () => {
  const xml = iosFixture('010-mobiumapp-keyboard.xml').xml.replace('name="saveUser"', 'name="saveUser" hasFocus="true"');
  const s = observeXml(xml, { scale: 3 }).screen;
  expect(labelled(s, 'any username').states).toEqual(['focused']);
});

test('a notification banner over the app is one line, not a dialog to answer', () => {
  const s = screenOf('011-springboard-notification-banner.xml');
  expect(s.elements).toHaveLength(1);
  expect(s.elements[0]).toMatchObject({ role: 'toast', label: 'MOBIUMAPP, now, Banner, with a comma, Banner body 3307' });
  expect(s.windows.map((w) => `${w.kind} ${w.package}`)).toEqual(['toast com.apple.springboard']);
});

test('Settings: each row is its switch, with its state; the back button names where it goes', () => {
  const s = screenOf('012-settings-motion.xml');
  const toggles = s.elements.filter((e) => e.role === 'toggle');
  expect(toggles.map((t) => `${t.label} ${t.states.join(' ')}`)).toEqual([
    'Reduce Motion unchecked',
    'Auto-Play Animated Images checked',
    'Auto-Play Video Previews checked',
    'Auto-Play Message Effects checked',
    'Prefer Non-Blinking Cursor unchecked',
    'Limit Frame Rate unchecked',
  ]);
  expect(labelled(s, 'Back (Accessibility)').role).toBe('button');
  expect(labelled(s, 'Motion').role).toBe('text');
  expect(s.elements.filter((e) => e.label === 'Reduce Motion')).toHaveLength(1);
});

test('React Native login: fields named by their placeholders, no icon glyphs, the selected tab', () => {
  const s = screenOf('015-wdiodemoapp-login.xml');
  expect(labelled(s, 'Email')).toMatchObject({ role: 'input', resourceId: 'input-email' });
  expect(labelled(s, 'Email').value).toBeUndefined();
  expect(labelled(s, 'Password').states).toEqual(['password']);
  expect(labelled(s, 'LOGIN').role).toBe('button');
  expect(s.elements.filter((e) => e.states.includes('selected')).map((e) => e.label)).toEqual(['Login']);
  expect(s.elements.filter((e) => e.role === 'tab').map((e) => e.label)).toEqual(['Home', 'Webview', 'Login', 'Forms', 'Swipe', 'Drag', 'Menu']);
  expect(s.elements.filter((e) => e.label === '')).toEqual([]);
});

test('React Native forms: the dropdown is a disabled field, the switch is off', () => {
  const s = screenOf('017-wdiodemoapp-forms.xml');
  expect(labelled(s, 'Select an item...')).toMatchObject({ role: 'input', states: ['disabled'] });
  expect(labelled(s, 'switch')).toMatchObject({ role: 'toggle', states: ['unchecked'] });
  expect(labelled(s, 'Type something').role).toBe('input');
  expect(labelled(s, 'Active').role).toBe('button');
});

test('React Native texts repeated on parent and child are read once', () => {
  const s = screenOf('006-myport-rn.json');
  for (const text of ['Scaffold is running.', 'Gateway: https://b2b-edu.finportal.sk/esb', 'Scope: b2b', '!, Open debugger to view warnings.'])
    expect(labelled(s, text).role).toBe('text');
  // The navigation bar's title and the page's heading are two texts on the screen.
  expect(s.elements.filter((e) => e.label === 'MyPort')).toHaveLength(2);
});

test('Safari: the page, the address bar without its invisible mark, the toolbar; no window names', () => {
  const s = screenOf('001-safari.xml');
  expect(labelled(s, 'Address')).toMatchObject({ role: 'input', value: 'the-internet.herokuapp.com, secure' });
  expect(labelled(s, 'Logout').role).toBe('button');
  expect(labelled(s, 'Forward').states).toEqual(['disabled']);
  expect(labelled(s, 'You logged into a secure area!').role).toBe('text');
  expect(screenText(s)).not.toMatch(/SafariWindow|TabDocument|CapsuleNavigationBar|"Toolbar"/);
  expect(lines(s)[0]).toBe('app Safari · screen 1290x2796');
});

test('a table of rows in a navigation bar: the title once, each row once', () => {
  const s = screenOf('002-theapp-home.xml', 'io.cloudgrey.the-app');
  expect(lines(s)[0]).toBe('app io.cloudgrey.the-app · screen 1125x2436');
  expect(labelled(s, 'The App').role).toBe('text');
  for (const row of ['Echo Box', 'Login Screen', 'Picker Demo']) expect(labelled(s, row).bounds.left).toBe(0);
});

test('an alert inside the app’s own window (older iOS) is still a dialog over the app, which it hides', () => {
  const xml = iosFixture('008-mobiumapp-app-alert.xml').xml.replace(/visible="false"/g, 'visible="true"');
  const start = xml.indexOf('<XCUIElementTypeAlert');
  const end = xml.indexOf('</XCUIElementTypeAlert>') + '</XCUIElementTypeAlert>'.length;
  const without = xml.slice(0, start) + xml.slice(end);
  const close = without.indexOf('</XCUIElementTypeWindow>');
  const s = observeXml(without.slice(0, close) + xml.slice(start, end) + without.slice(close), { scale: 3 }).screen;
  expect(s.windows.map((w) => `${w.kind} ${w.package} ${w.hiddenElements}`)).toEqual(['dialog dev.mobium.mobiumapp 0', 'app dev.mobium.mobiumapp 5']);
  expect(lines(s)[0]).toBe('app dev.mobium.mobiumapp · screen 1206x2622');
  expect(s.elements.filter((e) => e.role === 'button').map((e) => e.label)).toEqual(['Cancel', 'Delete']);
});

test('iOS classes take their roles: tab bar buttons are tabs, table cells items, images, spinners, switches', () => {
  const e = (type: string, attrs: string, children = '') =>
    `<XCUIElementType${type} type="XCUIElementType${type}" enabled="true" visible="true" accessible="true" ${attrs}${children ? `>${children}</XCUIElementType${type}>` : '/>'}`;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    e(
      'Application',
      'name="Shop" label="Shop" x="0" y="0" width="393" height="852"',
      e(
        'Window',
        'x="0" y="0" width="393" height="852"',
        e('Image', 'name="logo" label="Shop logo" x="10" y="60" width="40" height="40"') +
          e('ActivityIndicator', 'name="In progress" label="In progress" x="180" y="60" width="20" height="20"') +
          e(
            'Table',
            'x="0" y="110" width="393" height="500"',
            e('Cell', 'x="0" y="110" width="393" height="50"', e('StaticText', 'name="Shoes" label="Shoes" x="16" y="120" width="100" height="20"')) +
              e('Cell', 'x="0" y="160" width="393" height="50"', e('StaticText', 'name="Hats" label="Hats" x="16" y="170" width="100" height="20"')),
          ) +
          e('Switch', 'name="Dark mode" label="Dark mode" value="1" x="0" y="620" width="393" height="44"') +
          e(
            'TabBar',
            'name="Tab Bar" x="0" y="769" width="393" height="83"',
            e('Button', 'name="Home" label="Home" traits="Button, Selected" x="0" y="769" width="131" height="49"') +
              e('Button', 'name="Cart" label="Cart" x="131" y="769" width="131" height="49"') +
              e('Button', 'name="Profile" label="Profile" x="262" y="769" width="131" height="49"'),
          ),
      ),
    );
  const s = observeXml(xml, { scale: 3, app: 'com.example.shop' }).screen;
  const role = (label: string) => s.elements.find((x) => x.label === label);
  expect(role('Shop logo')?.role).toBe('image');
  expect(role('In progress')?.role).toBe('progress');
  expect(role('Shoes')?.role).toBe('item');
  expect(role('Hats')?.role).toBe('item');
  expect(role('Dark mode')).toMatchObject({ role: 'toggle', states: ['checked'] });
  expect(s.elements.filter((x) => x.role === 'tab').map((x) => `${x.label} ${x.states.join(' ')}`.trim())).toEqual(['Home selected', 'Cart', 'Profile']);
  expect(lines(s)[0]).toBe('app com.example.shop · screen 1179x2556');
});

test('an app whose content fills a small part of its only window is the app, not a dialog', () => {
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" enabled="true" visible="true" x="0" y="0" width="393" height="852">',
    '<XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="393" height="852">',
    '<XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" x="0" y="0" width="393" height="852">',
    '<XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Welcome back" name="title" label="Welcome back" enabled="true" visible="true" x="99" y="206" width="195" height="33"/>',
    '<XCUIElementTypeTextField type="XCUIElementTypeTextField" value="Email" name="email" label="" placeholderValue="Email" enabled="true" visible="true" x="24" y="290" width="345" height="56"/>',
    '</XCUIElementTypeOther></XCUIElementTypeWindow></XCUIElementTypeApplication>',
  ].join('');
  const screen = buildScreen(parseHierarchy({ format: 'wda-xml', xml, scale: 3, app: 'com.example.shop' }, { source: 'login' }));
  expect(screen.windows.map((w) => w.kind)).toEqual(['app']);
  expect(lines(screen)[1]).toBe('e1 text "Welcome back"');
});

test('a cell with an identifier and no label reads by its texts, its picture by nothing; a labelled cell keeps its label', () => {
  const e = (type: string, attrs: string, children = '') =>
    `<XCUIElementType${type} type="XCUIElementType${type}" enabled="true" visible="true" ${attrs}${children ? `>${children}</XCUIElementType${type}>` : '/>'}`;
  const text = (name: string, label: string, y: number) =>
    e('StaticText', `value="${label}" name="${name}" label="${label}" accessible="true" x="72" y="${y}" width="300" height="20"`);
  // As WDA writes a UITableViewCell whose accessibilityIdentifier is set: `name` is the identifier and there is no `label`.
  const row = (y: number, name: string, last: string) =>
    e(
      'Cell',
      `name="conversation" accessible="false" x="0" y="${y}" width="393" height="72"`,
      e('Image', `name="avatar" accessible="true" x="16" y="${y + 16}" width="40" height="40"`) +
        text('conversation_name', name, y + 14) +
        text('last_message', last, y + 38),
    );
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    e(
      'Application',
      'name="Chat" label="Chat" x="0" y="0" width="393" height="852"',
      e(
        'Window',
        'x="0" y="0" width="393" height="852"',
        e(
          'Table',
          'name="conversations" x="0" y="100" width="393" height="600"',
          row(100, 'alice', 'hi bob') +
            row(172, 'carol', 'No messages yet') +
            e('Cell', 'name="help" label="Help and feedback" accessible="true" x="0" y="244" width="393" height="72"', text('help_title', 'Help', 258)),
        ),
      ),
    );
  const s = observeXml(xml, { scale: 3, app: 'com.example.chat' }).screen;
  expect(s.elements.filter((x) => x.role === 'item').map((x) => x.label)).toEqual(['alice hi bob', 'carol No messages yet', 'Help and feedback']);
  expect(s.elements.find((x) => x.label === 'alice hi bob')?.resourceId).toBe('conversation');
  expect(screenText(s)).not.toMatch(/"conversation"|avatar/);
});
