// The report the viewer's evidence tests open: the evidence logs written through EventLog with their
// screenshots and snapshots beside them, and the report written from them by the HTML writer a run
// uses; Chromium opens it from disk. Also where an element's bounds fall on a screenshot as shown.
import { test, expect } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { EventLog, readEvents, type EventInput } from '../../../src/events/index.js';
import { NO_AGENT, type Results, type TestRecord } from '../../results/model.js';
import { chromiumMissing, launchChromium, watchedPage } from '../../testing/browser.js';
import { buildTrace } from '../trace.js';
import { writeHtmlReport, type LoadedTrace } from '../write.js';
import { BT_OFF, BT_ON, CART, CATALOGUE, EVIDENCE, SUGGESTION, bluetoothEvents, checkoutEvents, longEvents, type Bounds } from './evidence-logs.js';

const TEMPLATE_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'templates', 'viewer');

function record(title: string, status: TestRecord['status'], steps: number): TestRecord {
  return {
    title,
    title_path: [title],
    file: 'specs/shop.test.ts',
    line: 1,
    column: 1,
    project: '',
    status,
    duration_ms: steps * 100,
    retry: 0,
    device: 'emulator-5554',
    steps: [],
    // As results.json records it, from the test_end error of its events.
    failure:
      status === 'failed'
        ? {
            category: 'locator',
            message: 'no element matches "Checkout"',
            suggestion: SUGGESTION,
            evidence: EVIDENCE,
            step: 'tap "Checkout" at specs/shop.test.ts:12',
          }
        : null,
    llm_calls: 1,
    tokens: 940,
    agent: { ...NO_AGENT },
  };
}

/** Writes the evidence logs and their files under `dir` and the report from them; returns its index page's URL. */
async function writeEvidenceReport(dir: string): Promise<string> {
  /** An events log written by EventLog, with files beside it, read back as the reporter reads it. */
  const trace = async (name: string, events: EventInput[], files: Record<string, string | Buffer>): Promise<LoadedTrace> => {
    const logDir = path.join(dir, name);
    await mkdir(logDir, { recursive: true });
    for (const [file, content] of Object.entries(files)) await writeFile(path.join(logDir, file), content);
    const log = await EventLog.open(path.join(logDir, 'events.jsonl'), { testId: name });
    for (const event of events) await log.append(event);
    await log.close();
    return { trace: buildTrace((await readEvents(path.join(logDir, 'events.jsonl'))).events, { rootDir: dir }), dir: logDir };
  };
  // Half the device's size, as frames are stored: boxes must scale from device pixels.
  const png = (background: string): Promise<Buffer> =>
    sharp({ create: { width: 540, height: 1200, channels: 3, background } })
      .png()
      .toBuffer();
  const files = {
    'catalogue.png': await png('#f4f4f4'),
    'cart.png': await png('#e8eefc'),
    'h-catalogue.json': JSON.stringify(CATALOGUE),
    'h-cart.json': JSON.stringify(CART),
    'bt-off.png': await png('#f0f0f0'),
    'bt-on.png': await png('#e6f0ff'),
    'h-bt-off.json': JSON.stringify(BT_OFF),
    'h-bt-on.json': JSON.stringify(BT_ON),
  };
  const traces = [
    await trace('checkout', checkoutEvents(dir), files),
    await trace('long', longEvents(1000), files),
    await trace('bluetooth', bluetoothEvents(), files),
  ];
  const bluetooth: TestRecord = {
    ...record('switches Bluetooth', 'failed', 4),
    failure: {
      category: 'product',
      message: 'ai.step "turn off Bluetooth" failed (GoalNotVerified)',
      suggestion: 'This is a defect in the app.',
      evidence: [],
      step: 'ai.step "turn off Bluetooth"',
    },
  };
  const results: Results = {
    version: 1,
    run: {
      status: 'failed',
      started_at: new Date(0).toISOString(),
      duration_ms: 106400,
      totals: { passed: 1, failed: 2, flaky: 0, skipped: 0, recovered: 0 },
      agent: { ...NO_AGENT },
      errors: [],
    },
    tests: [record('checks out', 'failed', 2), record('a long session', 'passed', 1000), bluetooth],
  };
  const out = path.join(dir, 'html');
  await writeHtmlReport({ outDir: out, templateDir: TEMPLATE_DIR, results, traces });
  return pathToFileURL(path.join(out, 'index.html')).href;
}

/**
 * A viewer test file's hooks: before its tests the evidence report is written to a fresh folder and
 * Chromium launched, after them both are gone. Returns how a test opens the report at a link (`#test/0`).
 */
export function useEvidenceReport(): (hash: string) => Promise<{ page: Page; problems: string[] }> {
  let dir = '';
  let browser: Browser | undefined;
  let indexUrl = '';

  test.beforeAll(async () => {
    const missing = chromiumMissing();
    test.skip(missing !== null, missing ?? '');
    dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-html-evidence-'));
    indexUrl = await writeEvidenceReport(dir);
    browser = await launchChromium();
  });

  test.afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  return async (hash) => {
    if (!browser) throw new Error('no browser');
    const opened = await watchedPage(browser);
    await opened.page.goto(`${indexUrl}${hash}`);
    await opened.page.locator('#timeline .step').first().waitFor();
    return opened;
  };
}

/** Where `bounds` (device pixels of a 1080x2400 screen) fall on the picture, in page pixels. */
export async function onPicture(img: Locator, bounds: Bounds): Promise<{ x: number; y: number; width: number; height: number }> {
  await expect.poll(() => img.evaluate((node) => (node as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  const box = await img.boundingBox();
  if (!box) throw new Error('no picture');
  const sx = box.width / 1080;
  const sy = box.height / 2400;
  return { x: box.x + bounds.left * sx, y: box.y + bounds.top * sy, width: (bounds.right - bounds.left) * sx, height: (bounds.bottom - bounds.top) * sy };
}

export async function expectAt(marker: Locator, expected: { x: number; y: number; width: number; height: number }): Promise<void> {
  await expect(marker).toBeVisible();
  const box = await marker.boundingBox();
  if (!box) throw new Error('no marker');
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(box[key] - expected[key]), `${key}: ${JSON.stringify({ box, expected })}`).toBeLessThan(3);
}
