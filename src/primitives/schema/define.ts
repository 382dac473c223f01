import { z } from 'zod';
import { Expected } from './expected.js';

export type Family = 'app' | 'touch' | 'text' | 'waiting' | 'assertions' | 'device' | 'agent';

export interface PrimitiveDefinition<N extends string = string, S extends z.ZodObject = z.ZodObject> {
  readonly name: N;
  readonly family: Family;
  /** One line an LLM reads to choose the action. */
  readonly description: string;
  readonly params: S;
  /** Parameters of which exactly one must be given (JSON Schema cannot take this from zod refinements). */
  readonly exactlyOne?: readonly string[];
}

export function definePrimitive<const N extends string, S extends z.ZodObject>(def: PrimitiveDefinition<N, S>): PrimitiveDefinition<N, S> {
  return def;
}

/** Adds the optional `expected` post-condition to an action's parameters. */
export function withExpected<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject({ ...shape, expected: Expected.optional() });
}

export const timeoutMs = z.number().int().min(1).max(600_000).describe('how long to wait, in milliseconds');
export const appId = z
  .string()
  .regex(/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/)
  .describe('Android package name; the configured app when omitted');
