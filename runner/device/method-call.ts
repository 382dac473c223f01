// A derived device method's arguments as a primitive call: positional arguments by the table's order,
// options renamed back to the primitive's parameters, the defaults the method allows filled in.
import { PRIMITIVES, type PrimitiveName } from '../../src/primitives/index.js';
import { optionName } from './methods.js';

export interface MethodCall {
  call: { name: PrimitiveName; params: Record<string, unknown> };
  /** Bounds the whole action, ms (primitives without `timeout_ms`). */
  timeout?: number;
}

/** The call the method of `name` makes with `args`; an option the primitive does not know is passed on, for validation to name. */
export function methodCall(name: PrimitiveName, entry: { args: readonly string[]; defaults?: Record<string, unknown> }, args: readonly unknown[]): MethodCall {
  const keys = Object.keys(PRIMITIVES[name].params.shape);
  const paramOf = new Map(keys.map((key) => [optionName(key), key]));
  const ownTimeout = keys.includes('timeout_ms');
  const params: Record<string, unknown> = {};
  entry.args.forEach((key, i) => (params[key] = args[i]));
  let timeout: number | undefined;
  const options = (args[entry.args.length] ?? {}) as Record<string, unknown>;
  for (const [option, value] of Object.entries(options)) {
    if (option === 'timeout' && !ownTimeout) timeout = value as number | undefined;
    else params[paramOf.get(option) ?? option] = value;
  }
  for (const [key, value] of Object.entries(entry.defaults ?? {})) params[key] ??= value;
  const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
  return { call: { name, params: defined }, ...(timeout === undefined ? {} : { timeout }) };
}
