import { test, expect } from '@playwright/test';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EventLog,
  EventLogClosedError,
  EventLogCorruptError,
  InvalidEventError,
  llmUsage,
  newActionId,
  readEvents,
  type EventInput,
  type EventKind,
} from './index.js';

let dir = '';
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mobiletest-events-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const timings = { total_ms: 12, device_ms: 9, harness_ms: 3 };

function oneOfEach(actionId: string): EventInput[] {
  return [
    { kind: 'run_start', run_id: 'r1', mobiletest_version: '0.1.0', config: { workers: 2 } },
    { kind: 'test_start', title: 'login', location: { file: 'e2e/shop.spec.ts', line: 7 }, device: 'emulator-5554', retry: 0 },
    {
      kind: 'action_start',
      action_id: actionId,
      primitive: 'tap',
      params: { target: 'Log in' },
      target: 'Log in',
      source: 'script',
      location: { file: 'e2e/shop.spec.ts', line: 9 },
    },
    {
      kind: 'observation',
      action_id: actionId,
      phase: 'before',
      screen_text: 'Log in\nEmail',
      signature: 'sig-1',
      screenshot: 'before.png',
      package: 'com.example.shop',
    },
    {
      kind: 'candidates',
      action_id: actionId,
      target: { text: 'Log in' },
      candidates: [{ ref: 'e3', label: 'Log in', score: 1, reasons: ['exact text'] }],
      ambiguous: false,
      chosen: 0,
    },
    { kind: 'situation', action_id: actionId, report: 'Login screen, no dialog', data: { dialog: null } },
    {
      kind: 'llm_call',
      action_id: actionId,
      role: 'planner',
      model: 'gpt-x',
      prompt_ref: 'p1.txt',
      answer_ref: 'a1.txt',
      tokens_in: 900,
      tokens_out: 40,
      request_tokens: 17_900,
      usage_source: 'provider',
      finish: 'stop',
      profile: 'openai',
      cost_usd: 0.001,
      duration_ms: 800,
    },
    { kind: 'observation', action_id: actionId, phase: 'after', screen_text: 'Home', signature: 'sig-2' },
    { kind: 'attachment', name: 'screenshot', content_type: 'image/png', path: 'after.png', action_id: actionId },
    { kind: 'action_end', action_id: actionId, verdict: 'OK', timings },
    {
      kind: 'checkpoint',
      action_id: 'cp-1',
      name: 'signed in',
      index: 1,
      steps: [{ call: { name: 'tap', params: { target: 'Log in' } }, signature: 'sig-1', source: 'script' }],
      signature: 'sig-2',
      screen_text: 'Home',
    },
    {
      kind: 'recovery_start',
      action_id: 'rc-1',
      checkpoint: 'signed in',
      attempt: 1,
      limit: 2,
      failed_action_id: actionId,
      failure: { name: 'DeviceDisconnected', message: 'gone', category: 'environment' },
      to_checkpoint: 1,
      in_stage: 0,
    },
    { kind: 'recovery_end', action_id: 'rc-1', status: 'resumed', replayed: 1, reason: 'checkpoint "signed in" reached', duration_ms: 900 },
    { kind: 'test_end', status: 'passed', duration_ms: 1500 },
    { kind: 'note', note: 'duplicate_completion', detail: 'example' },
    { kind: 'run_end', run_id: 'r1', status: 'passed', duration_ms: 2000 },
  ];
}

test('every event kind survives a round trip through the file, with seq, ts and test_id filled in', async () => {
  const path = join(dir, 'nested', 'login.jsonl');
  const log = await EventLog.open(path, { testId: 't-login', now: () => 1_700_000_000_000 });
  const inputs = oneOfEach(newActionId());
  for (const input of inputs) await log.append(input);
  await log.close();

  const { events, tornLines } = await readEvents(path);
  expect(tornLines).toBe(0);
  const kinds = new Set<EventKind>(events.map((event) => event.kind));
  expect([...kinds].sort()).toEqual([
    'action_end',
    'action_start',
    'attachment',
    'candidates',
    'checkpoint',
    'llm_call',
    'note',
    'observation',
    'recovery_end',
    'recovery_start',
    'run_end',
    'run_start',
    'situation',
    'test_end',
    'test_start',
  ]);
  expect(events.map((event) => event.seq)).toEqual(inputs.map((_, index) => index + 1));
  events.forEach((event, index) => {
    expect(event).toEqual({ ...inputs[index], v: 1, seq: index + 1, ts: 1_700_000_000_000, test_id: 't-login' });
  });
});

