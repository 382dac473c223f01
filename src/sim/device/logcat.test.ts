import { test, expect } from '@playwright/test';
import { PhoneClock } from './clock.js';
import { createLogcat, LOGCAT_CAPACITY } from './logcat.js';

test('entries come back by buffer and time, merged across buffers in order', () => {
  const clock = new PhoneClock({ frozenAt: 1_000 });
  const log = createLogcat(clock);
  log.append({ pid: 1, tid: 1, priority: 'I', tag: 'A', message: 'first', buffer: 'main' });
  clock.advance(5);
  log.append({ pid: 2, tid: 2, priority: 'E', tag: 'B', message: 'second', buffer: 'system' });
  log.append({ pid: 3, tid: 3, priority: 'F', tag: 'C', message: 'third', buffer: 'crash', time: 1_002 });
  expect(log.entries().map((e) => e.message)).toEqual(['first', 'third', 'second']);
  expect(log.entries({ buffers: ['system'] }).map((e) => e.message)).toEqual(['second']);
  expect(log.entries({ since: 1_003 }).map((e) => e.message)).toEqual(['second']);
  log.clear(['main']);
  expect(log.entries().map((e) => e.message)).toEqual(['third', 'second']);
});

test('a full buffer drops its oldest entries and keeps the newest', () => {
  const log = createLogcat(new PhoneClock({ frozenAt: 0 }));
  const total = LOGCAT_CAPACITY.crash + 10;
  for (let i = 0; i < total; i++) log.append({ pid: 1, tid: 1, priority: 'E', tag: 'T', message: `m${i}`, buffer: 'crash' });
  const kept = log.entries({ buffers: ['crash'] });
  expect(kept).toHaveLength(LOGCAT_CAPACITY.crash);
  expect(kept[0].message).toBe('m10');
  expect(kept[kept.length - 1].message).toBe(`m${total - 1}`);
});

test('followers see new entries until they stop', () => {
  const log = createLogcat(new PhoneClock({ frozenAt: 0 }));
  const seen: string[] = [];
  const stop = log.follow((e) => seen.push(e.message));
  log.append({ pid: 1, tid: 1, priority: 'I', tag: 'T', message: 'a', buffer: 'main' });
  stop();
  log.append({ pid: 1, tid: 1, priority: 'I', tag: 'T', message: 'b', buffer: 'main' });
  expect(seen).toEqual(['a']);
});
