// The HTML report of a real run on the virtual phone, opened in a real Chromium as a user opens it:
// from disk, and served by `mobiletest show-report`. One run is shared by every test here; besides
// specs on the phone it has one whose events log is written beforehand as an agent served by a model
// writes it (no model server needed), with the prompt and answer files beside it: the project is in
// reporters/html/testing/viewer-project.ts.
import { test, expect } from '@playwright/test';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { chromiumMissing, launchChromium, watchedPage } from '../testing/browser.js';
import { createProject, removeProject, runCli, startCli, type CliRun } from '../testing/project.js';
import { CRASH_SPEC, CRASH_TITLE, SECRET, SHOP_SPEC, TOKEN, agentSpec, writeTrace } from './testing/viewer-project.js';

let dir = '';
let run: CliRun;
let browser: Browser | undefined;
let indexUrl = '';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== null, missing ?? '');
  test.setTimeout(240_000);
  dir = await createProject({ 'specs/shop.test.ts': SHOP_SPEC, 'specs/crash.test.ts': CRASH_SPEC });
  await writeTrace(dir, path.join(dir, 'specs', 'agent.test.ts'));
  await writeFile(path.join(dir, 'specs', 'agent.test.ts'), agentSpec(path.join(dir, 'trace', 'events.jsonl')));
  [run, browser] = await Promise.all([runCli(dir, ['test', '--output', 'html,json'], { env: { SHOP_API_TOKEN: TOKEN } }), launchChromium()]);
  indexUrl = pathToFileURL(path.join(dir, 'mobiletest-report', 'html', 'index.html')).href;
});

test.afterAll(async () => {
  await browser?.close();
  if (dir) await removeProject(dir);
});

async function openReport(): Promise<{ page: Page; problems: string[] }> {
  if (!browser) throw new Error('no browser');
  const opened = await watchedPage(browser);
  await opened.page.goto(indexUrl);
  await opened.page.locator('a.row').first().waitFor();
  return opened;
}

const rowTitles = (page: Page): Promise<string[]> => page.locator('li:not([hidden]) > a.row .name').allTextContents();

test('the run lists the failed test first with its category; the status filter and the search narrow the list', async () => {
  expect(run.exitCode, run.output).toBe(1);
  expect(run.output).toContain('HTML report: mobiletest-report/html/index.html');
  const { page, problems } = await openReport();
  expect(await rowTitles(page)).toEqual([CRASH_TITLE, 'adds a cable by goal', 'alice signs in', 'alice signs in by goal']);
  const first = page.locator('a.row').first();
  await expect(first.locator('.cat')).toHaveText('product');
  await expect(first.locator('.where')).toHaveText('specs/crash.test.ts:4');
  await expect(page.locator('#run-summary')).toContainText('4 tests · 3 passed · 1 failed');
  await expect(page.locator('#run-summary')).toContainText('2 model calls, 1,250 tokens billed');

  await page.getByRole('button', { name: /^Passed/ }).click();
  expect(await rowTitles(page)).toEqual(['adds a cable by goal', 'alice signs in', 'alice signs in by goal']);
  await page.getByRole('button', { name: /^All/ }).click();
  await page.locator('#search').fill('signs in by');
  expect(await rowTitles(page)).toEqual(['alice signs in by goal']);
  await page.locator('#search').fill('product');
  expect(await rowTitles(page)).toEqual([CRASH_TITLE]);
  expect(problems).toEqual([]);
});

