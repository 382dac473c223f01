// The report folder from an events log, without a browser: what a step holds when the log was cut
// short or repeats itself, and which files beside the log make it into the report.
import { test, expect } from '@playwright/test';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MobileEvent } from '../../src/events/index.js';
import { NO_AGENT, type Results, type TestRecord } from '../results/model.js';
import { buildTrace, type Trace } from './trace.js';
import { listOrder, writeHtmlReport } from './write.js';

const TEMPLATE_DIR = path.resolve(import.meta.dirname, '..', '..', 'templates', 'viewer');

let seq = 0;
function ev<K extends MobileEvent['kind']>(kind: K, fields: Omit<Extract<MobileEvent, { kind: K }>, 'kind' | 'v' | 'seq' | 'test_id' | 'ts'> & { ts?: number }): MobileEvent {
  seq += 1;
  return { v: 1, seq, test_id: 't', ts: 1000 + seq * 10, kind, ...fields } as unknown as MobileEvent;
}

function record(title: string, status: TestRecord['status']): TestRecord {
  return {
    title, title_path: [title], file: `specs/${title}.test.ts`, line: 1, column: 1, project: '', status, duration_ms: 5, retry: 0,
    device: 'sim', steps: [], failure: status === 'failed' ? { category: 'locator', message: 'no "Buy"', evidence: [], suggestion: 'check the target', step: null } : null, llm_calls: 0, tokens: 0, agent: { ...NO_AGENT },
  };
}

test('a step cut off by the end of the log is UNFINISHED and lasts to the last event; a repeated completion does not replace the first', () => {
  const trace = buildTrace([
    ev('test_start', { title: 'buys' }),
    ev('action_start', { action_id: 'a1', primitive: 'tap', params: { target: 'Buy' }, target: 'Buy', source: 'script' }),
    ev('action_end', { action_id: 'a1', verdict: 'OK', timings: { total_ms: 12, device_ms: 9, harness_ms: 3 } }),
    ev('action_end', { action_id: 'a1', verdict: 'FAIL', timings: { total_ms: 99, device_ms: 9, harness_ms: 3 } }),
    ev('action_start', { action_id: 'a2', primitive: 'press_key', params: { key: 'back' }, source: 'script' }),
    ev('note', { note: 'torn_line_dropped', detail: 'the run was killed' }),
  ], { rootDir: '/' });
  expect(trace.steps.map((s) => [s.name, s.label, s.status, s.duration_ms])).toEqual([['tap', 'Buy', 'OK', 12], ['press_key', 'back', 'UNFINISHED', 10]]);
});

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
    const trace: Trace = buildTrace([
      ev('test_start', { title: 'buys' }),
      ev('agent_start', { action_id: 'g', call: 'step', text: 'buy it' }),
      ev('llm_call', { action_id: 'g', role: 'planner', model: 'm', prompt_ref: '../outside.txt', answer_ref: 'gone.txt', tokens_in: 5, tokens_out: 1, cost_usd: 0, duration_ms: 1 }),
      ev('action_start', { action_id: 'a1', primitive: 'tap', params: { target: 'Buy' }, target: 'Buy', source: 'agent', parent_action_id: 'g' }),
      ev('observation', { action_id: 'a1', phase: 'before', screen_text: 'app x · screen 100x200\ne1 button "Buy"', signature: 's', screenshot: 'before.png' }),
      ev('observation', { action_id: 'a1', phase: 'after', screen_text: 'app x · screen 100x200', signature: 't', screenshot: '../outside.txt' }),
      ev('attachment', { name: 'failure screenshot', content_type: 'image/png', path: 'missing.png' }),
    ], { rootDir: '/' });
    const results: Results = { version: 1, run: { status: 'failed', started_at: new Date(0).toISOString(), duration_ms: 5, totals: { passed: 0, failed: 1, flaky: 0, skipped: 0 }, agent: { ...NO_AGENT } }, tests: [record('buys', 'failed')] };
    const out = path.join(dir, 'html');
    expect(await writeHtmlReport({ outDir: out, templateDir: TEMPLATE_DIR, results, traces: [{ trace, dir: logDir }] })).toEqual({ tests: 1, frames: 1 });

    const script = await readFile(path.join(out, 'data', 'test-0.js'), 'utf8');
    const data = JSON.parse(script.slice(script.indexOf('=') + 1).trim().replace(/;$/, '')) as { trace: Trace };
    const [agent] = data.trace.steps;
    expect(agent.agent?.llm.map((c) => [c.prompt, c.answer])).toEqual([[null, null]]);
    expect(agent.agent?.tokens).toBe(6);
    expect(agent.children.map((c) => [c.before?.screenshot, c.before?.width, c.after?.screenshot])).toEqual([['frames/t0-1.png', 100, null]]);
    expect(data.trace.images).toEqual([]);
    expect((await readdir(path.join(out, 'frames')))).toEqual(['t0-1.png']);
    expect(script).not.toContain('outside the trace');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
