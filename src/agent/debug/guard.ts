// Loop and stuck guards for one goal: the same action on the same screen, a screen that no longer
// changes, and the step and replan limits, each ending with a reason a report can show.
import type { Observation } from '../../observe/index.js';
import { PRIMITIVES, type ActionResult, type PrimitiveCall, type PrimitiveName } from '../../primitives/index.js';
import { callText, canonicalCall, screenWords } from './call-text.js';

export type GuardKind = 'loop' | 'stuck' | 'step_limit' | 'replan_limit';

/** ok, or why to stop; `recover: 'back'` asks the caller to press back, look again and go on (given once per kind). */
export type GuardVerdict = { ok: true } | { ok: false; kind: GuardKind; reason: string; recover?: 'back' };

export interface ProgressGuardOptions {
  /** Actions allowed for the goal. */
  maxSteps: number;
  /** Fresh plans allowed after failures. */
  maxReplans: number;
  /** The same call on the same screen this many times is fine; once more is a loop (default 2). */
  loopRepeats?: number;
  /** Acting calls in a row that leave the screen unchanged before it counts as stuck (default 3). */
  unchangedRun?: number;
}

const OK: GuardVerdict = { ok: true };
/** Calls that are not meant to change the screen: their unchanged screen says nothing. */
const LOOKING_FAMILIES = new Set(['assertions', 'waiting', 'agent']);
const LOOKING_CALLS = new Set<PrimitiveName>(['screenshot']);
const KNOWN_SCREENS = 50;

export class ProgressGuard {
  private readonly loopRepeats: number;
  private readonly unchangedRun: number;
  private stepCount = 0;
  private replanCount = 0;
  private readonly tries = new Map<string, number>();
  private readonly noEffects = new Map<string, Set<string>>();
  private readonly screens = new Map<string, Observation>();
  private pending?: { signature: string; call: PrimitiveCall };
  private unchanged = 0;
  private loops = 0;
  private stucks = 0;
  private ended?: Extract<GuardVerdict, { ok: false }>;

  constructor(private readonly options: ProgressGuardOptions) {
    this.loopRepeats = options.loopRepeats ?? 2;
    this.unchangedRun = options.unchangedRun ?? 3;
  }

  /** Actions let through so far. */
  get steps(): number {
    return this.stepCount;
  }

  get replans(): number {
    return this.replanCount;
  }

  /** Asked before running `call` on the screen with this signature; a refused action is not counted as a step. */
  beforeAction(signature: string, call: PrimitiveCall): GuardVerdict {
    if (this.ended) return this.ended;
    if (this.stepCount >= this.options.maxSteps) {
      return this.end(
        'step_limit',
        `stopped after ${count(this.stepCount, 'action')} without reaching the goal (the limit is ${this.options.maxSteps}); the last screen was ${this.lastScreen()}`,
      );
    }
    const key = `${signature}\n${canonicalCall(call)}`;
    const tries = (this.tries.get(key) ?? 0) + 1;
    this.tries.set(key, tries);
    if (tries > this.loopRepeats) {
      this.loops += 1;
      const what = `${callText(call)} was about to run for the ${ordinal(tries)} time on the same screen (${this.screenOf(signature)})`;
      if (this.loops === 1) return { ok: false, kind: 'loop', reason: what, recover: 'back' };
      return this.end('loop', `stopped in a loop: ${what}, after back had already been pressed once to break out`);
    }
    this.stepCount += 1;
    this.pending = { signature, call };
    return OK;
  }

  /** Told what the action let through last did; a stuck screen is met with back once, then ends the goal. */
  afterAction(result: ActionResult): GuardVerdict {
    if (this.ended) return this.ended;
    const pending = this.pending;
    this.pending = undefined;
    if (result.before) this.know(result.before);
    if (result.after) this.know(result.after);
    const acting = !LOOKING_CALLS.has(result.primitive) && !LOOKING_FAMILIES.has(PRIMITIVES[result.primitive].family);
    const changed = result.report?.screen_changed;
    const noEffect = result.failure?.name === 'NoEffect' || (acting && changed === false);
    if (noEffect && pending) this.noted(pending.signature, callText(pending.call));
    if (noEffect) this.unchanged += 1;
    else if (acting && changed) this.unchanged = 0;

    const frames = result.report?.stuck?.frames;
    if (frames === undefined && this.unchanged < this.unchangedRun) return OK;
    const why =
      frames !== undefined ? `the screen showed the same frame ${frames} times in a row` : `${this.unchanged} actions in a row left the screen unchanged`;
    this.unchanged = 0;
    this.stucks += 1;
    const where = screenWords(result.after ?? result.before, this.lastScreen());
    if (this.stucks === 1) return { ok: false, kind: 'stuck', reason: `stuck: ${why} on ${where}`, recover: 'back' };
    return this.end('stuck', `stopped because the screen is stuck: ${why} on ${where}, after back had already been pressed once to get out`);
  }

  /** Told that a failure led to a new plan; past the limit the goal ends with the last reason. */
  replanned(reason: string): GuardVerdict {
    if (this.ended) return this.ended;
    this.replanCount += 1;
    if (this.replanCount <= this.options.maxReplans) return OK;
    return this.end(
      'replan_limit',
      `stopped after ${count(this.options.maxReplans, 'replan')} without reaching the goal (${count(this.stepCount, 'action')} run); the last failure: ${reason}; the last screen was ${this.lastScreen()}`,
    );
  }

  /** Calls (compact text) that changed nothing on the screen with this signature: not worth trying again there. */
  noEffect(signature: string): string[] {
    return [...(this.noEffects.get(signature) ?? [])];
  }

  private noted(signature: string, text: string): void {
    const set = this.noEffects.get(signature) ?? new Set<string>();
    set.add(text);
    this.noEffects.set(signature, set);
  }

  private know(observation: Observation): void {
    this.screens.delete(observation.signature);
    this.screens.set(observation.signature, observation);
    if (this.screens.size > KNOWN_SCREENS) this.screens.delete(this.screens.keys().next().value as string);
  }

  private screenOf(signature: string): string {
    return screenWords(this.screens.get(signature), `screen ${signature.slice(0, 12)}`);
  }

  private lastScreen(): string {
    const last = [...this.screens.values()].at(-1);
    return screenWords(last, 'not observed');
  }

  private end(kind: GuardKind, reason: string): Extract<GuardVerdict, { ok: false }> {
    this.ended = { ok: false, kind, reason };
    return this.ended;
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
