// `npm run bench -- trace`: what a trace costs and how its HTML report behaves at length. A scripted
// Shop flow on the virtual phone (in its own process) with frames on gives the bytes per action; its
// events, repeated with fresh action ids and the same frame files (frames dedup by hash as in real
// runs), make a 100-step and a 1,000-step test whose report the built CLI writes as a user's run
// does; headless Chromium then opens the 1,000-step report from disk, scrolls its step list, and goes
// to the last step with the keyboard (trace-render.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import {
  AndroidDriver,
  DeviceObserver,
  EventLog,
  FrameRecorder,
  createExecutor,
  meteredDriver,
  newActionId,
  readEvents,
  type MobileEvent,
} from '../runner/index.js';
import { startPhoneProcess } from './phone-process.js';
import { SHOP_FLOW as FLOW } from './shop-flow.js';
import { render, type Render } from './trace-render.js';
import { quantile } from './stats.js';

const SHOP = 'com.example.shop';
const CHROMIUM = '/usr/bin/chromium';
// Sources or dist/bench: the package root holds dist/runner/cli.js either way.
const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = HERE.includes('/dist/') ? HERE.slice(0, HERE.lastIndexOf('/dist/')) : resolve(HERE, '..');
const CLI = join(ROOT, 'dist', 'runner', 'cli.js');
const RENDERS = 3;
const TARGETS = { perActionKb: 100, report100Mb: 10, firstRenderMs: 1000, longFrames: 0 };

class BenchFailed extends Error {
  override name = 'BenchFailed';
}

interface Recorded {
  dir: string;
  events: MobileEvent[];
  frameFiles: string[];
  frameBytes: number;
  eventBytes: number;
}

/** The flow once, frames on, in a trace folder of its own. */
async function record(dir: string): Promise<Recorded> {
  const sim = await startPhoneProcess();
  const driver = await AndroidDriver.connect({ port: sim.serverPort });
  try {
    const log = await EventLog.open(join(dir, 'events.jsonl'), { testId: 'bench-trace' });
    const frames = new FrameRecorder(log);
    const runner = createExecutor({ driver, observer: new DeviceObserver(meteredDriver(driver), { screenshots: false }), log, app: SHOP, frames });
    for (const call of FLOW) {
      const result = await runner.run(call);
      if (result.verdict !== 'OK') throw new BenchFailed(`${call.name} answered ${result.verdict}: ${result.failure?.message}`);
    }
    await frames.flush();
    await log.close();
    const files = await readdir(dir);
    const size = async (f: string): Promise<number> => (await stat(join(dir, f))).size;
    const frameFiles = files.filter((f) => f.startsWith('frame-'));
    const frameBytes = (await Promise.all(frameFiles.map(size))).reduce((a, b) => a + b, 0);
    return { dir, events: (await readEvents(join(dir, 'events.jsonl'))).events, frameFiles, frameBytes, eventBytes: await size('events.jsonl') };
  } finally {
    await driver.close();
    await sim.stop();
  }
}

/** A test of `steps` actions: the recorded actions repeated with fresh ids, beside copies of the same frames. */
async function longTrace(recorded: Recorded, steps: number, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await Promise.all(recorded.frameFiles.map((f) => copyFile(join(recorded.dir, f), join(dir, f))));
  const actions = recorded.events.filter((e) => 'action_id' in e && typeof e.action_id === 'string');
  const perRound = FLOW.length;
  const t0 = recorded.events[0]?.ts ?? Date.now();
  const span = (recorded.events[recorded.events.length - 1]?.ts ?? t0) - t0 + 50;
  const lines: string[] = [];
  let seq = 0;
  const push = (event: Record<string, unknown>): void => {
    lines.push(JSON.stringify({ ...event, seq: ++seq }));
  };
  push({ v: 1, kind: 'test_start', ts: t0, test_id: 'bench-trace', title: `${steps} steps on the Shop`, device: 'emulator-5554' });
  const rounds = Math.ceil(steps / perRound);
  for (let round = 0; round < rounds; round++) {
    const ids = new Map<string, string>();
    const fresh = (id: string): string => ids.get(id) ?? (ids.set(id, newActionId()), ids.get(id) as string);
    const keep = new Set<string>();
    for (const event of actions) {
      const id = (event as { action_id: string }).action_id;
      if (!keep.has(id) && event.kind === 'action_start') {
        if (round * perRound + keep.size >= steps) continue;
        keep.add(id);
      }
      if (!keep.has(id)) continue;
      const copy: Record<string, unknown> = { ...event, action_id: fresh(id), ts: event.ts + round * span };
      if (typeof copy.parent_action_id === 'string') copy.parent_action_id = fresh(copy.parent_action_id);
      push(copy);
    }
  }
  push({ v: 1, kind: 'test_end', ts: t0 + rounds * span, test_id: 'bench-trace', status: 'passed', duration_ms: rounds * span });
  await writeFile(join(dir, 'events.jsonl'), `${lines.join('\n')}\n`);
}

