import { expect, test } from '@playwright/test';
import { DeviceObserver, OcrEngine } from '../../observe/index.js';
import { meteredDriver } from '../../primitives/index.js';
import { startSim } from '../../sim/index.js';
import { sharedPhone, type TestRunner } from '../../primitives/exec/testing/phone.js';
import { agentOn } from '../testing/agent-harness.js';
import { checkExpectation } from './index.js';

// Offline plans run by the agent, without a model, through the real executor on the virtual phone.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));

async function achieve(exec: TestRunner, goal: string, app = 'com.example.shop'): Promise<void> {
  const h = await agentOn(exec, { app });
  try {
    await h.agent.step(goal);
  } finally {
    await h.close();
  }
}

async function holds(exec: TestRunner, assertion: string): Promise<string[]> {
  const check = checkExpectation(assertion);
  if (check.kind !== 'check') throw new Error(check.message);
  const verdicts: string[] = [];
  for (const call of check.calls) verdicts.push((await exec.run(call)).verdict);
  return verdicts;
}

test('an offline login plan signs in to Shop and its expectation checks pass and fail as the screen says', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  expect(await holds(exec, 'the Log in button is disabled')).toEqual(['OK']);
  await achieve(exec, 'log in with alice@example.com and pass123');
  expect(await holds(exec, 'the screen shows Hi, Alice')).toEqual(['OK']);
  expect(await holds(exec, 'Welcome back is not visible')).toEqual(['OK']);
  expect(await holds(exec, 'the screen shows Welcome back')).toEqual(['FAIL']);
});

test('turning a Settings switch taps it once and is skipped when it already shows that state', async () => {
  const exec = await phone.session.executor({ app: 'com.android.settings' });
  await exec.ok({ name: 'launch_app', params: { app: 'com.android.settings', clear_state: true } });
  const settings = 'com.android.settings';
  await achieve(exec, 'open Network & internet', settings);
  expect(await holds(exec, 'Wi-Fi is on')).toEqual(['OK']);
  await achieve(exec, 'turn Wi-Fi off', settings);
  expect(await holds(exec, 'Wi-Fi is off')).toEqual(['OK']);
  // Already off: a second tap would turn it back on.
  await achieve(exec, 'turn off Wi-Fi', settings);
  expect(await holds(exec, 'Wi-Fi is off')).toEqual(['OK']);
  await achieve(exec, 'turn on Wi-Fi', settings);
  expect(await holds(exec, 'Wi-Fi is on')).toEqual(['OK']);
});

test('an offline search plan types into the search field and submits', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  await achieve(exec, 'log in with alice@example.com and pass123');
  await achieve(exec, 'search for cable');
  expect(await holds(exec, 'the screen shows USB-C Cable')).toEqual(['OK']);
  expect(await holds(exec, 'Noise Cancelling Headphones is not shown')).toEqual(['OK']);
});

test('offline plans write a note with a quoted title and find it again through search', async () => {
  const exec = await phone.session.executor({ app: 'com.example.notes' });
  await exec.ok({ name: 'launch_app', params: { app: 'com.example.notes', clear_state: true } });
  const notes = 'com.example.notes';
  await achieve(exec, 'tap New note', notes);
  await achieve(exec, "type 'Call the plumber, then pay' into the Title field", notes);
  await achieve(exec, 'type "ask about the boiler" into Note', notes);
  expect(await holds(exec, 'the screen shows "Call the plumber, then pay"')).toEqual(['OK']);
  // Back leaves the editor: the keyboard that is up is closed first, or back would only close it.
  await achieve(exec, 'go back', notes);
  await achieve(exec, 'search for "then pay"', notes);
  expect(await holds(exec, 'the screen shows "Call the plumber, then pay"')).toEqual(['OK']);
});

test('"start the game" taps the Start that OCR read off the drawn start screen, and passes once the game shows', async () => {
  test.setTimeout(120_000);
  const canvas = 'com.example.canvas';
  const engine = new OcrEngine();
  try {
    const observer = new DeviceObserver(meteredDriver(phone.session.driver), { screenshots: false, pixels: { reader: engine } });
    const exec = await phone.session.executor({ app: canvas, observer });
    await exec.ok({ name: 'launch_app', params: { app: canvas, clear_state: true } });
    const h = await agentOn(exec, { app: canvas });
    try {
      await h.agent.step('start the game');
      const taps = (await h.events()).filter((e) => e.kind === 'action_start' && e.primitive === 'tap');
      expect(taps).toHaveLength(1);
    } finally {
      await h.close();
    }
    expect((await exec.ok({ name: 'assert_visible', params: { target: 'Level 1' } })).verdict).toBe('OK');
  } finally {
    await engine.close();
  }
});

test('"start the game" on a screen with no start control taps nothing and fails as NeedsModel, saying what the screen offers', async () => {
  const settings = 'com.android.settings';
  const exec = await phone.session.executor({ app: settings });
  await exec.ok({ name: 'launch_app', params: { app: settings, clear_state: true } });
  const h = await agentOn(exec, { app: settings });
  try {
    await expect(h.agent.step('start the game')).rejects.toThrow(/NeedsModel.*no control that starts a game \("Start", .*\) is on com\.android\.settings/s);
    expect((await h.events()).filter((e) => e.kind === 'action_start' && e.primitive === 'tap')).toEqual([]);
  } finally {
    await h.close();
  }
});
