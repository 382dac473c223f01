// Events logs of tests that drive two devices or recover a stage, written through the real EventLog
// (one view per device, as the runner writes them) for the reporters' tests: a chat between alice and
// bob whose actions interleave, a test that passes after a recovery replays it to its checkpoint, and
// one whose recovery fails.
import { join } from 'node:path';
import { EventLog, readEvents, type EventInput, type MobileEvent } from '../../src/events/index.js';

/** One line of a log: the role of the device whose view writes it (null: the test's own), and the event. */
export type LogLine = [role: string | null, event: EventInput];

export const SERIALS = { alice: 'emulator-5554', bob: 'emulator-5556' };
const SCREEN = (app: string) => `app ${app}/.Main · screen 1080x2400`;
const timings = (total_ms: number) => ({ total_ms, device_ms: total_ms * 0.8, harness_ms: total_ms * 0.2 });

/** Writes the lines through one EventLog (its views per role) under `dir`/`name`, 100 ms apart, and reads them back. */
export async function writeLog(dir: string, name: string, lines: readonly LogLine[]): Promise<{ path: string; events: MobileEvent[] }> {
  let clock = 1_700_000_000_000;
  const path = join(dir, name, 'events.jsonl');
  const log = await EventLog.open(path, { testId: name, now: () => (clock += 100) });
  const views = new Map<string, EventLog>();
  for (const [role, event] of lines) {
    const view = role === null ? log : (views.get(role) ?? views.set(role, log.forDevice(role)).get(role)!);
    await view.append(event);
  }
  await log.close();
  return { path, events: (await readEvents(path)).events };
}

/** A primitive's start, its screens before and after (the device's own frames), and its end. */
export function action(id: string, primitive: string, options: { target: string; frame?: string; verdict?: 'OK' | 'FAIL'; parent?: string }): EventInput[] {
  const { target, frame, verdict = 'OK', parent } = options;
  const screen = (phase: 'before' | 'after'): EventInput => ({
    kind: 'observation',
    action_id: id,
    phase,
    screen_text: `${SCREEN('com.example.chat')}\ne1 text "${target} ${phase}"`,
    signature: `${id}-${phase}`,
    ...(frame ? { screenshot: frame } : {}),
  });
  const error =
    verdict === 'FAIL' ? { error: { name: 'DeviceDisconnected', message: 'adb lost the device during tap', category: 'environment' as const } } : {};
  return [
    { kind: 'action_start', action_id: id, primitive, params: { target }, target, source: 'script', ...(parent ? { parent_action_id: parent } : {}) },
    screen('before'),
    screen('after'),
    { kind: 'action_end', action_id: id, verdict, timings: timings(400), ...error },
  ];
}

const as = (role: string | null, events: EventInput[]): LogLine[] => events.map((event) => [role, event]);

/** alice sends "hi" while bob waits for it: their actions start and end interleaved, each with its own screens. */
export function chatLines(): LogLine[] {
  const [aStart, aBefore, aAfter, aEnd] = action('a2', 'tap', { target: 'Send', frame: 'alice.png' });
  const [bStart, bBefore, bAfter, bEnd] = action('b2', 'wait_for', { target: 'hi', frame: 'bob.png' });
  return [
    [null, { kind: 'test_start', title: 'alice says hi to bob', devices: SERIALS }],
    ...as('alice', action('a1', 'launch_app', { target: 'com.example.chat', frame: 'alice.png' })),
    ...as('bob', action('b1', 'launch_app', { target: 'com.example.chat', frame: 'bob.png' })),
    ['alice', aStart],
    ['bob', bStart],
    ['bob', bBefore],
    ['alice', aBefore],
    ['alice', aAfter],
    ['alice', aEnd],
    ['bob', bAfter],
    ['bob', bEnd],
    ['bob', { kind: 'agent_start', action_id: 'g1', call: 'expect', text: 'the chat shows hi from alice' }],
    [
      'bob',
      {
        kind: 'llm_call',
        action_id: 'g1',
        role: 'validator',
        model: 'gpt-4o-mini',
        prompt_ref: 'p.txt',
        answer_ref: 'a.txt',
        tokens_in: 300,
        tokens_out: 20,
        cost_usd: 0,
        duration_ms: 200,
      },
    ],
    [
      'bob',
      {
        kind: 'agent_end',
        action_id: 'g1',
        call: 'expect',
        status: 'passed',
        path: 'model',
        cache: 'off',
        llm_calls: 1,
        tokens_in: 300,
        tokens_out: 20,
        steps: 0,
        reason: 'hi is shown',
        duration_ms: 300,
      },
    ],
    [null, { kind: 'test_end', status: 'passed', duration_ms: 2400 }],
  ];
}

