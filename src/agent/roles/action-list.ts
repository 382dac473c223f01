// The planner's action list, derived from the primitive registry so it cannot drift from it.
import { PRIMITIVE_NAMES, PRIMITIVES, primitiveParamsSchema, type JsonSchema, type PrimitiveName } from '../../primitives/index.js';

// Choices and lists always show their type; a number or flag only when required, since an optional
// one's name says enough (timeout_ms, submit) and every token counts in the planner's prompt.
function typeOf(schema: JsonSchema, required: boolean): string {
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join('|');
  if (schema.title === 'target' || schema.title === 'expected' || schema.type === 'string') return '';
  if (schema.type === 'array') return `${typeOf((schema.items ?? {}) as JsonSchema, true) || 'string'}[]`;
  if (!required) return '';
  if (schema.type === 'integer') return 'int';
  if (schema.type === 'boolean') return 'bool';
  return typeof schema.type === 'string' ? schema.type : '';
}

/** `name(param, optional?, choice: a|b)`, leaving out the parameters its group's heading names. */
function line(name: PrimitiveName, shared: string): string {
  const schema = primitiveParamsSchema(name);
  const required = new Set((schema.required ?? []) as string[]);
  const params = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([param]) => param !== shared)
    .map(([param, field]) => {
      const type = typeOf(field, required.has(param));
      const mark = required.has(param) ? '' : '?';
      return type ? `${param}${mark}: ${type}` : `${param}${mark}`;
    });
  return `${name}(${params.join(', ')})`;
}

const takes = (name: PrimitiveName, param: string): boolean => param in ((primitiveParamsSchema(name).properties ?? {}) as object);

/**
 * What the planner may answer with: every primitive but `screenshot` (the runner takes its own evidence)
 * and the assertions (a planner checks through each action's `expected`; `ai.expect` is the validator's).
 */
export const PLANNER_ACTIONS: readonly PrimitiveName[] = PRIMITIVE_NAMES.filter((name) => name !== 'screenshot' && PRIMITIVES[name].family !== 'assertions');

let list: string | undefined;

/**
 * The planner's actions in groups (those that act and take `expected?`, checks and waits that take
 * `timeout_ms?`, the two that end a goal), one short line each. About 225 tokens, where
 * describeActionSpace() (with descriptions) is about 730: too much for a planner prompt of at most 700.
 */
export function compactActionList(): string {
  if (list) return list;
  const groups: Array<{ heading: string; shared: string; names: PrimitiveName[] }> = [
    { heading: 'Act (? = optional; each also takes expected?):', shared: 'expected', names: [] },
    { heading: 'Check or wait (each also takes timeout_ms?):', shared: 'timeout_ms', names: [] },
    { heading: 'End the goal:', shared: '', names: [] },
    { heading: 'Other:', shared: '', names: [] },
  ];
  for (const name of PLANNER_ACTIONS) {
    const group = PRIMITIVES[name].family === 'agent' ? groups[2] : takes(name, 'expected') ? groups[0] : takes(name, 'timeout_ms') ? groups[1] : groups[3];
    group.names.push(name);
  }
  list = groups
    .filter((group) => group.names.length > 0)
    .flatMap((group) => [group.heading, ...group.names.map((name) => line(name, group.shared))])
    .join('\n');
  return list;
}
