import type { Clock } from '../types.js';

interface Timer {
  at: number;
  seq: number;
  callback: () => void;
}

/**
 * The phone's wall clock. A running clock follows real time; a frozen clock stands still
 * and fires its timers only when advance() moves it, so a seeded run repeats exactly.
 */
export class PhoneClock implements Clock {
  frozen: boolean;
  private base: number;
  private readonly startedAt = Date.now();
  private offset = 0;
  private timers: Timer[] = [];
  private seq = 0;

  constructor(options: { frozenAt?: number } = {}) {
    this.frozen = options.frozenAt !== undefined;
    this.base = options.frozenAt ?? Date.now();
  }

  now(): number {
    return this.frozen ? this.base + this.offset : Date.now() + this.offset;
  }

  setTimeout(callback: () => void, ms: number): () => void {
    if (!this.frozen) {
      const handle = setTimeout(callback, ms);
      handle.unref?.();
      return () => clearTimeout(handle);
    }
    const timer: Timer = { at: this.now() + Math.max(0, ms), seq: this.seq++, callback };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves a frozen clock forward, firing due timers in order; a running clock only shifts. */
  advance(ms: number): void {
    if (!this.frozen) {
      this.offset += ms;
      return;
    }
    const target = this.now() + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.offset = due.at - this.base;
      due.callback();
    }
    this.offset = target - this.base;
  }

  /** Milliseconds since the phone booted (for uptime and logcat pids). */
  uptime(): number {
    return this.frozen ? this.offset : Date.now() - this.startedAt;
  }
}
