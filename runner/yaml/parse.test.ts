import { expect, test } from '@playwright/test';
import { YamlSpecError } from './errors.js';
import { parseYamlSpec } from './parse.js';

const FILE = 'specs/shop.test.yml';

/** The spec's problems as `file:line:col: reason` lines. */
function problems(source: string): string[] {
  try {
    parseYamlSpec(source, { file: FILE });
  } catch (error) {
    if (!(error instanceof YamlSpecError)) throw error;
    return error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
  throw new Error('the spec was accepted');
}

const spec = (steps: string) => `tests:\n  - name: t\n    steps:\n${steps}`;

test('the documented example becomes typed tests with their lines', () => {
  const parsed = parseYamlSpec(
    [
      'app: com.example.shop',
      'tests:',
      '  - name: login',
      '    timeout: 60s',
      '    steps:',
      '      - launch_app',
      '      - tap: Log in',
      '      - input_text: { target: Password, text: pass123, secret: true }',
      '      - ai: Log in with password pass123',
      '      - expect: The home screen greets alice',
      'tasks:',
      '  - name: add to cart',
      '    task: Search for headphones and add the first result to the cart',
      '    timeout: 2m',
    ].join('\n'),
    { file: FILE },
  );
  const at = (line: number, column: number) => ({ file: FILE, line, column });
  expect(parsed).toEqual({
    file: FILE,
    app: 'com.example.shop',
    tests: [
      {
        name: 'login',
        timeoutMs: 60_000,
        location: at(3, 5),
        steps: [
          { kind: 'primitive', call: { name: 'launch_app', params: {} }, location: at(6, 9) },
          { kind: 'primitive', call: { name: 'tap', params: { target: 'Log in' } }, location: at(7, 9) },
          { kind: 'primitive', call: { name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } }, location: at(8, 9) },
          { kind: 'ai', goal: 'Log in with password pass123', location: at(9, 9) },
          { kind: 'expect', assertion: 'The home screen greets alice', location: at(10, 9) },
        ],
      },
      {
        name: 'add to cart',
        timeoutMs: 120_000,
        location: at(12, 5),
        steps: [{ kind: 'ai', goal: 'Search for headphones and add the first result to the cart', location: at(13, 5) }],
      },
    ],
  });
});

test('a scalar fills the parameter the schema points at: the one required, else the target, else the one that fits', () => {
  const parsed = parseYamlSpec(
    spec(
      [
        '      - press_key: back',
        '      - open_link: shop://item/7',
        '      - wait_idle: 2000',
        '      - clear_text: Email',
        '      - input_text: hello',
        '      - stop_app: com.example.shop',
        '      - handle_dialog: accept',
        '      - handle_dialog: Only this time',
      ].join('\n'),
    ),
    { file: FILE },
  );
  expect(parsed.tests[0].steps.map((s) => (s.kind === 'primitive' ? s.call : s))).toEqual([
    { name: 'press_key', params: { key: 'back' } },
    { name: 'open_link', params: { url: 'shop://item/7' } },
    { name: 'wait_idle', params: { timeout_ms: 2000 } },
    { name: 'clear_text', params: { target: 'Email' } },
    { name: 'input_text', params: { text: 'hello' } },
    { name: 'stop_app', params: { app: 'com.example.shop' } },
    { name: 'handle_dialog', params: { action: 'accept' } },
    { name: 'handle_dialog', params: { button: 'Only this time' } },
  ]);
});

test('block-style parameters and an expected post-condition are read like flow style', () => {
  const parsed = parseYamlSpec(spec('      - tap:\n          target: { id: login }\n          expected: { visible: "Hi, Alice" }\n'), { file: FILE });
  expect(parsed.tests[0].steps).toEqual([
    {
      kind: 'primitive',
      call: { name: 'tap', params: { target: { id: 'login' }, expected: { visible: 'Hi, Alice' } } },
      location: { file: FILE, line: 4, column: 9 },
    },
  ]);
  expect(problems(spec('      - tap: { target: Log in, expected: { visble: Hi } }\n'))).toEqual([
    expect.stringMatching(/^specs\/shop\.test\.yml:4:\d+: field `expected` in tap should be /),
  ]);
});

test('an unknown primitive is placed at its line and suggests the close name', () => {
  expect(problems(spec('      - launch_app\n      - tapp: Log in\n      - expct: the cart is empty\n'))).toEqual([
    `${FILE}:5:9: unknown step \`tapp\`; did you mean \`tap\`?`,
    `${FILE}:6:9: unknown step \`expct\`; did you mean \`expect\`?`,
  ]);
});

test('an unknown field names it, at its own column, with what is allowed', () => {
  expect(problems(spec('      - input_text: { target: Email, txt: alice }\n'))).toEqual([`${FILE}:4:21: missing field \`text\` in input_text`]);
  expect(problems(spec('      - input_text: { target: Email, text: alice, secrte: true }\n'))).toEqual([
    `${FILE}:4:51: unknown field \`secrte\` in input_text; allowed: target, text, secret, submit, expected (did you mean \`secret\`?)`,
  ]);
  expect(problems(spec('      - tap: { target: { txt: Log in } }\n'))).toEqual([
    `${FILE}:4:26: unknown field \`txt\` in tap at \`target\`; allowed: text, desc, id, role, index, near (did you mean \`text\`?)`,
  ]);
});

test('a wrong type or value says what was expected, at the value', () => {
  expect(problems(spec('      - input_text:\n          target: Email\n          text: 5\n'))).toEqual([
    `${FILE}:6:17: field \`text\` in input_text should be string, got integer 5`,
  ]);
  expect(problems(spec('      - press_key: bak\n'))).toEqual([
    `${FILE}:4:20: field \`key\` in press_key should be one of back, home, enter, delete, tab, search, app_switch; got "bak" (did you mean \`back\`?)`,
  ]);
});

