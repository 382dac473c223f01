// For agent tests and benchmarks: a model behind real HTTP (OpenAI- or Anthropic-compatible) whose
// answers a test writes as a function of what it was asked: the role, the goal and the screen.
import type { ScriptedReply } from '../../llm/testing/scripted-server.js';
import {
  startAnthropicServer,
  startOpenAiServer,
  type AnthropicAnswer,
  type OpenAiAnswer,
  type ProviderServer,
  type RecordedRequest,
} from '../../llm/testing/providers/index.js';
import { picturesOf } from '../../llm/testing/providers/image-rules.js';
import { anthropicToolProblems, openAiStrictProblems, type JsonSchema } from '../../llm/testing/conformance/index.js';

export type Wire = 'openai' | 'anthropic';

/** One request as the scripted model reads it. */
export interface ModelTurn {
  /** The answer schema's name, which names the role: plan (planner), locate, judge (validator), diagnose (debugger), query. */
  schema: string;
  system: string;
  /** The last user message: for the planner, the goal, history and screen. */
  user: string;
  /** `Goal: ...` of the user message, when there is one. */
  goal: string;
  /** The screen text after `Screen:`, when there is one. */
  screen: string;
  /** Requests so far, from 0. */
  n: number;
  /** The pictures sent with the request (PNG bytes), in order. */
  pictures: Buffer[];
}

/** A JSON answer, raw text (for answers that are not JSON), or an HTTP reply of its own (429, 500, a hang). */
export type TurnAnswer = { json: unknown } | { text: string } | { refusal: string } | { reply: ScriptedReply };

export type Decide = (turn: ModelTurn) => TurnAnswer;

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'object' && part && 'text' in part ? String(part.text) : '')).join('');
  return '';
}

export function turnOf(request: RecordedRequest, n: number): ModelTurn {
  const body = request.body as Record<string, unknown>;
  const messages = (body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const system = text(body.system) || text(messages.find((m) => m.role === 'system')?.content);
  const user = text([...messages].reverse().find((m) => m.role === 'user')?.content);
  const format = body.response_format as { json_schema?: { name?: string } } | undefined;
  const tools = body.tools as Array<{ name?: string }> | undefined;
  const schema = format?.json_schema?.name ?? tools?.[0]?.name ?? '';
  // The goal and screen are read from the first user message: a re-ask's message holds only the problems.
  const first = text(messages.find((m) => m.role === 'user')?.content);
  const goal = /^Goal: (.*)$/m.exec(first)?.[1] ?? '';
  const screen = first.includes('Screen:\n') ? first.slice(first.lastIndexOf('Screen:\n') + 'Screen:\n'.length) : '';
  return { schema, system, user, goal, screen, n, pictures: picturesOf(body).map((p) => p.bytes) };
}

/** Whether the request asked for OpenAI's strict structured output, whose open objects travel as JSON strings. */
function strictRequest(request: RecordedRequest): boolean {
  const format = request.body.response_format as { json_schema?: { strict?: boolean } } | undefined;
  return format?.json_schema?.strict === true;
}

/** A planner answer as a model under strict mode writes it: each action's params as a JSON string. */
function asStrict(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { actions?: unknown }).actions)) return json;
  const answer = json as { actions: Array<Record<string, unknown>> };
  return { ...answer, actions: answer.actions.map((action) => ({ ...action, params: JSON.stringify(action.params ?? {}) })) };
}

/** The scripted answer in the provider servers' terms: JSON, raw text, or an HTTP failure or hang of its own. */
function answerOf(answer: TurnAnswer, request: RecordedRequest): OpenAiAnswer & AnthropicAnswer {
  if ('json' in answer) return { json: strictRequest(request) ? asStrict(answer.json) : answer.json };
  if ('text' in answer) return { text: answer.text };
  if ('refusal' in answer) return { refusal: answer.refusal };
  const { reply } = answer;
  if (reply.hang) return { hang: true };
  const body = reply.body;
  return {
    status: reply.status ?? 500,
    ...(body === undefined ? {} : { error: typeof body === 'string' ? body : (body as Record<string, unknown>) }),
    ...(reply.headers ? { headers: reply.headers } : {}),
  };
}

/**
 * Starts a scripted model speaking `wire`, answering each request with `decide`. The servers answer as
 * the providers do: usage counted from the request as sent (schema included), refusals and errors in
 * their own shapes.
 */
export function startModel(wire: Wire, decide: Decide): Promise<ProviderServer> {
  const answer = (request: RecordedRequest, n: number): OpenAiAnswer & AnthropicAnswer => answerOf(decide(turnOf(request, n)), request);
  // OpenAI's strict-mode and Anthropic's tool rules are checked on every request, as the real APIs would.
  if (wire === 'openai') return startOpenAiServer({ decide: answer, checkStrictSchema: (schema) => openAiStrictProblems(schema as JsonSchema) });
  return startAnthropicServer({ decide: answer, checkTool: (tool) => anthropicToolProblems(tool as Parameters<typeof anthropicToolProblems>[0]) });
}

/** The refs of the screen lines of this role whose label matches, in screen order. */
export function refsOf(screen: string, role: string, label: RegExp = /(?:)/): string[] {
  const refs: string[] = [];
  for (const line of screen.split('\n')) {
    const m = /^\s*(e\d+) (\w+) "([^"]*)"/.exec(line);
    if (m && m[2] === role && label.test(m[3])) refs.push(m[1]);
  }
  return refs;
}

/** The ref of the first screen line of this role whose label matches, e.g. refOf(screen, 'button', /^Log in$/). */
export function refOf(screen: string, role: string, label: RegExp): string | undefined {
  return refsOf(screen, role, label)[0];
}