test('a second completion of the same action is dropped and noted; the first verdict stands', async () => {
  const path = join(dir, 'dup.jsonl');
  const log = await EventLog.open(path, { testId: 't1' });
  const id = newActionId();
  await log.append({ kind: 'action_start', action_id: id, primitive: 'tap', params: {}, source: 'agent' });
  const first = await log.append({ kind: 'action_end', action_id: id, verdict: 'OK', timings });
  const second = await log.append({ kind: 'action_end', action_id: id, verdict: 'FAIL', timings });
  expect(first.written).toBe(true);
  expect(second.written).toBe(false);
  expect(log.completed(id)).toBe('OK');
  await log.close();

  // Reopening the log remembers completions, so a retried writer cannot complete it twice either.
  const again = await EventLog.open(path, { testId: 't1' });
  expect(again.completed(id)).toBe('OK');
  expect((await again.append({ kind: 'action_end', action_id: id, verdict: 'EXCEPTION', timings })).written).toBe(false);
  await again.close();

  const { events } = await readEvents(path);
  const ends = events.filter((event) => event.kind === 'action_end');
  expect(ends).toHaveLength(1);
  expect(ends[0]).toMatchObject({ verdict: 'OK' });
  const notes = events.filter((event) => event.kind === 'note');
  expect(notes.map((note) => note.kind === 'note' && note.note)).toEqual(['duplicate_completion', 'duplicate_completion']);
  expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4]);
});

