import { test, expect } from '@playwright/test';
import { buildScreen, parseUiautomatorXml, screenJson, screenText, type Screen, type ScreenElement } from './index.js';
import { fixture } from './testing/fixtures.js';

function screenOf(name: string): Screen {
  return buildScreen(parseUiautomatorXml(fixture(name).xml, { source: name }));
}

function labelled(screen: Screen, label: string | RegExp): ScreenElement {
  const found = screen.elements.filter((e) => (typeof label === 'string' ? e.label === label : label.test(e.label)));
  expect(found, `${String(label)} in\n${screenText(screen)}`).toHaveLength(1);
  return found[0];
}

function labels(screen: Screen): string[] {
  return screen.elements.map((e) => e.label);
}

test('TikTok feed: labelled controls, the comment field, the system bar; no status-bar clock', () => {
  const s = screenOf('tiktok-feed.xml');
  expect(labelled(s, 'Like video. 110 likes').role).toBe('button');
  expect(labelled(s, 'Add comment...').role).toBe('input');
  // A clickable name beside its plain "22m ago" text is one control with both words.
  expect(labelled(s, 'Dark Knight · 22m ago').role).toBe('button');
  const back = labelled(s, 'Back');
  expect(s.windows[back.window].kind).toBe('system');
  expect(labels(s)).not.toContain('1:21');
  expect(labels(s).join('\n')).not.toMatch(/Battery|Wifi signal/);
  expect(screenText(s)).toContain('system bar:\n  e23 button "Back"');
});

test('trading app: a stock row is one element carrying every column; tabs know which is selected', () => {
  const s = screenOf('ths-trading-multiwindow.xml');
  const row = labelled(s, /^华懋科技 /);
  expect(row.label).toBe('华懋科技 19,376.00 -157.20 -0.810% 400 0 48.834 48.440 -157.20 -0.810%');
  expect(row.bounds).toEqual({ left: 0, top: 758, right: 720, bottom: 868 });
  const tabs = s.elements.filter((e) => e.role === 'tab');
  expect(tabs.map((t) => t.label)).toEqual(['首页', '行情', '自选', '交易', '资讯']);
  expect(tabs.filter((t) => t.states.includes('selected')).map((t) => t.label)).toEqual(['交易']);
  // Icon-only buttons stay, placed and named by their resource id.
  expect(screenText(s)).toMatch(/^e\d+ button #refresh_img at 664,96$/m);
});

test('a page pushed over another in the same window hides the one beneath', () => {
  const s = screenOf('wework-confirm.xml');
  expect(labels(s)).toContain('根据标签筛选');
  expect(labels(s)).not.toContain('我的客户');
  expect(labels(s)).not.toContain('企业通讯录');
  expect(labelled(s, '确定(1)').role).toBe('button');
});

test('a clickable wrapper around an icon and a clickable label is one control', () => {
  const s = screenOf('wework-chat-input.xml');
  const card = labelled(s, '企业名片');
  expect(card.role).toBe('button');
  // The unlabelled icons inside it are not listed on their own.
  const inside = s.elements.filter((e) => e !== card && e.bounds.left >= 20 && e.bounds.right <= 200 && e.bounds.top >= 1429 && e.bounds.bottom <= 1489);
  expect(inside).toEqual([]);
  const field = s.elements.find((e) => e.role === 'input');
  expect(field?.states).toContain('focused');
});

test('an avatar in a clickable member cell is part of the cell; the name carries it', () => {
  const s = screenOf('wework-more-menu.xml');
  const cell = labelled(s, 'Agean ＠微信');
  expect(cell.bounds).toEqual({ left: 170, top: 415, right: 290, bottom: 579 });
  expect(s.elements.filter((e) => e !== cell && e.bounds.left >= 170 && e.bounds.right <= 290 && e.bounds.top >= 415 && e.bounds.bottom <= 579)).toEqual([]);
});

test('list rows keep their own buttons; a scroller wrapped around another adds no line', () => {
  const s = screenOf('google-tasks-tablet.xml');
  const task = labelled(s, 'Task 18');
  expect(task.role).toBe('item');
  const row = s.elements.slice(s.elements.indexOf(task) + 1, s.elements.indexOf(task) + 3);
  expect(row.map((e) => `${e.role} ${e.label}`)).toEqual(['button Add star', 'button Mark as complete']);
  expect(s.elements.filter((e) => e.role === 'list')).toHaveLength(3);
  expect(task.list).toBe(s.elements.find((e) => e.role === 'list' && e.states.includes('scrollable-vertical') && e.ref !== 'e1')?.ref);
});

test('Compose chat: an unlabelled field and a disabled send button are still there to find', () => {
  const s = screenOf('compose-chat-latex.xml');
  const field = s.elements.find((e) => e.role === 'input');
  expect(field?.label).toBe('');
  expect(screenText(s)).toMatch(/^e\d+ input at 592,2641$/m);
  expect(labelled(s, '发送').states).toContain('disabled');
});

test('every real dump reads in a few hundred tokens worth of lines, each line one element', () => {
  for (const name of ['wework-message-list.xml', 'wework-more-menu.xml', 'ths-account-info.xml']) {
    const s = screenOf(name);
    const text = screenText(s);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^app com\.\S+ · screen 720x(1608|1280)$/);
    expect(
      lines.slice(1).every((l) => /^ *e\d+ /.test(l)),
      text,
    ).toBe(true);
    expect(lines.length - 1).toBe(s.elements.length);
  }
});

