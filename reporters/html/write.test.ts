// The report folder from an events log, without a browser: the order of the test list, which files
// beside the log make it into the report, what is stored once, and how a verification is written.
import { test, expect } from '@playwright/test';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MobileEvent } from '../../src/events/index.js';
import { NO_AGENT, type Results, type TestRecord } from '../results/model.js';
import type { StepDetail, TraceIndex } from './split.js';
import { buildTrace } from './trace.js';
import type { Trace } from './trace-model.js';
import { ev } from './testing/events.js';
import { listOrder, writeHtmlReport } from './write.js';

/** The value a data script assigns. */
function dataOf<T>(script: string): T {
  return JSON.parse(
    script
      .slice(script.indexOf('=') + 1)
      .trim()
      .replace(/;$/, ''),
  ) as T;
}

const TEMPLATE_DIR = path.resolve(import.meta.dirname, '..', '..', 'templates', 'viewer');

function record(title: string, status: TestRecord['status']): TestRecord {
  return {
    title,
    title_path: [title],
    file: `specs/${title}.test.ts`,
    line: 1,
    column: 1,
    project: '',
    status,
    duration_ms: 5,
    retry: 0,
    device: 'sim',
    steps: [],
    failure: status === 'failed' ? { category: 'locator', message: 'no "Buy"', evidence: [], suggestion: 'check the target', step: null } : null,
    llm_calls: 0,
    tokens: 0,
    agent: { ...NO_AGENT },
  };
}

test('the list puts failing tests first, then flaky ones, keeping file order within each', () => {
  const tests = [record('a', 'passed'), record('b', 'failed'), record('c', 'flaky'), record('d', 'timedOut'), record('e', 'skipped')];
  expect(listOrder(tests).map((i) => tests[i].title)).toEqual(['b', 'd', 'c', 'a', 'e']);
});