export const FAILURE = { name: 'DeviceDisconnected', message: 'adb lost the device during tap', category: 'environment' as const };

/**
 * Signs in (checkpoint 1 "signed in"), then the tap on "Search" fails for want of the device; the
 * recovery relaunches and replays the two steps to the checkpoint, and the tap runs again. With
 * `fails`, the replay does not reach the checkpoint and the test fails there. With `resumed`, the
 * test started from an earlier run's checkpoint.
 */
export function recoveryLines(options: { fails?: boolean; resumed?: boolean } = {}): LogLine[] {
  const { fails = false, resumed = false } = options;
  const checkpoint = (index: number, name: string, replayed: boolean): EventInput => ({
    kind: 'checkpoint',
    action_id: `c${index}${replayed ? 'r' : ''}`,
    name,
    index,
    steps: [
      { call: { name: 'launch_app', params: { app: 'com.example.shop' } }, signature: 's0', source: 'script' },
      { call: { name: 'tap', params: { target: 'Sign in' } }, signature: 's1', source: 'script' },
    ],
    signature: 'home',
    screen_text: `${SCREEN('com.example.shop')}\ne1 text "Welcome"`,
    ...(replayed ? { replayed: true } : {}),
  });
  const replay: EventInput[] = fails
    ? action('r1', 'launch_app', { target: 'com.example.shop', parent: 'rec1', frame: 'shop.png', verdict: 'FAIL' })
    : [
        ...action('r1', 'launch_app', { target: 'com.example.shop', parent: 'rec1', frame: 'shop.png' }),
        ...action('r2', 'tap', { target: 'Sign in', parent: 'rec1', frame: 'shop.png' }),
        checkpoint(1, 'signed in', true),
      ];
  const end: EventInput[] = fails
    ? [
        {
          kind: 'recovery_end',
          action_id: 'rec1',
          status: 'failed',
          replayed: 0,
          reason: 'the replay did not reach "signed in": launch_app failed',
          error: FAILURE,
          duration_ms: 1500,
        },
        { kind: 'test_end', status: 'failed', duration_ms: 6000, error: FAILURE },
      ]
    : [
        { kind: 'recovery_end', action_id: 'rec1', status: 'resumed', replayed: 2, reason: 'reached "signed in" again', duration_ms: 4200 },
        ...action('t4', 'tap', { target: 'Search', frame: 'shop.png' }),
        checkpoint(2, 'searched', false),
        { kind: 'test_end', status: 'passed', duration_ms: 9000 },
      ];
  return as(null, [
    {
      kind: 'test_start',
      title: fails ? 'searches, device lost for good' : 'searches after signing in',
      device: 'emulator-5554',
      ...(resumed ? { resume: { checkpoint: 'signed in', run_id: 'run-41', steps: 2 } } : {}),
    },
    ...action('t1', 'launch_app', { target: 'com.example.shop', frame: 'shop.png' }),
    ...action('t2', 'tap', { target: 'Sign in', frame: 'shop.png' }),
    checkpoint(1, 'signed in', false),
    ...action('t3', 'tap', { target: 'Search', frame: 'shop.png', verdict: 'FAIL' }),
    {
      kind: 'recovery_start',
      action_id: 'rec1',
      checkpoint: 'signed in',
      attempt: 1,
      limit: 2,
      failed_action_id: 't3',
      failure: FAILURE,
      to_checkpoint: 2,
      in_stage: 0,
    },
    ...replay,
    ...end,
  ]);
}
