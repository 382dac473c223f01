// A device's stages: the runner every call of a test goes through records the path since launch, and
// when a call fails for a reason not the app's after a checkpoint, resumes: the device reconnected, the
// app relaunched and the path replayed to the checkpoint (no model asked), the stage's earlier steps
// replayed, and the failed call run again — up to `limit` times a stage, every step of it in the log.
import { StagePath, reachCheckpoint, replayPath, type AgentStepRef, type Checkpoint, type PathEntry } from '../../src/agent/index.js';
import { cacheKey, type CachedStep } from '../../src/agent/cache/index.js';
import type { ResumePoint } from '../resume/plan.js';
import { newActionId, redactText, type EventError, type EventLog, type Location } from '../../src/events/index.js';
import type { ActionFailureInfo, ActionResult, PrimitiveRunner, RunOptions } from '../../src/primitives/exec/types.js';
import type { FailureCategory, PrimitiveCall } from '../../src/primitives/index.js';

/** Failures a stage is resumed from: the device's or the harness's, never the app's, a target's or a plan's. */
const RESUMED: ReadonlySet<FailureCategory> = new Set(['environment', 'execution']);
/** How long a replay waits for a checkpoint's screen. */
const CHECKPOINT_WAIT_MS = 5_000;

export interface DeviceStagesOptions {
  /** The executor the calls run on. */
  runner: PrimitiveRunner;
  log: EventLog;
  /** How many times one stage may be resumed; 0 never. */
  limit: number;
  /** Makes the device answer again: reconnects it, or leases a fresh one. */
  reconnect: () => Promise<void>;
  /** The test's end: nothing is resumed after it. */
  signal?: AbortSignal;
  /** `mobiletest test --resume`: the earlier run's path to its last checkpoint on this device. */
  resume?: ResumePoint;
}

/** A stage that was resumed, or could not be: for the test's annotations. */
export interface Recovery {
  checkpoint: string;
  attempt: number;
  failure: string;
  replayed: number;
  ms: number;
  resumed: boolean;
}

/** What started a recovery: the failure, the action or agent call it came from, and an agent step that will run again whole. */
interface RecoveryCause {
  failure: ActionFailureInfo | EventError;
  failedActionId?: string;
  exclude?: string;
}

/** A resumed run's checkpoint whose screen the steps before it no longer reach (the app changed). */
export class CheckpointNotReached extends Error {
  override name = 'CheckpointNotReached';
  readonly category = 'product';
}

