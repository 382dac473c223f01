import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { AndroidDriver } from '../../src/drivers/index.js';
import { EventLog, readEvents } from '../../src/events/index.js';
import { createExecutor } from '../../src/primitives/index.js';
import { startSim } from '../../src/sim/index.js';
import { DeviceLeaseError } from './lease/lease-error.js';
import { leaseTeam } from './lease/team.js';
import { DeviceStages } from './stages.js';

test('a device that is gone for good ends each attempt to resume, and the failure says so', async () => {
  test.setTimeout(60_000);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-stages-'));
  const sim = await startSim({ serverPort: 0, seed: 7 });
  const driver = await AndroidDriver.connect({ port: sim.serverPort, serial: sim.serial });
  const log = await EventLog.open(path.join(dir, 'events.jsonl'), { testId: 'gone' });
  try {
    let asked = 0;
    const stages = new DeviceStages({
      runner: createExecutor({ driver, log, app: 'com.example.shop' }),
      log,
      limit: 2,
      reconnect: async () => {
        asked++;
        throw new DeviceLeaseError(`Device ${sim.serial} went away and did not come back within 30 s: reconnect it (adb devices)`);
      },
    });
    expect((await stages.run({ name: 'launch_app', params: { clear_state: true } })).verdict).toBe('OK');
    expect((await stages.run({ name: 'tap', params: { target: 'Email' } })).verdict).toBe('OK');
    await stages.checkpoint('email focused', undefined);
    sim.phone.faults.goOffline();
    const result = await stages.run({ name: 'tap', params: { target: 'Password' } });
    expect(result.verdict).not.toBe('OK');
    expect(result.failure?.category).toBe('environment');
    expect(result.failure?.message).toContain(
      `resuming from checkpoint "email focused" (attempt 2 of 2) failed: the device did not come back: Device ${sim.serial} went away and did not come back within 30 s`,
    );
    expect(asked).toBe(2);
    await log.close();
    const { events } = await readEvents(log.path);
    const ends = events.filter((e) => e.kind === 'recovery_end');
    expect(ends.map((e) => e.kind === 'recovery_end' && [e.status, e.replayed])).toEqual([
      ['failed', 0],
      ['failed', 0],
    ]);
    expect(stages.recoveries.map((r) => r.resumed)).toEqual([false, false]);
  } finally {
    await log.close();
    await driver.close();
    await sim.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test('a team that needs more devices than are named is refused at once, saying how many and which', async () => {
  await expect(leaseTeam({ roles: { alice: 'android', bob: 'android' }, setting: 'emulator-5554', parallelIndex: 0 })).rejects.toThrow(
    "the team needs 2 Android devices (alice, bob) but only 1 is available (emulator-5554): connect more devices, or use virtual phones (device: 'sim')",
  );
  await expect(leaseTeam({ roles: { alice: 'android', bob: 'ios' }, setting: 'emulator-5554,emulator-5556', parallelIndex: 0 })).rejects.toThrow(
    "the team's iOS role (bob) runs on virtual iPhones only",
  );
  await expect(leaseTeam({ roles: {}, setting: 'sim', parallelIndex: 0 })).rejects.toThrow('the team names no roles');
});
