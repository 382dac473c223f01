// `mobiletest mcp --device sim --app com.example.shop`, read side: every kind of `query` and look's
// automatic screenshot, as an MCP client (the SDK's Client over stdio) sees them. One server process,
// the steps in order: each test goes on from the screen the one before left.
import { expect, test } from '@playwright/test';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SaxesParser } from 'saxes';
import sharp from 'sharp';
import { VISION_WIDTH } from '../../src/observe/index.js';
import { MAX_DUMP_CHARS } from '../../src/mcp/query.js';
import { MAX_QUERY_LINES } from '../../src/mcp/tools.js';
import { createPhone } from '../../src/sim/phone.js';
import { shopApp } from '../../src/sim/apps/shop/index.js';
import { startMcpServer, type McpServerUnderTest } from '../testing/mcp-client.js';

const SHOP = 'com.example.shop';
const LAUNCHER = 'com.google.android.apps.nexuslauncher';
const PASSWORD = 'pass123';
/** Typed with secret: true into a field that shows its text (not a password field). */
const SEARCH_SECRET = 'opensesame-42';
/** Far above any answer about one step, far below the 200 000 characters typed in the last test. */
const ANSWER_BOUND = 20_000;

test.describe.configure({ mode: 'serial' });

let server: McpServerUnderTest;
/** The serial the server drives: every answer must name it. */
let device: string;

test.beforeAll(async () => {
  server = await startMcpServer(['--device', 'sim', '--app', SHOP]);
  const listed = JSON.parse(await textOf('devices')) as { selected: string };
  device = listed.selected;
});

test.afterAll(async () => {
  await server?.close();
});

async function callTool(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  // The whole result: look's images are in its content after the text.
  return (await server.client.callTool({ name, arguments: args })) as CallToolResult;
}

function firstText(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

async function textOf(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await callTool(name, args);
  expect(result.isError, firstText(result)).toBeFalsy();
  return firstText(result);
}

/** A query answer; it must name the device and the kind asked. */
async function query<T = Record<string, unknown>>(kind: string, extra: Record<string, unknown> = {}): Promise<T> {
  const answer = JSON.parse(await textOf('query', { kind, ...extra })) as Record<string, unknown>;
  expect(answer).toMatchObject({ device, kind });
  return answer as T;
}

/** A `do` answer with status OK; it must name the device. */
async function act(name: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const answer = JSON.parse(await textOf('do', { name, params })) as Record<string, unknown>;
  expect(answer.device).toBe(device);
  expect(answer.status, JSON.stringify(answer.failure)).toBe('OK');
  return answer;
}

/** look's text and images; its first line must name the device. */
async function look(args: Record<string, unknown> = {}): Promise<{ text: string; images: Buffer[] }> {
  const result = await callTool('look', args);
  expect(result.isError, firstText(result)).toBeFalsy();
  const text = firstText(result);
  expect(text.split('\n')[0]).toBe(`device ${device}`);
  const images = result.content.flatMap((c) => (c.type === 'image' ? [Buffer.from(c.data, 'base64')] : []));
  return { text, images };
}

interface DumpNode {
  text: string;
  desc: string;
  resourceId: string;
  package: string;
  bounds: [number, number, number, number];
}

/** Every <node> of a uiautomator dump; saxes throws on XML that is not well formed. */
function parseDump(xml: string): { root: string; nodes: DumpNode[] } {
  const parser = new SaxesParser();
  const nodes: DumpNode[] = [];
  let root = '';
  parser.on('opentag', (tag) => {
    if (!root) root = tag.name;
    if (tag.name !== 'node') return;
    const a = tag.attributes as Record<string, string>;
    const b = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(a.bounds ?? '');
    expect(b, `bounds ${a.bounds}`).not.toBeNull();
    nodes.push({
      text: a.text ?? '',
      desc: a['content-desc'] ?? '',
      resourceId: a['resource-id'] ?? '',
      package: a.package ?? '',
      bounds: [Number(b![1]), Number(b![2]), Number(b![3]), Number(b![4])],
    });
  });
  parser.write(xml).close();
  return { root, nodes };
}

test('devices and look name the device the server drives', async () => {
  expect(device).toMatch(/^127\.0\.0\.1:\d+$/);
  const listed = JSON.parse(await textOf('devices')) as { devices: Array<{ serial: string; selected: boolean }>; selected: string };
  expect(listed.devices.filter((d) => d.selected).map((d) => d.serial)).toEqual([device]);
  // --app brought Shop up when the server took the phone; it asks for notifications at once.
  const { text } = await look();
  expect(text).toContain('dialog "Allow Shop to send you notifications?"');
});

test("query app_state: the launcher in front once Shop is stopped, Shop's sign-in activity after it is launched", async () => {
  await act('stop_app');
  const before = await query('app_state');
  expect(before).toMatchObject({ foreground_app: LAUNCHER, app_under_test: SHOP, app_in_front: false });
  expect(before.activity).toMatch(/NexusLauncherActivity$/);

  const launched = await act('launch_app', { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] });
  expect(launched.activity_changed).toMatchObject({ to: expect.stringContaining(SHOP) });
  const after = await query('app_state');
  expect(after).toMatchObject({ foreground_app: SHOP, app_under_test: SHOP, app_in_front: true });
  expect(after.activity).toMatch(/LoginActivity$/);
  // The installed version, as the phone's package manager reports it for the app under test.
  expect(after.installed_version).toEqual({ app: SHOP, version_name: shopApp.versionName, version_code: shopApp.versionCode });
  // What look says is in front agrees with app_state.
  expect((await look()).text).toContain(`app ${SHOP}/.LoginActivity`);
});