/** A recovery that did not bring the device back to its checkpoint: the reason, said as a failure of the stage. */
export class RecoveryFailed extends Error {
  override name = 'RecoveryFailed';
  constructor(
    readonly checkpoint: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export class DeviceStages implements PrimitiveRunner {
  readonly path = new StagePath();
  readonly recoveries: Recovery[] = [];
  /** Recoveries in the current stage. */
  private attempts = 0;
  private replaying = false;
  private agent: AgentStepRef | undefined;
  private readonly seen = new Map<string, number>();
  /** A resumed run before its checkpoint: agent steps replay the earlier run's path. */
  private resuming: ResumePoint | undefined;

  constructor(private readonly options: DeviceStagesOptions) {
    this.resuming = options.resume;
  }

  /** A resumed run, before its checkpoint: the steps the earlier run's agent step `key` ran, to replay with no model call. */
  resumeSteps(key: string): CachedStep[] | undefined {
    const steps = this.resuming?.steps.filter((step) => step.agent === key);
    if (!steps || steps.length === 0) return undefined;
    return steps.map((step) => ({
      call: step.call as PrimitiveCall,
      signature: step.signature,
      ...(step.secret !== undefined ? { secret: step.secret } : {}),
      ...(step.dialog ? { dialog: true } : {}),
    }));
  }

  get driver(): PrimitiveRunner['driver'] {
    return this.options.runner.driver;
  }

  get observer(): PrimitiveRunner['observer'] {
    return this.options.runner.observer;
  }

  async run(call: PrimitiveCall, options: RunOptions = {}): Promise<ActionResult> {
    let result = await this.options.runner.run(call, options);
    if (this.replaying) return result;
    let problem: RecoveryFailed | undefined;
    for (;;) {
      if (result.verdict === 'OK') {
        this.path.record({ call, result, source: options.source ?? 'script', ...(options.source === 'agent' && this.agent ? { agent: this.agent } : {}) });
        return result;
      }
      const failure = result.failure;
      if (!failure || !this.resumable(failure.category, options.signal))
        return problem && failure ? { ...result, failure: { ...failure, message: `${failure.message}; ${problem.message}` } } : result;
      try {
        await this.recover({ failure, failedActionId: result.actionId });
      } catch (error) {
        if (!(error instanceof RecoveryFailed)) throw error;
        // Another attempt, while the stage has some left: a replay can meet the same trouble and pass the next time.
        problem = error;
        continue;
      }
      problem = undefined;
      result = await this.options.runner.run(call, { ...options, actionId: undefined });
    }
  }

  /** Whether a failure of this category, now, resumes the stage from its checkpoint. */
  resumable(category: FailureCategory | undefined, signal?: AbortSignal): boolean {
    if (category === undefined || !RESUMED.has(category) || this.replaying) return false;
    if (this.options.signal?.aborted || signal?.aborted) return false;
    return this.path.last !== undefined && this.attempts < this.options.limit;
  }

  /** Runs an agent step with its primitives recorded as its own; the key is what a resumed run finds it by. */
  async agentStep<T>(goal: string, body: (ref: AgentStepRef) => Promise<T>): Promise<T> {
    const text = redactText(goal).replace(/\s+/g, ' ').trim();
    const occurrence = (this.seen.get(text) ?? 0) + 1;
    this.seen.set(text, occurrence);
    // Named as the plan cache names an agent call in a test (without the title path: the path is per test).
    const ref = { key: cacheKey({ titlePath: [], call: 'step', text, occurrence }), goal };
    this.agent = ref;
    try {
      return await body(ref);
    } finally {
      this.agent = undefined;
    }
  }

  /** Ends a stage on the screen now shown; a name used twice in the test is refused. */
  async checkpoint(name: string, location: Location | undefined): Promise<Checkpoint> {
    const label = name.trim();
    if (label === '') throw new Error('device.checkpoint() needs a name: the stage it ends, such as "signed in"');
    const earlier = this.path.named(label);
    if (earlier)
      throw new Error(
        `checkpoint "${label}" is already stage ${earlier.index}'s end in this test: give each checkpoint its own name ("${label} 2", "cart filled")`,
      );
    const earlierRun = this.resuming?.checkpoints.find((c) => c.name === label);
    if (earlierRun) {
      // A resumed run reaches the earlier run's checkpoint again, or fails here, saying what it found instead.
      const expected = {
        name: label,
        index: earlierRun.index,
        at: 0,
        signature: earlierRun.signature,
        screenText: earlierRun.screen_text,
        package: earlierRun.package,
      };
      const reached = await reachCheckpoint(this.options.runner, expected, { timeoutMs: CHECKPOINT_WAIT_MS, signal: this.options.signal });
      if (!reached.reached) throw new CheckpointNotReached(notReached(expected, reached.found));
      if (label === this.resuming?.checkpoint) this.resuming = undefined;
    }
    const look = await this.observer.look();
    const { checkpoint, steps } = this.path.mark({ name: label, look });
    this.attempts = 0;
    await this.options.log.append({
      kind: 'checkpoint',
      action_id: newActionId(),
      name: label,
      index: checkpoint.index,
      steps,
      signature: checkpoint.signature,
      screen_text: checkpoint.screenText,
      ...(checkpoint.package ? { package: checkpoint.package } : {}),
      ...(location ? { location } : {}),
      ...(earlierRun ? { replayed: true } : {}),
    });
    return checkpoint;
  }

  /**
   * Brings the device back to the last checkpoint and replays the stage's steps before the failure.
   * Throws RecoveryFailed, with the reason, when it cannot; every step it took is in the log.
   */
  async recover(cause: RecoveryCause): Promise<void> {
    const checkpoint = this.path.last;
    if (!checkpoint) throw new RecoveryFailed('', 'no checkpoint was reached before the failure');
    this.attempts += 1;
    const id = newActionId();
    const started = Date.now();
    const toCheckpoint = this.path.toCheckpoint();
    const inStage = this.path.stage(cause.exclude);
    const failure: EventError = { name: cause.failure.name, message: redactText(cause.failure.message), category: cause.failure.category };
    const { log, limit } = this.options;
    await log.append({
      kind: 'recovery_start',
      action_id: id,
      checkpoint: checkpoint.name,
      attempt: this.attempts,
      limit,
      ...(cause.failedActionId ? { failed_action_id: cause.failedActionId } : {}),
      failure,
      to_checkpoint: toCheckpoint.length,
      in_stage: inStage.length,
    });
    let replayed = 0;
    this.replaying = true;
    try {
      await this.options.reconnect().catch((error: unknown) => {
        throw new RecoveryFailed(checkpoint.name, `the device did not come back: ${error instanceof Error ? error.message : String(error)}`);
      });
      replayed += await this.replay({ checkpoint, entries: toCheckpoint, id, what: `the path to checkpoint "${checkpoint.name}"` });
      const reached = await reachCheckpoint(this.options.runner, checkpoint, { timeoutMs: CHECKPOINT_WAIT_MS, signal: this.options.signal });
      if (!reached.reached) throw new RecoveryFailed(checkpoint.name, notReached(checkpoint, reached.found));
      replayed += await this.replay({ checkpoint, entries: inStage, id, what: `the stage after checkpoint "${checkpoint.name}"` });
      const reason = `checkpoint "${checkpoint.name}" reached again after ${toCheckpoint.length} step(s), then ${inStage.length} step(s) of the stage: the failed step runs again`;
      await this.ended({ id, started, checkpoint, failure, replayed, reason });
    } catch (error) {
      const problem =
        error instanceof RecoveryFailed ? error : new RecoveryFailed(checkpoint.name, `${error instanceof Error ? error.message : String(error)}`);
      const message = `resuming from checkpoint "${checkpoint.name}" (attempt ${this.attempts} of ${limit}) failed: ${problem.reason}`;
      await this.ended({ id, started, checkpoint, failure, replayed, reason: problem.reason, error: redactText(message) });
      throw new RecoveryFailed(checkpoint.name, message);
    } finally {
      this.replaying = false;
    }
  }

  /** Writes how a recovery ended and keeps it for the test's annotations; `error` when it did not resume. */
  private async ended(o: {
    id: string;
    started: number;
    checkpoint: Checkpoint;
    failure: EventError;
    replayed: number;
    reason: string;
    error?: string;
  }): Promise<void> {
    const ms = Date.now() - o.started;
    await this.options.log.append({
      kind: 'recovery_end',
      action_id: o.id,
      status: o.error === undefined ? 'resumed' : 'failed',
      replayed: o.replayed,
      reason: o.reason,
      ...(o.error === undefined ? {} : { error: { name: 'RecoveryFailed', message: o.error, category: 'environment' as const } }),
      duration_ms: ms,
    });
    this.recoveries.push({
      checkpoint: o.checkpoint.name,
      attempt: this.attempts,
      failure: `${o.failure.name}: ${o.failure.message}`,
      replayed: o.replayed,
      ms,
      resumed: o.error === undefined,
    });
  }

  private async replay(o: { checkpoint: Checkpoint; entries: PathEntry[]; id: string; what: string }): Promise<number> {
    if (o.entries.length === 0) return 0;
    if (o.what.startsWith('the path') && o.entries[0].step.call.name !== 'launch_app')
      throw new RecoveryFailed(
        o.checkpoint.name,
        `${o.what} does not start by launching the app, so it cannot be replayed: launch the app in the test (or keep the \`launch\` option on)`,
      );
    const result = await replayPath({ runner: this.options.runner, entries: o.entries, parentActionId: o.id, signal: this.options.signal });
    if (!result.complete) throw new RecoveryFailed(o.checkpoint.name, `${o.what} no longer replays: ${result.reason}`);
    return result.results.length;
  }
}

function notReached(checkpoint: Checkpoint, found: { screenText: string; package?: string }): string {
  return [
    `checkpoint "${checkpoint.name}" was not reached: the steps before it ended on another screen.`,
    `Expected (stage ${checkpoint.index}'s end${checkpoint.package ? `, ${checkpoint.package}` : ''}):`,
    indent(checkpoint.screenText),
    `Found${found.package ? ` (${found.package})` : ''}:`,
    indent(found.screenText),
  ].join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .slice(0, 20)
    .map((line) => `  ${line}`)
    .join('\n');
}
