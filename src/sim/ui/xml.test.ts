import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { createPhone } from '../phone.js';
import type { AppDefinition, Widget } from '../types.js';
import { findNode, parseDump } from '../testing/dump-query.js';
import { escape } from './xml.js';

const FIXTURES = new URL('../../../../shared/fixtures/android/', import.meta.url);
const FROZEN_AT = Date.UTC(2025, 5, 1, 12, 0, 0);

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

function labelApp(children: Widget[]): AppDefinition {
  return {
    package: 'com.example.labels',
    label: 'Labels',
    versionName: '1.0',
    versionCode: 1,
    launchActivity: '.MainActivity',
    activities: ['.MainActivity'],
    permissions: [],
    start: () => ({ view: () => ({ activity: '.MainActivity', root: { cls: 'android.widget.LinearLayout', height: 'fill', children } }), back: () => false }),
  };
}

function dumpOf(children: Widget[]): string {
  const phone = createPhone({ apps: [labelApp(children)], frozenAt: FROZEN_AT });
  expect(phone.ui.launch('com.example.labels').ok).toBe(true);
  return phone.ui.dumpXml();
}

const ATTRIBUTES = [
  'index',
  'text',
  'resource-id',
  'class',
  'package',
  'content-desc',
  'checkable',
  'checked',
  'clickable',
  'enabled',
  'focusable',
  'focused',
  'scrollable',
  'long-clickable',
  'password',
  'selected',
  'bounds',
];