test('query device_info: the model, Android version, API level and screen the virtual phone reports; a screenshot has that shape', async () => {
  // A phone built the way `--device sim` builds its own: what its getprop and `wm size` say.
  const phone = createPhone({ apps: [], frozenAt: Date.UTC(2025, 0, 1) });
  const info = await query<{
    model: string;
    manufacturer: string;
    osVersion: string;
    apiLevel: number;
    platform: string;
    virtual: boolean;
    screen: { width: number; height: number; density: number };
  }>('device_info');
  expect(info).toMatchObject({
    platform: 'android',
    model: phone.props.get('ro.product.model'),
    manufacturer: phone.props.get('ro.product.manufacturer'),
    osVersion: phone.props.get('ro.build.version.release'),
    apiLevel: Number(phone.props.get('ro.build.version.sdk')),
    virtual: true,
    screen: { width: phone.ui.size.width, height: phone.ui.size.height, density: phone.ui.size.density },
  });

  // The screen look measures, and the screenshot the device takes, have the size device_info gives.
  const { text, images } = await look({ screenshot: true });
  expect(text).toContain(`screen ${info.screen.width}x${info.screen.height}`);
  expect(images).toHaveLength(1);
  const png = await sharp(images[0]).metadata();
  expect(png.format).toBe('png');
  expect(png.width).toBe(Math.min(VISION_WIDTH, info.screen.width));
  // The picture shows the screen less its status and navigation bars, and says which part.
  const [, left, top, right, bottom] = /picture \d+x\d+: screen \((\d+),(\d+)\)-\((\d+),(\d+)\)/.exec(text)!.map(Number);
  expect([left, right]).toEqual([0, info.screen.width]);
  expect(top).toBeGreaterThan(0);
  expect(bottom).toBeLessThan(info.screen.height);
  expect(Math.abs(png.height! - Math.round((png.width! * (bottom - top)) / info.screen.width))).toBeLessThanOrEqual(1);
});

test('query ui_dump: the raw uiautomator XML of the sign-in screen, every text look shows in it, within bounds', async () => {
  const { text } = await look();
  const [, width, height] = /· screen (\d+)x(\d+)/.exec(text)!.map(Number);
  const shown = [...text.matchAll(/^\s*e\d+ text "([^"]+)"/gm)].map((m) => m[1]);
  expect(shown).toContain('Welcome back');

  const dump = await query<{ format: string; xml: string; truncated_from?: number }>('ui_dump');
  expect(dump.format).toBe('uiautomator-xml');
  expect(dump.truncated_from).toBeUndefined();
  expect(dump.xml.length).toBeLessThanOrEqual(MAX_DUMP_CHARS);
  const { root, nodes } = parseDump(dump.xml);
  expect(root).toBe('hierarchy');
  for (const label of shown) {
    const node = nodes.find((n) => n.text === label);
    expect(node, `a node with text "${label}"`).toBeDefined();
    expect(node!.package).toBe(SHOP);
    const [left, top, right, bottom] = node!.bounds;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(width);
    expect(bottom).toBeLessThanOrEqual(height);
    expect(right).toBeGreaterThan(left);
    expect(bottom).toBeGreaterThan(top);
  }
});

