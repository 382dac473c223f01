// The viewer's element boxes in a real Chromium: boxes from hierarchy snapshots under the pointer,
// and the refs an agent cited drawn on the screens it decided on. The report is the evidence report
// (reporters/html/testing/evidence-report.ts).
import { test, expect } from '@playwright/test';
import { CATALOGUE, E12, E13, E3 } from './testing/evidence-logs.js';
import { expectAt, onPicture, useEvidenceReport } from './testing/evidence-report.js';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const open = useEvidenceReport();

test('pointing at an element on a screenshot draws its box with its ref, role and label; pointing at a line of the screen text draws that element', async () => {
  const { page, problems } = await open('#test/0');
  await page.locator('#timeline .step', { hasText: 'Add to cart' }).click();
  const before = page.locator('#detail figure.shot').first();
  const img = before.locator('img');
  const e12 = await onPicture(img, E12);
  await page.mouse.move(e12.x + e12.width / 2, e12.y + e12.height / 2);
  await expectAt(before.locator('.marker.element'), e12);
  await expect(before.locator('.tip')).toHaveText('e12 button "Add to cart"');
  const tip = await before.locator('.tip').boundingBox();
  expect(tip && Math.abs(tip.x - e12.x) < 3 && Math.abs(tip.y - (e12.y + e12.height + 4)) < 3, JSON.stringify({ tip, e12 })).toBe(true);
  // The innermost element wins over the list around it; off every element, nothing is drawn.
  const list = await onPicture(img, CATALOGUE.elements[0].bounds);
  await page.mouse.move(list.x + list.width - 4, list.y + 4);
  await expect(before.locator('.tip')).toHaveText('e10 list');
  await page.mouse.move(0, 0);
  await expect(before.locator('.marker.element')).toBeHidden();

  await page.locator('#detail pre[data-screen="before"] [data-ref="e13"]').hover();
  await expectAt(before.locator('.marker.element'), await onPicture(img, E13));
  await expect(before.locator('.tip')).toHaveText('e13 button "Add to cart"');
  expect(problems).toEqual([]);
});

test('the refs an agent cited are boxed with their ref on the screens it decided on and marked in their screen text; the agent step shows its timings and tokens', async () => {
  const { page, problems } = await open('#test/0');
  await page.locator('#timeline .step', { hasText: 'ai.step' }).click();
  const detail = page.locator('#detail');
  await expect(detail.locator('.meta')).toContainText('700 ms (device 120 ms, model 400 ms, harness 180 ms)');
  await expect(detail.locator('.meta')).toContainText('940 tokens (900 in + 40 out)');
  await expect(page.locator('#timeline .step', { hasText: 'ai.step' }).locator('.num')).toHaveText('700 ms · 940 tok');
  const screens = detail.locator('.cited-screen');
  await expect(screens).toHaveCount(2);
  const planner = screens.first();
  await expect(planner.locator('figcaption')).toHaveText('seen by the planner');
  await expectAt(planner.locator('.marker.cited[data-ref="e12"]'), await onPicture(planner.locator('img'), E12));
  await expect(planner.locator('.marker.cited .ref-tag')).toHaveText(['e12']);
  await expect(planner.locator('pre .cited')).toHaveText(['  e12 button "Add to cart"']);
  const validator = screens.last();
  await expectAt(validator.locator('.marker.cited[data-ref="e3"]'), await onPicture(validator.locator('img'), E3));
  await expect(validator.locator('pre .cited')).toHaveText(['e3 text "1 in cart"']);

  // The tap the planner chose shows the cited ref on the screen it acted on.
  await detail.getByRole('button', { name: /tap "Add to cart"/ }).click();
  await expect(detail.locator('h2')).toContainText('tap');
  await expect(detail.locator('figure.shot').first().locator('.marker.cited .ref-tag')).toHaveText(['e12']);
  expect(problems).toEqual([]);
});
