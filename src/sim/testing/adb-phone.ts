// For tests: one virtual phone reached through a private real adb server, started before the file's
// tests and stopped after them. Without adb the tests skip, or fail under MOBILETEST_REQUIRE_ADB=1 (CI).
import { test } from '@playwright/test';
import { startSim, type Sim, type SimOptions } from '../index.js';
import { PrivateAdbServer, adbMissingReason } from '../private-adb.js';

export interface AdbPhone {
  readonly adb: PrivateAdbServer;
  readonly sim: Sim;
  /** `adb -s SERIAL shell LINE`: stdout, stderr and the exit code, apart. */
  shell(line: string): Promise<{ out: string; err: string; code: number }>;
}

/** Registers beforeAll/afterAll hooks that start and stop the phone and its adb server. */
export function usePhoneOverAdb(options: SimOptions = {}): AdbPhone {
  let adb: PrivateAdbServer | undefined;
  let sim: Sim | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the phone is used before its beforeAll hook started it');
    return value;
  };
  test.beforeAll(async () => {
    const reason = adbMissingReason();
    test.skip(!!reason, reason);
    adb = await PrivateAdbServer.start();
    sim = await startSim({ port: 0, frozenAt: Date.UTC(2024, 4, 1, 9, 30), ...options });
    await adb.connect(sim);
  });
  test.afterAll(async () => {
    await adb?.stop();
    await sim?.stop();
  });
  return {
    get adb() {
      return started(adb);
    },
    get sim() {
      return started(sim);
    },
    async shell(line) {
      const result = await started(adb).run(['-s', started(sim).serial, 'shell', line]);
      return { out: result.text, err: result.stderr, code: result.code };
    },
  };
}
