import { EVENT_VERSION, type EventKind, type MobileEvent } from './types.js';
import { LLM_CALL_FIELDS, opt, type Shape, type Spec } from './fields.js';

const location = opt('object');
const error = opt('object');

const SPECS: Record<EventKind, Spec> = {
  run_start: { run_id: 'string', mobiletest_version: opt('string'), config: opt('object') },
  run_end: { run_id: 'string', status: ['passed', 'failed', 'interrupted'], duration_ms: 'number' },
  test_start: { title: 'string', location, device: opt('string'), retry: opt('number') },
  action_start: {
    action_id: 'string', primitive: 'string', params: 'object', target: opt('target'),
    source: ['script', 'agent', 'mcp'], location, parent_action_id: opt('string'),
  },
  observation: {
    action_id: 'string', phase: ['before', 'after'], screen_text: 'string', signature: 'string',
    screenshot: opt('string'), hierarchy: opt('string'), package: opt('string'), activity: opt('string'),
  },
  candidates: { action_id: 'string', target: 'target', candidates: 'array', ambiguous: 'boolean', chosen: opt('number') },
  situation: { action_id: 'string', report: 'string', data: opt('object') },
  llm_call: LLM_CALL_FIELDS,
  action_end: { action_id: 'string', verdict: ['OK', 'RETRY', 'FAIL', 'EXCEPTION'], error, timings: 'object', gesture: opt('object') },
  test_end: { status: ['passed', 'failed', 'timedOut', 'skipped', 'interrupted'], duration_ms: 'number', error },
  attachment: { name: 'string', content_type: 'string', path: 'string', action_id: opt('string') },
  agent_start: { action_id: 'string', call: ['step', 'expect', 'query', 'wait_for'], text: 'string', location },
  agent_decision: {
    action_id: 'string', role: 'string', path: ['cache', 'rules', 'model'], reason: 'string',
    actions: opt('array'), refs: opt('array'), data: opt('object'),
  },
  agent_end: {
    action_id: 'string', call: ['step', 'expect', 'query', 'wait_for'], status: ['passed', 'failed'], path: ['cache', 'rules', 'model'],
    cache: ['hit', 'miss', 'healed', 'off'], llm_calls: 'number', tokens_in: 'number', tokens_out: 'number', steps: 'number',
    reason: 'string', error, verification: opt('object'), duration_ms: 'number',
  },
  note: { note: ['duplicate_completion', 'torn_line_dropped', 'frames_discarded'], action_id: opt('string'), detail: 'string' },
};

// Fields of nested objects, checked wherever that field name appears (array items checked one by one).
const NESTED: Record<string, Record<string, 'string' | 'number' | 'object' | 'array'>> = {
  location: { file: 'string', line: 'number' },
  timings: { total_ms: 'number', device_ms: 'number', harness_ms: 'number' },
  device_calls: { call: 'string', count: 'number', ms: 'number' },
  error: { name: 'string', message: 'string' },
  candidates: { label: 'string', score: 'number' },
  gesture: { kind: 'string', points: 'array', screen: 'object' },
  verification: { by: 'string', rule: 'string', check: 'string', screen: 'string', signature: 'string', refs: 'array' },
};

function nestedProblem(field: string, value: unknown): string | undefined {
  const spec = NESTED[field];
  if (!spec) return undefined;
  const items = Array.isArray(value) ? value : [value];
  for (const [index, item] of items.entries()) {
    const where = Array.isArray(value) ? `${field}[${index}]` : field;
    if (!isObject(item)) return `"${where}" should be an object`;
    for (const [key, type] of Object.entries(spec)) {
      if (!fits(item[key], type)) return `"${where}.${key}" should be ${type === 'object' || type === 'array' ? 'an' : 'a'} ${type}, got ${JSON.stringify(item[key])}`;
    }
    if (field === 'timings' && item.device_calls !== undefined) {
      if (!Array.isArray(item.device_calls)) return '"timings.device_calls" should be an array';
      const calls = nestedProblem('device_calls', item.device_calls);
      if (calls !== undefined) return calls.replace(/^"/, '"timings.');
    }
    if (field === 'gesture') {
      const points = item.points as unknown[];
      const bad = points.findIndex((p) => !isObject(p) || !fits(p.x, 'number') || !fits(p.y, 'number'));
      if (points.length === 0 || bad >= 0) return `"gesture.points${bad >= 0 ? `[${bad}]` : ''}" should be points {x, y} (at least one)`;
    }
  }
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fits(value: unknown, shape: Shape): boolean {
  if (Array.isArray(shape)) return typeof value === 'string' && shape.includes(value);
  switch (shape) {
    case 'object': return isObject(value);
    case 'array': return Array.isArray(value);
    case 'target': return typeof value === 'string' || isObject(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    default: return typeof value === shape;
  }
}

const describe = (shape: Shape): string => (Array.isArray(shape) ? `one of ${shape.join('|')}` : String(shape));

/** Returns what is wrong with `value` as an event, or undefined when it is a well-formed event. */
export function eventProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'not a JSON object';
  if (value.v !== EVENT_VERSION) return `unsupported event version ${JSON.stringify(value.v)} (this reader knows v${EVENT_VERSION})`;
  const kind = value.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(SPECS, kind)) return `unknown event kind ${JSON.stringify(kind)}`;
  const common: Spec = { ts: 'number', seq: 'number', test_id: 'string' };
  for (const [field, rule] of Object.entries({ ...common, ...SPECS[kind as EventKind] })) {
    const optional = typeof rule === 'object' && !Array.isArray(rule) && 'optional' in rule;
    const shape = optional ? (rule as { optional: Shape }).optional : (rule as Shape);
    const present = value[field] !== undefined;
    if (!present && optional) continue;
    if (!present) return `${kind}: missing field "${field}"`;
    if (!fits(value[field], shape)) return `${kind}: field "${field}" should be ${describe(shape)}, got ${JSON.stringify(value[field])}`;
    const nested = nestedProblem(field, value[field]);
    if (nested !== undefined) return `${kind}: ${nested}`;
  }
  return undefined;
}

export function isMobileEvent(value: unknown): value is MobileEvent {
  return eventProblem(value) === undefined;
}
