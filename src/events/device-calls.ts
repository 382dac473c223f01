// The read budget of actions, added up from their `timings.device_calls`.
import type { DeviceCallTally } from './schema.js';

/** The read budget of one or more actions: hierarchy reads, screenshots and every other device call, with their time. */
export interface DeviceCallSummary {
  reads: number;
  read_ms: number;
  screenshots: number;
  screenshot_ms: number;
  other: number;
  other_ms: number;
}

/** Adds tallies up into reads, screenshots and the rest. */
export function summarizeDeviceCalls(calls: readonly DeviceCallTally[]): DeviceCallSummary {
  const summary: DeviceCallSummary = { reads: 0, read_ms: 0, screenshots: 0, screenshot_ms: 0, other: 0, other_ms: 0 };
  for (const c of calls) {
    const [count, ms] =
      c.call === 'hierarchy'
        ? (['reads', 'read_ms'] as const)
        : c.call === 'screenshot' || c.call === 'capture'
          ? (['screenshots', 'screenshot_ms'] as const)
          : (['other', 'other_ms'] as const);
    summary[count] += c.count;
    summary[ms] += c.ms;
  }
  for (const key of ['read_ms', 'screenshot_ms', 'other_ms'] as const) summary[key] = Math.round(summary[key]);
  return summary;
}

/** Tallies of several actions added up, call by call. */
export function addDeviceCalls(lists: ReadonlyArray<readonly DeviceCallTally[] | undefined>): DeviceCallTally[] {
  const total = new Map<string, DeviceCallTally>();
  for (const list of lists) {
    for (const c of list ?? []) {
      const t = total.get(c.call) ?? { call: c.call, count: 0, ms: 0 };
      t.count += c.count;
      t.ms = Math.round((t.ms + c.ms) * 100) / 100;
      total.set(c.call, t);
    }
  }
  return [...total.values()];
}
