// The truth battery's model path: goals the offline rules do not know, planned by a scripted model that
// says "done" too soon, cites an element that shows nothing, or never does the work, and judged by a
// validator that reads the screen. A finish is a claim: `settings get` through adb says whether it held.
import { startModel } from '../../src/agent/testing/model-server.js';
import type { ModelTurn, TurnAnswer, Wire } from '../../src/agent/testing/model-server.js';
import type { ProviderServer } from '../../src/llm/testing/providers/index.js';
import type { AdbTruth } from './adb-read.js';
import { battery, type GoalCase } from './battery.js';
import { test as phoneTest } from './phone.js';

/** How the scripted planner misbehaves on the way. */
type Habit = 'honest' | 'early' | 'wrong ref' | 'lazy';

interface ModelGoal {
  goal: string;
  /** The switch's label on its page, and the home row that leads there. */
  label: string;
  row: RegExp;
  key: string;
  /** The value `settings get` answers once the goal is done, and the one set before the step. */
  done: string;
  undone: string;
  habit: Habit;
}

const GOALS: ModelGoal[] = [
  {
    goal: 'make sure Bluetooth is enabled',
    label: 'Bluetooth',
    row: /^Connected devices/,
    key: 'global bluetooth_on',
    done: '1',
    undone: '0',
    habit: 'honest',
  },
  {
    goal: 'get Do Not Disturb switched on',
    label: 'Do Not Disturb',
    row: /^Sound & vibration/,
    key: 'global zen_mode',
    done: '1',
    undone: '0',
    habit: 'early',
  },
  { goal: 'I want Battery Saver running', label: 'Battery Saver', row: /^Battery/, key: 'global low_power', done: '1', undone: '0', habit: 'wrong ref' },
  {
    goal: 'have the battery percentage shown',
    label: 'Battery percentage',
    row: /^Battery/,
    key: 'system status_bar_show_battery_percent',
    done: '1',
    undone: '0',
    habit: 'lazy',
  },
  // A goal the rules know, but whose switch is a screen down: the rules hand over and the rule's own check judges the finish.
  { goal: 'turn on Battery Saver', label: 'Battery Saver', row: /^Battery/, key: 'global low_power', done: '1', undone: '0', habit: 'early' },
];

const act = (thought: string, ...actions: unknown[]): TurnAnswer => ({ json: { thought, actions } });
const finish = (ref: string | undefined): TurnAnswer =>
  act('The goal is done.', { name: 'finish', params: { success: true, evidence: ref ? [ref] : [], summary: 'done' } });

/** The screen line of `ref`, and the first ref of a role whose label matches. */
function line(screen: string, role: string, label: RegExp): { ref: string; text: string } | undefined {
  for (const text of screen.split('\n')) {
    const m = /^\s*(e\d+) (\w+) "([^"]*)"/.exec(text);
    if (m && m[2] === role && label.test(m[3])) return { ref: m[1], text };
  }
  return undefined;
}

/** A switch labelled `label`, with or without a summary after it. */
const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: |$)`);

/** A validator that reads the switch off the screen, whatever the planner claimed. */
function judge(turn: ModelTurn): TurnAnswer {
  const goal = GOALS.find((g) => turn.user.includes(`"${g.goal}"`));
  const toggle = goal && line(turn.screen, 'toggle', exactly(goal.label));
  const on = toggle && / checked/.test(toggle.text);
  return {
    json: on
      ? { reason: `${goal.label} is on`, verdict: 'pass', refs: [toggle.ref] }
      : { reason: `the ${goal?.label ?? "goal's"} switch is not on here`, verdict: 'fail', refs: [] },
  };
}

/** The planner, with one habit per goal: each claim it makes too soon is its first on that screen. */
function planner(): (turn: ModelTurn) => TurnAnswer {
  const claimed = new Set<string>();
  return (turn) => {
    if (turn.schema === 'judge') return judge(turn);
    const goal = GOALS.find((g) => g.goal === turn.goal);
    if (!goal) return act('Not a goal of this battery.', { name: 'give_up', params: { reason: 'unknown goal' } });
    const s = turn.screen;
    const toggle = line(s, 'toggle', exactly(goal.label));
    const row = line(s, 'item', goal.row);
    if (toggle && / checked/.test(toggle.text)) return finish(toggle.ref);
    /** True the first time this goal meets `what`: a habit shows once, then the planner does the work. */
    const once = (what: string): boolean => {
      const key = `${goal.goal}: ${what}`;
      if (claimed.has(key)) return false;
      claimed.add(key);
      return true;
    };
    if (goal.habit === 'lazy') return finish(toggle?.ref ?? row?.ref);
    if (goal.habit === 'early' && !toggle && row && once('home')) return finish(row.ref);
    if (goal.habit === 'wrong ref' && toggle && once('page')) return finish(line(s, 'text', /./)?.ref);
    if (toggle) return act('Flip the switch.', { name: 'tap', params: { target: toggle.ref } });
    if (row) return act('Open the page that holds it.', { name: 'tap', params: { target: row.ref } });
    return act('Not here.', { name: 'give_up', params: { reason: 'the switch is not reachable from here' } });
  };
}

const test = phoneTest.extend<object, { truthWire: Wire; truthModel: ProviderServer }>({
  /** The wire the scripted model speaks: a local OpenAI-compatible server. */
  truthWire: ['openai', { option: true, scope: 'worker' }],
  truthModel: [
    async ({ truthWire }, use) => {
      const server = await startModel(truthWire, planner());
      try {
        await use(server);
      } finally {
        await server.close();
      }
    },
    { scope: 'worker' },
  ],
});

test.use({ app: 'com.android.settings', frames: 'off' });
// A local OpenAI-compatible server: no key, no cache, the default replans.
test.use({ ai: async ({ truthModel }, use) => use({ provider: 'local', model: 'scripted-planner', baseUrl: `${truthModel.url}/v1`, cache: 'off' }) });

function setting(key: string): (read: AdbTruth) => Promise<string> {
  const [ns, name] = key.split(' ') as ['global' | 'system' | 'secure', string];
  return (read) => read.setting(ns, name);
}

const CASES: GoalCase[] = GOALS.map((g) => ({
  goal: g.goal,
  from: `Settings home (a planner that is ${g.habit})`,
  ...(g.habit === 'honest'
    ? {}
    : {
        trap:
          g.habit === 'lazy'
            ? 'the planner claims done on every turn and never flips the switch'
            : g.habit === 'early'
              ? 'the planner claims done on the home screen, citing the row that leads there'
              : 'the planner claims done citing the page title while the switch is off',
      }),
  setup: async (read) => {
    await read.phone.shell(`settings put ${g.key} ${g.undone}`);
  },
  truth: async (read) => {
    const value = await setting(g.key)(read);
    return { done: value === g.done, said: `settings get ${g.key} → ${value}` };
  },
}));

battery(test, 'settings (model)', CASES);
