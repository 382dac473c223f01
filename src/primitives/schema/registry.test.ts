import { expect, test } from '@playwright/test';
import type { Target as LocatorTarget } from '../locator/index.js';
import { PRIMITIVE_NAMES, type CallOf, type Executors, type PrimitiveCall } from './registry.js';
import type { Target } from './target.js';

type Ctx = { log: string[] };

function executorsFor(names: readonly string[]): Executors<Ctx, string> {
  const entries = names.map((name) => [name, async (_params: unknown, ctx: Ctx) => (ctx.log.push(name), name)]);
  return Object.fromEntries(entries) as Executors<Ctx, string>;
}

test('an executor table must name every primitive, and each gets its own typed parameters', async () => {
  const executors = executorsFor(PRIMITIVE_NAMES);
  // @ts-expect-error a table without `give_up` does not type-check
  const partial: Executors<Ctx, string> = { tap: executors.tap };
  expect(Object.keys(partial)).toEqual(['tap']);
  const typed: Executors<Ctx, string>['input_text'] = async (params) => params.text;
  expect(await typed({ text: 'a@b.c' }, { log: [] })).toBe('a@b.c');
  const ctx: Ctx = { log: [] };
  for (const name of PRIMITIVE_NAMES) await executors[name]({} as never, ctx);
  expect(ctx.log).toEqual(PRIMITIVE_NAMES);
});

test('a validated target can be handed to the locator as it is', () => {
  const target: Target = { text: 'Log in', near: 'Password' };
  const call: CallOf<'tap'> = { name: 'tap', params: { target } };
  const any: PrimitiveCall = call;
  const forLocator: LocatorTarget = any.name === 'tap' ? any.params.target : 'none';
  expect(forLocator).toEqual({ text: 'Log in', near: 'Password' });
});
