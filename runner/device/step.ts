// One device call as a test step: validated, titled, located in the spec, run, and thrown unless OK.
import { test } from '@playwright/test';
import type { Location } from '../../src/events/index.js';
import type { ActionResult, PrimitiveRunner } from '../../src/primitives/exec/types.js';
import { describeTarget, validateCall, type PrimitiveCall } from '../../src/primitives/index.js';
import { ActionFailed } from './action-failed.js';
import { callerLocation } from '../source/location.js';

export interface StepOptions {
  /** Step title; derived from the call when absent. */
  title?: string;
  /** Where the call was written; taken from the stack when absent. */
  location?: Location;
  /** Bounds the whole action, ms. */
  timeout?: number;
}

function shown(value: unknown): string {
  if (typeof value === 'string' || (typeof value === 'object' && value !== null)) return describeTarget(value as Parameters<typeof describeTarget>[0]);
  return String(value);
}

/** `tap "Log in"`, `input_text "Password" ***`: the call as a reader of the report wants it, secrets masked. */
export function titleFor(call: PrimitiveCall, verb: string = call.name): string {
  const params = call.params as Record<string, unknown>;
  const parts = [verb];
  if (params.target !== undefined) parts.push(shown(params.target));
  if (params.from !== undefined) parts.push(shown(params.from));
  if (params.to !== undefined) parts.push(`to ${shown(params.to)}`);
  if (call.name === 'input_text') parts.push(call.params.secret ? 'with ***' : `with "${call.params.text}"`);
  for (const key of ['direction', 'key', 'state', 'orientation', 'action', 'button', 'url', 'app', 'name'] as const) {
    const value = params[key];
    if (typeof value === 'string') parts.push(key === 'button' || key === 'name' ? `"${value}"` : value);
  }
  return parts.join(' ');
}

/** Where a step is shown in the report: where the call was written, else the spec's line that made it. */
export function stepLocation(location: Location | undefined): { file: string; line: number; column: number } | undefined {
  const where = location ?? callerLocation();
  return where && { file: where.file, line: where.line, column: where.column ?? 1 };
}

/**
 * Validates `input` against the vocabulary and runs it as a `test.step` at the spec's line.
 * Resolves with the result on OK; throws ActionFailed (after `onFailure`) otherwise.
 */
export async function runStep(
  runner: PrimitiveRunner,
  input: unknown,
  options: StepOptions & { verb?: string; onFailure?: (error: ActionFailed) => void },
): Promise<ActionResult> {
  const call = validateCall(input);
  const location = stepLocation(options.location);
  const title = options.title ?? titleFor(call, options.verb);
  return test.step(
    title,
    async () => {
      const signal = options.timeout ? AbortSignal.timeout(options.timeout) : undefined;
      const result = await runner.run(call, { source: 'script', location, signal });
      if (result.verdict === 'OK') return result;
      const error = new ActionFailed(result);
      options.onFailure?.(error);
      throw error;
    },
    { location, box: true },
  );
}
