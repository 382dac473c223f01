import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = path.join(ROOT, 'e2e', 'examples', 'mobiletest-report');

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
    for (const key of Object.keys(env)) if (key.startsWith('TEST_') || key.startsWith('PW_')) delete env[key];
    const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'runner', 'cli.js'), ...args], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (b: Buffer) => {
      output += b;
    });
    child.stderr.on('data', (b: Buffer) => {
      output += b;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

test('`mobiletest demo` runs the TS and YAML examples on the virtual phone and iPhone, and a chat on two phones; the crash spec fails as a product defect', async () => {
  test.setTimeout(600_000);
  const { code, output } = await run(['demo']);
  expect(code, output).toBe(0);
  for (const platform of ['android', 'ios']) {
    expect(output).toMatch(
      new RegExp(`✓ \\[${platform}\\] alice logs in, finds a cable and puts it in the cart \\(shop\\.test\\.ts:3, \\d+ device actions on `),
    );
    expect(output).toMatch(
      new RegExp(`✓ \\[${platform}\\] bob logs in, finds a cable and puts it in the cart \\(shop\\.test\\.yml:4, \\d+ device actions on `),
    );
    // Agent steps run on the offline rules: no model, no cost.
    expect(output).toMatch(
      new RegExp(
        `✓ \\[${platform}\\] alice signs in and adds a cable to her cart, by goals \\(agent\\.test\\.ts:6, \\d+ device actions on .*; 7 agent steps \\(7 by the offline rules\\), 0 model calls\\)`,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `✗ \\[${platform}\\] a coupon code does not crash the cart \\(fails on purpose\\) \\(crash\\.test\\.ts:5, .*\\n\\s+product failure in input_text "Coupon code" at crash\\.test\\.ts:\\d+: com\\.example\\.shop crashed during input_text: java\\.lang\\.IllegalStateException.*\\n\\s+suggestion: This is a defect in the app`,
      ),
    );
  }
  // Two phones in one test: each person's messages reach the other's phone through the Chat app's server.
  expect(output).toMatch(
    /✓ \[chat\] alice and bob chat on two phones \(chat\.test\.ts:5, \d+ device actions on alice 127\.0\.0\.1:\d+ and bob [0-9A-F]{8}-[0-9A-F-]{27}; 3 agent steps \(3 by the offline rules\), 0 model calls\)/,
  );
  // The iPhone's devices are simulators named by UDID; the Android phone by its adb address.
  expect(output).toMatch(/\[ios\] alice logs in.*device actions on [0-9A-F]{8}-[0-9A-F]{4}-/);
  expect(output).toContain('The demo ran as expected');
  expect(output).toContain('Trace viewer: e2e/examples/mobiletest-report/html/index.html');
  expect(await readFile(path.join(REPORT, 'html', 'index.html'), 'utf8')).toContain('viewer.js');

  const junit = await readFile(path.join(REPORT, 'junit.xml'), 'utf8');
  expect(junit).toMatch(/<failure[^>]*type="product"/);
  const results = JSON.parse(await readFile(path.join(REPORT, 'results.json'), 'utf8')) as {
    tests: Array<{ title: string; steps: Array<{ primitive: string; status: string }> }>;
  };
  const yamls = results.tests.filter((t) => t.title.startsWith('bob'));
  expect(yamls).toHaveLength(2);
  for (const yaml of yamls) {
    expect(yaml.steps.map((s) => s.primitive)).toContain('scroll_to');
    expect(yaml.steps.every((s) => s.status === 'OK')).toBe(true);
  }

  // Passwords were typed as secrets: no output, report or trace file holds them.
  expect(output).not.toMatch(/pass123|pass456|hunter2/);
  for (const file of await filesUnder(REPORT)) {
    if (/\.(json|jsonl|xml|txt|md)$/.test(file)) expect(await readFile(file, 'utf8'), file).not.toMatch(/pass123|pass456|hunter2/);
  }
});