test('query trace: the last steps oldest first with primitive, status and params; secret text only as its length', async () => {
  await act('input_text', { target: 'Email', text: 'alice@example.com' });
  await act('input_text', { target: 'Password', text: PASSWORD, secret: true });
  // The raw dump holds the typed password nowhere either.
  expect((await query<{ xml: string }>('ui_dump')).xml).not.toContain(PASSWORD);

  const typed = await query<{ steps: Array<Record<string, unknown>> }>('trace', { lines: 2 });
  expect(typed.steps).toHaveLength(2);
  expect(typed.steps[0]).toMatchObject({ primitive: 'input_text', status: 'OK', params: { target: 'Email', text: 'alice@example.com' } });
  expect(typed.steps[1]).toMatchObject({ primitive: 'input_text', status: 'OK', params: { target: 'Password', secret: true, text_length: PASSWORD.length } });
  expect(JSON.stringify(typed)).not.toContain(PASSWORD);

  await act('tap', { target: 'Log in', expected: { visible: 'Hi, Alice' } });
  const missing = JSON.parse(await textOf('do', { name: 'assert_visible', params: { target: 'Hi, Bob', timeout_ms: 300 } })) as Record<string, unknown>;
  expect(missing).toMatchObject({ device, status: 'FAIL' });

  const last = await query<{ steps: Array<Record<string, unknown>> }>('trace', { lines: 2 });
  expect(last.steps.map((s) => [s.primitive, s.status])).toEqual([
    ['tap', 'OK'],
    ['assert_visible', 'FAIL'],
  ]);
  expect(last.steps[0]).toMatchObject({ params: { target: 'Log in', expected: { visible: 'Hi, Alice' } }, screen_changed: true });
  expect(last.steps[1]).toMatchObject({ params: { target: 'Hi, Bob', timeout_ms: 300 }, failure: expect.stringContaining('Hi, Bob') });

  // All of them: this session's steps, numbered in the order they ran (the first, --app's own launch).
  const all = await query<{ steps: Array<{ step: number; primitive: string }> }>('trace', { lines: MAX_QUERY_LINES });
  expect(all.steps.map((s) => s.primitive)).toEqual(['launch_app', 'stop_app', 'launch_app', 'input_text', 'input_text', 'tap', 'assert_visible']);
  expect(all.steps.map((s) => s.step)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(JSON.stringify(all)).not.toContain(PASSWORD);
});

test('query with a bad `lines` is a tool error naming the field and the range, and the server goes on', async () => {
  for (const lines of [0, MAX_QUERY_LINES + 1, 'x', 2.5]) {
    const result = await callTool('query', { kind: 'trace', lines });
    expect(result.isError, `lines ${JSON.stringify(lines)}`).toBe(true);
    expect(firstText(result)).toContain('field `lines` in query');
    expect(firstText(result)).toContain(`from 1 to ${MAX_QUERY_LINES}`);
    expect(firstText(result)).toContain(`got ${JSON.stringify(lines)}`);
  }
  expect((await query<{ steps: unknown[] }>('trace', { lines: 1 })).steps).toHaveLength(1);
});

test("query logcat with lines: 3 gives Shop's last three lines and says how many were left out", async () => {
  const all = await query<{ app: string; lines: string[]; omitted?: number }>('logcat', { lines: MAX_QUERY_LINES });
  expect(all.app).toBe(SHOP);
  const total = all.lines.length + (all.omitted ?? 0);
  expect(total).toBeGreaterThan(3);
  expect(all.lines.join('\n')).toContain('Signed in as alice@example.com');

  const three = await query<{ lines: string[]; omitted?: number }>('logcat', { lines: 3 });
  expect(three.lines).toEqual(all.lines.slice(-3));
  expect(three.omitted).toBe(total - 3);
});

test('look adds an annotated screenshot by itself on a screen with almost no text (a full-screen photo); screenshot: false leaves it out', async () => {
  await act('open_link', { url: 'shop://product/50', expected: { visible: 'Smart Glasses' } });
  const details = await look();
  // Plenty of text on the product page: no image.
  expect(details.text).not.toContain('picture ');
  expect(details.images).toHaveLength(0);

  // The picture is pressable (an item of the page's scrolling list): tapping its ref opens the photo viewer.
  const picture = /^\s*(e\d+) (?:button|item) "Smart Glasses"/m.exec(details.text);
  expect(picture, details.text).not.toBeNull();
  const opened = await act('tap', { target: picture![1] });
  expect(opened.screen_changed).toBe(true);

  const photo = await look();
  expect(photo.text).toMatch(/picture 720x\d+: screen/);
  expect(photo.text).toMatch(/e\d+ button "Close"/);
  expect(photo.images).toHaveLength(1);
  const { data, info } = await sharp(photo.images[0]).raw().toBuffer({ resolveWithObject: true });
  expect((await sharp(photo.images[0]).metadata()).format).toBe('png');
  expect(info.width).toBe(VISION_WIDTH);
  let black = 0;
  let marked = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i] < 16 && data[i + 1] < 16 && data[i + 2] < 16) black++;
    // The boxes around the picture and the close button, in the mark colour (#e8336b).
    if (Math.abs(data[i] - 0xe8) < 24 && Math.abs(data[i + 1] - 0x33) < 24 && Math.abs(data[i + 2] - 0x6b) < 24) marked++;
  }
  const pixels = info.width * info.height;
  // It is this screen: the viewer's black background fills most of it.
  expect(black / pixels).toBeGreaterThan(0.4);
  expect(marked).toBeGreaterThan(500);

  const without = await look({ screenshot: false });
  expect(without.images).toHaveLength(0);
  // The same screen, less the line that says how the picture maps to it.
  expect(without.text).toBe(photo.text.replace(/\npicture .*$/, ''));

  await act('tap', { target: 'Close', expected: { visible: 'Add to cart' } });
});

