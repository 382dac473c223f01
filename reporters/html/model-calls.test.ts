// An agent step served by a model, in the HTML report: its decision, its model call with the prompt
// and answer read from the files beside the log (folded, API key masked), and the candidates of the
// action it ran. The log is written beforehand, as the agent writes it, and attached by a plain spec.
import { test, expect } from '@playwright/test';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EventLog, newActionId, type EventInput } from '../../src/events/index.js';
import { chromiumMissing, launchChromium, watchedPage } from '../testing/browser.js';
import { createProject, removeProject, runCli } from '../testing/project.js';

const API_KEY = 'sk-test-4b1d2e9f8a7c6b5d';
// Pushed as the device fixture does, so the log stays beside the files it names (attach() would copy it alone).
const spec = (log: string): string => `import { test } from '@playwright/test';
test('adds a cable by goal', async ({}, testInfo) => {
  testInfo.attachments.push({ name: 'mobiletest-events', path: ${JSON.stringify(log)}, contentType: 'application/x-ndjson' });
});
`;

async function writeTrace(dir: string, file: string): Promise<void> {
  await mkdir(path.join(dir, 'trace'), { recursive: true });
  const log = await EventLog.open(path.join(dir, 'trace', 'events.jsonl'), { testId: 't1' });
  const step = newActionId();
  const tap = newActionId();
  // An older prompt file that still holds the key: the report masks it all the same.
  await writeFile(path.join(dir, 'trace', 'p1-prompt.txt'), `--- system\nYou are the planner.\n--- user\nGoal: add a cable to the cart\nauth: Bearer ${API_KEY}\n`);
  await writeFile(path.join(dir, 'trace', 'p1-answer.txt'), '{"actions":[{"name":"tap","params":{"target":"Add to cart"}}],"done":true}');
  const events: EventInput[] = [
    { kind: 'test_start', title: 'adds a cable by goal', device: 'emulator-5554' },
    { kind: 'agent_start', action_id: step, call: 'step', text: 'add a cable to the cart', location: { file, line: 2 } },
    { kind: 'llm_call', action_id: step, role: 'planner', model: 'gpt-4o-mini', prompt_ref: 'p1-prompt.txt', answer_ref: 'p1-answer.txt', tokens_in: 900, tokens_out: 40, cost_usd: 0.0002, duration_ms: 820 },
    { kind: 'agent_decision', action_id: step, role: 'planner', path: 'model', reason: 'the cart button of the first cable', actions: [{ name: 'tap', params: { target: 'Add to cart' } }], refs: ['e12'] },
    { kind: 'action_start', action_id: tap, primitive: 'tap', params: { target: 'Add to cart' }, target: 'Add to cart', source: 'agent', parent_action_id: step },
    { kind: 'observation', action_id: tap, phase: 'before', screen_text: 'app com.example.shop/.MainActivity · screen 1080x2400\ne12 button "Add to cart"\ne13 button "Add to cart"', signature: 's1' },
    {
      kind: 'candidates', action_id: tap, target: 'Add to cart', ambiguous: true, chosen: 0, candidates: [
        { ref: 'e12', label: 'Add to cart', score: 0.92, reasons: ['exact label', 'first in list'], bounds: { left: 60, top: 900, right: 500, bottom: 990 } },
        { ref: 'e13', label: 'Add to cart', score: 0.88, reasons: ['exact label'], bounds: { left: 60, top: 1300, right: 500, bottom: 1390 } },
      ],
    },
    { kind: 'action_end', action_id: tap, verdict: 'OK', timings: { total_ms: 140, device_ms: 120, harness_ms: 20 } },
    { kind: 'llm_call', action_id: step, role: 'validator', model: 'gpt-4o-mini', prompt_ref: 'gone-prompt.txt', answer_ref: 'gone-answer.txt', tokens_in: 300, tokens_out: 10, cost_usd: 0.0001, duration_ms: 300 },
    { kind: 'agent_end', action_id: step, call: 'step', status: 'passed', path: 'model', cache: 'miss', llm_calls: 2, tokens_in: 1200, tokens_out: 50, steps: 1, reason: 'goal reached', duration_ms: 1400 },
    { kind: 'test_end', status: 'passed', duration_ms: 1500 },
  ];
  for (const event of events) await log.append(event);
  await log.close();
}

test('an agent step shows its decision and its model calls, prompt and answer folded and the API key masked; its action shows the ambiguous candidates', async () => {
  const missing = chromiumMissing();
  test.skip(missing !== null, missing ?? '');
  test.setTimeout(120_000);
  const dir = await createProject({});
  const browser = await launchChromium();
  try {
    await writeTrace(dir, path.join(dir, 'specs', 'agent.test.ts'));
    await mkdir(path.join(dir, 'specs'));
    await writeFile(path.join(dir, 'specs', 'agent.test.ts'), spec(path.join(dir, 'trace', 'events.jsonl')));
    const run = await runCli(dir, ['test', '--output', 'html'], { OPENAI_API_KEY: API_KEY });
    expect(run.exitCode, run.output).toBe(0);

    const html = path.join(dir, 'mobiletest-report', 'html');
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${pathToFileURL(path.join(html, 'index.html')).href}#test/0`);
    await page.locator('#timeline .step', { hasText: 'ai.step' }).click();
    const detail = page.locator('#detail');
    await expect(detail.locator('.agent-summary')).toContainText('served by a model · cache miss · 1 action · 2 model calls · 1250 tokens');
    await expect(detail.locator('.decisions')).toContainText('the cart button of the first cable');
    await expect(detail.locator('.decisions')).toContainText('cites e12');

    const calls = detail.locator('.llm');
    await expect(calls.first()).toContainText('planner gpt-4o-mini · 900 in + 40 out tokens');
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
    expect(problems).toEqual([]);

    for (const entry of await readdir(html, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) expect(await readFile(path.join(entry.parentPath, entry.name), 'latin1'), entry.name).not.toContain(API_KEY);
    }
  } finally {
    await browser.close();
    await removeProject(dir);
  }
});
