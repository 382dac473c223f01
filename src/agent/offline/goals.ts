// The offline planner: one ordered table of goal patterns, each turning its captures into primitive calls.
import { validateCall, type PrimitiveCall } from '../../primitives/index.js';
import type { GoalCheck } from '../verify/index.js';
import type { ControlKind } from './reach.js';
import { needsModel, normalise, targetOf, unquote, valueOf, VALUE } from './phrase.js';
import type { NeedsModel, OfflinePlan, PlannedStep } from './types.js';

/** What a rule builds: its steps (validated afterwards) and the check that says the goal is done. */
type Built = { steps: Array<{ call: unknown; skipWhen?: GoalCheck; needs?: ControlKind }>; verify: GoalCheck };
/** A rule's builder: undefined when a capture is not a usable target. */
type Build = (groups: string[]) => Built | undefined;

interface GoalRule {
  rule: string;
  pattern: RegExp;
  build: Build;
}

const V = VALUE;
const call = (name: string, params: Record<string, unknown>, needs?: ControlKind) => ({ call: { name, params }, ...(needs ? { needs } : {}) });

/** A tap, double tap or long press on a target: done when it changed the screen. */
function touch(name: 'tap' | 'double_tap' | 'long_press') {
  const what = { tap: 'the tap', double_tap: 'the double tap', long_press: 'the long press' }[name];
  return ([raw]: string[]): Built | undefined => {
    const target = targetOf(raw);
    return target === undefined ? undefined : { steps: [call(name, { target })], verify: { kind: 'changed', what: `${what} on "${target}"` } };
  };
}

/** Open or select: a tap on an item, never on a field or a switch that shares its name. */
function pick(kind: 'opened' | 'selected') {
  return ([raw]: string[]): Built | undefined => {
    const target = targetOf(raw);
    return target === undefined ? undefined : { steps: [call('tap', { target }, 'item')], verify: { kind, target } };
  };
}

function typeInto([rawValue, rawTarget]: string[]): Built | undefined {
  const target = targetOf(rawTarget);
  const text = valueOf(rawValue);
  return target === undefined || text === undefined
    ? undefined
    : { steps: [call('input_text', { target, text }, 'input')], verify: { kind: 'holds', target, text } };
}

/** Turning a switch: a tap on the switch itself, none when it already shows the wanted state. */
function turn(rawTarget: string, onOff: string): Built | undefined {
  const target = targetOf(rawTarget);
  if (target === undefined) return undefined;
  const check: GoalCheck = { kind: 'switch', target, on: /^(on|enable)$/i.test(onOff) };
  return { steps: [{ call: { name: 'tap', params: { target } }, skipWhen: check, needs: 'switch' }], verify: check };
}

function logIn([rawUser, rawPassword]: string[]): Built | undefined {
  const user = valueOf(rawUser);
  const password = valueOf(rawPassword);
  if (!user || !password) return undefined;
  const userField = user.includes('@') ? 'the email field' : 'the username field';
  return {
    steps: [
      call('input_text', { target: userField, text: user }, 'input'),
      call('input_text', { target: 'the password field', text: password, secret: true }, 'input'),
      call('tap', { target: 'Log in' }),
    ],
    verify: { kind: 'signed_in' },
  };
}

/** Apps hide search behind a Search button; it is tapped only when no text field is on screen yet. */
function search(text: string): Built {
  return {
    steps: [
      { call: { name: 'tap', params: { target: 'Search' } }, skipWhen: { kind: 'visible', target: 'field' } },
      call('input_text', { target: { role: 'field' }, text, submit: true }),
    ],
    verify: { kind: 'results', query: text },
  };
}

/** Back means leaving the screen: a keyboard that is up is closed first, or back would only close it. */
function back(): Built {
  return {
    steps: [{ call: { name: 'hide_keyboard', params: {} }, skipWhen: { kind: 'keyboard', shown: false } }, call('press_key', { key: 'back' })],
    verify: { kind: 'left' },
  };
}

