// The viewer in a real Chromium on how an agent step's outcome was verified: the rule, the check, and
// the screen it was read on with its refs boxed, or what was missing. The report is the evidence
// report (reporters/html/testing/evidence-report.ts).
import { test, expect } from '@playwright/test';
import { BT_SCREEN, E19 } from './testing/evidence-logs.js';
import { expectAt, onPicture, useEvidenceReport } from './testing/evidence-report.js';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const open = useEvidenceReport();

test('an agent step shows how its outcome was verified: by which rule, the check, and the screen it was read on with its refs boxed; a failed one what was missing', async () => {
  // Listed second, failed tests first.
  const { page, problems } = await open('#test/1');
  // The test opens on its failed step: the check that did not hold, what was found instead, where.
  const detail = page.locator('#detail');
  await expect(detail.locator('h2')).toContainText('ai.step turn off Bluetooth');
  const failed = detail.locator('.verification');
  await expect(failed.locator('.verdict')).toHaveText('not verified by rule "turn on/off": a switch "Bluetooth" is off');
  await expect(failed.locator('.missing')).toHaveText('Missing: toggle e23 "Bluetooth On" is on');
  await expect(failed.locator('.where')).toHaveText(`on ${BT_SCREEN} · refs e23`);
  await expect(failed.locator('figcaption')).toHaveText('checked on · cited by the planner and validator');
  await expectAt(failed.locator('.marker.cited[data-ref="e23"]'), await onPicture(failed.locator('img'), E19));

  await page.locator('#timeline .step', { hasText: 'turn on Bluetooth' }).click();
  await expect(detail.locator('h2')).toContainText('ai.step turn on Bluetooth');
  const verified = detail.locator('.verification');
  await expect(verified.locator('.verdict')).toHaveText('verified by rule "turn on/off": a switch "Bluetooth" is on');
  await expect(verified.locator('.missing')).toHaveCount(0);
  await expect(verified.locator('figcaption')).toHaveText('verified on · cited by the validator');
  await expect(verified.locator('pre .cited')).toHaveText(['e23 toggle "Bluetooth On" checked']);
  const img = verified.locator('img');
  await expectAt(verified.locator('.marker.cited[data-ref="e23"]'), await onPicture(img, E19));
  // Pointing at a ref draws its element's box with its role and label.
  await verified.locator('code.ref', { hasText: 'e23' }).hover();
  await expectAt(verified.locator('.marker.element'), await onPicture(img, E19));
  await expect(verified.locator('.tip')).toHaveText('e23 toggle "Bluetooth On"');
  // That screen is not shown again among the screens decisions cited refs on: the planner's is.
  await expect(detail.locator('.cited-screens figcaption')).toHaveText(['seen by the planner']);
  await expect(detail.locator('.cited-screens pre .cited')).toHaveText(['e19 toggle "Bluetooth Off" unchecked']);
  expect(problems).toEqual([]);
});