test('the failed test shows its attribution and steps; its failed step shows the screen text, the error and the target marked on the screenshot; a tap point sits on the tapped button', async () => {
  const { page, problems } = await openReport();
  await page.locator('a.row').first().click();
  await expect(page.locator('#failure')).toContainText('Product defect');
  await expect(page.locator('#failure .message')).toContainText('com.example.shop crashed during input_text');
  const steps = page.locator('#timeline .step');
  await expect(steps).toHaveText(
    [
      /launch_app\s*com\.example\.shop/,
      /input_text\s*Email/,
      /input_text\s*Email/,
      /input_text\s*Password/,
      /tap\s*Log in/,
      /tap\s*Cart/,
      /input_text\s*Coupon code/,
    ].map((re) => new RegExp(re.source)),
  );

  // Another step first, then the failed one, as a user would click through.
  await steps.filter({ hasText: 'Cart' }).first().click();
  await expect(page.locator('#detail h2')).toContainText('tap Cart');
  await steps.last().click();
  const detail = page.locator('#detail');
  await expect(detail.locator('h2')).toContainText('input_text Coupon code');
  await expect(detail.locator('.error')).toContainText('AppCrashed');
  await expect(detail.locator('.screen').first().locator('pre')).toContainText('input "Coupon code" #coupon');
  await expect(detail.locator('.screen').last().locator('pre')).toContainText('Shop keeps stopping');
  await expect(detail.locator('.situation')).toContainText('crash: com.example.shop crashed');

  // The target's box on the failure screenshot sits where its bounds are, scaled to the picture.
  const img = detail.locator('.frame img').first();
  await expect
    .poll(() =>
      img.evaluate((node) => {
        const image = node as unknown as { complete: boolean; naturalWidth: number };
        return image.complete ? image.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);
  const bounds = (await detail.locator('table.candidates tr.chosen td').last().textContent())?.match(/\d+/g)?.map(Number) ?? [];
  expect(bounds).toHaveLength(4);
  const [left, top, right, bottom] = bounds;
  const size = await detail
    .locator('.screen')
    .first()
    .locator('pre')
    .textContent()
    .then(
      (text) =>
        text
          ?.match(/screen (\d+)x(\d+)/)
          ?.slice(1)
          .map(Number) ?? [],
    );
  const box = await img.boundingBox();
  const marker = await detail.locator('.frame .marker:not(.hover)').first().boundingBox();
  if (!box || !marker) throw new Error('no screenshot or marker on the failed step');
  const [width, height] = size;
  expect(Math.abs(marker.x - (box.x + (left / width) * box.width))).toBeLessThan(3);
  expect(Math.abs(marker.y - (box.y + (top / height) * box.height))).toBeLessThan(3);
  expect(Math.abs(marker.width - ((right - left) / width) * box.width)).toBeLessThan(3);
  expect(Math.abs(marker.height - ((bottom - top) / height) * box.height)).toBeLessThan(3);

  // The tap's point, drawn from the gesture the action recorded, sits inside the tapped button's box.
  await steps.filter({ hasText: 'Log in' }).click();
  await expect(detail.locator('figcaption').first()).toHaveText('before · tap');
  // The marks are placed once the frame's image has loaded: wait for them as a person would.
  await expect(detail.locator('.frame .marker:not(.hover)').first()).toBeVisible();
  await expect(detail.locator('.frame .touch circle').first()).toBeVisible();
  const button = await detail.locator('.frame .marker:not(.hover)').first().boundingBox();
  const point = await detail.locator('.frame .touch circle').first().boundingBox();
  if (!button || !point) throw new Error('no target box or tap point on "tap Log in"');
  const [x, y] = [point.x + point.width / 2, point.y + point.height / 2];
  expect(x > button.x && x < button.x + button.width && y > button.y && y < button.y + button.height, JSON.stringify({ button, point })).toBe(true);
  expect(problems).toEqual([]);
});

test('the keyboard moves through the list and the steps, Enter opens, Escape goes back; agent calls nest their actions and show their verification and decisions', async () => {
  const { page, problems } = await openReport();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('k');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('a.row:focus .name')).toHaveText('alice signs in by goal');
  await page.keyboard.press('Enter');
  await expect(page.locator('#test-title')).toContainText('alice signs in by goal');

  // ai.step's primitives are nested under it, and its decision says how it was served.
  await expect(page.locator('#timeline [role="treeitem"]')).toHaveText([
    /launch_app/,
    /ai\.step/,
    /wait_idle/,
    /input_text/,
    /input_text/,
    /tap\s*Log in/,
    /ai\.expect/,
    /assert_text/,
  ]);
  expect(await page.locator('#timeline [role="treeitem"]').evaluateAll((items) => items.map((item) => item.getAttribute('aria-level')))).toEqual([
    '1',
    '1',
    '2',
    '2',
    '2',
    '2',
    '1',
    '2',
  ]);
  await expect(page.locator('#timeline .step:focus')).toContainText('launch_app');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#timeline .step:focus')).toContainText('ai.step');
  await page.keyboard.press('Enter');
  await expect(page.locator('#detail h2')).toContainText('ai.step');
  await expect(page.locator('#detail .agent-summary')).toContainText('served by the offline rules');
  await expect(page.locator('#detail .decisions')).toContainText('planner');
  // How the rule's outcome was read off the screen after its last action, and on which screen.
  await expect(page.locator('#detail .verification .verdict')).toHaveText('verified by rule "log in": the login form is gone and no error shows');
  await expect(page.locator('#detail .verification .where')).toContainText('on com.example.shop/.MainActivity showing');
  await page.keyboard.press('k');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.locator('#detail h2')).toContainText('input_text');
  // The focused step is outlined for keyboard users.
  const outline = await page
    .locator('#timeline .step:focus')
    .evaluate((node) => (globalThis as unknown as { getComputedStyle(n: unknown): { outlineStyle: string } }).getComputedStyle(node).outlineStyle);
  expect(outline).toBe('solid');

  await page.keyboard.press('Escape');
  await expect(page.locator('#list-view')).toBeVisible();
  await expect(page.locator('a.row:focus .name')).toHaveText('alice signs in by goal');
  expect(problems).toEqual([]);
});

