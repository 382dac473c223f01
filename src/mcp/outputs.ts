// What each MCP tool answers, described once: the answers' TypeScript types are inferred from these, and
// tools/list gives them as each tool's outputSchema, so a client (the SDK's Client does) can check every
// answer's structuredContent. `look` answers text and a screenshot, for a model to read: it has none.
import { z } from 'zod';
import { FailureCategory, Verdict } from '../events/index.js';
import { jsonSchemaOf, type JsonSchema } from '../primitives/index.js';

const Elements = z.array(z.string()).describe('One line per element: its ref, role and label; past 25, a line counting the rest.');

export const DoAnswer = z.object({
  device: z.string(),
  primitive: z.string(),
  status: Verdict,
  expected: z.enum(['met', 'not met', 'not checked', 'none']).describe('The `expected` post-condition: met, not met, not checked, or none asked.'),
  failure: z.object({ name: z.string(), category: FailureCategory, message: z.string(), suggestion: z.string().optional() }).optional(),
  screen_changed: z.boolean(),
  new_elements: Elements,
  disappeared_elements: Elements,
  changed_elements: Elements.optional(),
  activity_changed: z.object({ from: z.string(), to: z.string() }).nullable(),
  crash: z.boolean(),
  crash_reason: z.string().optional(),
  anr: z.boolean(),
  anr_reason: z.string().optional(),
  stuck: z.boolean(),
  keyboard: z.boolean().nullable().describe('Whether the keyboard shows after the action; null when not known.'),
  popup: z.object({ package: z.string(), title: z.string(), ref: z.string().optional() }).nullable(),
  toast: z.string().optional(),
  output: z.string().optional().describe('What was read back: assertions and input_text.'),
});
export type DoAnswer = z.infer<typeof DoAnswer>;

export const DevicesAnswer = z.object({
  devices: z.array(z.object({ serial: z.string(), state: z.string(), selected: z.boolean() })),
  selected: z.string().nullable(),
});
export type DevicesAnswer = z.infer<typeof DevicesAnswer>;

export const ShellAnswer = z.object({
  device: z.string(),
  exit_code: z.number().int(),
  stdout: z.string(),
  stderr: z.string(),
  truncated: z
    .object({ stdout: z.number().int().optional(), stderr: z.number().int().optional() })
    .optional()
    .describe('Characters cut from stdout or stderr past the limit.'),
});
export type ShellAnswer = z.infer<typeof ShellAnswer>;

/** One step of a session, as `query trace` shows it. */
export const TraceStep = z.object({
  step: z.number().int(),
  primitive: z.string(),
  params: z.unknown(),
  status: Verdict,
  failure: z.string().optional(),
  screen_changed: z.boolean().optional(),
  ms: z.number().describe('Wall time of the step.'),
  device_ms: z.number().describe('Of it, inside device calls.'),
  harness_ms: z.number().describe('Of it, in mobiletest itself; the rest is waiting for the screen.'),
});
export type TraceStep = z.infer<typeof TraceStep>;

const nullableString = z.string().nullable();

export const QUERY_KINDS = ['logcat', 'ui_dump', 'app_state', 'device_info', 'trace'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** `query`'s answer for each kind, without the device and kind every answer starts with. */
export const QueryBodies = {
  logcat: z.object({ app: nullableString, lines: z.array(z.string()), omitted: z.number().int().optional() }),
  ui_dump: z.object({ format: z.string(), xml: z.string(), truncated_from: z.number().int().optional() }),
  app_state: z.object({
    foreground_app: z.string(),
    activity: nullableString,
    focused_window: nullableString,
    app_under_test: z.string().optional(),
    app_in_front: z.boolean().optional(),
    installed_version: z.union([
      z.object({ app: z.string(), version_name: z.string(), version_code: z.number().nullable() }),
      z.object({ app: z.string(), installed: z.literal(false) }),
    ]),
  }),
  device_info: z.object({
    id: z.string(),
    platform: z.enum(['android', 'ios']),
    osVersion: z.string(),
    apiLevel: z.number().int().optional(),
    model: z.string(),
    manufacturer: z.string(),
    virtual: z.boolean(),
    screen: z.object({ width: z.number(), height: z.number(), density: z.number().nullable() }),
  }),
  trace: z.object({ steps: z.array(TraceStep) }),
} satisfies Record<QueryKind, z.ZodObject>;

const head = { device: z.string() };
export const QueryAnswer = z.discriminatedUnion('kind', [
  QueryBodies.logcat.extend({ ...head, kind: z.literal('logcat') }),
  QueryBodies.ui_dump.extend({ ...head, kind: z.literal('ui_dump') }),
  QueryBodies.app_state.extend({ ...head, kind: z.literal('app_state') }),
  QueryBodies.device_info.extend({ ...head, kind: z.literal('device_info') }),
  QueryBodies.trace.extend({ ...head, kind: z.literal('trace') }),
]);
export type QueryAnswer = z.infer<typeof QueryAnswer>;

/** A tool's inputSchema or outputSchema: the JSON Schema of `shape`, an object at the top as MCP asks. */
export function objectSchemaOf(shape: z.ZodType): JsonSchema & { type: 'object' } {
  return { ...jsonSchemaOf(shape), type: 'object' };
}
