// results.json and junit.xml for tests with agent steps, as users get them: a throw-away project
// whose specs write an events log (as the device fixture and the agent do), run through Playwright
// with mobiletest's reporters.
import { test, expect } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { EventLog, newActionId, type AgentVerification, type EventInput } from '../../src/events/index.js';
import { PACKAGE_ROOT, TempProject } from '../testing/project.js';

const REPORTERS = ['json', 'junit'].map((name) => path.join(PACKAGE_ROOT, 'dist', 'reporters', `${name}.js`)).join(',');

/** Each test attaches the events log written for it beforehand, as the device fixture attaches its own. */
const SPEC = `
import { test } from '@playwright/test';
for (const title of ['logs in by goal', 'replays from the cache', 'has no agent steps']) {
  test(title, async ({}, testInfo) => {
    await testInfo.attach('mobiletest-events', { path: 'logs/' + title + '.jsonl', contentType: 'application/x-ndjson' });
  });
}
`;

type Model = { tokens_in: number; tokens_out: number; cost_usd: number; request_tokens?: number; usage_source?: 'provider' | 'counted' } | null;

/** How a replayed step's check read off the screen, as its end records it. */
const CART_OPENED: AgentVerification = {
  by: 'cache',
  rule: 'open',
  check: 'the screen changed to one titled "Cart"',
  held: true,
  screen: 'com.example.shop/.CartActivity showing "Cart", "Check out"',
  signature: 'c4a1',
  refs: ['e9'],
};

/** How an ai.step was served (its cache outcome and model call), the spec it was written in, and how its outcome was verified. */
interface Served {
  cache: 'hit' | 'miss' | 'healed';
  model: Model;
  file: string;
  verification?: AgentVerification;
}

/** What an ai.step that ran one tap writes: its start, the tap, the model call if any, its end (with its verification, if any). */
function aiStep(text: string, { cache, model, file, verification }: Served): EventInput[] {
  const id = newActionId();
  const tap = newActionId();
  return [
    { kind: 'agent_start', action_id: id, call: 'step', text, location: { file, line: 1 } },
    { kind: 'action_start', action_id: tap, primitive: 'tap', params: { target: 'Log in' }, target: 'Log in', source: 'agent', parent_action_id: id },
    { kind: 'action_end', action_id: tap, verdict: 'OK', timings: { total_ms: 50, device_ms: 40, harness_ms: 10 } },
    ...(model
      ? [
          {
            kind: 'llm_call',
            action_id: id,
            role: 'planner',
            model: 'gpt-4o-mini',
            prompt_ref: 'p.txt',
            answer_ref: 'a.txt',
            duration_ms: 5,
            ...model,
          } as const,
        ]
      : []),
    {
      kind: 'agent_end',
      action_id: id,
      call: 'step',
      status: 'passed',
      path: cache === 'hit' ? 'cache' : model ? 'model' : 'rules',
      cache,
      llm_calls: model ? 1 : 0,
      tokens_in: model?.tokens_in ?? 0,
      tokens_out: model?.tokens_out ?? 0,
      steps: 1,
      reason: 'goal reached',
      duration_ms: 70,
      ...(verification ? { verification } : {}),
    },
  ];
}

async function writeLog(project: TempProject, title: string, inputs: EventInput[]): Promise<void> {
  await mkdir(project.path('logs'), { recursive: true });
  const log = await EventLog.open(project.path('logs', `${title}.jsonl`), { testId: title });
  for (const input of [{ kind: 'test_start', title, device: 'sim-5554' } as const, ...inputs, { kind: 'test_end', status: 'passed', duration_ms: 10 } as const])
    await log.append(input);
  await log.close();
}

interface AgentTotals {
  steps: number;
  cache_hits: number;
  cache_misses: number;
  cache_healed: number;
  llm_calls: number;
  tokens_in: number;
  tokens_out: number;
  request_tokens: number;
  cost_usd: number;
}
interface Entry {
  title: string;
  llm_calls: number;
  tokens: number;
  agent: AgentTotals;
  steps: Array<{ primitive: string; detail: string | null; source: string; agent?: Record<string, unknown> }>;
}

