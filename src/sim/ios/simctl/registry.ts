// The registry of running virtual simulators: one JSON file per simulator in a per-user directory.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SimState } from './identity.js';

/** What a simulator's registration file holds; the CLI lists simulators and reaches them from it. */
export interface SimRecord {
  udid: string;
  name: string;
  state: SimState;
  runtime: string;
  deviceType: string;
  /** Base URL of the simulator's control server, http://127.0.0.1:PORT. */
  url: string;
  /** The process serving the simulator; a record whose process is gone is stale. */
  pid: number;
  dataPath: string;
  logPath: string;
  lastBootedAt?: string;
}

/** The registry directory: `--set`/options first, then MOBILETEST_SIMULATORS_DIR, else a per-user directory in the temp dir. */
export function registryDir(override?: string): string {
  if (override) return override;
  const fromEnv = process.env.MOBILETEST_SIMULATORS_DIR;
  if (fromEnv) return fromEnv;
  return path.join(os.tmpdir(), `mobiletest-simulators-${userTag()}`);
}

/** The user's id (or name) for per-user directories in the shared temp dir. */
export function userTag(): string {
  try {
    return String(os.userInfo().uid >= 0 ? os.userInfo().uid : os.userInfo().username);
  } catch {
    return 'user';
  }
}

function recordPath(dir: string, udid: string): string {
  return path.join(dir, `${udid}.json`);
}

/** Writes (or rewrites) a record atomically, so a reader never sees half a file. */
export function writeRecord(dir: string, record: SimRecord): void {
  mkdirSync(dir, { recursive: true });
  const target = recordPath(dir, record.udid);
  const scratch = `${target}.${process.pid}.tmp`;
  writeFileSync(scratch, JSON.stringify(record, null, 2));
  renameSync(scratch, target);
}

export function removeRecord(dir: string, udid: string): void {
  rmSync(recordPath(dir, udid), { force: true });
}

/** True while the process is alive (EPERM: alive but someone else's). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The records of simulators whose serving process still runs, ordered by name then udid. */
export function liveRecords(dir: string): SimRecord[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const records: SimRecord[] = [];
  for (const name of names) {
    try {
      const record = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SimRecord;
      if (typeof record.udid === 'string' && processAlive(record.pid)) records.push(record);
    } catch {
      // A file being replaced or not ours: skip it, as simctl skips a device set entry it cannot read.
    }
  }
  return records.sort((a, b) => a.name.localeCompare(b.name) || a.udid.localeCompare(b.udid));
}
