// The MCP tools: look, do, query, devices; with --allow-shell also shell, and with --primitive-tools one
// tool per primitive. Their descriptions and the primitives' schemas come from the primitive registry, so
// they cannot drift from what the runner accepts.
import { z } from 'zod';
import { describeActionSpace, PRIMITIVE_NAMES, toolDefinitions, type JsonSchema } from '../primitives/index.js';
import { DevicesAnswer, DoAnswer, objectSchemaOf, QUERY_KINDS, QueryAnswer, ShellAnswer } from './outputs.js';
import { MAX_SHELL_OUTPUT, ShellInput } from './shell.js';

/** Most log lines and trace steps one query answers. */
export const MAX_QUERY_LINES = 500;
export const DEFAULT_LOG_LINES = 100;
export const DEFAULT_TRACE_STEPS = 20;

export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  /** What the tool answers, as the structuredContent of its result (none for `look`, which answers text and a screenshot). */
  outputSchema?: JsonSchema & { type: 'object' };
}

// Each tool's input, described once: listed as JSON Schema (objectSchemaOf) and checked by the server (toolInput).

export const LookInput = z.strictObject({
  screenshot: z.boolean().optional().describe('true: always add the annotated screenshot; false: never (default: only when the text is too thin).'),
});

// Some clients' model APIs refuse a tool schema with oneOf at the top, so the per-primitive params are
// said in the description (describeActionSpace) and checked strictly by the server with their primitive's
// schema (validateCall, whose checks of name and params are finer than this outline's).
export const DoInput = z.strictObject({
  name: z.enum(PRIMITIVE_NAMES).describe('The primitive to run.'),
  params: z.record(z.string(), z.unknown()).describe('Its parameters, as listed in the description ({} when it takes none).'),
});

export const QueryInput = z.strictObject({
  kind: z.enum(QUERY_KINDS).describe('What to read.'),
  lines: z
    .number()
    .int()
    .min(1)
    .max(MAX_QUERY_LINES)
    .optional()
    .describe(`logcat: log lines (default ${DEFAULT_LOG_LINES}); trace: steps (default ${DEFAULT_TRACE_STEPS}).`),
});

export const DevicesInput = z.strictObject({
  select: z.string().optional().describe('Serial of the device to drive from now on.'),
});

interface ToolSpec {
  name: string;
  description: string;
  input: z.ZodObject;
  output?: z.ZodType;
}

function tool({ name, description, input, output }: ToolSpec): McpTool {
  return { name, description, inputSchema: objectSchemaOf(input), ...(output ? { outputSchema: objectSchemaOf(output) } : {}) };
}

export interface ToolOptions {
  /** Add the `shell` tool (--allow-shell). */
  shell?: boolean;
  /** Add one tool per primitive, its params as the input schema (--primitive-tools). */
  primitives?: boolean;
}

export function mcpTools(options: ToolOptions = {}): McpTool[] {
  return [
    ...baseTools(),
    ...(options.shell ? [shellTool()] : []),
    ...(options.primitives
      ? toolDefinitions().map((t) => ({ ...t, inputSchema: { ...t.inputSchema, type: 'object' as const }, outputSchema: objectSchemaOf(DoAnswer) }))
      : []),
  ];
}

function shellTool(): McpTool {
  return tool({
    name: 'shell',
    description: `Runs one command line in the device's own shell (as \`adb shell\` does) and answers with its exit code, stdout and stderr (each cut at ${MAX_SHELL_OUTPUT / 1024} KB). Enabled because the server was started with --allow-shell; every command is logged. Prefer look, do and query: they wait for the screen and report what changed, a shell command does neither.`,
    input: ShellInput,
    output: ShellAnswer,
  });
}

function baseTools(): McpTool[] {
  return [
    tool({
      name: 'look',
      description:
        'The screen of the selected device as text: one line per element to read or touch, each with a ref (e7) that `do` accepts as a target. Names the device and the app in front. When the screen has too little text to act on (or with screenshot: true), also a screenshot with each element boxed and tagged with its ref. Call it before acting and whenever a report says the screen changed.',
      input: LookInput,
    }),
    tool({
      name: 'do',
      description: `Runs one primitive on the selected device: it waits for the screen and its target, acts, checks the optional \`expected\` post-condition and answers with the situation report (screen_changed, new_elements, disappeared_elements, activity_changed, crash, anr, stuck, keyboard, popup), the status and the expected-check verdict.\n\n${describeActionSpace()}`,
      input: DoInput,
      output: DoAnswer,
    }),
    tool({
      name: 'query',
      description:
        "Reads the device without acting. kind: logcat (the app's log lines, most recent last; `lines` bounds them), ui_dump (the raw uiautomator hierarchy), app_state (app in front, activity, focused window, whether the app under test is in front, its installed version), device_info (model, OS, API level, screen size), trace (the last `lines` steps `do` ran in this session).",
      input: QueryInput,
      output: QueryAnswer,
    }),
    tool({
      name: 'devices',
      description:
        'Lists the devices this server can drive, marking the selected one; with `select`, switches to that device (its own session: refs and trace start afresh).',
      input: DevicesInput,
      output: DevicesAnswer,
    }),
  ];
}