test('many appends without awaiting, on two logs at once, keep call order and whole lines', async () => {
  const paths = [join(dir, 'a.jsonl'), join(dir, 'b.jsonl')];
  const logs = await Promise.all(paths.map((path, index) => EventLog.open(path, { testId: `t${index}` })));
  const pending: Promise<unknown>[] = [];
  const big = 'row '.repeat(20_000);
  for (let i = 0; i < 300; i += 1) {
    for (const log of logs) {
      pending.push(log.append({ kind: 'situation', action_id: `a${i}`, report: i % 50 === 0 ? big : `step ${i}` }));
    }
  }
  await Promise.all(pending);
  await Promise.all(logs.map((log) => log.close()));
  for (const path of paths) {
    const raw = await readFile(path, 'utf8');
    expect(raw.endsWith('\n')).toBe(true);
    const { events, tornLines } = await readEvents(path);
    expect(tornLines).toBe(0);
    expect(events.map((event) => event.kind === 'situation' && event.action_id)).toEqual(Array.from({ length: 300 }, (_, i) => `a${i}`));
    expect(events.map((event) => event.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  }
});

test("two writers appending to the same file never tear each other's lines", async () => {
  const path = join(dir, 'shared.jsonl');
  const [one, two] = await Promise.all([EventLog.open(path, { testId: 'one' }), EventLog.open(path, { testId: 'two' })]);
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < 200; i += 1) {
    pending.push(one.append({ kind: 'situation', action_id: `one-${i}`, report: 'x'.repeat(i * 10) }));
    pending.push(two.append({ kind: 'situation', action_id: `two-${i}`, report: 'y'.repeat(i * 10) }));
  }
  await Promise.all(pending);
  await Promise.all([one.close(), two.close()]);
  const { events } = await readEvents(path);
  expect(events).toHaveLength(400);
  for (const writer of ['one', 'two']) {
    const mine = events.filter((event) => event.test_id === writer).map((event) => event.kind === 'situation' && event.action_id);
    expect(mine).toEqual(Array.from({ length: 200 }, (_, i) => `${writer}-${i}`));
  }
});

test('a torn last line is skipped and counted; reopening cuts it off and notes it', async () => {
  const path = join(dir, 'torn.jsonl');
  const log = await EventLog.open(path, { testId: 't' });
  await log.append({ kind: 'test_start', title: 'crashy' });
  await log.append({ kind: 'situation', action_id: 'a1', report: 'fine' });
  await log.close();
  await appendFile(path, '{"v":1,"kind":"situation","ts":1,"seq":3,"test_id":"t","action_id":"a2","rep');

  const read = await readEvents(path);
  expect(read.tornLines).toBe(1);
  expect(read.events.map((event) => event.kind)).toEqual(['test_start', 'situation']);

  const reopened = await EventLog.open(path, { testId: 't' });
  await reopened.append({ kind: 'test_end', status: 'failed', duration_ms: 5 });
  await reopened.close();
  const after = await readEvents(path);
  expect(after.tornLines).toBe(0);
  expect(after.events.map((event) => [event.seq, event.kind])).toEqual([
    [1, 'test_start'],
    [2, 'situation'],
    [3, 'note'],
    [4, 'test_end'],
  ]);
});

test('a corrupt line in the middle fails with file:line and what is wrong', async () => {
  const path = join(dir, 'corrupt.jsonl');
  const good = (seq: number): string => JSON.stringify({ v: 1, kind: 'test_end', ts: 1, seq, test_id: 't', status: 'passed', duration_ms: 1 });
  await writeFile(path, `${good(1)}\n{"v":1,"kind":"test_end",oops\n${good(3)}\n`);
  const error = await readEvents(path).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(EventLogCorruptError);
  expect(String(error)).toContain(`${path}:2:`);

  await writeFile(
    path,
    `${good(1)}\n${JSON.stringify({ v: 1, kind: 'action_end', ts: 1, seq: 2, test_id: 't', action_id: 'a', verdict: 'MAYBE', timings })}\n`,
  );
  const shape = await readEvents(path).catch((caught: unknown) => caught);
  expect(String(shape)).toContain(`${path}:2:`);
  expect(String(shape)).toContain('"verdict"');

  await writeFile(
    path,
    `${good(1)}\n${JSON.stringify({ v: 1, kind: 'action_end', ts: 1, seq: 2, test_id: 't', action_id: 'a', verdict: 'OK', timings: { total_ms: 1 } })}\n`,
  );
  const nested = await readEvents(path).catch((caught: unknown) => caught);
  expect(String(nested)).toContain(`${path}:2:`);
  expect(String(nested)).toContain('"timings.device_ms"');
  // The same log cannot be continued either: a writer never appends after a corrupt line.
  await expect(EventLog.open(path)).rejects.toThrow(EventLogCorruptError);
});

test('a malformed line read back is refused naming its file:line, the field and what it should be', async () => {
  const path = join(dir, 'malformed.jsonl');
  const head = (seq: number) => ({ v: 1, ts: 1, seq, test_id: 't' });
  const start = JSON.stringify({ ...head(1), kind: 'test_start', title: 'login' });
  const refusal = async (line: Record<string, unknown>): Promise<string> => {
    await writeFile(path, `${start}\n${start}\n${JSON.stringify(line)}\n`);
    const error = await readEvents(path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EventLogCorruptError);
    expect(error).toMatchObject({ file: path, line: 3 });
    return String(error);
  };
  const deviceCalls = [
    { call: 'hierarchy', count: 1, ms: 80 },
    { call: 'tap', count: 1, ms: '12' },
  ];
  expect(await refusal({ ...head(3), kind: 'action_end', action_id: 'a', verdict: 'OK', timings: { ...timings, device_calls: deviceCalls } })).toContain(
    `${path}:3: corrupt event log line (action_end: field "timings.device_calls[1].ms" should be a number, got "12")`,
  );
  expect(await refusal({ ...head(3), kind: 'test_start' })).toContain('test_start: missing field "title" (it should be a string)');
  expect(await refusal({ ...head(3), kind: 'test_end', status: 'failed', duration_ms: 1, error: { name: 'E', message: 'm', category: 'weather' } })).toContain(
    'field "error.category" should be one of environment|execution|locator|plan|product|refusal, got "weather"',
  );
  expect(await refusal({ ...head(3), kind: 'teleport' })).toContain('unknown event kind "teleport" (known kinds: run_start, run_end, test_start,');
  expect(await refusal({ ...head(3), v: 2, kind: 'test_start', title: 'x' })).toContain('unsupported event version 2 (this reader knows v1)');
  expect(await refusal({ ...head(3), kind: 'candidates', target: 7, candidates: {}, ambiguous: 'no' })).toContain(
    'candidates: missing field "action_id" (it should be a string); field "target" should be a string or an object, got 7; field "candidates" should be an array, got {} (and 1 more)',
  );
});

test('the writer refuses an event of the wrong shape and consumes no seq', async () => {
  const path = join(dir, 'shape.jsonl');
  const log = await EventLog.open(path);
  const bad = { kind: 'action_end', action_id: 'a', verdict: 'PERHAPS', timings } as unknown as EventInput;
  await expect(log.append(bad)).rejects.toThrow(InvalidEventError);
  await log.append({ kind: 'test_end', status: 'passed', duration_ms: 1 });
  await log.close();
  expect((await readEvents(path)).events.map((event) => event.seq)).toEqual([1]);
});

test('an action_end gesture is written with its points and screen; a malformed one is refused, naming the field', async () => {
  const path = join(dir, 'gesture.jsonl');
  const log = await EventLog.open(path);
  const screen = { width: 1080, height: 2400 };
  await log.append({
    kind: 'action_end',
    action_id: 'a1',
    verdict: 'OK',
    timings,
    gesture: {
      kind: 'swipe',
      points: [
        { x: 540, y: 1200 },
        { x: 540, y: 240 },
      ],
      screen,
    },
  });
  const noPoints = { kind: 'action_end', action_id: 'a2', verdict: 'OK', timings, gesture: { kind: 'tap', points: [], screen } } as EventInput;
  await expect(log.append(noPoints)).rejects.toThrow('action_end: field "gesture.points" should have at least 1 item, got []');
  const badPoint = {
    kind: 'action_end',
    action_id: 'a3',
    verdict: 'OK',
    timings,
    gesture: { kind: 'tap', points: [{ x: 1, y: 'top' }], screen },
  } as unknown as EventInput;
  await expect(log.append(badPoint)).rejects.toThrow('field "gesture.points[0].y" should be a number, got "top"');
  await expect(
    log.append({ kind: 'action_end', action_id: 'a4', verdict: 'OK', timings, gesture: { kind: 'tap', points: [{ x: 1, y: 2 }] } } as unknown as EventInput),
  ).rejects.toThrow('missing field "gesture.screen" (it should be an object)');
  await log.close();
  const [end] = (await readEvents(path)).events;
  expect(end).toMatchObject({
    action_id: 'a1',
    gesture: {
      kind: 'swipe',
      points: [
        { x: 540, y: 1200 },
        { x: 540, y: 240 },
      ],
      screen,
    },
  });
});

test('an llm_call tells its whole request from its billed tokens; a log from before request_tokens reads as billed by the provider', async () => {
  const path = join(dir, 'llm.jsonl');
  const call = {
    kind: 'llm_call',
    role: 'planner',
    model: 'm',
    prompt_ref: 'p.txt',
    answer_ref: 'a.txt',
    tokens_in: 600,
    tokens_out: 60,
    cost_usd: 0,
    duration_ms: 5,
  } as const;
  const log = await EventLog.open(path, { testId: 't' });
  await log.append({ ...call, request_tokens: 17_400, usage_source: 'counted', finish: 'length', profile: 'openai-reasoning' });
  await expect(log.append({ ...call, usage_source: 'estimated' } as unknown as EventInput)).rejects.toThrow(
    'field "usage_source" should be one of provider|counted',
  );
  await expect(log.append({ ...call, request_tokens: '17k' } as unknown as EventInput)).rejects.toThrow('field "request_tokens" should be a number, got "17k"');
  await log.close();
  // A line as a reader from before these fields wrote it.
  await appendFile(path, `${JSON.stringify({ v: 1, ts: 1, seq: 2, test_id: 't', ...call })}\n`);
  const [fresh, old] = (await readEvents(path)).events.filter((event) => event.kind === 'llm_call');
  expect(fresh && llmUsage(fresh)).toEqual({ tokens_in: 600, tokens_out: 60, request_tokens: 17_400, usage_source: 'counted', request_recorded: true });
  expect(fresh).toMatchObject({ finish: 'length', profile: 'openai-reasoning' });
  expect(old && llmUsage(old)).toEqual({ tokens_in: 600, tokens_out: 60, request_tokens: 600, usage_source: 'provider', request_recorded: false });
});

test('action ids are unique and sort by creation time', () => {
  const ids = Array.from({ length: 5000 }, () => newActionId());
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(ids);
  expect(newActionId(1000) < newActionId(2000)).toBe(true);
  expect(newActionId(5000)).not.toBe(newActionId(5000));
});

test('files beside the log: plain names only, never overwritten; a closed log refuses appends', async () => {
  const path = join(dir, 'files.jsonl');
  const log = await EventLog.open(path);
  expect(await log.attach('shot-1.png', new Uint8Array([137, 80, 78, 71]))).toBe('shot-1.png');
  expect([...(await readFile(join(dir, 'shot-1.png')))]).toEqual([137, 80, 78, 71]);
  await expect(log.attach('shot-1.png', 'again')).rejects.toThrow(/EEXIST/);
  await expect(log.attach('../escape.txt', 'x')).rejects.toThrow(InvalidEventError);
  // attachOnce names the file already holding the same bytes, and writes a file for new bytes.
  expect(await log.attachOnce('end.png', new Uint8Array([137, 80, 78, 71]))).toBe('shot-1.png');
  await expect(readFile(join(dir, 'end.png'))).rejects.toThrow(/ENOENT/);
  expect(await log.attachOnce('end.png', new Uint8Array([137, 80, 78, 72]))).toBe('end.png');
  expect([...(await readFile(join(dir, 'end.png')))]).toEqual([137, 80, 78, 72]);
  await log.close();
  await expect(log.append({ kind: 'test_end', status: 'passed', duration_ms: 1 })).rejects.toThrow(EventLogClosedError);
});

test('views of one log for two devices share its numbering and stamp each event with its role', async () => {
  const path = join(dir, 'team.jsonl');
  const log = await EventLog.open(path, { testId: 't-chat' });
  const alice = log.forDevice('alice');
  const bob = log.forDevice('bob');
  const a = newActionId();
  const b = newActionId();
  await log.append({ kind: 'test_start', title: 'chat', devices: { alice: 'emulator-5554', bob: 'emulator-5556' } });
  await Promise.all([
    alice.append({ kind: 'action_start', action_id: a, primitive: 'tap', params: { target: 'Send' }, source: 'script' }),
    bob.append({ kind: 'action_start', action_id: b, primitive: 'wait_for', params: { target: 'hi' }, source: 'script' }),
  ]);
  await alice.append({ kind: 'action_end', action_id: a, verdict: 'OK', timings });
  // A completion is known to every view: bob's view cannot complete alice's action a second time.
  expect((await bob.append({ kind: 'action_end', action_id: a, verdict: 'FAIL', timings })).written).toBe(false);
  await alice.close();
  await expect(bob.append({ kind: 'test_end', status: 'passed', duration_ms: 1 })).rejects.toThrow(EventLogClosedError);
  const { events } = await readEvents(path);
  expect(events.map((e) => [e.seq, e.kind, e.device])).toEqual([
    [1, 'test_start', undefined],
    [2, 'action_start', 'alice'],
    [3, 'action_start', 'bob'],
    [4, 'action_end', 'alice'],
    [5, 'note', 'bob'],
  ]);
});