test('a dump has the header, attribute order, bounds syntax and one-line layout of a real device dump', () => {
  const real = fixture('wework-chat-input.xml');
  const ours = dumpOf([{ cls: 'android.widget.TextView', id: 'hello', text: 'Hello' }]);
  const header = (xml: string): string => xml.slice(0, xml.indexOf('<node'));
  expect(header(ours)).toBe(header(real));
  const names = (xml: string): string[] => [...(/<node ([^>]*?)\/?>/.exec(xml)?.[1] ?? '').matchAll(/([\w-]+)="/g)].map((m) => m[1] ?? '');
  expect(names(real)).toEqual(ATTRIBUTES);
  for (const node of parseDump(ours)) expect(Object.keys(node.attrs)).toEqual(ATTRIBUTES);
  expect(ours).not.toContain('\n');
  expect(ours.endsWith('</node></hierarchy>')).toBe(true);
  expect(real.endsWith('</node></hierarchy>')).toBe(true);
  expect(ours).toMatch(/bounds="\[\d+,\d+\]\[\d+,\d+\]" \/>/);
  expect(real).toMatch(/bounds="\[\d+,\d+\]\[\d+,\d+\]" \/>/);
});

test('an Activity window is DecorView > LinearLayout > android:id/content, with the bar backgrounds, as on a phone', () => {
  const xml = dumpOf([{ cls: 'android.widget.TextView', id: 'hello', text: 'Hello' }]);
  const nodes = parseDump(xml);
  const shape = nodes.slice(0, 5).map((n) => `${n.depth}:${n.cls}:${n.id}`);
  expect(shape).toEqual([
    '0:android.widget.FrameLayout:',
    '1:android.widget.LinearLayout:',
    '2:android.widget.FrameLayout:android:id/content',
    '3:android.widget.LinearLayout:',
    '4:android.widget.TextView:com.example.labels:id/hello',
  ]);
  expect(nodes[0]?.attrs.bounds).toBe('[0,0][1080,2400]');
  expect(nodes.map((n) => n.id)).toEqual(expect.arrayContaining(['android:id/statusBarBackground', 'android:id/navigationBarBackground']));
  // 24 dp status bar at 420 dpi; the gesture bar's 24 dp at the bottom.
  expect(findNode(xml, { id: 'android:id/content' }).attrs.bounds).toBe('[0,63][1080,2337]');
});

test('text is escaped as KXmlSerializer does: markup, quotes, line breaks, emoji; other Unicode stays UTF-8', () => {
  expect(escape('Fish & "Chips" <hot> it\'s')).toBe("Fish &amp; &quot;Chips&quot; &lt;hot&gt; it's");
  expect(escape('line one\nline two\ttab')).toBe('line one&#10;line two&#9;tab');
  expect(escape('Hot 🔥 deal')).toBe('Hot &#128293; deal');
  expect(escape('简单例子 café')).toBe('简单例子 café');
  expect(escape('bell\u0007')).toBe('bell.');
  // The same forms the real dumps carry.
  expect(fixture('wework-confirm.xml')).toContain('&#128293;');
  expect(fixture('compose-chat-latex.xml')).toContain('&#10;');
  expect(fixture('tiktok-feed.xml')).toContain('&amp;');
});

test('an empty EditText dumps its hint; a password field dumps dots for what was typed', () => {
  const xml = dumpOf([
    { cls: 'android.widget.EditText', id: 'email', hint: 'Email', text: '' },
    { cls: 'android.widget.EditText', id: 'password', hint: 'Password', text: 'hunter22', password: true },
    { cls: 'android.widget.TextView', id: 'note', text: 'Tom & Jerry "quoted"' },
  ]);
  expect(findNode(xml, { id: 'email' }).text).toBe('Email');
  const password = findNode(xml, { id: 'password' });
  expect(password.text).toBe('••••••••');
  expect(password.attrs.password).toBe('true');
  expect(xml).toContain('text="Tom &amp; Jerry &quot;quoted&quot;"');
});

test('flags follow the widget class: EditText clickable, focusable and long-clickable; Switch checkable; disabled Button', () => {
  const xml = dumpOf([
    { cls: 'android.widget.EditText', id: 'field', hint: 'Name' },
    { cls: 'android.widget.Switch', id: 'toggle', text: 'Wi-Fi', checked: true },
    { cls: 'android.widget.Button', id: 'go', text: 'Go', enabled: false },
    { cls: 'android.widget.TextView', id: 'plain', text: 'Plain' },
  ]);
  const field = findNode(xml, { id: 'field' }).attrs;
  expect([field.clickable, field.focusable, field['long-clickable']]).toEqual(['true', 'true', 'true']);
  const toggle = findNode(xml, { id: 'toggle' }).attrs;
  expect([toggle.checkable, toggle.checked, toggle.clickable]).toEqual(['true', 'true', 'true']);
  const go = findNode(xml, { id: 'go' }).attrs;
  expect([go.enabled, go.clickable]).toEqual(['false', 'true']);
  const plain = findNode(xml, { id: 'plain' }).attrs;
  expect([plain.clickable, plain.focusable, plain.checkable]).toEqual(['false', 'false', 'false']);
});

test('an id that names a package is dumped as it is; widgets that are gone are not dumped and leave no index gap', () => {
  const xml = dumpOf([
    { cls: 'android.widget.TextView', id: 'android:id/title', text: 'Title' },
    { cls: 'android.widget.TextView', id: 'hidden', text: 'Hidden', visible: false },
    { cls: 'android.widget.TextView', id: 'after', text: 'After' },
  ]);
  expect(findNode(xml, { text: 'Title' }).id).toBe('android:id/title');
  expect(xml).not.toContain('Hidden');
  expect(findNode(xml, { id: 'after' }).attrs.index).toBe('1');
});

test('a plain dump is the active window alone; --windows lists every window topmost first, each with its hierarchy', () => {
  const phone = createPhone({ apps: [labelApp([{ cls: 'android.widget.EditText', id: 'field', hint: 'Type here' }])], frozenAt: FROZEN_AT });
  phone.ui.launch('com.example.labels');
  const field = findNode(phone.ui.dumpXml(), { id: 'field' });
  phone.ui.tap(field.center.x, field.center.y);
  expect(phone.ui.keyboardShown()).toBe(true);
  expect(
    parseDump(phone.ui.dumpXml())
      .filter((n) => n.depth === 0)
      .map((n) => n.package),
  ).toEqual(['com.example.labels']);
  const all = phone.ui.dumpWindowsXml();
  expect(
    all.startsWith(
      `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><displays><display id="0"><window index="0" title="Status bar" bounds="[0,0][1080,`,
    ),
  ).toBe(true);
  const windows = [
    ...all.matchAll(
      /<window index="(\d+)" title="([^"]*)" bounds="[^"]*" active="(\w+)" focused="\w+" accessibility-focused="false" id="\d+" layer="(\d+)" type="(\w+)"><hierarchy rotation="0"><node index="0" [^>]*package="([^"]*)"/g,
    ),
  ].map((m) => `${m[1]} ${m[2]} ${m[5]} active=${m[3]} ${m[6]} layer=${m[4]}`);
  expect(windows).toEqual([
    '0 Status bar TYPE_SYSTEM active=false com.android.systemui layer=4',
    '1 Navigation bar TYPE_SYSTEM active=false com.android.systemui layer=3',
    '2 Gboard TYPE_INPUT_METHOD active=false com.google.android.inputmethod.latin layer=2',
    '3 Labels TYPE_APPLICATION active=true com.example.labels layer=1',
  ]);
  expect(all.endsWith('</hierarchy></window></display></displays>')).toBe(true);
});
