import { test, expect } from '@playwright/test';
import { HierarchyParseError, parseUiautomatorXml, MAX_DEPTH, type UiNode } from './index.js';
import { fixture, fixtureNames } from './testing/fixtures.js';

const HEAD = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">`;
const node = (attrs: string, children = '') =>
  `<node index="0" class="android.widget.TextView" package="com.example" bounds="[0,0][100,100]" ${attrs}${children ? `>${children}</node>` : ' />'}`;

function parseError(xml: string, source?: string): HierarchyParseError {
  try {
    parseUiautomatorXml(xml, { source });
  } catch (error) {
    if (error instanceof HierarchyParseError) return error;
    throw error;
  }
  throw new Error('the dump parsed without an error');
}

function count(n: UiNode): number {
  return 1 + n.children.reduce((sum, c) => sum + count(c), 0);
}

test('every real dump parses into windows holding exactly the nodes SOURCES.tsv counts', () => {
  for (const name of fixtureNames()) {
    const f = fixture(name);
    const h = parseUiautomatorXml(f.xml, { source: name });
    expect(h.nodeCount, name).toBe(f.nodes);
    expect(
      h.windows.reduce((sum, w) => sum + count(w.root), 0),
      name,
    ).toBe(f.nodes);
    expect(h.skippedNodes).toBe(0);
  }
  const tiktok = parseUiautomatorXml(fixture('tiktok-feed.xml').xml);
  expect(tiktok.windows.map((w) => w.package)).toEqual(['com.android.systemui', 'com.android.systemui', 'com.zhiliaoapp.musically']);
  expect(tiktok.windows[2].root.children[0].flags.scrollable).toBe(true);
});

test('the fast path and the strict parser read every real dump the same', () => {
  for (const name of fixtureNames()) {
    const xml = fixture(name).xml;
    expect(parseUiautomatorXml(xml), name).toEqual(parseUiautomatorXml(xml, { strict: true }));
  }
});

test('attributes become typed fields: flags, bounds, entities, and what the platform hid', () => {
  const xml = `${HEAD}${node('text="Network &amp; internet" resource-id="com.example:id/title" content-desc="a&#10;b &quot;c&quot;" clickable="true" checkable="true" checked="true" enabled="false" password="true" visible-to-user="false" hint="Type here"', node('text="line&#x41;\tone\ntwo"').replace('android.widget.TextView', 'android.widget.EditText').replace('[0,0][100,100]', '[-5,10][0,20]'))}</hierarchy>`;
  for (const strict of [false, true]) {
    const root = parseUiautomatorXml(xml, { strict }).windows[0].root;
    expect(root.text).toBe('Network & internet');
    expect(root.contentDesc).toBe('a\nb "c"');
    expect(root.resourceId).toBe('com.example:id/title');
    expect(root.hint).toBe('Type here');
    expect(root.flags).toMatchObject({
      clickable: true,
      checkable: true,
      checked: true,
      enabled: false,
      password: true,
      visible: false,
      editable: false,
      longClickable: false,
    });
    const field = root.children[0];
    expect(field.text).toBe('lineA one two');
    expect(field.flags.editable).toBe(true);
    expect(field.bounds).toEqual({ left: -5, top: 10, right: 0, bottom: 20 });
    expect(field.depth).toBe(1);
  }
});

test('the line `uiautomator dump /dev/tty` prints after the XML is not an error', () => {
  const h = parseUiautomatorXml(`${HEAD}${node('text="x"')}</hierarchy>UI hierchary dumped to: /dev/tty\n`);
  expect(h.windows).toHaveLength(1);
});

test('an empty dump, a busy device and a file that is not a dump say so', () => {
  expect(parseError('', 'screen.xml').message).toBe(
    'screen.xml: the dump is empty (no XML at all). Capture the screen again (adb exec-out uiautomator dump /dev/tty) and check the file was saved whole.',
  );
  expect(parseError('  \n').problem).toBe('the dump is empty (no XML at all)');
  const busy = parseError('ERROR: could not get idle state.\n', 'emulator-5554');
  expect(busy.message).toContain('emulator-5554:1:1: not a uiautomator dump: it starts with "ERROR: could not get idle state."');
  expect(busy.message).toContain('disable animations');
  expect(parseError(`<?xml version='1.0' ?><AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>`).problem).toBe(
    'the root element is <AppiumAUT>, expected <hierarchy> (a uiautomator dump)',
  );
});

test('a truncated dump names where it ends and how much was left open', () => {
  const xml = fixture('wework-customers.xml').xml;
  const error = parseError(xml.slice(0, 20_000), 'customers.xml');
  expect(error.problem).toMatch(/^the dump is truncated: it ends in the middle of a tag inside <node> \(\d+ nodes left open\)$/);
  expect(error.position).toEqual({ line: 1, column: 20_001, offset: 20_000 });
  expect(error.message).toMatch(/^customers\.xml:1:20001: the dump is truncated/);
  expect(parseError(`${HEAD}`).problem).toBe('the dump is truncated: it ends inside <hierarchy>');
  expect(parseError(`${HEAD}${node('')}<node text="Wi`).problem).toBe('the dump is truncated: it ends in the middle of a tag inside <hierarchy>');
  expect(parseError(`${HEAD}<node bounds="[0,0][1,1]"><node bounds="[0,0][1,1]">`).problem).toBe(
    'the dump is truncated: it ends inside <node> (2 nodes left open)',
  );
});

test('malformed XML is reported at its line and column', () => {
  const unquoted = parseError(`${HEAD}\n<node a=1/></hierarchy>`);
  expect(unquoted.problem).toContain('unquoted attribute value');
  expect(unquoted.position?.line).toBe(2);
  const mismatched = parseError(`${HEAD}\n  ${node('text="a"', '<node bounds="[0,0][1,1]">')}</hierarchy>`);
  expect(mismatched.position?.line).toBe(2);
  expect(mismatched.problem).toMatch(/unexpected close tag|unclosed tag/);
  const badBounds = parseError(`${HEAD}\n${node('').replace('[0,0][100,100]', '0,0,100,100')}</hierarchy>`);
  expect(badBounds.problem).toBe('bounds="0,0,100,100" is not of the form [left,top][right,bounds]'.replace('bounds]', 'bottom]'));
  expect(badBounds.position?.line).toBe(2);
  expect(parseError(`${HEAD}<node text="a &bogus; b" bounds="[0,0][1,1]"/></hierarchy>`).problem).toMatch(/entity/i);
  expect(parseError(`${HEAD}<node text="a" bounds="[0,0][1,1]" text="b"/></hierarchy>`).problem).toBe('duplicate attribute: text');
  expect(parseError(`${HEAD}<node x-new="a" bounds="[0,0][1,1]" x-new="b"/></hierarchy>`).problem).toBe('duplicate attribute: x-new');
});

test('nesting deeper than real UI is cut, counted, and does not overflow the stack', () => {
  const depth = 5000;
  const xml = `${HEAD}${'<node class="a" bounds="[0,0][10,10]">'.repeat(depth)}${'</node>'.repeat(depth)}</hierarchy>`;
  const h = parseUiautomatorXml(xml);
  expect(h.nodeCount).toBe(depth);
  expect(h.skippedNodes).toBe(depth - MAX_DEPTH - 1);
});
