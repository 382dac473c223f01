// One run at a time per device on this machine: an exclusive lock file per serial.
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeviceLeaseError } from './lease-error.js';

export interface LockOptions {
  /** Folder of the lock files (default `os.tmpdir()/mobiletest-leases`). */
  dir?: string;
  /** How long to wait for a lock held by a live process, ms (a worker of the same run may be shutting down). */
  waitMs?: number;
}

const POLL_MS = 200;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDir(): string {
  return path.join(os.tmpdir(), 'mobiletest-leases');
}

/** A held lock on one serial; release() removes the file only if it is still ours. */
export class DeviceLock {
  private constructor(
    readonly serial: string,
    readonly file: string,
  ) {}

  static async acquire(serial: string, options: LockOptions = {}): Promise<DeviceLock> {
    const dir = options.dir ?? lockDir();
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${serial.replace(/[^\w.-]/g, '_')}.lock`);
    const deadline = Date.now() + (options.waitMs ?? 15_000);
    for (;;) {
      try {
        const handle = await open(file, 'wx');
        await handle.writeFile(`${process.pid}\n`);
        await handle.close();
        return new DeviceLock(serial, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
      // A lock whose writer died (or never finished writing its pid) is stale: take it over.
      if (!Number.isInteger(holder) || !alive(holder)) {
        await rm(file, { force: true });
        continue;
      }
      if (Date.now() >= deadline) {
        throw new DeviceLeaseError(
          `Device ${serial} is in use by another mobiletest run (process ${holder}, lock ${file}); wait for it to finish, or choose another device`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async release(): Promise<void> {
    const holder = Number.parseInt(await readFile(this.file, 'utf8').catch(() => ''), 10);
    if (holder === process.pid) await rm(this.file, { force: true });
  }
}
