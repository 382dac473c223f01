// How the guards and the debugger name an action: canonical JSON to compare calls, compact text to show them.
import { MASK, redactText } from '../../events/index.js';
import type { PrimitiveCall } from '../../primitives/index.js';
import type { Observation } from '../../observe/index.js';

/** The call as JSON with keys sorted at every level, so two equal calls give the same text. */
export function canonicalCall(call: PrimitiveCall): string {
  return JSON.stringify(sorted(masked(call)));
}

/** One short line for a person or a prompt: `tap {"target":"Log in"}`; secret text is masked. */
export function callText(call: PrimitiveCall): string {
  const params = sorted(masked(call).params);
  const json = JSON.stringify(params);
  return redactText(json === '{}' ? call.name : `${call.name} ${json}`);
}

/** Where the screen was, for reasons in reports: the activity and its first labels. */
export function screenWords(observation: Observation | undefined, fallback = 'unknown'): string {
  if (!observation) return fallback;
  const fg = observation.screen.foreground;
  const where = fg ? (fg.activity ? `${fg.package}/${fg.activity}` : fg.package) : 'an unknown app';
  const labels = observation.screen.elements
    .filter((e) => e.label && e.role !== 'input')
    .slice(0, 3)
    .map((e) => JSON.stringify(e.label));
  return redactText(labels.length > 0 ? `${where} showing ${labels.join(', ')}` : where);
}

function masked(call: PrimitiveCall): PrimitiveCall {
  const params = call.params as Record<string, unknown>;
  // Typed secret text must not reach a prompt or a report through the no-effect list or a loop reason.
  if (params.secret === true && typeof params.text === 'string') return { ...call, params: { ...params, text: MASK } } as PrimitiveCall;
  return call;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sorted(v);
    }
    return out;
  }
  return value;
}
