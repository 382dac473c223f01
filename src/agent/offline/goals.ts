// The offline planner: one ordered table of goal patterns, each turning its captures into primitive calls.
import { validateCall, type PrimitiveCall } from '../../primitives/index.js';
import { needsModel, normalise, targetOf, unquote, valueOf, VALUE } from './phrase.js';
import type { NeedsModel, OfflinePlan, PlannedStep } from './types.js';

/** What a rule builds: plain steps (validated afterwards) or undefined when a capture is not a usable target. */
type Build = (groups: string[]) => Array<{ call: unknown; skipWhen?: unknown }> | undefined;

interface GoalRule {
  rule: string;
  pattern: RegExp;
  build: Build;
}

const V = VALUE;
const call = (name: string, params: Record<string, unknown>) => ({ call: { name, params } });

function tapOn(name: 'tap' | 'double_tap' | 'long_press') {
  return ([raw]: string[]) => {
    const target = targetOf(raw);
    return target === undefined ? undefined : [call(name, { target })];
  };
}

function typeInto([rawValue, rawTarget]: string[]) {
  const target = targetOf(rawTarget);
  const text = valueOf(rawValue);
  return target === undefined || text === undefined ? undefined : [call('input_text', { target, text })];
}

/** Turning a switch is a tap that is skipped when the switch already shows the wanted state. */
function turn(rawTarget: string, onOff: string) {
  const target = targetOf(rawTarget);
  if (target === undefined) return undefined;
  const on = /^(on|enable)$/i.test(onOff);
  return [{ call: { name: 'tap', params: { target } }, skipWhen: { name: 'assert_state', params: { target, state: 'checked', value: on } } }];
}

function logIn([rawUser, rawPassword]: string[]) {
  const user = valueOf(rawUser);
  const password = valueOf(rawPassword);
  if (!user || !password) return undefined;
  const userField = user.includes('@') ? 'the email field' : 'the username field';
  return [
    call('input_text', { target: userField, text: user }),
    call('input_text', { target: 'the password field', text: password, secret: true }),
    call('tap', { target: 'Log in' }),
  ];
}

/** Apps hide search behind a Search button; it is tapped only when no text field is on screen yet. */
function search(text: string) {
  const field = { role: 'field' };
  return [
    { call: { name: 'tap', params: { target: 'Search' } }, skipWhen: { name: 'assert_visible', params: { target: field, timeout_ms: 300 } } },
    call('input_text', { target: field, text, submit: true }),
  ];
}

const USER = String.raw`(?:(?:the\s+)?(?:email|e-mail|username|user|account)\s+)?`;
const PASS = String.raw`(?:(?:the\s+)?(?:password|pass|passcode)\s+)?`;