test('a bad timeout is refused with the forms that work', () => {
  const source = 'tests:\n  - name: t\n    timeout: 5 minutes\n    steps: [launch_app]\n  - name: u\n    timeout: 0\n    steps: [launch_app]\n';
  expect(problems(source)).toEqual([
    `${FILE}:3:14: timeout should be a number of milliseconds (60000) or a duration such as "90s", "2m", "1500ms"; got "5 minutes"`,
    `${FILE}:6:14: timeout should be more than 0; got 0`,
  ]);
  const ok = parseYamlSpec('tests:\n  - name: t\n    timeout: 1500ms\n    steps: [launch_app]\n  - name: u\n    timeout: 90000\n    steps: [launch_app]\n', {
    file: FILE,
  });
  expect(ok.tests.map((t) => t.timeoutMs)).toEqual([1500, 90_000]);
});

test('a bare name that needs parameters says how to give them', () => {
  expect(problems(spec('      - tap\n      - hide_keyboard: now\n      - drag: Item 1\n'))).toEqual([
    `${FILE}:4:9: missing field \`target\` in tap; write \`- tap: <value>\` or \`- tap: { target: ... }\``,
    `${FILE}:5:24: \`hide_keyboard\` takes no value; write \`- hide_keyboard\``,
    `${FILE}:6:15: \`drag\` cannot tell which parameter text "Item 1" is; write \`- drag: { from: ..., to: ... }\``,
  ]);
});

test('a step that is not a name or a one-key map is refused, with a hint for parameters that lost their indent', () => {
  const shape = 'a step is a primitive name (`- launch_app`) or a map with one key (`- tap: Log in`, `- input_text: { target: Email, text: a@b.c }`)';
  expect(problems(spec('      - 42\n      - input_text:\n        target: Email\n      - ai:\n'))).toEqual([
    `${FILE}:4:9: ${shape}; got number 42`,
    `${FILE}:5:9: ${shape}; this one has 2 keys (input_text, target); are the parameters of \`input_text\` meant to be indented under it?`,
    `${FILE}:7:9: \`ai\` needs a goal, e.g. \`- ai: Log in as alice\`; got nothing`,
  ]);
});

test('file-level mistakes: unknown keys, missing names, duplicates, empty steps, a bad app', () => {
  const source = [
    'app: Shop',
    'tets: []',
    'tests:',
    '  - name: login',
    '    steps: [launch_app]',
    '  - name: login',
    '    steps: []',
    '  - steps: [launch_app]',
    '    nmae: x',
    'tasks:',
    '  - name: search',
  ].join('\n');
  expect(problems(source)).toEqual([
    `${FILE}:1:6: \`app\` should be an Android package or iOS bundle id such as com.example.shop; got text "Shop"`,
    `${FILE}:2:1: unknown key \`tets\` in the spec; did you mean \`tests\`?`,
    `${FILE}:6:5: duplicate test name "login" (first at line 4); names must be unique in a file`,
    `${FILE}:7:12: \`steps\` should be a list with at least one step; got an empty list`,
    `${FILE}:8:5: a test needs a \`name\``,
    `${FILE}:9:5: unknown key \`nmae\` in a test; did you mean \`name\`?`,
    `${FILE}:11:5: task "search" needs \`task\`: the goal, in words`,
  ]);
});

test('`platform:` runs every test of the file on iOS or Android; anything else is a problem at its place', () => {
  expect(parseYamlSpec('platform: ios\ntests:\n  - name: t\n    steps: [launch_app]\n', { file: FILE }).platform).toBe('ios');
  expect(parseYamlSpec('tests:\n  - name: t\n    steps: [launch_app]\n', { file: FILE }).platform).toBeUndefined();
  expect(problems('platform: iphone\ntests:\n  - name: t\n    steps: [launch_app]\n')).toEqual([
    `${FILE}:1:11: \`platform\` should be android or ios; got text "iphone"`,
  ]);
});

test('YAML syntax errors and an empty file are problems at their position', () => {
  expect(problems('tests:\n  - name: t\n    steps: [launch_app\n')).toEqual([expect.stringMatching(new RegExp(`^${FILE.replace(/\./g, '\\.')}:4:1: `))]);
  expect(problems('')).toEqual([
    `${FILE}:1:1: a spec is a map with \`tests:\` (scripted steps) or \`tasks:\` (agent goals), and optionally \`app:\`; got an empty file`,
  ]);
  expect(problems('tests: []\n')).toEqual([`${FILE}:1:1: the spec has no tests; add one such as \`- name: login\` with its \`steps:\``]);
  expect(problems('app: com.example.shop\n')).toEqual([`${FILE}:1:1: a spec needs \`tests:\` (scripted steps) or \`tasks:\` (agent goals)`]);
});

test('the error is typed and carries every problem with its location', () => {
  try {
    parseYamlSpec(spec('      - tapp: x\n      - tap\n'), { file: '/abs/specs/a.test.yml' });
    throw new Error('accepted');
  } catch (error) {
    expect(error).toBeInstanceOf(YamlSpecError);
    const e = error as YamlSpecError;
    expect(e.name).toBe('YamlSpecError');
    expect(e.file).toBe('/abs/specs/a.test.yml');
    expect(e.problems.map((p) => p.location)).toEqual([
      { file: '/abs/specs/a.test.yml', line: 4, column: 9 },
      { file: '/abs/specs/a.test.yml', line: 5, column: 9 },
    ]);
    expect(e.message.split('\n')[0]).toBe('/abs/specs/a.test.yml is not a valid spec (2 problems):');
  }
});
