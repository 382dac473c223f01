// `npm run bench -- stages`: what resuming a stage saves, at a real phone's pace. A long Shop flow with
// three checkpoints runs in a throw-away project on the virtual phone paced as a mid-range Android 14
// phone (MOBILETEST_SIM_TIMING=real), once clean and once with the connection dropped in its third
// stage; the second is resumed from the second checkpoint. Figures come from the runs' own events.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEvents, type MobileEvent } from '../runner/index.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = HERE.includes('/dist/') ? HERE.slice(0, HERE.lastIndexOf('/dist/')) : resolve(HERE, '..');
const CLI = join(ROOT, 'dist', 'runner', 'cli.js');

const SPEC = `import { test, expect } from 'mobiletest';

test('a long Shop flow', async ({ device, deviceLease }) => {
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', 'pass123', { secret: true });
  await device.tap('Log in');
  await expect(device.find('Hi, Alice')).toBeVisible();
  await device.checkpoint('signed in');

  await device.tap('Search');
  await device.fill('the search field', 'cable', { submit: true });
  await device.scrollTo('Ethernet Cable (5 m)');
  await device.tap('Ethernet Cable (5 m)');
  await device.tap('Add to cart');
  await device.assertText({ id: 'cart_badge' }, { equals: '1' });
  await device.checkpoint('in cart');

  if (process.env.DROP === '1')
    (deviceLease.sim as { phone: { faults: { set(f: object): void } } }).phone.faults.set({ dropAfterCommands: 2, connectionDrops: 1 });
  await device.tap('Cart, 1 item');
  await expect(device.find('Checkout')).toBeVisible();
  await device.tap('Checkout');
  await device.checkpoint('checking out');
});
`;

class BenchFailed extends Error {
  override name = 'BenchFailed';
}

async function project(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mobiletest-bench-stages-'));
  await mkdir(join(dir, 'node_modules', '@playwright'), { recursive: true });
  await mkdir(join(dir, 'specs'), { recursive: true });
  await symlink(ROOT, join(dir, 'node_modules', 'mobiletest'), 'dir');
  await symlink(join(ROOT, 'node_modules', '@playwright', 'test'), join(dir, 'node_modules', '@playwright', 'test'), 'dir');
  await writeFile(join(dir, 'package.json'), '{ "name": "bench-stages", "private": true, "type": "module" }\n');
  await writeFile(
    join(dir, 'playwright.config.ts'),
    "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ timeout: 600_000, use: { app: 'com.example.shop', device: 'sim' } });\n",
  );
  await writeFile(join(dir, 'specs', 'long.test.ts'), SPEC);
  return dir;
}

/** One run of the flow; answers its events. */
async function run(dir: string, drop: boolean): Promise<MobileEvent[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', MOBILETEST_SIM_TIMING: 'real', DROP: drop ? '1' : '0' };
  for (const key of Object.keys(env)) if (key.startsWith('TEST_') || key.startsWith('PW_')) delete env[key];
  const { code, output } = await new Promise<{ code: number | null; output: string }>((done, fail) => {
    const child = spawn(process.execPath, [CLI, 'test', '--output', 'json'], { cwd: dir, env });
    let text = '';
    child.stdout.on('data', (b: Buffer) => (text += b));
    child.stderr.on('data', (b: Buffer) => (text += b));
    child.on('error', fail);
    child.on('close', (exit) => done({ code: exit, output: text }));
  });
  if (code !== 0) throw new BenchFailed(`the ${drop ? 'dropped' : 'clean'} run failed (exit ${code}):\n${output.slice(-2000)}`);
  const results = join(dir, 'mobiletest-report', 'test-results');
  const [folder] = (await readdir(results, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  return (await readEvents(join(results, folder.name, 'events.jsonl'))).events;
}

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function stageTimes(events: MobileEvent[]): number[] {
  const start = events.find((e) => e.kind === 'test_start')?.ts ?? 0;
  const marks = events.filter((e) => e.kind === 'checkpoint').map((e) => e.ts);
  return marks.map((ts, i) => ts - (i === 0 ? start : marks[i - 1]));
}

export async function benchStages(): Promise<void> {
  const dir = await project();
  try {
    const clean = await run(dir, false);
    const dropped = await run(dir, true);
    const end = (events: MobileEvent[]) => events.find((e) => e.kind === 'test_end');
    const cleanMs = end(clean)?.kind === 'test_end' ? (end(clean) as { duration_ms: number }).duration_ms : 0;
    const droppedMs = end(dropped)?.kind === 'test_end' ? (end(dropped) as { duration_ms: number }).duration_ms : 0;
    const recovery = dropped.find((e) => e.kind === 'recovery_end');
    const start = dropped.find((e) => e.kind === 'recovery_start');
    if (!recovery || recovery.kind !== 'recovery_end' || !start || start.kind !== 'recovery_start' || recovery.status !== 'resumed')
      throw new BenchFailed('the dropped run was not resumed: no recovery_end with status resumed in its events');
    const stages = stageTimes(clean);
    const models = dropped.filter((e) => e.kind === 'llm_call').length;
    console.log(
      `\nA Shop flow of three stages on the virtual phone at a real phone's pace (MOBILETEST_SIM_TIMING=real), the connection dropped once in stage 3:\n`,
    );
    console.log(`  clean run                        ${s(cleanMs)}   (stages: ${stages.map(s).join(', ')})`);
    console.log(`  run with the drop, resumed       ${s(droppedMs)}   (test passed; ${models} model calls)`);
    console.log(
      `  recovery                         ${s(recovery.duration_ms)}   (${recovery.replayed} steps replayed: ${start.to_checkpoint} to checkpoint "${start.checkpoint}", ${start.in_stage} in the stage)`,
    );
    console.log(`  cost of the drop                 ${s(droppedMs - cleanMs)}   against ${s(cleanMs)} for running the whole test again after a failure`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