test("look's screenshot paints over a secret typed into a field that shows its text; the text and the dump mask it", async () => {
  await act('press_key', { key: 'back' });
  await act('tap', { target: 'Search' });
  await act('input_text', { target: 'Search products', text: SEARCH_SECRET, secret: true });

  const { text, images } = await look({ screenshot: true });
  expect(text).not.toContain(SEARCH_SECRET);
  const dump = await query<{ xml: string }>('ui_dump');
  expect(dump.xml).not.toContain(SEARCH_SECRET);
  const field = parseDump(dump.xml).nodes.find((n) => n.resourceId.endsWith(':id/search_src_text'));
  expect(field, 'the search field in the dump').toBeDefined();

  // Inside the field (its box scaled to the image, the ref tag's corner and the outline left out) the
  // pixels are the mask's dark grey, not the white field with the typed text on it.
  const { data, info } = await sharp(images[0]).raw().toBuffer({ resolveWithObject: true });
  // The picture shows the screen from `shownTop` down (the status bar cropped), scaled to its width.
  const [, shownLeft, shownTop, shownRight] = /picture \d+x\d+: screen \((\d+),(\d+)\)-\((\d+),(\d+)\)/.exec(text)!.map(Number);
  const scale = info.width / (shownRight - shownLeft);
  const [left, top, right, bottom] = field!.bounds.map((v, i) => Math.round((v - (i % 2 === 0 ? shownLeft : shownTop)) * scale));
  let inside = 0;
  let masked = 0;
  for (let y = top + 4; y < bottom - 4; y++) {
    for (let x = left + 40; x < right - 4; x++) {
      const i = (y * info.width + x) * info.channels;
      inside++;
      if (Math.abs(data[i] - 32) < 10 && Math.abs(data[i + 1] - 33) < 10 && Math.abs(data[i + 2] - 36) < 10) masked++;
    }
  }
  expect(inside).toBeGreaterThan(1000);
  expect(masked / inside).toBeGreaterThan(0.9);
});

test('a very long typed text: ui_dump is cut at MAX_DUMP_CHARS saying how long the dump was; do and trace answers stay bounded', async () => {
  test.slow();
  // The search field holding more text than the bound: the dump carries it in the node's text.
  const long = 'a'.repeat(MAX_DUMP_CHARS + 1000);
  // By id: the field holds the secret now, not its hint.
  const typed = await callTool('do', { name: 'input_text', params: { target: { id: 'search_src_text' }, text: long } });
  // Whatever the read-back concludes, the answer is a short report, not the text sent back.
  const report = firstText(typed);
  expect(typed.isError).toBeFalsy();
  expect(report.length, report.slice(0, 500)).toBeLessThan(ANSWER_BOUND);
  expect((JSON.parse(report) as { device: string }).device).toBe(device);

  const dump = await query<{ format: string; xml: string; truncated_from?: number }>('ui_dump');
  expect(dump.format).toBe('uiautomator-xml');
  expect(dump.xml.length).toBe(MAX_DUMP_CHARS);
  expect(dump.truncated_from).toBeGreaterThan(MAX_DUMP_CHARS + 1000);
  expect(dump.xml).toMatch(/^(<\?xml|<hierarchy)/);
  expect(dump.xml).toContain('a'.repeat(1000));

  const trace = await callTool('query', { kind: 'trace', lines: 1 });
  const steps = firstText(trace);
  expect(steps.length, steps.slice(0, 500)).toBeLessThan(ANSWER_BOUND);
  const [step] = (JSON.parse(steps) as { steps: Array<{ primitive: string; params: { text: string } }> }).steps;
  expect(step.primitive).toBe('input_text');
  // The text is shown cut, saying how much was left out.
  expect(step.params.text).toMatch(/^a+… \(\d+ more characters\)$/);
});
