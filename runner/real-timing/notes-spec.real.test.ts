import { expect, test } from '@playwright/test';
import { TempProject } from '../testing/project.js';

// A user's seven-step spec on the Notes sample app, run through `mobiletest test` on the runner's
// virtual phone paced as a mid-range Android 14 phone (MOBILETEST_SIM_TIMING=real), with mobiletest's
// default per-test timeout: a scripted flow this short has to fit in it on a real phone too.
const CONFIG = `import { defineConfig } from 'mobiletest';

export default defineConfig({
  testDir: 'tests',
  use: { app: 'com.example.notes', device: 'sim', launch: false },
});
`;

const TITLE = 'Groceries for Sunday';
const BODY = 'Oat milk, eggs and rye bread';
const SPEC = `import { test, expect } from 'mobiletest';

test('a new note is saved, listed and opened again', async ({ device }) => {
  await device.launch({ clearState: true });
  await device.tap('New note');
  await device.fill('Title', '${TITLE}');
  await device.fill('Note', '${BODY}');
  await device.tap('Back');
  await expect(device.find('${TITLE}')).toBeVisible();
  await device.tap('${TITLE}', { expected: { visible: '${BODY}' } });
});
`;

interface Results {
  run: { status: string; totals: { passed: number; failed: number } };
  tests: Array<{ title: string; status: string; duration_ms: number; steps: Array<{ primitive: string; status: string; duration_ms: number }> }>;
}

let project: TempProject | undefined;
test.afterAll(async () => project?.remove());

test('the seven-step Notes spec passes through the CLI on a phone at real timing', { tag: '@real-timing' }, async () => {
  // The spec keeps its own 60 s; this covers starting Playwright and the phone around it, and the report.
  test.setTimeout(180_000);
  project = await TempProject.create({ 'mobiletest.config.ts': CONFIG, 'tests/notes.test.ts': SPEC });
  // The virtual phone needs no adb server: the run is kept off any on this machine.
  const env = { MOBILETEST_SIM_TIMING: 'real', ADB_SERVER_SOCKET: 'tcp:127.0.0.1:1' };
  const run = await project.mobiletest(['test'], { env, timeoutMs: 170_000 });
  const results = await project.readJson<Results>('mobiletest-report/results.json').catch(() => undefined);
  const spec = results?.tests[0];
  // For the person reading the run: how long the spec and each step took on the paced phone (not asserted).
  const steps = spec?.steps.map((s) => `${s.primitive} ${s.status} ${s.duration_ms} ms`).join(', ');
  const summary = spec ? `the spec ${spec.status} in ${spec.duration_ms} ms: ${steps}` : 'no results.json';
  test.info().annotations.push({ type: 'spec', description: summary });

  expect(run.exitCode, `${summary}\n${run.output}`).toBe(0);
  expect(run.stdout).toContain('1 passed');
  expect(results?.run).toMatchObject({ status: 'passed', totals: { passed: 1, failed: 0 } });
  expect(spec?.steps.map((s) => s.primitive)).toEqual(['launch_app', 'tap', 'input_text', 'input_text', 'tap', 'assert_visible', 'tap']);
});
