// For agent tests and benchmarks: a model behind real HTTP (OpenAI- or Anthropic-compatible) whose
// answers a test writes as a function of what it was asked: the role, the goal and the screen.
import { anthropicToolAnswer, openAiCompletion, ScriptedServer, type RecordedRequest, type ScriptedReply } from '../../llm/testing/scripted-server.js';

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
}

/** A JSON answer, raw text (for answers that are not JSON), or an HTTP reply of its own (429, 500, a hang). */
export type TurnAnswer = { json: unknown } | { text: string } | { reply: ScriptedReply };

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
  return { schema, system, user, goal, screen, n };
}

function reply(wire: Wire, answer: TurnAnswer, schema: string): ScriptedReply {
  if ('reply' in answer) return answer.reply;
  if (wire === 'openai') return { body: openAiCompletion('json' in answer ? JSON.stringify(answer.json) : answer.text, { prompt_tokens: 600, completion_tokens: 60 }) };
  // Anthropic answers through the forced tool; text that is not JSON goes as a text block.
  if ('text' in answer) {
    return { body: { id: 'msg_1', type: 'message', role: 'assistant', model: 'scripted-claude', stop_reason: 'end_turn', stop_sequence: null, content: [{ type: 'text', text: answer.text }], usage: { input_tokens: 600, output_tokens: 60 } } };
  }
  return { body: anthropicToolAnswer(schema || 'answer', answer.json, { input_tokens: 600, output_tokens: 60 }) };
}

/** Starts a scripted model server speaking `wire`, answering each request with `decide`. */
export function startModel(wire: Wire, decide: Decide): Promise<ScriptedServer> {
  return ScriptedServer.start((request, n) => {
    const turn = turnOf(request, n);
    return reply(wire, decide(turn), turn.schema);
  });
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