test('only files beside the log are copied: a screenshot or prompt named with a path is left out, and a missing one too', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-html-write-'));
  try {
    const logDir = path.join(dir, 'trace');
    await mkdir(logDir);
    await writeFile(path.join(logDir, 'before.png'), 'png bytes');
    await writeFile(path.join(dir, 'outside.txt'), 'outside the trace');
    const trace: Trace = buildTrace(
      [
        ev('test_start', { title: 'buys' }),
        ev('agent_start', { action_id: 'g', call: 'step', text: 'buy it' }),
        ev('llm_call', {
          action_id: 'g',
          role: 'planner',
          model: 'm',
          prompt_ref: '../outside.txt',
          answer_ref: 'gone.txt',
          tokens_in: 5,
          tokens_out: 1,
          cost_usd: 0,
          duration_ms: 1,
        }),
        ev('action_start', { action_id: 'a1', primitive: 'tap', params: { target: 'Buy' }, target: 'Buy', source: 'agent', parent_action_id: 'g' }),
        ev('observation', {
          action_id: 'a1',
          phase: 'before',
          screen_text: 'app x · screen 100x200\ne1 button "Buy"',
          signature: 's',
          screenshot: 'before.png',
        }),
        ev('observation', { action_id: 'a1', phase: 'after', screen_text: 'app x · screen 100x200', signature: 't', screenshot: '../outside.txt' }),
        ev('attachment', { name: 'failure screenshot', content_type: 'image/png', path: 'missing.png' }),
      ],
      { rootDir: '/' },
    );
    const results: Results = {
      version: 1,
      run: {
        status: 'failed',
        started_at: new Date(0).toISOString(),
        duration_ms: 5,
        totals: { passed: 0, failed: 1, flaky: 0, skipped: 0, recovered: 0 },
        agent: { ...NO_AGENT },
        errors: [],
      },
      tests: [record('buys', 'failed')],
    };
    const out = path.join(dir, 'html');
    expect(await writeHtmlReport({ outDir: out, templateDir: TEMPLATE_DIR, results, traces: [{ trace, dir: logDir }] })).toEqual({
      tests: 1,
      frames: 1,
      hierarchies: 0,
    });

    const script = await readFile(path.join(out, 'data', 'test-0.js'), 'utf8');
    const data = dataOf<{ trace: TraceIndex }>(script);
    const [agent] = data.trace.steps;
    expect(agent.agent?.tokens).toBe(6);
    expect(agent.children.map((c) => c.shots)).toEqual([true]);
    const details = dataOf<StepDetail[]>(await readFile(path.join(out, 'data', 'test-0-0.js'), 'utf8'));
    expect(details[0].llm.map((c) => [c.prompt, c.answer])).toEqual([[null, null]]);
    const [frame] = await readdir(path.join(out, 'frames'));
    expect(details.map((d) => [d.before?.screenshot ?? null, d.before?.width ?? null, d.after?.screenshot ?? null])).toEqual([
      [null, null, null],
      [`frames/${frame}`, 100, null],
    ]);
    expect(frame).toMatch(/^[0-9a-f]{16}\.png$/);
    expect(data.trace.images).toEqual([]);
    expect(script + JSON.stringify(details)).not.toContain('outside the trace');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a screenshot and a hierarchy snapshot seen by two tests are stored once; a long test's details come in chunks; a broken snapshot is left out", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-html-share-'));
  const token = 'hierarchy-token-8d2e41';
  process.env.MOBILETEST_SHARE_TEST_TOKEN = token;
  try {
    const hierarchy = JSON.stringify({
      v: 1,
      width: 100,
      height: 200,
      elements: [{ ref: 'e1', role: 'button', label: `Buy ${token}`, bounds: { left: 0, top: 0, right: 50, bottom: 20 }, window: 'app' }],
    });
    const traces = [];
    for (const name of ['one', 'two']) {
      const logDir = path.join(dir, name);
      await mkdir(logDir);
      await writeFile(path.join(logDir, `${name}.webp`), 'the same frame bytes');
      await writeFile(path.join(logDir, 'h.json'), hierarchy);
      await writeFile(path.join(logDir, 'broken.json'), '{"v":2}');
      const events: MobileEvent[] = [ev('test_start', { title: name })];
      for (let i = 0; i < 60; i++) {
        events.push(ev('action_start', { action_id: `${name}${i}`, primitive: 'tap', params: { target: 'Buy' }, target: 'Buy', source: 'script' }));
        events.push(
          ev('observation', {
            action_id: `${name}${i}`,
            phase: 'before',
            screen_text: 'app x · screen 100x200\ne1 button "Buy"',
            signature: 's',
            screenshot: `${name}.webp`,
            hierarchy: i === 59 ? 'broken.json' : 'h.json',
          }),
        );
      }
      traces.push({ trace: buildTrace(events, { rootDir: '/' }), dir: logDir });
    }
    const results: Results = {
      version: 1,
      run: {
        status: 'passed',
        started_at: new Date(0).toISOString(),
        duration_ms: 5,
        totals: { passed: 2, failed: 0, flaky: 0, skipped: 0, recovered: 0 },
        agent: { ...NO_AGENT },
        errors: [],
      },
      tests: [record('one', 'passed'), record('two', 'passed')],
    };
    const out = path.join(dir, 'html');
    expect(await writeHtmlReport({ outDir: out, templateDir: TEMPLATE_DIR, results, traces })).toEqual({ tests: 2, frames: 1, hierarchies: 1 });
    const data = (await readdir(path.join(out, 'data'))).sort();
    const hierarchyFile = data.find((f) => f.startsWith('hierarchy-')) ?? '';
    expect(data).toEqual(['run.js', 'test-0-0.js', 'test-0-1.js', 'test-0.js', 'test-1-0.js', 'test-1-1.js', 'test-1.js', hierarchyFile].sort());
    const index = dataOf<{ trace: TraceIndex }>(await readFile(path.join(out, 'data', 'test-1.js'), 'utf8')).trace;
    expect([index.steps.length, index.chunks, index.chunk_steps]).toEqual([60, 2, 50]);
    const second = dataOf<StepDetail[]>(await readFile(path.join(out, 'data', 'test-1-1.js'), 'utf8'));
    expect(second).toHaveLength(10);
    const id = hierarchyFile.replace(/^hierarchy-|\.js$/g, '');
    expect(second.map((d) => d.before?.hierarchy)).toEqual([...Array(9).fill(id), null]);
    expect(second[0].before?.screenshot).toMatch(/^frames\/[0-9a-f]{16}\.webp$/);
    const snapshot = await readFile(path.join(out, 'data', hierarchyFile), 'utf8');
    expect(snapshot).toContain('"label":"Buy •••"');
    expect(snapshot).not.toContain(token);
  } finally {
    delete process.env.MOBILETEST_SHARE_TEST_TOKEN;
    await rm(dir, { recursive: true, force: true });
  }
});

