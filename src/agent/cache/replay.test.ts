import { expect, test } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim } from '../../sim/index.js';
import type { PrimitiveCall } from '../../primitives/index.js';
import { SHOP, sharedPhone, signIn, type TestRunner } from '../../primitives/exec/testing/phone.js';
import { PlanCache, recordStep, replaySteps, type CachedStep, type GoalEntry, type StepReport } from './index.js';

// Recorded on the virtual phone's Shop with refs, stored, and replayed through the real executor.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 3 }));
const LAUNCH: PrimitiveCall = { name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } };
const GOAL = 'log in as alice@example.com with password pass123';

/** The ref of the element with this label on the screen as it is now. */
async function refOf(exec: TestRunner, label: string): Promise<string> {
  const { observation } = await exec.runner.observer.look();
  const element = observation.screen.elements.find((e) => e.label === label);
  if (!element) throw new Error(`"${label}" is not on the screen: ${observation.screen.elements.map((e) => e.label).join(', ')}`);
  return element.ref;
}

/** Runs calls aimed at refs, as the agent does (each made on the screen its turn comes on), and records each as the cache would. */
async function record(exec: TestRunner, calls: Array<() => Promise<PrimitiveCall>>, goal: string): Promise<GoalEntry> {
  const steps: CachedStep[] = [];
  for (const next of calls) {
    const call = await next();
    const step = recordStep({ call, result: await exec.ok(call), goal });
    if (step) steps.push(step);
  }
  return { kind: 'step', text: goal, app: SHOP, steps, recorded_at: new Date().toISOString() };
}

async function recordLogin(exec: TestRunner): Promise<GoalEntry> {
  await exec.ok(LAUNCH);
  const calls: Array<() => Promise<PrimitiveCall>> = [
    async () => ({ name: 'input_text', params: { target: await refOf(exec, 'Email'), text: 'alice@example.com' } }),
    async () => ({ name: 'input_text', params: { target: await refOf(exec, 'Password'), text: 'pass123', secret: true } }),
    async () => ({ name: 'tap', params: { target: await refOf(exec, 'Log in'), expected: { visible: 'Hi, Alice' } } }),
  ];
  return record(exec, calls, GOAL);
}

/** Launches Shop (signed in) until the promo dialog is up, or until it is not. */
async function launchUntil(exec: TestRunner, promo: boolean): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await exec.ok({ name: 'launch_app', params: {} });
    const shown = (await exec.run({ name: 'assert_visible', params: { target: 'No thanks', timeout_ms: 300 } })).verdict === 'OK';
    if (shown === promo) return;
  }
  throw new Error(`the promo was ${promo ? 'never' : 'always'} shown in 30 launches`);
}

test('a login recorded with refs is stored without refs or the password, and replays after a relaunch with every step OK', async () => {
  const exec = await phone.session.executor();
  const recorded = await recordLogin(exec);
  // The goal is the spec's own text; what the cache adds about the steps holds neither refs nor the password.
  const steps = JSON.stringify(recorded.steps);
  expect(steps).not.toMatch(/"e\d+"/);
  expect(steps).not.toContain('pass123');
  expect(recorded.steps.map((s) => (s.call.params as { target: unknown }).target)).toEqual(['Email', 'Password', 'Log in']);

  // Through the file, as a later run would find it.
  const file = join(await mkdtemp(join(tmpdir(), 'mobiletest-replay-')), 'shop.test.ts.cache.json');
  const writer = await PlanCache.open({ file, mode: 'read-write' });
  writer.put('shop › logs in › step: log in #1', recorded);
  await writer.flush();
  const entry = (await PlanCache.open({ file, mode: 'read-only' })).get('shop › logs in › step: log in #1') as GoalEntry;

  // As if the password step had been recorded on a screen that looked different: evidence, not a failure.
  entry.steps[1].signature = '0000000000000000';
  await exec.ok(LAUNCH);
  const seen: StepReport['outcome'][] = [];
  const replay = await replaySteps({ runner: exec.runner, entry, goal: GOAL, parentActionId: 'agent-1', onStep: (r) => seen.push(r.outcome) });
  expect(replay.complete).toBe(true);
  expect(replay.results.map((r) => r.verdict)).toEqual(['OK', 'OK', 'OK']);
  expect(replay.skipped).toEqual([]);
  expect(replay.changedSignatures).toEqual([1]);
  expect(seen).toEqual(['ok', 'ok', 'ok']);
  await exec.ok({ name: 'assert_visible', params: { target: 'Hi, Alice' } });
  // The replayed actions are the agent's, under the agent call, and the password never reaches the log.
  const starts = (await exec.events()).filter((e) => e.kind === 'action_start' && replay.results.some((r) => r.actionId === e.action_id));
  expect(starts.map((e) => e.kind === 'action_start' && [e.source, e.parent_action_id])).toEqual(Array(3).fill(['agent', 'agent-1']));
  expect(JSON.stringify(await exec.events())).not.toContain('pass123');
});

test('a step that answered a popup is skipped when the popup does not show on replay, and run when it does', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  await launchUntil(exec, true);
  const entry = await record(
    exec,
    [
      async () => ({ name: 'tap', params: { target: await refOf(exec, 'No thanks') } }),
      async () => ({ name: 'tap', params: { target: await refOf(exec, 'Search'), expected: { screen_changed: true } } }),
    ],
    'open search',
  );
  expect(entry.steps.map((s) => s.dialog)).toEqual([true, undefined]);

  await launchUntil(exec, false);
  const without = await replaySteps({ runner: exec.runner, entry, goal: 'open search' });
  expect(without.complete).toBe(true);
  expect(without.skipped).toEqual([0]);
  expect(without.results.map((r) => r.primitive)).toEqual(['tap']);
  await exec.ok({ name: 'assert_visible', params: { target: 'Search products' } });

  await launchUntil(exec, true);
  const withPopup = await replaySteps({ runner: exec.runner, entry, goal: 'open search' });
  expect(withPopup.complete).toBe(true);
  expect(withPopup.skipped).toEqual([]);
  expect(withPopup.results.map((r) => r.verdict)).toEqual(['OK', 'OK']);
});

test('when a cached target no longer exists, replay stops at that step and says which target, for the agent to take over', async () => {
  const exec = await phone.session.executor();
  const recorded = await recordLogin(exec);
  // As if the app had renamed the button since the recording.
  const renamed = structuredClone(recorded);
  renamed.steps[2].call = { name: 'tap', params: { target: 'Submit', expected: { visible: 'Hi, Alice' } } };

  await exec.ok(LAUNCH);
  const replay = await replaySteps({ runner: exec.runner, entry: renamed, goal: GOAL });
  expect(replay.complete).toBe(false);
  if (replay.complete) return;
  expect(replay.at).toBe(2);
  expect(replay.results.map((r) => r.verdict)).toEqual(['OK', 'OK', 'FAIL']);
  expect(replay.failure?.name).toBe('TargetNotFound');
  expect(replay.reason).toMatch(/^step 3 of 3 \(tap "Submit"\) answered FAIL, TargetNotFound: .*"Submit"/);
  expect(replay.reason).not.toContain('pass123');

  // A goal that no longer gives the password stops at the password step without typing anything.
  await exec.ok(LAUNCH);
  const noSecret = await replaySteps({ runner: exec.runner, entry: recorded, goal: 'log in as alice' });
  expect(noSecret.complete).toBe(false);
  if (noSecret.complete) return;
  expect(noSecret.at).toBe(1);
  expect(noSecret.reason).toContain('step 2 of 3 (input_text "Password") types a secret that the goal no longer gives');
});
