import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { simctlPathDir, startSim } from '../src/sim/index.js';

// `mobiletest look` as a user runs it: a child process, its output and its exit code.
const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'runner', 'cli.js');
const FIXTURES = fileURLToPath(new URL('../../shared/fixtures/android/', import.meta.url));

function look(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'look', ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function tempFile(name: string, content: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'mobiletest-look-')), name);
  await writeFile(file, content);
  return file;
}

test('look --xml prints one line per element under a header, and the token count on stderr', async () => {
  const { code, stdout, stderr } = await look(['--xml', path.join(FIXTURES, 'tiktok-feed.xml')]);
  expect(code).toBe(0);
  const lines = stdout.trimEnd().split('\n');
  expect(lines[0]).toBe('app com.zhiliaoapp.musically · screen 480x640');
  expect(lines).toContain('    e5 button "Like video. 110 likes"');
  expect(lines).toContain('  e16 input "Add comment..."');
  expect(stdout).not.toContain('1:21');
  expect(stderr).toMatch(/^\(25 elements, \d+ tokens; the raw dump is \d+ tokens\)\n$/);
});

test('a lone FILE.xml reads the dump as --xml does; any other argument is a usage error', async () => {
  const [plain, flagged, other] = await Promise.all([
    look([path.join(FIXTURES, 'tiktok-feed.xml')]),
    look(['--xml', path.join(FIXTURES, 'tiktok-feed.xml')]),
    look(['screen.png']),
  ]);
  expect(plain.code).toBe(0);
  expect(plain.stdout).toBe(flagged.stdout);
  expect(other.code).toBe(2);
  expect(other.stderr).toContain("Unexpected argument 'screen.png': look takes one saved dump (FILE.xml, or --xml FILE)");
});

test('look --json prints the text, its token count and the elements with bounds', async () => {
  const raw = await readFile(path.join(FIXTURES, 'ths-trading-multiwindow.xml'), 'utf8');
  const { code, stdout } = await look(['--xml', path.join(FIXTURES, 'ths-trading-multiwindow.xml'), '--json']);
  expect(code).toBe(0);
  const out = JSON.parse(stdout) as {
    text: string;
    tokens: number;
    elements: Array<{ ref: string; role: string; label: string; bounds: number[]; states: string[] }>;
  };
  expect(Object.keys(out)).toEqual(['text', 'tokens', 'elements']);
  expect(out.text.split('\n')[0]).toBe('app com.hexin.plat.android · screen 720x1280');
  expect(out.tokens).toBeGreaterThan(100);
  expect(out.tokens).toBeLessThan(raw.length / 20);
  expect(out.elements.find((e) => e.label === '交易')).toEqual({
    ref: expect.stringMatching(/^e\d+$/),
    role: 'tab',
    label: '交易',
    bounds: [424, 1178, 584, 1280],
    states: ['selected'],
  });
  expect(out.elements.length).toBe(out.text.split('\n').length - 1);
});

