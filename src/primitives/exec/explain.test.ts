import { expect, test } from '@playwright/test';
import type { ActionEndEvent } from '../../events/index.js';
import { startSim } from '../../sim/index.js';
import { ExecutorSession, launchShop, readyCouponCrash, sharedPhone, signIn } from './testing/phone.js';

// Each failed action says what to do about it and which facts decided whose fault it is.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));

test('a missing target suggests the closest label on screen, and the action_end error carries it', async () => {
  const exec = await phone.session.executor({ timeouts: { target: 600 } });
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const result = await exec.run({ name: 'tap', params: { target: 'Log out' } });
  expect(result.failure?.suggestion).toMatch(/^Did you mean "Log in" \(button e\d+\)\? No element matches "Log out" on com\.example\.shop\/\.LoginActivity/);
  expect(result.failure?.evidence).toContainEqual(expect.stringMatching(/^closest on screen: "Log in" \(button e\d+, similarity 0\.\d\d\)/));
  expect(result.failure?.evidence).toContain('error: TargetNotFound during tap "Log out"');
  expect(result.failure?.evidence).toContain('foreground: com.example.shop/.LoginActivity');
  const end = (await exec.eventsOf(result.actionId)).find((e) => e.kind === 'action_end') as ActionEndEvent;
  expect(end.error?.suggestion).toBe(result.failure?.suggestion);
  expect(end.error?.evidence).toEqual(result.failure?.evidence);
});

test('a secret typed into a field never reaches a suggestion or an evidence line', async () => {
  const exec = await phone.session.executor({ timeouts: { target: 600 } });
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  await exec.ok({ name: 'input_text', params: { target: 'Password', text: 'hunter2-secret', secret: true } });
  const result = await exec.run({ name: 'tap', params: { target: 'hunter2-secret' } });
  expect(result.failure?.name).toBe('TargetNotFound');
  expect(JSON.stringify(result.failure)).not.toContain('hunter2-secret');
  const events = JSON.stringify(await exec.events());
  expect(events).not.toContain('hunter2-secret');
});

test('an ambiguous target lists the tied candidates with their scores and how to narrow it', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  const result = await exec.run({ name: 'tap', params: { target: 'Headphones' } });
  expect(result.failure?.name).toBe('TargetAmbiguous');
  expect(result.failure?.suggestion).toMatch(/^"Headphones" matches \d+ elements about equally on com\.example\.shop\/\.MainActivity \("[^"]+" \(e\d+\)/);
  expect(result.failure?.suggestion).toContain('index, near another element, or a ref');
  expect(result.failure?.evidence?.[0]).toMatch(/^candidates: "[^"]*Headphones[^"]*" \(item e\d+, score 0\.\d\d\)/);
});

test('a tap that changes nothing points at the disabled button; a dialog the policy will not answer says how to answer it', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const tapped = await exec.run({ name: 'tap', params: { target: 'Log in' } });
  expect(tapped.failure?.name).toBe('NoEffect');
  expect(tapped.failure?.suggestion).toMatch(
    /^Check that button "Log in" is enabled and not covered when the test acts on it \(it is disabled: a required field may still be empty\)/,
  );
  expect(tapped.failure?.evidence).toContainEqual(expect.stringMatching(/^element: button e\d+ "Log in" \[.*disabled.*\]$/));
  expect(tapped.failure?.evidence).toContain('situation: the screen did not change');

  const strict = await phone.session.executor({ dialogs: 'fail' });
  await strict.ok({ name: 'launch_app', params: { clear_state: true } });
  const blocked = await strict.run({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  expect(blocked.failure).toMatchObject({ name: 'DialogBlocked', category: 'environment' });
  expect(blocked.failure?.suggestion).toContain('Answer the dialog in the test (handle_dialog), grant the permission up front (launch_app permissions)');
  expect(blocked.failure?.evidence).toContainEqual(
    expect.stringMatching(/^dialog: "Allow Shop to send you notifications\?" \(com\.google\.android\.permissioncontroller/),
  );
  await strict.ok({ name: 'tap', params: { target: 'Allow' } });
});

test('the coupon crash quotes the exception from logcat and calls it a defect in the app', async () => {
  const exec = await phone.session.executor();
  await readyCouponCrash(exec);
  const result = await exec.run({ name: 'tap', params: { target: 'Apply' } });
  expect(result.failure?.name).toBe('AppCrashed');
  expect(result.failure?.suggestion).toMatch(
    /^This is a defect in the app: com\.example\.shop crashed with java\.lang\.IllegalStateException: Coupon service unavailable during tap/,
  );
  expect(result.failure?.evidence).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^situation: crash of com\.example\.shop seen in log/),
      'logcat: FATAL EXCEPTION: main',
      expect.stringMatching(/^logcat: Process: com\.example\.shop, PID: \d+$/),
      'logcat: java.lang.IllegalStateException: Coupon service unavailable',
    ]),
  );
  // The dialog left on screen: the next action finds the cause in the log, and quotes it too.
  const next = await exec.run({ name: 'tap', params: { target: 'Close app' } });
  expect(next.failure?.evidence).toContain('logcat: java.lang.IllegalStateException: Coupon service unavailable');
});

test('a device that goes away suggests checking adb devices, with the device named in the evidence', async () => {
  // A phone of its own: the coupon crash above leaves its dialog on the shared one.
  const sim = await startSim({ serverPort: 0, seed: 2 });
  const session = await ExecutorSession.connect(sim);
  try {
    const exec = await session.executor();
    await launchShop(exec);
    const pending = exec.run({ name: 'assert_visible', params: { target: 'Hi, Alice', timeout_ms: 20_000 } });
    setTimeout(() => sim.phone.faults.goOffline(), 300);
    const result = await pending;
    expect(result.failure).toMatchObject({ name: 'DeviceDisconnected', category: 'environment' });
    expect(result.failure?.suggestion).toContain(`Check that device ${session.driver.id} is still connected and online (adb devices`);
    expect(result.failure?.evidence).toContain(`device: ${session.driver.id}`);
  } finally {
    await session.close();
    await sim.stop();
  }
});
