// Every request the agent's roles make on one screen, as a provider profile writes it: what the
// conformance tests check and `npm run bench -- requests` weighs.
import { anthropicBody, openAiBody, roleDefaults, type ModelRequest, type ProviderProfile } from '../../llm/index.js';
import type { PrimitiveCall } from '../../primitives/index.js';
import {
  debuggerAnswerSchema,
  locatorAnswerSchema,
  plannerAnswerSchema,
  queryAnswerSchema,
  renderDebugger,
  renderLocator,
  renderPlanner,
  renderQuery,
  renderValidator,
  SCHEMA_NAMES,
  validatorAnswerSchema,
} from '../roles/index.js';
import { PROMPT_NAMES, type PromptName } from '../roles/templates.js';
import type { HistoryEntry } from '../types.js';

/** A screen as the roles are shown it: its text, and the refs and labels of its elements. */
export interface ShownScreen {
  text: string;
  elements: ReadonlyArray<{ ref: string; label: string }>;
}

/** One request per prompt. */
export type RequestName = PromptName;
export const REQUEST_NAMES: readonly RequestName[] = PROMPT_NAMES;

/** A query schema with what providers disagree on: optional, nested, nullable and formatted fields. */
export const SAMPLE_QUERY_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    price: { type: 'number', minimum: 0 },
    seller: {
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email', pattern: '^\\S+@\\S+$' } },
      required: ['name'],
      additionalProperties: false,
    },
    tags: { type: 'array', items: { type: 'string' } },
    in_stock: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
  },
  required: ['title', 'tags', 'in_stock'],
  additionalProperties: false,
};

const GOAL = 'log in as alice@example.com with password "•••", search for headphones and add the first result to the cart';

function entry(call: PrimitiveCall, report: string, failure?: string): HistoryEntry {
  return { call, verdict: failure ? 'FAIL' : 'OK', report, ...(failure ? { failure } : {}) };
}

/** Three actions into a goal, as the planner and the debugger are shown them. */
function history(screen: ShownScreen): HistoryEntry[] {
  const [first, second] = screen.elements;
  return [
    entry({ name: 'input_text', params: { target: first?.ref ?? 'e1', text: 'alice@example.com' } }, 'text typed; keyboard shown'),
    entry({ name: 'input_text', params: { target: second?.ref ?? 'e2', text: '•••', secret: true } }, 'text typed'),
    entry(
      { name: 'tap', params: { target: 'Log in', expected: { visible: 'Hi, Alice' } } },
      `screen changed; new: ${screen.elements
        .slice(0, 3)
        .map((e) => `${e.ref} "${e.label}"`)
        .join(', ')}`,
    ),
  ];
}

/** What a role's request is made of: its answer schema (and that schema's name) and its prompt. */
interface RequestParts {
  schemaName: string;
  schema: Record<string, unknown>;
  messages: ModelRequest['messages'];
}

function request(name: RequestName, { schemaName, schema, messages }: RequestParts): ModelRequest {
  const role = name === 'query' ? 'validator' : name;
  return { role, schemaName, schema, messages, maxTokens: name === 'query' ? 400 : roleDefaults[role].maxTokens, temperature: roleDefaults[role].temperature };
}

/** Each role's request on `screen`, with the prompt it would be rendered with mid-goal. */
export function roleRequests(screen: ShownScreen): Record<RequestName, ModelRequest> {
  const past = history(screen);
  const candidates = screen.elements.slice(0, 5).map((e, i) => ({ ref: e.ref, label: e.label, score: 0.9 - i * 0.05 }));
  const label = screen.elements.find((e) => e.label)?.label ?? 'OK';
  return {
    planner: request('planner', {
      schemaName: SCHEMA_NAMES.planner,
      schema: plannerAnswerSchema(),
      messages: renderPlanner({
        goal: GOAL,
        app: 'com.example.app',
        screen: screen.text,
        history: past,
        noEffect: [],
        constraints: ['14 actions left'],
      }),
    }),
    locator: request('locator', {
      schemaName: SCHEMA_NAMES.locator,
      schema: locatorAnswerSchema,
      messages: renderLocator({ target: label, screen: screen.text, candidates }),
    }),
    validator: request('validator', {
      schemaName: SCHEMA_NAMES.validator,
      schema: validatorAnswerSchema,
      messages: renderValidator({ assertion: `the screen shows ${label}`, screen: screen.text }),
    }),
    debugger: request('debugger', {
      schemaName: SCHEMA_NAMES.debugger,
      schema: debuggerAnswerSchema,
      messages: renderDebugger({
        goal: GOAL,
        screen: screen.text,
        window: past.slice(0, 2),
        failed: entry({ name: 'tap', params: { target: label } }, 'nothing changed', 'TargetNotFound: no element matches "Log in"'),
      }),
    }),
    query: request('query', {
      schemaName: SCHEMA_NAMES.query,
      schema: queryAnswerSchema(SAMPLE_QUERY_SCHEMA),
      messages: renderQuery({ question: 'the product on screen', screen: screen.text, schema: SAMPLE_QUERY_SCHEMA }),
    }),
  };
}

/** The body a profile sends for a request (the model named `model`). */
export function requestBody(profile: ProviderProfile, request: ModelRequest, model = 'model'): Record<string, unknown> {
  return (profile.wire === 'anthropic' ? anthropicBody(profile, request, model) : openAiBody(profile, request, model)) as unknown as Record<string, unknown>;
}