test('an agent step served by a model shows its decision and model calls (whole request, tokens billed and by whom, an unusual finish), prompt and answer folded with the token masked; its action shows the ambiguous candidates', async () => {
  if (!browser) throw new Error('no browser');
  const { page, problems } = await watchedPage(browser);
  await page.goto(`${indexUrl}#test/1`);
  await page.locator('#timeline .step', { hasText: 'ai.step' }).click();
  const detail = page.locator('#detail');
  await expect(detail.locator('.agent-summary')).toContainText(
    'served by a model · cache miss · 1 action · 2 model calls · requests 17,900 tokens (1 not recorded) · billed 1,200 in + 50 out (partly counted)',
  );
  await expect(detail.locator('.meta .tokens')).toHaveText('1,250 tokens (1,200 in + 50 out) · requests 17,900 tokens (1 not recorded)');
  await expect(detail.locator('.decisions')).toContainText('the cart button of the first cable');
  await expect(detail.locator('.decisions')).toContainText('cites e12');

  const calls = detail.locator('.llm');
  await expect(calls.first().locator('.llm-head')).toHaveText(
    'planner gpt-4o-mini (openai) · request 17,900 tokens · billed 900 in + 40 out (counted) · finished: length · 820 ms · $0.000200',
  );
  await expect(calls.last().locator('.llm-head')).toHaveText(
    'validator gpt-4o-mini · request not recorded (300 billed in) · billed 300 in + 10 out (provider) · 300 ms · $0.000100',
  );
  const prompt = calls.first().locator('details').first();
  await expect(prompt.locator('pre')).toBeHidden();
  await prompt.locator('summary').click();
  await expect(prompt.locator('pre')).toContainText('Goal: add a cable to the cart\nauth: Bearer •••');
  await calls.first().locator('details').last().locator('summary').click();
  await expect(calls.first().locator('details').last().locator('pre')).toContainText('"target":"Add to cart"');
  await expect(calls.last().locator('summary').first()).toHaveText('Prompt (file missing)');

  await detail.getByRole('button', { name: /tap "Add to cart"/ }).click();
  await expect(detail.locator('h3', { hasText: 'Candidates' })).toHaveText('Candidates for Add to cart (ambiguous)');
  await expect(detail.locator('table.candidates tbody tr')).toHaveCount(2);
  await expect(detail.locator('table.candidates tr.chosen')).toContainText('e12');
  // The read budget: screen reads, screenshots and the other device calls, each call's count and time on hover.
  await expect(detail.locator('.meta .device-calls')).toHaveText(' · 2 reads, 0 screenshots, 3 other calls');
  await expect(detail.locator('.meta .device-calls')).toHaveAttribute('title', 'hierarchy ×2: 70 ms\nforeground ×2: 30 ms\ntap ×1: 20 ms');
  expect(problems).toEqual([]);
});

test('no file of the report holds the typed password or the token from the environment', async () => {
  const html = path.join(dir, 'mobiletest-report', 'html');
  const files = (await readdir(html, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  expect(files.map((f) => path.relative(html, path.join(f.parentPath, f.name))).sort()).toEqual(
    expect.arrayContaining(['index.html', 'viewer.js', 'viewer.css', 'data/run.js', 'data/test-0.js']),
  );
  for (const file of files) {
    const text = (await readFile(path.join(file.parentPath, file.name))).toString('latin1');
    expect(text, file.name).not.toContain(SECRET);
    expect(text, file.name).not.toContain(TOKEN);
  }
  expect(run.output).not.toContain(SECRET);
});

test('`mobiletest show-report` serves the report on 127.0.0.1: it opens, loads a test, and refuses paths outside the folder', async () => {
  if (!browser) throw new Error('no browser');
  const served = await startCli(dir, ['show-report'], /open (http:\/\/127\.0\.0\.1:\d+\/)/);
  try {
    const url = served.match[1];
    const { page, problems } = await watchedPage(browser);
    await page.goto(url);
    await page.locator('a.row').first().click();
    await expect(page.locator('#timeline .step').last()).toContainText('Coupon code');
    expect(problems).toEqual([]);
    for (const escape of ['../package.json', '..%2fpackage.json', '%2e%2e/%2e%2e/package.json', 'data/..%2f..%2fpackage.json']) {
      const response = await fetch(`${url}${escape}`);
      expect(response.status, escape).toBe(404);
    }
  } finally {
    expect(await served.stop()).toBe(0);
  }
});
