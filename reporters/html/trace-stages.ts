// The trace's stage steps: a checkpoint reached (the screen it reached as its screen after) and a
// recovery (the failure that started it, its replay; the actions it replays become its children).
import type { CheckpointEvent, RecoveryEndEvent, RecoveryStartEvent } from '../../src/events/index.js';
import { UNFINISHED, type TraceScreen, type TraceStep } from './trace-model.js';

const SCREEN_SIZE = /\bscreen (\d+)x(\d+)\b/;

/** `blank` is the step every kind starts from, placed in time. */
export function checkpointStep(event: CheckpointEvent, blank: TraceStep): TraceStep {
  const size = SCREEN_SIZE.exec(event.screen_text.split('\n', 1)[0] ?? '');
  const reached: TraceScreen = {
    text: event.screen_text,
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
    screenshot: null,
    hierarchy: null,
    app: event.package ?? null,
    cited: [],
  };
  return {
    ...blank,
    kind: 'checkpoint',
    name: 'checkpoint',
    label: `stage ${event.index} ends: ${event.name}${event.replayed ? ' (reached again)' : ''}`,
    status: 'OK',
    duration_ms: 0,
    after: reached,
    stage: { name: event.name, index: event.index, steps: event.steps.length, replayed: event.replayed ?? false },
  };
}

export function recoveryStep(event: RecoveryStartEvent, blank: TraceStep): TraceStep {
  return {
    ...blank,
    kind: 'recovery',
    name: 'recovery',
    label: `from checkpoint "${event.checkpoint}", attempt ${event.attempt} of ${event.limit}`,
    recovery: {
      checkpoint: event.checkpoint,
      attempt: event.attempt,
      limit: event.limit,
      failure: event.failure,
      failed_id: event.failed_action_id ?? null,
      to_checkpoint: event.to_checkpoint,
      in_stage: event.in_stage,
      replayed: null,
      status: 'unfinished',
      reason: null,
    },
  };
}

/** A resumed recovery reads RETRY (the test went on, not cleanly); a failed one FAIL, with its error. */
export function endRecovery(step: TraceStep | undefined, event: RecoveryEndEvent): void {
  if (!step?.recovery || step.status !== UNFINISHED) return;
  step.status = event.status === 'resumed' ? 'RETRY' : 'FAIL';
  step.duration_ms = Math.round(event.duration_ms);
  step.error = event.status === 'failed' ? (event.error ?? step.recovery.failure) : null;
  Object.assign(step.recovery, { replayed: event.replayed, status: event.status, reason: event.reason });
}
