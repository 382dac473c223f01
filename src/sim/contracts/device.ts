// Shared services of the phone: log, clock, random numbers, files, faults, identity.
import type { PhoneTiming } from './timing.js';
import type { PackageManager, PhoneUi } from './ui.js';

export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E' | 'F';
export type LogBuffer = 'main' | 'system' | 'crash' | 'events';

export interface LogEntry {
  time: number;
  pid: number;
  tid: number;
  priority: LogPriority;
  tag: string;
  message: string;
  buffer: LogBuffer;
}

export interface Logcat {
  append(entry: Omit<LogEntry, 'time'> & { time?: number }): void;
  entries(options?: { buffers?: LogBuffer[]; since?: number }): LogEntry[];
  clear(buffers?: LogBuffer[]): void;
  /** Called for every new entry until the returned function is called. */
  follow(listener: (entry: LogEntry) => void): () => void;
}

/** Wall clock and timers. Frozen clocks move only through advance(). */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): () => void;
  frozen: boolean;
  advance(ms: number): void;
}

/** Seeded pseudo-random numbers. */
export interface Random {
  next(): number;
  int(minInclusive: number, maxExclusive: number): number;
}

export interface FileStat {
  mode: number;
  size: number;
  mtime: number;
  type: 'file' | 'dir';
}

/** The device filesystem, sandboxed to a few writable roots. Errors are Android's errno names. */
export interface VirtualFs {
  stat(path: string): FileStat | undefined;
  list(path: string): Array<{ name: string; stat: FileStat }> | undefined;
  read(path: string): Buffer | undefined;
  write(path: string, data: Buffer, options?: { mode?: number; mtime?: number }): FsResult;
  mkdir(path: string, options?: { parents?: boolean }): FsResult;
  remove(path: string, options?: { recursive?: boolean }): FsResult;
}

/** undefined on success, else the error Android prints: 'EACCES', 'ENOENT', 'EISDIR', 'ENOTDIR', 'EEXIST', 'EROFS', 'ENOTEMPTY', 'ENOSPC'. */
export type FsResult = undefined | 'EACCES' | 'ENOENT' | 'EISDIR' | 'ENOTDIR' | 'EEXIST' | 'EROFS' | 'ENOTEMPTY' | 'ENOSPC';

/** Faults injected for reliability tests; each can be switched per phone at run time. */
export interface FaultSettings {
  /** Added to every service request before it answers, ms. */
  latencyMs: number;
  /** The next N `uiautomator dump` calls fail with 'ERROR: could not get idle state.' */
  idleStateErrors: number;
  /** The next N `screencap` calls fail. */
  screencapFailures: number;
  /** The next N `screencap -p` calls print nothing and exit 0, as some phones' do while the display is off. */
  emptyScreencaps: number;
  /** The next N `screencap -p` calls print bytes that are not an image (and exit 0). */
  garbledScreencaps: number;
  /** Drop the connection after this many more services are opened on it (0 = never). */
  dropAfterCommands: number;
  /** How many times dropAfterCommands drops a connection before it stops (0 = every time): 1 is a cable pulled once. */
  connectionDrops: number;
}

/** The faults that fire a set number of times. */
export type CountedFault = 'idleStateErrors' | 'screencapFailures' | 'emptyScreencaps' | 'garbledScreencaps';

export interface Faults extends FaultSettings {
  set(settings: Partial<FaultSettings>): void;
  /** Take the device offline: connections close and reconnects are refused until back online. */
  goOffline(durationMs?: number): void;
  goOnline(): void;
  readonly offline: boolean;
  /** Consume one unit of a counted fault; true if the fault fires now. */
  take(fault: CountedFault): boolean;
  onChange(listener: () => void): () => void;
}

/** Identity and system state of a phone. */
export interface DeviceInfo {
  serial: string;
  model: string;
  manufacturer: string;
  device: string;
  product: string;
  sdk: number;
  release: string;
}

/** The whole phone as its services see it. */
export interface Phone {
  readonly info: DeviceInfo;
  readonly ui: PhoneUi;
  readonly fs: VirtualFs;
  readonly packages: PackageManager;
  readonly logcat: Logcat;
  readonly clock: Clock;
  readonly random: Random;
  readonly faults: Faults;
  /** getprop / setprop. */
  readonly props: Map<string, string>;
  /** settings namespaces: 'global', 'system', 'secure'. */
  readonly settings: Record<'global' | 'system' | 'secure', Map<string, string>>;
  /** PNG of the current screen. Rejects with an Error when a screencap fault fires. */
  screenshotPng(): Promise<Buffer>;
  /** How long commands and transfers take: at once ('fast') or as on a real phone ('real'). */
  readonly timing: PhoneTiming;
}
