// The viewer's failure panel in a real Chromium: a failed test's category, message, evidence and
// suggestion at the top, with a link to the failed step that shows them too. The report is the
// evidence report (reporters/html/testing/evidence-report.ts).
import { test, expect } from '@playwright/test';
import { EVIDENCE, SUGGESTION } from './testing/evidence-logs.js';
import { useEvidenceReport } from './testing/evidence-report.js';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const open = useEvidenceReport();

test('a failed test shows its category, message, evidence and suggestion at the top with a link to the failed step, which shows them too', async () => {
  const { page, problems } = await open('#test/0');
  const failure = page.locator('#failure');
  await expect(failure.locator('.failure-head')).toContainText('locator Locator');
  await expect(failure.locator('.message')).toHaveText('no element matches "Checkout"');
  await expect(failure.locator('.evidence li')).toHaveText(EVIDENCE);
  await expect(failure.locator('.suggestion')).toHaveText(`Suggestion: ${SUGGESTION}`);
  // The test opened on its failed step; another step first, then the link back to it.
  await expect(page.locator('#detail h2')).toContainText('tap Checkout');
  await page.locator('#timeline .step', { hasText: 'ai.step' }).click();
  await expect(page.locator('#detail h2')).toContainText('ai.step');
  await failure.getByRole('button', { name: 'tap "Checkout"' }).click();
  const error = page.locator('#detail .error');
  await expect(error).toContainText('ElementNotFound');
  await expect(error.locator('.evidence li')).toHaveText(EVIDENCE);
  await expect(error.locator('.suggestion')).toContainText(SUGGESTION);
  await expect(page.locator('#detail .meta')).toContainText('5.0 s (device 4.1 s, harness 884 ms)');
  expect(problems).toEqual([]);
});
