// The path a test took since it launched its app: every primitive that ran OK, as it can be run again
// (semantic targets, expected outcomes), cut into stages by checkpoints. A stage that failed for a reason
// not the app's is resumed by replaying this path to its checkpoint: every target re-located, every
// expected outcome checked, no model asked.
import { redactText, type ActionSource, type PathStep } from '../../events/index.js';
import type { ActionResult, PrimitiveCall, PrimitiveRunner } from '../../primitives/index.js';
import { screenText, type Look } from '../../observe/index.js';
import { recordStep, replaySteps, type CachedStep, type ReplayResult } from '../cache/index.js';

/** Calls that change nothing on the device: a replay leaves them out. */
const NOT_REPLAYED: ReadonlySet<string> = new Set(['screenshot', 'finish', 'give_up']);

export interface PathEntry {
  /** As it is logged and kept: semantic targets, secret text masked. */
  step: PathStep;
  /** The text of a secret input, kept in memory only, for a replay in this run. */
  secret?: string;
}

/** The end of a stage: where on the path it is and the screen it reached. */
export interface Checkpoint {
  name: string;
  /** 1 for the test's first checkpoint. */
  index: number;
  /** How many path entries lead to it. */
  at: number;
  signature: string;
  screenText: string;
  package?: string;
}

/** The agent step a primitive ran for: its key in the test ("step: log in as alice #1") and its goal. */
export interface AgentStepRef {
  key: string;
  goal: string;
}

export interface PathRecord {
  call: PrimitiveCall;
  result: ActionResult;
  source: ActionSource;
  agent?: AgentStepRef;
}

export class StagePath {
  readonly entries: PathEntry[] = [];
  readonly checkpoints: Checkpoint[] = [];

  /** Adds a primitive that ran OK. */
  record({ call, result, source, agent }: PathRecord): void {
    if (NOT_REPLAYED.has(call.name)) return;
    const cached = recordStep({ call, result, goal: agent?.goal ?? '' });
    if (!cached) return;
    const step: PathStep = {
      call: cached.call as PathStep['call'],
      signature: cached.signature,
      source,
      ...(agent ? { agent: agent.key } : {}),
      ...(cached.secret !== undefined ? { secret: cached.secret } : {}),
      ...(cached.dialog ? { dialog: true } : {}),
    };
    const secret = call.name === 'input_text' && call.params.secret ? call.params.text : undefined;
    this.entries.push({ step, ...(secret !== undefined ? { secret } : {}) });
  }

  get last(): Checkpoint | undefined {
    return this.checkpoints.at(-1);
  }

  named(name: string): Checkpoint | undefined {
    return this.checkpoints.find((c) => c.name === name);
  }

  /** Ends the current stage on the screen `look` shows; answers the checkpoint and the stage's own steps. */
  mark(input: { name: string; look: Look }): { checkpoint: Checkpoint; steps: PathStep[] } {
    const from = this.last?.at ?? 0;
    const { observation } = input.look;
    const checkpoint: Checkpoint = {
      name: input.name,
      index: this.checkpoints.length + 1,
      at: this.entries.length,
      signature: observation.signature,
      screenText: redactText(screenText(observation.screen)),
      ...(observation.screen.foreground?.package ? { package: observation.screen.foreground.package } : {}),
    };
    this.checkpoints.push(checkpoint);
    return { checkpoint, steps: this.entries.slice(from).map((e) => e.step) };
  }

  /** The path from the launch to the last checkpoint. */
  toCheckpoint(): PathEntry[] {
    return this.entries.slice(0, this.last?.at ?? 0);
  }

  /** The current stage's steps so far, without those of the agent step `exclude` (which runs again whole). */
  stage(exclude?: string): PathEntry[] {
    return this.entries.slice(this.last?.at ?? 0).filter((e) => exclude === undefined || e.step.agent !== exclude);
  }
}

export interface ReplayPathOptions {
  runner: PrimitiveRunner;
  entries: PathEntry[];
  /** The recovery's id: the replayed actions name it as their parent. */
  parentActionId: string;
  signal?: AbortSignal;
}

/** Runs the entries in order through the executor; stops at the first that does not replay. */
export function replayPath({ runner, entries, parentActionId, signal }: ReplayPathOptions): Promise<ReplayResult> {
  const values: string[] = [];
  const steps = entries.map(({ step, secret }): CachedStep => {
    const cached: CachedStep = { call: step.call as PrimitiveCall, signature: step.signature, ...(step.dialog ? { dialog: true } : {}) };
    if (secret !== undefined) cached.secret = values.push(secret) - 1;
    return cached;
  });
  return replaySteps({
    runner,
    entry: { kind: 'step', text: '', steps, recorded_at: '' },
    goal: '',
    values,
    source: 'script',
    parentActionId,
    ...(signal ? { signal } : {}),
  });
}

export type CheckpointReached = { reached: true } | { reached: false; found: { signature: string; screenText: string; package?: string } };

/** Waits up to `timeoutMs` for the checkpoint's screen (by signature: the same screen, whatever its data). */
export async function reachCheckpoint(
  runner: PrimitiveRunner,
  checkpoint: Checkpoint,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<CheckpointReached> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const { observation } = await runner.observer.look(options.signal ? { signal: options.signal } : {});
    if (observation.signature === checkpoint.signature) return { reached: true };
    if (Date.now() >= deadline) {
      const pkg = observation.screen.foreground?.package;
      return {
        reached: false,
        found: { signature: observation.signature, screenText: redactText(screenText(observation.screen)), ...(pkg ? { package: pkg } : {}) },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
