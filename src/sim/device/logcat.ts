import type { Clock, LogBuffer, LogEntry, Logcat } from '../types.js';

/** Entries kept per buffer before the oldest are dropped, as logd's ring buffers do. */
export const LOGCAT_CAPACITY: Readonly<Record<LogBuffer, number>> = { main: 20_000, system: 5_000, crash: 1_000, events: 5_000 };

const BUFFERS: LogBuffer[] = ['main', 'system', 'crash', 'events'];

/** Ring buffer of one log buffer: appends are O(1), the oldest entry goes when full. */
class Ring {
  private items: LogEntry[] = [];
  private start = 0;

  constructor(private readonly capacity: number) {}

  push(entry: LogEntry): void {
    if (this.items.length < this.capacity) this.items.push(entry);
    else {
      this.items[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  toArray(): LogEntry[] {
    return this.start === 0 ? [...this.items] : [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }

  clear(): void {
    this.items = [];
    this.start = 0;
  }
}

class PhoneLogcat implements Logcat {
  private readonly rings = new Map<LogBuffer, Ring>(BUFFERS.map((b) => [b, new Ring(LOGCAT_CAPACITY[b])]));
  private readonly listeners = new Set<(entry: LogEntry) => void>();
  private seq = 0;
  private readonly order = new WeakMap<LogEntry, number>();

  constructor(private readonly clock: Clock) {}

  append(entry: Omit<LogEntry, 'time'> & { time?: number }): void {
    const full: LogEntry = { ...entry, time: entry.time ?? this.clock.now() };
    this.order.set(full, this.seq++);
    this.rings.get(full.buffer)?.push(full);
    for (const listener of [...this.listeners]) listener(full);
  }

  entries(options: { buffers?: LogBuffer[]; since?: number } = {}): LogEntry[] {
    const buffers = options.buffers ?? BUFFERS;
    const all: LogEntry[] = [];
    for (const buffer of buffers) all.push(...(this.rings.get(buffer)?.toArray() ?? []));
    const since = options.since;
    const kept = since === undefined ? all : all.filter((e) => e.time >= since);
    // Interleaved by time, then by arrival, as `logcat -b all` merges its buffers.
    return kept.sort((a, b) => a.time - b.time || (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0));
  }

  clear(buffers: LogBuffer[] = BUFFERS): void {
    for (const buffer of buffers) this.rings.get(buffer)?.clear();
  }

  follow(listener: (entry: LogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The phone's log: bounded ring buffers for main, system, crash and events. */
export function createLogcat(clock: Clock): Logcat {
  return new PhoneLogcat(clock);
}