/** Ordered: the first rule whose pattern matches the whole goal wins, so specific phrasings come before general ones. */
const GOAL_RULES: GoalRule[] = [
  { rule: 'go back', pattern: /^(?:go|navigate|move)\s+back$|^press\s+(?:the\s+)?back(?:\s+(?:button|key))?$/i, build: () => [call('press_key', { key: 'back' })] },
  {
    rule: 'go home',
    pattern: /^(?:go|navigate|return)\s+(?:to\s+(?:the\s+)?)?home(?:\s+screen)?$|^press\s+(?:the\s+)?home(?:\s+(?:button|key))?$/i,
    build: () => [call('press_key', { key: 'home' })],
  },
  {
    rule: 'log in',
    pattern: new RegExp(String.raw`^(?:log\s*in|login|sign\s*in)\s+(?:as|with|using)\s+${USER}${V}(?:\s*,\s*|\s+(?:and|with)\s+)${PASS}${V}$`, 'i'),
    build: logIn,
  },
  {
    rule: 'search',
    pattern: new RegExp(String.raw`^search\s+(?:for\s+)?${V}(?:\s+in\s+(?:the\s+)?(?:app|list|catalogue|catalog|settings|notes|shop))?$`, 'i'),
    build: ([q]) => {
      const text = valueOf(q);
      return text === undefined || text === '' ? undefined : search(text);
    },
  },
  { rule: 'turn on/off', pattern: new RegExp(String.raw`^(?:turn|switch|toggle|set)\s+${V}\s+(?:to\s+)?(on|off)$`, 'i'), build: ([t, s]) => turn(t, s) },
  { rule: 'turn on/off', pattern: new RegExp(String.raw`^(?:turn|switch|toggle)\s+(on|off)\s+${V}$`, 'i'), build: ([s, t]) => turn(t, s) },
  { rule: 'enable/disable', pattern: new RegExp(String.raw`^(enable|disable)\s+${V}$`, 'i'), build: ([s, t]) => turn(t, s) },
  {
    rule: 'type into',
    pattern: new RegExp(String.raw`^(?:type|enter|input|write|put|fill\s+in)\s+${V}\s+(?:into|in|inside|on)\s+${V}$`, 'i'),
    build: typeInto,
  },
  {
    rule: 'fill with',
    pattern: new RegExp(String.raw`^(?:fill(?:\s+in)?|set)\s+${V}\s+(?:with|to)\s+${V}$`, 'i'),
    build: ([t, v]) => typeInto([v, t]),
  },
  {
    rule: 'type',
    pattern: new RegExp(String.raw`^type\s+${V}$`, 'i'),
    build: ([v]) => {
      const text = valueOf(v);
      return text === undefined ? undefined : [call('input_text', { text })];
    },
  },
  {
    rule: 'scroll to',
    pattern: new RegExp(String.raw`^scroll\s+(down|up)?\s*(?:to|until)\s+(?:you\s+see\s+)?${V}(?:\s+is\s+(?:visible|shown))?$`, 'i'),
    build: ([direction, raw]) => {
      const target = targetOf(raw);
      if (target === undefined) return undefined;
      return [call('scroll_to', direction === undefined ? { target } : { target, direction: direction.toLowerCase() })];
    },
  },
  // Content scrolls down when the finger moves up.
  { rule: 'scroll', pattern: /^scroll\s+(down|up)$/i, build: ([d]) => [call('swipe', { direction: d.toLowerCase() === 'down' ? 'up' : 'down' })] },
  {
    rule: 'press key',
    pattern: /^press\s+(?:the\s+)?(?:(enter|return)(?:\s+key)?|(search|delete|tab)\s+key)$/i,
    build: ([enter, other]) => [call('press_key', { key: enter === undefined ? other.toLowerCase() : 'enter' })],
  },
  { rule: 'double tap', pattern: new RegExp(String.raw`^double[\s-]?(?:tap|click)\s+(?:on\s+)?${V}$`, 'i'), build: tapOn('double_tap') },
  { rule: 'long press', pattern: new RegExp(String.raw`^long[\s-]?(?:press|tap|click)\s+(?:on\s+)?${V}$`, 'i'), build: tapOn('long_press') },
  { rule: 'select', pattern: new RegExp(String.raw`^(?:select|choose|pick)\s+${V}$`, 'i'), build: tapOn('tap') },
  { rule: 'tap', pattern: new RegExp(String.raw`^(?:tap|click|press|hit|touch|open)\s+(?:on\s+)?${V}$`, 'i'), build: tapOn('tap') },
];

const LEAD = /^(?:please\s+|now\s+|then\s+|and\s+)+/i;

/**
 * Plans a common imperative goal without a model. Anything outside the grammar comes back as NeedsModel,
 * never as a guess.
 */
export function planGoal(goal: string): OfflinePlan | NeedsModel {
  const text = normalise(goal, LEAD);
  for (const { rule, pattern, build } of GOAL_RULES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const built = build(match.slice(1));
    if (built === undefined) continue;
    const steps: PlannedStep[] = built.map((s) => ({
      call: validateCall(s.call),
      ...(s.skipWhen === undefined ? {} : { skipWhen: validateCall(s.skipWhen) }),
    }));
    return { kind: 'plan', goal, rule, steps };
  }
  return needsModel('goal', goal.trim());
}

/** The calls of a plan in order, for callers that do not use the skip guards. */
export function callsOf(plan: OfflinePlan): PrimitiveCall[] {
  return plan.steps.map((s) => s.call);
}

/** A value the goal names as a password: `password "pass123"`, `password: hunter2`, `with password s3cret`. */
const PASSWORD_VALUE = /\b(?:password|passcode|pin)\s*(?:is\s+|:\s*|=\s*)?("[^"]+"|'[^']+'|“[^”]+”|[^\s,;]+)/giu;

/**
 * Text a goal holds that must be kept secret: what its offline plan types as secret, and any value named
 * as a password. Registered before the goal is logged anywhere; the model still reads the goal whole.
 */
export function secretsOf(goal: string): string[] {
  const named = [...goal.matchAll(PASSWORD_VALUE)].map((m) => unquote(m[1])).filter((v) => !/^(?:field|and|with|is)$/i.test(v));
  const plan = planGoal(goal);
  const typed = plan.kind !== 'plan' ? [] : plan.steps.flatMap(({ call }) => (call.name === 'input_text' && call.params.secret ? [call.params.text] : []));
  return [...new Set([...typed, ...named])];
}