test('the JSON form has the bounds, roles and states the text form leaves out', () => {
  const s = screenOf('ths-trading-multiwindow.xml');
  const { elements, omitted } = screenJson(s);
  expect(omitted).toBe(0);
  const tab = elements.find((e) => e.label === '交易');
  expect(tab).toEqual({ ref: tab?.ref, role: 'tab', label: '交易', bounds: [424, 1178, 584, 1280], states: ['selected'] });
  const row = elements.find((e) => e.label.startsWith('华懋科技'));
  expect(row?.states).toEqual(['long-clickable']);
  expect(screenText(s)).toContain(`${row?.ref} button "华懋科技`);
  expect(screenText(s)).not.toContain('long-clickable');
});

test('a huge dump is bounded and says how much it left out', () => {
  const rows = Array.from(
    { length: 20_000 },
    (_, i) => `<node class="android.widget.TextView" text="Row ${i}" clickable="true" bounds="[0,${i % 2000}][1080,${(i % 2000) + 1}]" />`,
  ).join('');
  const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">${rows}</node></hierarchy>`;
  const s = buildScreen(parseUiautomatorXml(xml));
  expect(s.elements.length).toBe(20_000);
  const text = screenText(s);
  const lines = text.split('\n');
  expect(lines).toHaveLength(202);
  expect(lines[201]).toBe('… 19800 more elements left out (200 of 20000 shown)');
  expect(screenJson(s, { maxElements: 50 }).omitted).toBe(19_950);
});

test('the lowest window is the app even when bars leave it a small part of the screen; a window over it is a dialog', () => {
  const win = (pkg: string, b: string, label: string) =>
    `<node class="android.widget.FrameLayout" package="${pkg}" bounds="${b}"><node class="android.widget.Button" package="${pkg}" text="${label}" clickable="true" bounds="${b}" /></node>`;
  const xml = (windows: string) => `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${windows}</hierarchy>`;
  const bars = win('com.android.systemui', '[0,0][1080,100]', 'Back') + win('com.android.systemui', '[0,1900][1080,2400]', 'Home');
  const alone = buildScreen(parseUiautomatorXml(xml(`${bars}${win('com.example', '[0,100][1080,1900]', 'Go')}`)));
  expect(alone.windows.map((w) => w.kind)).toEqual(['system', 'system', 'app']);
  expect(screenText(alone)).not.toContain('dialog');
  const over = buildScreen(
    parseUiautomatorXml(xml(`${bars}${win('com.example', '[100,800][980,1200]', 'OK')}${win('com.example', '[0,100][1080,1900]', 'Go')}`)),
  );
  expect(over.windows.map((w) => w.kind)).toEqual(['system', 'system', 'dialog', 'app']);
  expect(over.elements.map((e) => `${e.role} ${e.label}`)).toEqual(['dialog ', 'button OK', 'button Back', 'button Home']);
  expect(over.windows[3].hiddenElements).toBe(1);
});

test('a long text in a field is kept whole as its value (input_text checks it) and shown shortened', () => {
  const body = `Dear team, ${'the order arrived late and the box was damaged; '.repeat(4)}please refund.`;
  const field = (attrs: string) =>
    `<node class="android.widget.EditText" package="com.example" clickable="true" focusable="true" ${attrs} bounds="[0,200][1080,600]"/>`;
  const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">${field(`text="${body}" hint="Message"`)}</node></hierarchy>`;
  const s = buildScreen(parseUiautomatorXml(xml, { source: 'long-field' }));
  const input = labelled(s, 'Message');
  expect(body.length).toBeGreaterThan(150);
  expect(input.value).toBe(body);
  const line = screenText(s)
    .split('\n')
    .find((l) => l.includes('"Message"'))!;
  expect(line).toContain(`= "${body.slice(0, 60)}`);
  expect(line).toContain('…"');
  expect(line.length).toBeLessThan(160);
});
