// For the drivers' tests: the two ways a driver reaches the virtual phone, set up the same way.
import { test } from '@playwright/test';
import { AndroidDriver, type AndroidConnectOptions } from '../android/android-driver.js';

/** The slice of a started virtual phone these helpers use (tests pass startSim in; drivers never import the phone). */
export interface PhoneLike {
  port: number;
  serverPort: number | undefined;
  serial: string;
  stop(): Promise<void>;
}

export type StartPhone<P extends PhoneLike> = (options: { port: number; serverPort?: number }) => Promise<P>;

/** The slice of the phone entry's PrivateAdbServer these helpers use. */
export interface AdbServerLike {
  readonly port: number;
  connect(phone: { port: number }): Promise<string>;
  stop(): Promise<void>;
}

/** What a test hands in from the phone's entry: how to start a phone, and a private real adb server. */
export interface PhoneKit<P extends PhoneLike> {
  startPhone: StartPhone<P>;
  adb: { start(): Promise<AdbServerLike>; missingReason(): string | undefined };
}

/** Through the real adb server (`adb connect`), or with adbkit straight to the phone's own server port. */
export const ADB_PATHS = ['through the real adb server', "straight to the phone's server port"] as const;
export type AdbPath = (typeof ADB_PATHS)[number];

export interface Connected<P extends PhoneLike> {
  phone: P;
  driver: AndroidDriver;
  /** The private adb server, on the first path. */
  server: AdbServerLike | undefined;
  close(): Promise<void>;
}

/** Starts a phone and connects a driver to it along the path; skips (or fails under CI) when the path needs adb and it is missing. */
export async function connectThrough<P extends PhoneLike>(
  path: AdbPath,
  kit: PhoneKit<P>,
  options: Omit<AndroidConnectOptions, 'host' | 'port' | 'serial'> = {},
): Promise<Connected<P>> {
  if (path === ADB_PATHS[0]) {
    const reason = kit.adb.missingReason();
    test.skip(!!reason, reason);
    const phone = await kit.startPhone({ port: 0 });
    const server = await kit.adb.start().catch(async (error: unknown) => {
      await phone.stop();
      throw error;
    });
    try {
      const serial = await server.connect(phone);
      const driver = await AndroidDriver.connect({ ...options, port: server.port, serial });
      return {
        phone,
        driver,
        server,
        close: async () => {
          await driver.close();
          await server.stop();
          await phone.stop();
        },
      };
    } catch (error) {
      await server.stop();
      await phone.stop();
      throw error;
    }
  }
  const phone = await kit.startPhone({ port: 0, serverPort: 0 });
  try {
    const driver = await AndroidDriver.connect({ ...options, port: phone.serverPort });
    return {
      phone,
      driver,
      server: undefined,
      close: async () => {
        await driver.close();
        await phone.stop();
      },
    };
  } catch (error) {
    await phone.stop();
    throw error;
  }
}