test("an agent call's verification is read on the last screen recorded with its signature, cites its refs there, and is written with that screen's frame and masked", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-html-verified-'));
  const token = 'verify-token-5c1e90';
  process.env.MOBILETEST_VERIFY_TEST_TOKEN = token;
  try {
    const logDir = path.join(dir, 'trace');
    await mkdir(logDir);
    await writeFile(path.join(logDir, 'on.png'), 'the switch turned on');
    const off = 'app com.android.settings/.SubSettings · screen 100x200\ne19 toggle "Bluetooth Off" unchecked';
    const on = `app com.android.settings/.SubSettings · screen 100x200\ne23 toggle "Bluetooth On" checked\ne24 text "${token}"`;
    const verification = {
      by: 'rule',
      rule: 'turn on/off',
      check: 'a switch "Bluetooth" is on',
      held: true,
      screen: `com.android.settings/.SubSettings showing "Navigate up", "${token}"`,
      signature: 'on',
      refs: ['e23'],
    } as const;
    const trace = buildTrace(
      [
        ev('test_start', { title: 'switches' }),
        ev('agent_start', { action_id: 'g', call: 'step', text: 'turn on Bluetooth' }),
        ev('action_start', { action_id: 'a1', primitive: 'tap', params: { target: 'Bluetooth' }, target: 'Bluetooth', source: 'agent', parent_action_id: 'g' }),
        ev('observation', { action_id: 'a1', phase: 'before', screen_text: off, signature: 'off' }),
        ev('observation', { action_id: 'a1', phase: 'after', screen_text: on, signature: 'on', screenshot: 'on.png' }),
        ev('action_end', { action_id: 'a1', verdict: 'OK', timings: { total_ms: 100, device_ms: 80, harness_ms: 20 } }),
        ev('agent_end', {
          action_id: 'g',
          call: 'step',
          status: 'passed',
          path: 'rules',
          cache: 'miss',
          llm_calls: 0,
          tokens_in: 0,
          tokens_out: 0,
          steps: 1,
          reason: 'done',
          duration_ms: 150,
          verification: { ...verification, refs: [...verification.refs] },
        }),
        ev('agent_start', { action_id: 'h', call: 'step', text: 'turn off Wi-Fi' }),
        ev('agent_end', {
          action_id: 'h',
          call: 'step',
          status: 'failed',
          path: 'rules',
          cache: 'off',
          llm_calls: 0,
          tokens_in: 0,
          tokens_out: 0,
          steps: 0,
          reason: 'no switch',
          duration_ms: 20,
          verification: {
            ...verification,
            check: 'a switch "Wi-Fi" is off',
            held: false,
            signature: 'never-seen',
            refs: [],
            missing: 'no switch "Wi-Fi" is on this screen',
          },
        }),
      ],
      { rootDir: '/' },
    );
    const [turnOn, turnOff] = trace.steps;
    expect(turnOn.agent?.verification).toEqual({ ...verification, seen: turnOn.children[0].after });
    expect(turnOn.children[0].after?.cited).toEqual(['e23']);
    expect(turnOff.agent?.verification).toMatchObject({ held: false, missing: 'no switch "Wi-Fi" is on this screen', seen: null });

    const results: Results = {
      version: 1,
      run: {
        status: 'failed',
        started_at: new Date(0).toISOString(),
        duration_ms: 5,
        totals: { passed: 0, failed: 1, flaky: 0, skipped: 0, recovered: 0 },
        agent: { ...NO_AGENT },
        errors: [],
      },
      tests: [record('switches', 'failed')],
    };
    const out = path.join(dir, 'html');
    await writeHtmlReport({ outDir: out, templateDir: TEMPLATE_DIR, results, traces: [{ trace, dir: logDir }] });
    // The verification goes with the step's details, not in the index every test loads.
    const index = await readFile(path.join(out, 'data', 'test-0.js'), 'utf8');
    expect(index).not.toContain('turn on/off');
    const details = dataOf<StepDetail[]>(await readFile(path.join(out, 'data', 'test-0-0.js'), 'utf8'));
    const written = details[0].verification;
    expect(written).toMatchObject({
      by: 'rule',
      rule: 'turn on/off',
      held: true,
      refs: ['e23'],
      screen: 'com.android.settings/.SubSettings showing "Navigate up", "•••"',
    });
    expect(written?.seen).toMatchObject({
      screenshot: expect.stringMatching(/^frames\/[0-9a-f]{16}\.png$/),
      cited: ['e23'],
      text: expect.stringContaining('e24 text "•••"'),
    });
    expect(details[2].verification).toMatchObject({ held: false, seen: null });
    expect(JSON.stringify(details)).not.toContain(token);
  } finally {
    delete process.env.MOBILETEST_VERIFY_TEST_TOKEN;
    await rm(dir, { recursive: true, force: true });
  }
});
