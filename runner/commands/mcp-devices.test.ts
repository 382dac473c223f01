// `mobiletest mcp` on an adb server (here a virtual phone's): a device that is not there, selecting
// one, and the phone going away mid-session are tool errors, and the server keeps serving.
import { expect, test } from '@playwright/test';
import { adbMissingReason, PrivateAdbServer, startSim, type Sim } from '../../src/sim/index.js';
import { startMcpServer, type McpServerUnderTest } from '../testing/mcp-client.js';

let sim: Sim | undefined;
let server: McpServerUnderTest | undefined;

test.afterEach(async () => {
  await server?.close();
  await sim?.stop();
  server = undefined;
  sim = undefined;
});

const call = (name: string, args?: Record<string, unknown>) => server!.call(name, args);

test('a device that is not there is a tool error naming the ones that are; selecting one of them works', async () => {
  sim = await startSim({ serverPort: 0, seed: 7 });
  server = await startMcpServer(['--device', 'emulator-5570', '--app', 'com.example.shop'], { env: { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${sim.serverPort}` } });

  const missing = await call('look');
  expect(missing.isError).toBe(true);
  expect(missing.text).toContain('emulator-5570');
  expect(missing.text).toContain(sim.serial);

  const selected = JSON.parse((await call('devices', { select: sim.serial })).text) as { selected: string };
  expect(selected.selected).toBe(sim.serial);
  const look = await call('look');
  expect(look.isError).toBe(false);
  expect(look.text).toContain(`device ${sim.serial}`);
  // Taking the phone brought Shop up (--app); the client then goes home.
  // Shop's own permission prompt, the active window and all a plain dump holds, says Shop came up.
  expect(look.text).toContain('dialog "Allow Shop to send you notifications?"');
  await call('do', { name: 'press_key', params: { key: 'home' } });

  // The phone drops off adb: the next call says so; back online, the same session goes on.
  sim.phone.faults.goOffline();
  const gone = await call('look');
  expect(gone.isError).toBe(true);
  expect(gone.text).toMatch(new RegExp(`^device ${sim.serial.replace(/\./g, '\\.')}\nDevice\\w+: `));
  expect(gone.text).toContain(sim.serial);
  sim.phone.faults.goOnline();
  // adb notices the phone again within a moment, as with a real cable.
  await expect.poll(async () => (await call('look')).text.split('\n')[0], { timeout: 10_000 }).toBe(`device ${sim.serial}`);
  // Reconnecting does not launch the app again: the screen is where the client left it.
  expect((await call('look')).text).toContain('app com.google.android.apps.nexuslauncher/');
});

test.describe('two phones on one adb server', () => {
  test.skip(!!adbMissingReason(), adbMissingReason());
  let adb: PrivateAdbServer | undefined;
  let phones: Sim[] = [];

  test.afterEach(async () => {
    await adb?.stop();
    for (const phone of phones) await phone.stop();
    phones = [];
  });

  test('each device has its own session: actions, refs and trace on one never show on the other', async () => {
    phones = [await startSim({ seed: 11 }), await startSim({ seed: 12 })];
    adb = await PrivateAdbServer.start();
    const [a, b] = [await adb.connect(phones[0]), await adb.connect(phones[1])];
    server = await startMcpServer(['--app', 'com.example.shop'], { env: { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}`, ANDROID_SERIAL: '' } });

    // Two devices and none chosen: the call says which there are.
    const unchosen = await call('look');
    expect(unchosen.isError).toBe(true);
    expect(unchosen.text).toContain(a);
    expect(unchosen.text).toContain(b);

    const listed = JSON.parse((await call('devices', { select: a })).text) as { devices: Array<{ serial: string; selected: boolean }> };
    expect(listed.devices.map((d) => [d.serial, d.selected]).sort()).toEqual(
      [
        [a, true],
        [b, false],
      ].sort(),
    );
    // --app brought Shop up on the first device; sign in there.
    await call('do', { name: 'handle_dialog', params: { action: 'accept' } });
    await call('do', { name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
    await call('do', { name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } });
    const signedIn = JSON.parse((await call('do', { name: 'tap', params: { target: 'Log in', expected: { visible: 'Hi, Alice' } } })).text) as Record<
      string,
      unknown
    >;
    expect(signedIn).toMatchObject({ device: a, status: 'OK', expected: 'met' });
    const traceA = JSON.parse((await call('query', { kind: 'trace' })).text) as { device: string; steps: unknown[] };
    expect(traceA.device).toBe(a);
    expect(traceA.steps.length).toBeGreaterThanOrEqual(4);

    // The second device: its own session, its own screen, an empty trace but for its own launch.
    await call('devices', { select: b });
    const lookB = await call('look');
    expect(lookB.text.split('\n')[0]).toBe(`device ${b}`);
    expect(lookB.text).not.toContain('Hi, Alice');
    const traceB = JSON.parse((await call('query', { kind: 'trace' })).text) as { device: string; steps: Array<{ primitive: string }> };
    expect(traceB).toMatchObject({ device: b, steps: [{ primitive: 'launch_app' }] });
    // A ref from the first device's session means nothing here.
    const ref = /e\d+/.exec(String((signedIn.new_elements as string[])[0]))![0];
    const stale = await call('do', { name: 'tap', params: { target: ref } });
    expect(stale.text).toContain(`"device":"${b}"`);
    expect(stale.text).not.toContain('"status":"OK"');
    // And the first phone still shows where its session left it.
    await call('devices', { select: a });
    expect((await call('look')).text).toContain('Hi, Alice');
  });
});

test('an --app that is not installed: the first call says so and how to check, and the phone is still driven', async () => {
  server = await startMcpServer(['--device', 'sim', '--app', 'com.example.missing']);
  const first = await call('look');
  expect(first.isError).toBe(true);
  expect(first.text).toMatch(/^device 127\.0\.0\.1:\d+\nAppNotStarted: --app com\.example\.missing did not start on /);
  expect(first.text).toContain('did not start on 127.0.0.1');
  expect(first.text).toContain(': it is not installed (adb -s 127.0.0.1');
  const second = await call('look');
  expect(second.isError).toBe(false);
  expect(second.text).toContain('app com.google.android.apps.nexuslauncher/');
  const state = JSON.parse((await call('query', { kind: 'app_state' })).text) as Record<string, unknown>;
  expect(state).toMatchObject({
    app_under_test: 'com.example.missing',
    app_in_front: false,
    installed_version: { app: 'com.example.missing', installed: false },
  });
});