/** Starting a game: a tap on whichever control the screen offers for it (Start, Play, New game), done when the screen changed. */
function startGame(): Built {
  return { steps: [call('tap', { target: 'Start' }, 'start')], verify: { kind: 'changed', what: 'starting the game' } };
}

const key = (name: string, verify: GoalCheck): Built => ({ steps: [call('press_key', { key: name })], verify });

const USER = String.raw`(?:(?:the\s+)?(?:email|e-mail|username|user|account)\s+)?`;
const PASS = String.raw`(?:(?:the\s+)?(?:password|pass|passcode)\s+)?`;

/** Ordered: the first rule whose pattern matches the whole goal wins, so specific phrasings come before general ones. */
const GOAL_RULES: GoalRule[] = [
  { rule: 'go back', pattern: /^(?:go|navigate|move)\s+back$|^press\s+(?:the\s+)?back(?:\s+(?:button|key))?$/i, build: back },
  {
    rule: 'go home',
    pattern: /^(?:go|navigate|return)\s+(?:to\s+(?:the\s+)?)?home(?:\s+screen)?$|^press\s+(?:the\s+)?home(?:\s+(?:button|key))?$/i,
    build: () => key('home', { kind: 'home' }),
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
      return text === undefined ? undefined : { steps: [call('input_text', { text })], verify: { kind: 'holds', text } };
    },
  },
  {
    rule: 'scroll to',
    pattern: new RegExp(String.raw`^scroll\s+(down|up)?\s*(?:to|until)\s+(?:you\s+see\s+)?${V}(?:\s+is\s+(?:visible|shown))?$`, 'i'),
    build: ([direction, raw]) => {
      const target = targetOf(raw);
      if (target === undefined) return undefined;
      return {
        steps: [call('scroll_to', direction === undefined ? { target } : { target, direction: direction.toLowerCase() })],
        verify: { kind: 'visible', target },
      };
    },
  },
  // Content scrolls down when the finger moves up.
  {
    rule: 'scroll',
    pattern: /^scroll\s+(down|up)$/i,
    build: ([d]) => ({
      steps: [call('swipe', { direction: d.toLowerCase() === 'down' ? 'up' : 'down' })],
      verify: { kind: 'changed', what: `scrolling ${d.toLowerCase()}` },
    }),
  },
  {
    rule: 'press key',
    pattern: /^press\s+(?:the\s+)?(?:(enter|return)(?:\s+key)?|(search|delete|tab)\s+key)$/i,
    build: ([enter, other]) => {
      const name = enter === undefined ? other.toLowerCase() : 'enter';
      return key(name, { kind: 'changed', what: `the ${name} key` });
    },
  },
  {
    rule: 'start game',
    pattern: /^(?:start|begin|play)(?:\s+(?:a|the))?(?:\s+new)?\s+game$|^(?:start|begin)\s+playing$/i,
    build: startGame,
  },
  { rule: 'double tap', pattern: new RegExp(String.raw`^double[\s-]?(?:tap|click)\s+(?:on\s+)?${V}$`, 'i'), build: touch('double_tap') },
  { rule: 'long press', pattern: new RegExp(String.raw`^long[\s-]?(?:press|tap|click)\s+(?:on\s+)?${V}$`, 'i'), build: touch('long_press') },
  { rule: 'select', pattern: new RegExp(String.raw`^(?:select|choose|pick)\s+${V}$`, 'i'), build: pick('selected') },
  { rule: 'open', pattern: new RegExp(String.raw`^(?:open|go\s+to|navigate\s+to)\s+${V}$`, 'i'), build: pick('opened') },
  { rule: 'tap', pattern: new RegExp(String.raw`^(?:tap|click|press|hit|touch)\s+(?:on\s+)?${V}$`, 'i'), build: touch('tap') },
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
    const steps: PlannedStep[] = built.steps.map((s) => ({
      call: validateCall(s.call),
      ...(s.skipWhen === undefined ? {} : { skipWhen: s.skipWhen }),
      ...(s.needs === undefined ? {} : { needs: s.needs }),
    }));
    return { kind: 'plan', goal, rule, steps, verify: built.verify };
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
