// Compile-time checks of the registry's types, run by `npm run typecheck` (nothing here runs): a
// line marked @ts-expect-error fails the typecheck when it starts to compile.
import type { Target as LocatorTarget } from '../locator/index.js';
import type { CallOf, Executors, PrimitiveCall } from './registry.js';
import type { Target } from './target.js';

type Ctx = { log: string[] };

declare const tapOnly: Executors<Ctx, string>['tap'];
// An executor table must name every primitive: one without `give_up` and the rest does not compile.
// @ts-expect-error a table with only `tap`
export const partial: Executors<Ctx, string> = { tap: tapOnly };

// Each executor gets its own primitive's parameters: input_text's have `text`, a tap's do not.
export const typed: Executors<Ctx, string>['input_text'] = async (params) => params.text;
// @ts-expect-error a tap has no `text`
export const untyped: Executors<Ctx, string>['tap'] = async (params) => params.text;

// A validated target is the locator's target as it is.
export function forLocator(call: PrimitiveCall): LocatorTarget | undefined {
  return call.name === 'tap' ? call.params.target : undefined;
}
export const tap: CallOf<'tap'> = { name: 'tap', params: { target: { text: 'Log in', near: 'Password' } satisfies Target } };
