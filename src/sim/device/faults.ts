import type { CountedFault, FaultSettings, Faults } from '../types.js';

const NONE: FaultSettings = {
  latencyMs: 0,
  idleStateErrors: 0,
  screencapFailures: 0,
  emptyScreencaps: 0,
  garbledScreencaps: 0,
  dropAfterCommands: 0,
  connectionDrops: 0,
};

/** Faults switched on a phone at run time; the transport and the shell consult them. */
export class PhoneFaults implements Faults {
  latencyMs = 0;
  idleStateErrors = 0;
  screencapFailures = 0;
  emptyScreencaps = 0;
  garbledScreencaps = 0;
  dropAfterCommands = 0;
  connectionDrops = 0;
  private offlineUntil: number | undefined;
  private offlineTimer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(settings: Partial<FaultSettings> = {}) {
    this.set({ ...NONE, ...settings });
  }

  set(settings: Partial<FaultSettings>): void {
    for (const [key, value] of Object.entries(settings) as Array<[keyof FaultSettings, number]>) {
      if (!(key in NONE)) throw new Error(`Unknown fault "${key}"; known faults: ${Object.keys(NONE).join(', ')}`);
      if (!Number.isFinite(value) || value < 0) throw new Error(`Fault ${key} must be a number >= 0, got ${value}`);
      this[key] = value;
    }
    this.emit();
  }

  get offline(): boolean {
    return this.offlineUntil !== undefined;
  }

  goOffline(durationMs?: number): void {
    clearTimeout(this.offlineTimer);
    this.offlineUntil = durationMs === undefined ? Infinity : Date.now() + durationMs;
    if (durationMs !== undefined) {
      this.offlineTimer = setTimeout(() => this.goOnline(), durationMs);
      this.offlineTimer.unref();
    }
    this.emit();
  }

  goOnline(): void {
    clearTimeout(this.offlineTimer);
    this.offlineUntil = undefined;
    this.emit();
  }

  take(fault: CountedFault): boolean {
    if (this[fault] <= 0) return false;
    this[fault] -= 1;
    return true;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
