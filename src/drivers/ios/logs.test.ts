import { expect, test } from '@playwright/test';
import { logShowArgs, markAt, parseLogShow } from './logs.js';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({
    traceID: 1,
    eventType: 'logEvent',
    messageType: 'Default',
    processID: 4242,
    threadID: 99,
    processImagePath: '/Users/me/Library/Developer/CoreSimulator/Devices/X/data/Containers/Bundle/Application/Y/Shop.app/Shop',
    subsystem: '',
    category: '',
    timestamp: '2026-12-03 15:20:01.123456+0000',
    eventMessage: 'hello',
    ...fields,
  });

test("a mark is local time to the millisecond, and log show starts at the mark's second", () => {
  const mark = markAt(new Date(2026, 11, 3, 15, 20, 1, 7));
  expect(mark).toEqual({ deviceTime: '2026-12-03 15:20:01.007' });
  expect(logShowArgs(mark)).toEqual(['log', 'show', '--style', 'ndjson', '--start', '2026-12-03 15:20:01']);
  expect(logShowArgs(undefined)).toEqual(['log', 'show', '--style', 'ndjson', '--last', '5m']);
});

test('ndjson events become entries with level, process or subsystem tag, and crash or system buffers; other lines are skipped', () => {
  const output = [
    'Filtering the log data using "..."',
    line({ eventMessage: 'cart loaded' }),
    line({ messageType: 'Error', subsystem: 'com.example.shop', category: 'network', eventMessage: 'request failed' }),
    line({ messageType: 'Fault', eventMessage: "*** Terminating app due to uncaught exception 'NSRangeException'" }),
    line({
      messageType: 'Info',
      processImagePath: '/Library/Developer/CoreSimulator/Volumes/iOS/RuntimeRoot/System/Library/CoreServices/SpringBoard.app/SpringBoard',
      eventMessage: 'sb',
    }),
    '{"count":4,"finished":1}',
  ].join('\n');
  const entries = parseLogShow(output, { limit: 10 });
  expect(entries.map((e) => [e.priority, e.tag, e.buffer, e.message])).toEqual([
    ['I', 'Shop', 'main', 'cart loaded'],
    ['E', 'com.example.shop:network', 'main', 'request failed'],
    ['F', 'Shop', 'crash', "*** Terminating app due to uncaught exception 'NSRangeException'"],
    ['I', 'SpringBoard', 'system', 'sb'],
  ]);
  expect(entries[0]).toMatchObject({ time: '2026-12-03 15:20:01.123', pid: 4242, tid: 99 });
});

test('entries before the mark are dropped and only the newest `limit` are kept', () => {
  const output = ['15:20:00.900', '15:20:01.100', '15:20:01.500', '15:20:02.000']
    .map((time, i) => line({ timestamp: `2026-12-03 ${time}000+0000`, eventMessage: `m${i}` }))
    .join('\n');
  const since = { deviceTime: '2026-12-03 15:20:01.100' };
  expect(parseLogShow(output, { since, limit: 10 }).map((e) => e.message)).toEqual(['m1', 'm2', 'm3']);
  expect(parseLogShow(output, { since, limit: 2 }).map((e) => e.message)).toEqual(['m2', 'm3']);
});
