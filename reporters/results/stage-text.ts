// A test's devices, recoveries and resume as one line of text each: what the JUnit report, the summary
// line and the list print, worded once.
import { passedAfterRecovery, type DeviceTally, type RecoveryRecord, type ResumeRecord, type TestRecord } from './model.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** `alice emulator-5554, bob emulator-5556`. */
export function devicesText(devices: Readonly<Record<string, DeviceTally>>): string {
  return Object.entries(devices)
    .map(([role, tally]) => `${role} ${tally.serial}`)
    .join(', ');
}

/**
 * `recovery 1 of 2 (resumed): tap "Search" failed (environment) DeviceDisconnected: adb lost the device;
 * replayed 2 steps to checkpoint "signed in", then 0 in the stage, in 4.2 s — reached "signed in" again`; a replay
 * cut short says how many of them it replayed.
 */
export function recoveryText(recovery: RecoveryRecord): string {
  const { failed } = recovery;
  const who = recovery.device ? `${recovery.device}: ` : '';
  const what = `${failed.step ?? 'a step'} failed${failed.category ? ` (${failed.category})` : ''} ${failed.name}: ${failed.message.split('\n')[0]}`;
  const { to_checkpoint: to, in_stage: within, replayed } = recovery;
  const time = `in ${seconds(recovery.duration_ms ?? 0)}`;
  const replay =
    replayed === null
      ? `was replaying ${plural(to, 'step')} to checkpoint "${recovery.checkpoint}" when the log ended`
      : replayed === to + within
        ? `replayed ${plural(to, 'step')} to checkpoint "${recovery.checkpoint}", then ${within} in the stage, ${time}`
        : `replayed ${replayed} of the ${plural(to, 'step')} to checkpoint "${recovery.checkpoint}" and ${within} in the stage, ${time}`;
  return `${who}recovery ${recovery.attempt} of ${recovery.limit} (${recovery.status}): ${what}; ${replay}${recovery.reason ? ` — ${recovery.reason}` : ''}`;
}

/** `resumed from checkpoint "signed in" of run run-41 (2 steps replayed)`. */
export function resumeText(resume: ResumeRecord): string {
  return `resumed from checkpoint "${resume.checkpoint}"${resume.run_id ? ` of run ${resume.run_id}` : ''} (${plural(resume.steps, 'step')} replayed)`;
}

/** `passed after 1 recovery`, or null for a test that did not pass thanks to one. */
export function recoveredText(test: Pick<TestRecord, 'status' | 'recoveries'>): string | null {
  if (!passedAfterRecovery(test)) return null;
  const n = (test.recoveries ?? []).filter((r) => r.status === 'resumed').length;
  return `passed after ${n} ${n === 1 ? 'recovery' : 'recoveries'}`;
}
