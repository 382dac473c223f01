// The viewer on tests that drive two devices or recover a stage, in a real Chromium: one lane per
// device, each step on its device's row and screen, checkpoints as stage ends, a recovery as a block
// with its replayed actions folded under it, a resumed test's note; a one-device log as before.
import { test, expect } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { totalsOf } from '../results/collect.js';
import type { Results } from '../results/model.js';
import { chatLines, recoveryLines, writeLog, type LogLine } from '../testing/stage-logs.js';
import { chromiumMissing, launchChromium, watchedPage } from '../testing/browser.js';
import { testRecord } from '../trace-report.js';
import { buildTrace } from './trace.js';
import { writeHtmlReport } from './write.js';

const TEMPLATE_DIR = path.resolve(import.meta.dirname, '..', '..', 'templates', 'viewer');
/** Where a screenshot of each test's page goes, for a person to look at: MOBILETEST_SHOTS=<folder>. */
const SHOTS = process.env.MOBILETEST_SHOTS;

let dir = '';
let browser: Browser | undefined;
let indexUrl = '';
const frames: Record<string, string> = {};

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== null, missing ?? '');
  dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-html-stages-'));
  const png = (background: string) =>
    sharp({ create: { width: 540, height: 1200, channels: 3, background } })
      .png()
      .toBuffer();
  const pictures = { 'alice.png': await png('#dfe8fb'), 'bob.png': await png('#d9f2ec'), 'shop.png': await png('#f4f4f4') };
  for (const [name, bytes] of Object.entries(pictures)) frames[name] = `frames/${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}.png`;
  const logs: Array<[string, LogLine[]]> = [
    ['chat', chatLines()],
    ['recovered', recoveryLines({ resumed: true })],
    ['lost', recoveryLines({ fails: true })],
    [
      'plain',
      recoveryLines()
        .filter(([, event]) => !['checkpoint', 'recovery_start', 'recovery_end'].includes(event.kind) && !('parent_action_id' in event))
        .map(([role, event]): LogLine => [role, event.kind === 'test_start' ? { ...event, title: 'a plain search' } : event]),
    ],
  ];
  const written = [];
  for (const [name, lines] of logs) {
    const log = await writeLog(dir, name, lines);
    for (const [file, bytes] of Object.entries(pictures)) await writeFile(path.join(path.dirname(log.path), file), bytes);
    written.push({ ...log, dir: path.dirname(log.path) });
  }
  const tests = written.map(({ events }, i) => testRecord(events, { rootDir: dir, fallbackTitle: logs[i][0] }));
  const results: Results = {
    version: 1,
    run: { status: 'failed', started_at: new Date(0).toISOString(), duration_ms: 20_000, totals: totalsOf(tests), agent: tests[0].agent, errors: [] },
    tests,
  };
  const traces = written.map(({ events, dir: logDir }) => ({ trace: buildTrace(events, { rootDir: dir }), dir: logDir }));
  await writeHtmlReport({ outDir: path.join(dir, 'html'), templateDir: TEMPLATE_DIR, results, traces });
  indexUrl = pathToFileURL(path.join(dir, 'html', 'index.html')).href;
  browser = await launchChromium();
});