test('a missing, empty, truncated or malformed dump is a clear error with exit code 2', async () => {
  const whole = await readFile(path.join(FIXTURES, 'wework-customers.xml'), 'utf8');
  const [missing, empty, truncated, malformed, both] = await Promise.all([
    look(['--xml', '/nonexistent/screen.xml']),
    tempFile('empty.xml', '').then((f) => look(['--xml', f])),
    tempFile('cut.xml', whole.slice(0, 30_000)).then((f) => look(['--xml', f])),
    tempFile('bad.xml', `<?xml version='1.0' ?>\n<hierarchy rotation="0">\n<node text="a" bounds=[0,0][1,1] />\n</hierarchy>`).then((f) => look(['--xml', f])),
    look(['--xml', 'a.xml', '--device', 'emulator-5554']),
  ]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('--xml /nonexistent/screen.xml: no such file.');
  expect(empty.code).toBe(2);
  expect(empty.stderr).toMatch(/empty\.xml: the dump is empty \(no XML at all\)\. Capture the screen again/);
  expect(truncated.code).toBe(2);
  expect(truncated.stderr).toMatch(/cut\.xml:1:30001: the dump is truncated: it ends in the middle of a tag inside <node> \(\d+ nodes left open\)/);
  expect(malformed.code).toBe(2);
  expect(malformed.stderr).toMatch(/bad\.xml:3:\d+: unquoted attribute value/);
  expect(malformed.stderr).not.toMatch(/\n\s+at /);
  expect(both.code).toBe(2);
  expect(both.stderr).toContain('--device and --xml exclude each other');
});

test('a screenshot that is empty or not a PNG is a clear error naming the file, with exit code 1', async () => {
  const xml = path.join(FIXTURES, 'tiktok-feed.xml');
  const [empty, text] = await Promise.all([
    tempFile('blank.png', '').then((f) => look(['--xml', xml, '--screenshot', f])),
    tempFile('notes.png', 'not a png at all').then((f) => look(['--xml', xml, '--screenshot', f])),
  ]);
  expect(empty.code).toBe(1);
  expect(empty.stderr).toMatch(
    /^mobiletest look: the screenshot from \S+blank\.png is not a PNG \(0 bytes\), so the text its tree leaves out could not be read/,
  );
  expect(text.code).toBe(1);
  expect(text.stderr).toMatch(
    /the screenshot from \S+notes\.png is not a PNG \(16 bytes: it starts 6e 6f 74 20 61 20 70 6e, not with the PNG signature 89 50 4e 47\)/,
  );
  expect(text.stderr).not.toMatch(/\n\s+at /);
});

test('a 20,000-node dump gives a bounded output that says how much it left out', async () => {
  const rows = Array.from(
    { length: 20_000 },
    (_, i) =>
      `<node index="${i}" text="Row ${i}" class="android.widget.TextView" package="com.example" clickable="true" bounds="[0,${i % 2300}][1080,${(i % 2300) + 1}]" />`,
  ).join('');
  const file = await tempFile(
    'huge.xml',
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">${rows}</node></hierarchy>`,
  );
  const [text, json] = await Promise.all([look(['--xml', file]), look(['--xml', file, '--json', '--max', '30'])]);
  expect(text.code).toBe(0);
  const lines = text.stdout.trimEnd().split('\n');
  expect(lines).toHaveLength(202);
  expect(lines[201]).toBe('… 19800 more elements left out (200 of 20000 shown)');
  const out = JSON.parse(json.stdout) as { elements: unknown[]; omitted: number };
  expect([out.elements.length, out.omitted]).toEqual([30, 19_970]);
});

test('look --device reads a live phone through the adb server protocol', async () => {
  const sim = await startSim({ serverPort: 0, seed: 1 });
  try {
    sim.phone.ui.launch('com.android.settings');
    const { code, stdout, stderr } = await look(['--device', sim.serial], { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${sim.serverPort}` });
    expect(code, stderr).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('app com.android.settings/.Settings · screen 1080x2400');
    expect(lines).toContain('e2 button "Search Settings"');
    expect(stdout).toMatch(/\n {2}e\d+ item "Network & internet Mobile, Wi-Fi, hotspot"\n/);

    const absent = await look(['--device', 'emulator-9999'], { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${sim.serverPort}` });
    expect(absent.code).toBe(1);
    expect(absent.stderr).toContain('emulator-9999');
  } finally {
    await sim.stop();
  }
});

test('look --platform ios reads the virtual iPhone through WebDriverAgent, in the Android token budget', async () => {
  const registryDir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-look-sims-'));
  const sim = await startSim({ platform: 'ios', port: 0, registryDir });
  try {
    // The stand-in xcrun first on PATH answers `xcrun simctl` for this virtual iPhone only.
    const env = { PATH: `${simctlPathDir()}${path.delimiter}${process.env.PATH}`, MOBILETEST_SIMULATORS_DIR: registryDir, MOBILETEST_WDA_URL: '' };
    const { code, stdout, stderr } = await look(['--platform', 'ios', '--wda-url', sim.wdaUrl], env);
    expect(code, stderr).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('app com.apple.springboard · screen 1179x2556');
    expect(stdout).toMatch(/\n\s*e\d+ button "Shop"/);
    // bench/observe.ts: the Android dumps read in at most 400 tokens, at least 8 times fewer than the raw dump.
    const raw = Number(/the raw dump is (\d+) tokens/.exec(stderr)?.[1]);
    expect(countTokens(stdout.trimEnd())).toBeLessThanOrEqual(400);
    expect(raw / countTokens(stdout.trimEnd())).toBeGreaterThanOrEqual(8);

    // With the one booted simulator, --platform ios alone finds it; --wda-url alone means iOS too.
    // One after the other: WebDriverAgent keeps one session, and a second client takes it from the first.
    const alone = await look(['--platform', 'ios', '--json'], { ...env, MOBILETEST_WDA_URL: sim.wdaUrl });
    const byUrl = await look(['--wda-url', sim.wdaUrl], env);
    expect(alone.code, alone.stderr).toBe(0);
    expect((JSON.parse(alone.stdout) as { text: string }).text).toBe(stdout.trimEnd());
    expect(byUrl.stdout).toBe(stdout);

    const mixed = await look(['--platform', 'ios', '--device', 'emulator-5554'], env);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--device names an Android device');
  } finally {
    await sim.stop();
  }
});
