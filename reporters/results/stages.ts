// What a test's events say about its devices and stages: the serial and tallies of each device of a
// test that drives several, the checkpoints it reached, the recoveries that replayed it to one, and
// the earlier run's checkpoint it resumed from.
import type { MobileEvent, RecoveryEndEvent } from '../../src/events/index.js';
import { asCategory, stepText } from './event-failure.js';
import type { CheckpointRecord, DeviceTally, RecoveryRecord, ResumeRecord, StepRecord } from './model.js';

export interface Stages {
  devices?: Record<string, DeviceTally>;
  checkpoints?: CheckpointRecord[];
  recoveries?: RecoveryRecord[];
  resumed_from?: ResumeRecord;
}

/** `steps` holds the step record of each action and agent call by its action_id, to name a recovery's failed step. */
export function stagesOf(events: readonly MobileEvent[], steps: ReadonlyMap<string, StepRecord>): Stages {
  const stages: Stages = {};
  const start = events.find((event) => event.kind === 'test_start');
  const devices = start?.kind === 'test_start' ? devicesOf(events, start.devices ?? {}) : undefined;
  if (devices) stages.devices = devices;
  if (start?.kind === 'test_start' && start.resume)
    stages.resumed_from = { checkpoint: start.resume.checkpoint, run_id: start.resume.run_id ?? null, steps: start.resume.steps };
  const checkpoints: CheckpointRecord[] = [];
  const recoveries: RecoveryRecord[] = [];
  const ends = new Map(events.filter((e): e is RecoveryEndEvent => e.kind === 'recovery_end').map((e) => [e.action_id, e]));
  for (const event of events) {
    if (event.kind === 'checkpoint') {
      checkpoints.push({
        name: event.name,
        index: event.index,
        steps: event.steps.length,
        replayed: event.replayed ?? false,
        ...(event.device ? { device: event.device } : {}),
      });
    } else if (event.kind === 'recovery_start') {
      const end = ends.get(event.action_id);
      const failedStep = event.failed_action_id ? steps.get(event.failed_action_id) : undefined;
      recoveries.push({
        checkpoint: event.checkpoint,
        attempt: event.attempt,
        limit: event.limit,
        failed: {
          action_id: event.failed_action_id ?? null,
          step: failedStep ? stepText(failedStep) : null,
          name: event.failure.name,
          message: event.failure.message,
          category: asCategory(event.failure.category),
        },
        to_checkpoint: event.to_checkpoint,
        in_stage: event.in_stage,
        replayed: end?.replayed ?? null,
        duration_ms: end ? Math.round(end.duration_ms) : null,
        status: end?.status ?? 'unfinished',
        reason: end?.reason ?? null,
        ...(event.device ? { device: event.device } : {}),
      });
    }
  }
  if (checkpoints.length > 0) stages.checkpoints = checkpoints;
  if (recoveries.length > 0) stages.recoveries = recoveries;
  return stages;
}

/** Each role's serial and what its session did; undefined unless the test drove several devices. */
function devicesOf(events: readonly MobileEvent[], serials: Record<string, string>): Record<string, DeviceTally> | undefined {
  const roles = Object.keys(serials);
  if (roles.length < 2) return undefined;
  const tallies: Record<string, DeviceTally> = {};
  for (const role of roles) tallies[role] = { serial: serials[role], actions: 0, agent_steps: 0, llm_calls: 0, tokens: 0 };
  for (const event of events) {
    const tally = event.device === undefined ? undefined : tallies[event.device];
    if (!tally) continue;
    if (event.kind === 'action_start') tally.actions += 1;
    else if (event.kind === 'agent_start') tally.agent_steps += 1;
    else if (event.kind === 'llm_call') {
      tally.llm_calls += 1;
      tally.tokens += event.tokens_in + event.tokens_out;
    }
  }
  return tallies;
}