test.afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Opens the test titled `title` from the list. */
async function openTest(title: string): Promise<{ page: Page; problems: string[] }> {
  if (!browser) throw new Error('no browser');
  const opened = await watchedPage(browser, { width: 1280, height: 900 });
  await opened.page.goto(indexUrl);
  await opened.page.locator('a.row', { hasText: title }).click();
  await opened.page.locator('#timeline .step').first().waitFor();
  return opened;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const rows = (page: Page) => page.locator('#timeline .step');

test('the list says which test passed after a recovery and which devices a team test drove', async () => {
  if (!browser) throw new Error('no browser');
  const { page, problems } = await watchedPage(browser);
  await page.goto(indexUrl);
  await expect(page.locator('#run-summary')).toContainText('4 tests · 2 passed · 1 failed · 1 flaky (1 after recovery)');
  const recovered = page.locator('a.row', { hasText: 'searches after signing in' });
  await expect(recovered.locator('.where')).toContainText('passed after 1 recovery');
  await expect(page.locator('a.row', { hasText: 'alice says hi to bob' }).locator('.device')).toHaveText('alice, bob');
  await shot(page, 'list');
  expect(problems).toEqual([]);
});

test("a team test has one lane per device with its role and serial; each step shows its device and that device's screen; a device's button shows its steps only", async () => {
  const { page, problems } = await openTest('alice says hi to bob');
  await expect(page.locator('#test-meta')).toContainText('devices alice emulator-5554 · bob emulator-5556');
  const lanes = page.locator('#lanes .lane');
  await expect(lanes.locator('.lane-label')).toHaveText(['alice emulator-5554', 'bob emulator-5556']);
  await expect(lanes.nth(0).locator('.bar')).toHaveCount(2);
  await expect(lanes.nth(1).locator('.bar')).toHaveCount(3);
  // In the order they started, interleaved, each with its device.
  await expect(rows(page).locator('.name')).toHaveText(['alicelaunch_app', 'boblaunch_app', 'alicetap', 'bobwait_for', 'bobai.expect']);
  await rows(page).nth(3).click();
  await expect(page.locator('#detail .meta')).toContainText('on bob (emulator-5556)');
  await expect(page.locator('#test-meta')).toContainText('5 steps');
  await expect(page.locator('#detail .frame img').first()).toHaveAttribute('src', frames['bob.png']);
  await expect(lanes.nth(1).locator('.bar.open')).toHaveCount(1);
  await shot(page, 'team');
  // alice's tap, opened from her lane: her screen, never bob's.
  await lanes.nth(0).locator('.bar').nth(1).click();
  await expect(page.locator('#detail h2')).toContainText('tap Send');
  for (const img of await page.locator('#detail .frame img').all()) await expect(img).toHaveAttribute('src', frames['alice.png']);
  await page.locator('#lanes button', { hasText: /^bob$/ }).click();
  await expect(rows(page).locator('.name')).toHaveText(['boblaunch_app', 'bobwait_for', 'bobai.expect']);
  await expect(lanes.nth(0)).toHaveClass(/dimmed/);
  // alice's tap was open: hidden now, so it is closed.
  await expect(page.locator('#detail .frame')).toHaveCount(0);
  await rows(page).nth(1).click();
  await expect(page.locator('#detail .frame img').first()).toHaveAttribute('src', frames['bob.png']);
  await shot(page, 'team-bob');
  await page.locator('#lanes button', { hasText: 'All devices' }).click();
  await expect(rows(page)).toHaveCount(5);
  expect(problems).toEqual([]);
});

test('a pass after a recovery says so; the recovery block tells what failed and what it replayed, its replayed actions fold under it, then the retried step; checkpoints end stages', async () => {
  const { page, problems } = await openTest('searches after signing in');
  await expect(page.locator('#test-meta .badge').first()).toHaveText('passed after 1 recovery');
  await expect(page.locator('#resume')).toHaveText(
    'Resumed from checkpoint "signed in" of run run-41: 2 steps replayed to reach it; the steps before it ran in that run.',
  );
  await expect(rows(page)).toHaveText([
    /launch_app/,
    /tap\s*Sign in/,
    /checkpoint\s*stage 1 ends: signed in/,
    /tap\s*Search/,
    /recovery\s*from checkpoint "signed in", attempt 1 of 2\s*▸ 2 replayed\s*4\.2 s/,
    /tap\s*Search/,
    /checkpoint\s*stage 2 ends: searched/,
  ]);
  // The test opens on its recovery.
  const block = page.locator('#detail .recovery');
  await expect(block.locator('.what-failed')).toHaveText('What failed: tap "Search" environment DeviceDisconnected: adb lost the device during tap');
  await expect(block.locator('.replay')).toHaveText('Replayed 2 steps to checkpoint "signed in", then 0 in the stage, in 4.2 s.');
  await expect(block.locator('.outcome')).toContainText('Resumed: the failed step ran again');
  await expect(page.locator('#detail .meta .badge')).toHaveText('resumed');
  await expect(page.locator('#detail h3', { hasText: 'Replayed' })).toHaveText('Replayed 2 actions');
  await shot(page, 'recovered');
  // Unfolded: the replayed actions and the checkpoint reached again, under it.
  await expect(page.locator('#test-meta')).toContainText('6 steps');
  await rows(page).nth(4).locator('.fold').click();
  await expect(rows(page)).toHaveCount(10);
  // The keys fold and unfold it too.
  await rows(page).nth(4).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(rows(page)).toHaveCount(7);
  await expect(rows(page).nth(4)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).nth(5)).toHaveAttribute('aria-level', '2');
  await expect(rows(page).nth(7)).toContainText('stage 1 ends: signed in (reached again)');
  await shot(page, 'recovered-open');
  await block.getByRole('button', { name: 'tap "Search"' }).last().click();
  await expect(page.locator('#detail h2')).toContainText('tap Search');
  await expect(page.locator('#detail .meta .badge')).toHaveText('OK');
  await rows(page).nth(2).click();
  await expect(page.locator('#detail .stage-end')).toContainText('Stage 1 ends: signed in after 2 steps on the path from the launch');
  await expect(page.locator('#detail .screen pre').last()).toContainText('Welcome');
  expect(problems).toEqual([]);
});

test('a failed recovery fails the test there: the failure panel, and the replayed action that failed shown under its recovery', async () => {
  const { page, problems } = await openTest('device lost for good');
  await expect(page.locator('#failure .failed-step')).toContainText('while recovery 1 of 2 replayed the test to checkpoint "signed in"');
  await expect(page.locator('#detail h2')).toContainText('launch_app');
  await expect(rows(page).nth(4)).toContainText('▾ 1 replayed');
  await expect(rows(page).nth(5)).toHaveAttribute('aria-level', '2');
  await shot(page, 'lost');
  expect(problems).toEqual([]);
});

test('a one-device log without stages shows nothing new: no lanes, device chips, folds or notes, and its data holds no new fields', async () => {
  const { page, problems } = await openTest('a plain search');
  await expect(rows(page)).toHaveCount(4);
  await expect(page.locator('#lanes')).toBeHidden();
  await expect(page.locator('#resume')).toBeHidden();
  await expect(page.locator('#timeline .chip, #timeline .fold, #timeline .kind-checkpoint')).toHaveCount(0);
  await expect(page.locator('#test-meta')).toContainText('device emulator-5554');
  const n = new URL(page.url()).hash.slice('#test/'.length);
  const data = await readFile(path.join(dir, 'html', 'data', `test-${n}.js`), 'utf8');
  for (const field of ['"devices"', '"lanes"', '"resume"', '"device":"alice"', '"stage"', '"recovery"', '"recovered"']) expect(data).not.toContain(field);
  expect(problems).toEqual([]);
});
