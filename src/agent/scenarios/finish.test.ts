import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import { sharedPhone, type TestRunner } from '../../primitives/exec/testing/phone.js';
import { AgentStepFailed } from '../errors.js';
import { agentOn } from '../testing/agent-harness.js';
import { refOf, type ModelTurn, type TurnAnswer } from '../testing/model-server.js';

// A planner model that says "done" too soon, or cites the wrong element: its finish is a claim that the
// screen must bear out, by the offline rule's check when the goal is one the rules know, else by the
// validator; what falls short goes back to the planner, and the phone's own setting is the judge here.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));
const SETTINGS = 'com.android.settings';

const act = (...actions: unknown[]): TurnAnswer => ({ json: { thought: 'next', actions } });
const finish = (evidence: Array<string | undefined>): TurnAnswer =>
  act({ name: 'finish', params: { success: true, evidence: evidence.filter(Boolean), summary: 'done' } });
const tap = (ref: string | undefined): TurnAnswer => act({ name: 'tap', params: { target: ref } });

/** A validator that reads the switch off the screen, whatever the planner claimed. */
function judgeSwitch(turn: ModelTurn, label: RegExp): TurnAnswer {
  const on = /^\s*(e\d+) toggle "([^"]*)" checked/m.exec(
    turn.screen
      .split('\n')
      .filter((l) => label.test(l))
      .join('\n'),
  )?.[1];
  return { json: on ? { reason: 'the switch is on', verdict: 'pass', refs: [on] } : { reason: 'no switch for it is on', verdict: 'fail', refs: [] } };
}

async function settingsHome(): Promise<TestRunner> {
  const exec = await phone.session.executor({ app: SETTINGS });
  await exec.ok({ name: 'launch_app', params: { app: SETTINGS, clear_state: true } });
  await phone.session.driver.shell('settings put global bluetooth_on 0');
  await phone.session.driver.shell('settings put global low_power 0');
  return exec;
}

async function setting(key: string): Promise<string> {
  return (await phone.session.driver.shell(`settings get global ${key}`)).stdout.trim();
}

test('a finish on the wrong screen, citing a row that only names the goal, is judged by the validator and sent back; the goal is then reached', async () => {
  const exec = await settingsHome();
  const turns: ModelTurn[] = [];
  const h = await agentOn(exec, {
    app: SETTINGS,
    decide: (turn) => {
      turns.push(turn);
      if (turn.schema === 'judge') return judgeSwitch(turn, /"Bluetooth/);
      const s = turn.screen;
      const toggle = refOf(s, 'toggle', /^Bluetooth/);
      if (
        toggle &&
        /checked/.test(s.split('\n').find((l) => l.includes(`${toggle} `)) ?? '') &&
        !/unchecked/.test(s.split('\n').find((l) => l.includes(`${toggle} `)) ?? '')
      )
        return finish([toggle]);
      if (toggle) return tap(toggle);
      const row = refOf(s, 'item', /^Connected devices/);
      // The first turn claims it is done at once, citing the row that mentions Bluetooth.
      return turns.filter((t) => t.schema === 'plan').length === 1 ? finish([row]) : tap(row);
    },
  });
  try {
    const outcome = await h.agent.step('make sure Bluetooth is enabled');
    expect(await setting('bluetooth_on')).toBe('1');
    expect(outcome.verification).toMatchObject({ by: 'validator', held: true });
    const plans = turns.filter((t) => t.schema === 'plan');
    expect(plans[1].user).toContain('your finish was not accepted: no switch for it is on');
    expect(turns.filter((t) => t.schema === 'judge')).toHaveLength(2);
    const end = (await h.events()).find((e) => e.kind === 'agent_end');
    expect(end?.kind === 'agent_end' && end.verification).toMatchObject({ by: 'validator', held: true, refs: [expect.stringMatching(/^e\d+$/)] });
  } finally {
    await h.close();
  }
});

test('a goal the rules know is checked by the rule, not a model: an early finish is refused and nothing is judged by a model', async () => {
  const exec = await settingsHome();
  const turns: ModelTurn[] = [];
  let claimedEarly = false;
  const h = await agentOn(exec, {
    app: SETTINGS,
    decide: (turn) => {
      turns.push(turn);
      const s = turn.screen;
      const saver = refOf(s, 'toggle', /^Battery Saver/);
      const line = s.split('\n').find((l) => saver !== undefined && l.includes(`${saver} `)) ?? '';
      if (saver && / checked/.test(line)) return finish([saver]);
      // Claims done citing the switch while it is still off (and before that, the Battery row on the home screen).
      if (saver && !claimedEarly) {
        claimedEarly = true;
        return finish([saver]);
      }
      if (saver) return tap(saver);
      return turns.filter((t) => t.schema === 'plan').length === 1 ? finish([refOf(s, 'item', /^Battery/)]) : tap(refOf(s, 'item', /^Battery/));
    },
  });
  try {
    const outcome = await h.agent.step('turn on Battery Saver');
    expect(await setting('low_power')).toBe('1');
    expect(outcome.verification).toMatchObject({ by: 'rule', rule: 'turn on/off', held: true, check: 'a switch "Battery Saver" is on' });
    expect(turns.filter((t) => t.schema === 'judge')).toHaveLength(0);
    expect(turns.filter((t) => t.schema === 'plan').some((t) => t.user.includes('your finish was not accepted: no switch "Battery Saver" is on'))).toBe(true);
    expect(turns.filter((t) => t.schema === 'plan').some((t) => /your finish was not accepted: toggle e\d+ "Battery Saver" is off/.test(t.user))).toBe(true);
  } finally {
    await h.close();
  }
});

test('a model that keeps claiming done fails the step with GoalNotVerified, saying what the screen lacks; the setting is untouched', async () => {
  const exec = await settingsHome();
  const h = await agentOn(exec, {
    app: SETTINGS,
    limits: { maxReplans: 2 },
    decide: (turn) => (turn.schema === 'judge' ? judgeSwitch(turn, /"Bluetooth/) : finish([refOf(turn.screen, 'item', /^Connected devices/)])),
  });
  try {
    const error = await h.agent.step('make sure Bluetooth is enabled').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AgentStepFailed);
    expect(error).toMatchObject({ kind: 'GoalNotVerified', category: 'plan' });
    expect((error as Error).message).toContain('no switch for it is on');
    expect(await setting('bluetooth_on')).toBe('0');
    const end = (await h.events()).find((e) => e.kind === 'agent_end');
    expect(end?.kind === 'agent_end' && end.verification).toMatchObject({ by: 'validator', held: false, missing: 'no switch for it is on' });
  } finally {
    await h.close();
  }
});

test('a finish citing no refs is refused without asking any model, and the step fails once the replans are spent', async () => {
  const exec = await settingsHome();
  const turns: ModelTurn[] = [];
  const h = await agentOn(exec, {
    app: SETTINGS,
    limits: { maxReplans: 1 },
    decide: (turn) => {
      turns.push(turn);
      return finish([]);
    },
  });
  try {
    const error = await h.agent.step('make sure Bluetooth is enabled').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'GoalNotVerified', category: 'plan' });
    expect(turns.map((t) => t.schema)).toEqual(['plan', 'plan']);
    expect(turns[1].user).toContain('finish cited no refs: cite the elements on the screen that show the goal is done');
    expect(await setting('bluetooth_on')).toBe('0');
  } finally {
    await h.close();
  }
});