/** The report of one test whose events log is `log`, written by `mobiletest test --output html` in a throw-away project. */
async function writeReport(project: string, log: string): Promise<string> {
  await mkdir(join(project, 'node_modules', '@playwright'), { recursive: true });
  await mkdir(join(project, 'specs'), { recursive: true });
  await symlink(ROOT, join(project, 'node_modules', 'mobiletest'), 'dir');
  await symlink(join(ROOT, 'node_modules', '@playwright', 'test'), join(project, 'node_modules', '@playwright', 'test'), 'dir');
  await writeFile(join(project, 'package.json'), '{ "name": "bench-trace", "private": true, "type": "module" }\n');
  // Attached as the device fixture attaches a test's log, so the report finds its frames beside it.
  await writeFile(
    join(project, 'specs', 'long.test.ts'),
    `import { test } from '@playwright/test';
test('a long Shop session', async ({}, testInfo) => {
  testInfo.attachments.push({ name: 'mobiletest-events', path: ${JSON.stringify(log)}, contentType: 'application/x-ndjson' });
});
`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (key.startsWith('TEST_') || key.startsWith('PW_')) delete env[key];
  const { code, output } = await new Promise<{ code: number | null; output: string }>((done, fail) => {
    const child = spawn(process.execPath, [CLI, 'test', '--output', 'html'], { cwd: project, env });
    let text = '';
    child.stdout.on('data', (b: Buffer) => {
      text += b;
    });
    child.stderr.on('data', (b: Buffer) => {
      text += b;
    });
    child.on('error', fail);
    child.on('close', (exit) => done({ code: exit, output: text }));
  });
  const html = join(project, 'mobiletest-report', 'html');
  if (code !== 0 || !existsSync(join(html, 'index.html')))
    throw new BenchFailed(`mobiletest test --output html exited ${code} without a report:\n${output.slice(-2000)}`);
  return html;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    total += entry.isDirectory() ? await folderBytes(join(dir, entry.name)) : (await stat(join(dir, entry.name))).size;
  }
  return total;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(2)} MB`;
const median = (xs: number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

export async function benchTrace(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mobiletest-bench-trace-'));
  let browser: Browser | undefined;
  try {
    if (!existsSync(CLI)) throw new BenchFailed(`${CLI} is missing: run npm run build`);
    if (!existsSync(CHROMIUM)) throw new BenchFailed(`${CHROMIUM} is missing: apt-get install -y chromium`);
    const recordDir = join(dir, 'recorded');
    await mkdir(recordDir);
    const recorded = await record(recordDir);
    const actions = FLOW.length;
    const perAction = (recorded.eventBytes + recorded.frameBytes) / actions;

    const reports: Record<number, { html: string; bytes: number; data: number; testData: number; frames: number; chunks: number }> = {};
    for (const steps of [100, 1000]) {
      const project = join(dir, `report-${steps}`);
      await longTrace(recorded, steps, join(project, 'trace'));
      const html = await writeReport(project, join(project, 'trace', 'events.jsonl'));
      reports[steps] = {
        html,
        bytes: await folderBytes(html),
        data: await folderBytes(join(html, 'data')),
        testData: (await stat(join(html, 'data', 'test-0.js'))).size,
        frames: await folderBytes(join(html, 'frames')),
        chunks: (await readdir(join(html, 'data'))).filter((f) => /^test-0-\d+\.js$/.test(f)).length,
      };
    }

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const url = pathToFileURL(join(reports[1000].html, 'index.html')).href;
    await render(browser, url, 1000);
    const renders: Render[] = [];
    for (let i = 0; i < RENDERS; i++) renders.push(await render(browser, url, 1000));
    if (renders.some((r) => r.steps < 1000)) throw new BenchFailed(`the step list showed ${renders.map((r) => r.steps).join('/')} steps of 1000`);

    const firstRender = median(renders.map((r) => r.listMs + r.openMs));
    // Were every action's screen a new one, each would store one more frame (its before is the last action's after).
    const perFrame = recorded.frameBytes / recorded.frameFiles.length;
    const allNew = (r: { data: number }, steps: number): number => r.data + steps * perFrame;
    const longFrames = Math.max(...renders.map((r) => r.longFrames));
    const rows: Array<[string, string, string, boolean]> = [
      ['trace per action (events + frames)', kb(perAction), `<= ${TARGETS.perActionKb} KB`, perAction <= TARGETS.perActionKb * 1024],
      ['  events per action', kb(recorded.eventBytes / actions), '', true],
      ['  frames per action', `${kb(recorded.frameBytes / actions)} (${recorded.frameFiles.length} distinct)`, '', true],
      ['report, 100 steps (html folder)', mb(reports[100].bytes), `< ${TARGETS.report100Mb} MB`, reports[100].bytes < TARGETS.report100Mb * 2 ** 20],
      ['  of which data / frames', `${mb(reports[100].data)} / ${mb(reports[100].frames)}`, '', true],
      ['  if every action showed a new screen', mb(allNew(reports[100], 100)), '', true],
      ['report, 1,000 steps (html folder)', mb(reports[1000].bytes), '', true],
      ['  of which data / frames', `${mb(reports[1000].data)} / ${mb(reports[1000].frames)}`, '', true],
      ['  step details in chunks', `${reports[1000].chunks} files, ${mb((reports[1000].data - reports[1000].testData) / reports[1000].chunks)} each`, '', true],
      ['  if every action showed a new screen', mb(allNew(reports[1000], 1000)), '', true],
      ['1,000 steps: first render (list+open)', `${firstRender.toFixed(0)} ms`, `<= ${TARGETS.firstRenderMs} ms`, firstRender <= TARGETS.firstRenderMs],
      ['  run list shown', `${median(renders.map((r) => r.listMs)).toFixed(0)} ms`, '', true],
      ['  click on the test to its steps shown', `${median(renders.map((r) => r.openMs)).toFixed(0)} ms`, '', true],
      [`    of which step index loaded (${mb(reports[1000].testData)})`, `${median(renders.map((r) => r.dataMs)).toFixed(0)} ms`, '', true],
      ['  a link to the test, to its steps', `${median(renders.map((r) => r.linkMs)).toFixed(0)} ms`, '', true],
      ["  End, Enter: the last step's detail", `${median(renders.map((r) => r.lastMs)).toFixed(0)} ms`, '', true],
      [
        '1,000 steps: scroll top to bottom',
        `${median(renders.map((r) => r.scrollMs)).toFixed(0)} ms, ${median(renders.map((r) => r.frames))} frames`,
        '',
        true,
      ],
      [
        '  frames over 50 ms (worst run)',
        `${longFrames} (longest ${Math.max(...renders.map((r) => r.worstFrameMs)).toFixed(0)} ms)`,
        `= ${TARGETS.longFrames}`,
        longFrames <= TARGETS.longFrames,
      ],
      ['  a static page, same scroll (worst)', `${Math.max(...renders.map((r) => r.baselineLongFrames))} over 50 ms (the machine's share)`, '', true],
    ];
    console.log(
      `\nTrace of a scripted Shop flow, ${actions} actions, frames on, phone in its own process; reports written by \`mobiletest test --output html\` from that flow repeated with fresh action ids (same frame files); Chromium headless, median of ${RENDERS} opens from disk after one warm-up:\n`,
    );
    console.log(`${'figure'.padEnd(38)} ${'value'.padEnd(26)} target`);
    for (const [name, value, target] of rows) console.log(`${name.padEnd(38)} ${value.padEnd(26)} ${target}`);
    console.log(
      `\nopens (ms, list / open / link / last / scroll): ${renders.map((r) => [r.listMs, r.openMs, r.linkMs, r.lastMs, r.scrollMs].map((x) => x.toFixed(0)).join('/')).join(', ')}`,
    );
    console.log('\nverdicts:');
    for (const [name, value, target, met] of rows) if (target) console.log(`  ${met ? 'met   ' : 'MISSED'} ${name.trim()}: ${value} (target ${target})`);
  } catch (error) {
    console.error(`\nbench trace FAILED: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    process.exitCode = 1;
  } finally {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
