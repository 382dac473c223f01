// For tests that start a phone: the pace the running Playwright project asks for. The real-timing
// project sets `metadata: { simTiming: 'real' }` and runs chosen reliability tests on a phone that
// takes what a mid-range Android 14 phone takes; every other project runs them at fast timing.
import { test } from '@playwright/test';

/** The virtual phone's pace, as startSim's `timing` option takes it. */
export type TimingMode = 'fast' | 'real';

/** `metadata.simTiming` of the running project ('fast' when it sets none); call it in a test or hook. */
export function projectTiming(): TimingMode {
  const { name, metadata } = test.info().project;
  const value: unknown = (metadata as Record<string, unknown> | undefined)?.simTiming;
  if (value === undefined) return 'fast';
  if (value === 'fast' || value === 'real') return value;
  throw new Error(`Project "${name}" sets metadata.simTiming to ${JSON.stringify(value)}: use "fast" or "real" in playwright.config.ts.`);
}