test("results.json has each test's agent figures, the agent calls among its steps, and the run's totals; junit.xml the cache and model properties", async () => {
  test.setTimeout(120_000);
  const project = await TempProject.create({
    'playwright.config.ts': "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: 'specs', workers: 1 });\n",
  });
  try {
    await project.write({ 'specs/agent.test.ts': SPEC });
    const file = project.path('specs', 'agent.test.ts');
    await writeLog(project, 'logs in by goal', [
      ...aiStep('log in as alice', {
        cache: 'miss',
        model: { tokens_in: 900, tokens_out: 40, cost_usd: 0.0002, request_tokens: 17_900, usage_source: 'counted' },
        file,
      }),
      ...aiStep('open the cart', { cache: 'hit', model: null, file, verification: CART_OPENED }),
    ]);
    // A model call as logs from before request_tokens have it: its request counts as its tokens_in.
    await writeLog(
      project,
      'replays from the cache',
      aiStep('open settings', { cache: 'healed', model: { tokens_in: 300, tokens_out: 20, cost_usd: 0.0001 }, file }),
    );
    await writeLog(project, 'has no agent steps', []);
    const run = await project.playwright(['test', '--reporter', REPORTERS]);
    expect(run.exitCode, run.output).toBe(0);
    const results = await project.readJson<{ run: { agent: AgentTotals }; tests: Entry[] }>('mobiletest-report/results.json');
    const entry = (title: string): Entry => results.tests.find((t) => t.title === title) as Entry;

    expect(entry('logs in by goal')).toMatchObject({
      llm_calls: 1,
      tokens: 940,
      agent: {
        steps: 2,
        cache_hits: 1,
        cache_misses: 1,
        cache_healed: 0,
        llm_calls: 1,
        tokens_in: 900,
        tokens_out: 40,
        request_tokens: 17_900,
        cost_usd: 0.0002,
        by_role: { planner: { llm_calls: 1, tokens_in: 900, tokens_out: 40, request_tokens: 17_900, cost_usd: 0.0002 } },
      },
    });
    expect(entry('logs in by goal').steps.map((s) => [s.primitive, s.detail, s.source, s.agent?.path ?? null])).toEqual([
      ['ai.step', 'log in as alice', 'script', 'model'],
      ['tap', null, 'agent', null],
      ['ai.step', 'open the cart', 'script', 'cache'],
      ['tap', null, 'agent', null],
    ]);
    expect(entry('logs in by goal').steps[0].agent).toEqual({
      call: 'step',
      text: 'log in as alice',
      path: 'model',
      cache: 'miss',
      actions: 1,
      llm_calls: 1,
      tokens: 940,
      verification: null,
    });
    expect(entry('logs in by goal').steps[2].agent?.verification).toEqual(CART_OPENED);
    expect(entry('has no agent steps').agent).toEqual({
      steps: 0,
      cache_hits: 0,
      cache_misses: 0,
      cache_healed: 0,
      llm_calls: 0,
      tokens_in: 0,
      tokens_out: 0,
      request_tokens: 0,
      cost_usd: 0,
      by_role: {},
    });
    expect(results.run.agent).toEqual({
      steps: 3,
      cache_hits: 1,
      cache_misses: 1,
      cache_healed: 1,
      llm_calls: 2,
      tokens_in: 1200,
      tokens_out: 60,
      request_tokens: 18_200,
      cost_usd: 0.0003,
      by_role: { planner: { llm_calls: 2, tokens_in: 1200, tokens_out: 60, request_tokens: 18_200, cost_usd: 0.0003 } },
    });

    const junit = await project.read('mobiletest-report/junit.xml');
    const testcase = /<testcase[^>]*name="logs in by goal"[\s\S]*?<\/testcase>/.exec(junit)?.[0] ?? '';
    for (const [name, value] of [
      ['llm_calls', '1'],
      ['tokens', '940'],
      ['tokens_in', '900'],
      ['tokens_out', '40'],
      ['request_tokens', '17900'],
      ['cost_usd', '0.0002'],
      ['cache_hits', '1'],
      ['cache_misses', '1'],
    ]) {
      expect(testcase).toContain(`<property name="${name}" value="${value}"/>`);
    }
    expect(testcase).toContain('✓ ai.step "log in as alice" 70 ms [model, cache miss, 1 action, 1 model call]\n  ✓ tap "Log in" 50 ms');
    expect(testcase).toContain(
      [
        '✓ ai.step "open the cart" 70 ms [cache, cache hit, 1 action]',
        '  verified by cache "open": the screen changed to one titled "Cart", on com.example.shop/.CartActivity showing "Cart", "Check out", refs e9',
        '  ✓ tap "Log in" 50 ms',
      ].join('\n'),
    );
  } finally {
    await project.remove();
  }
});
