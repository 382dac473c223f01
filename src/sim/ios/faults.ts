// Faults a test switches on the WDA server at run time, to see how a client copes with a bad iPhone.

export interface WdaFaultSettings {
  /** The next N requests answer 500 "unknown error". */
  failRequests: number;
  /** Every request waits this long before it is served, ms. */
  latencyMs: number;
  /** The next N gestures (taps, actions, swipes) raise a SpringBoard alert first, which takes the touch. */
  alertsMidAction: number;
}

const NONE: WdaFaultSettings = { failRequests: 0, latencyMs: 0, alertsMidAction: 0 };

export class WdaFaults implements WdaFaultSettings {
  failRequests = 0;
  latencyMs = 0;
  alertsMidAction = 0;
  /** Set by expireSessions(); the server drops the session at its next request. */
  expirePending = false;

  constructor(settings: Partial<WdaFaultSettings> = {}) {
    this.set(settings);
  }

  set(settings: Partial<WdaFaultSettings>): void {
    for (const [key, value] of Object.entries(settings) as Array<[keyof WdaFaultSettings, number]>) {
      if (!(key in NONE)) throw new Error(`Unknown WDA fault "${key}"; known faults: ${Object.keys(NONE).join(', ')}`);
      if (!Number.isFinite(value) || value < 0) throw new Error(`WDA fault ${key} must be a number >= 0, got ${value}`);
      this[key] = value;
    }
  }

  /** The session in progress ends: its next command answers "invalid session id", as after WDA restarts. */
  expireSessions(): void {
    this.expirePending = true;
  }

  take(fault: 'failRequests' | 'alertsMidAction'): boolean {
    if (this[fault] <= 0) return false;
    this[fault] -= 1;
    return true;
  }

  reset(): void {
    this.set(NONE);
    this.expirePending = false;
  }
}
