import { expect, test } from '@playwright/test';
import { logsCommand, parseLogs, parseMark } from './logcat.js';

test('a mark is the device time to the millisecond, with or without nanoseconds from date', () => {
  expect(parseMark('2024-05-01 09:30:00.123456789\n')).toEqual({ deviceTime: '2024-05-01 09:30:00.123' });
  expect(parseMark('2024-05-01 09:30:00.%N\n')).toEqual({ deviceTime: '2024-05-01 09:30:00.000' });
  expect(parseMark('date: bad format')).toBeUndefined();
});

test('the logs command reads each buffer from the mark, quoted, or the last entries', () => {
  const since = logsCommand({ since: { deviceTime: '2024-05-01 09:30:00.123' }, limit: 10 });
  expect(since).toContain("logcat -d -v threadtime -v year -b crash -T '2024-05-01 09:30:00.123'");
  expect(since.match(/logcat /g)).toHaveLength(3);
  expect(logsCommand({ limit: 50 })).toContain('logcat -d -v threadtime -v year -b main -t 50');
});

test('entries of every buffer come back in time order, each line of one log call joined, and limited to the latest', () => {
  const output = [
    '__MOBILETEST_LOG_BUFFER__main',
    '--------- beginning of main',
    '2024-05-01 09:30:00.100  2030  2030 D ShopCoupon: Validating coupon CRASH',
    '2024-05-01 09:30:00.300  2030  2041 I chatty  : uid=10100 com.example.shop identical 2 lines',
    '2024-05-01 09:30:00.400  2030  2030 W Tag:With:Colons: message: with colons',
    '__MOBILETEST_LOG_BUFFER__system',
    '__MOBILETEST_LOG_BUFFER__crash',
    '--------- beginning of crash',
    '2024-05-01 09:30:00.200  2030  2030 E AndroidRuntime: FATAL EXCEPTION: main',
    '2024-05-01 09:30:00.200  2030  2030 E AndroidRuntime: Process: com.example.shop, PID: 2030',
    '2024-05-01 09:30:00.200  2030  2030 E AndroidRuntime: \tat com.example.shop.Cart.apply(Cart.java:42)',
    '',
  ].join('\n');
  const entries = parseLogs(output, 100);
  expect(entries.map((e) => [e.time.slice(-3), e.buffer, e.tag])).toEqual([
    ['100', 'main', 'ShopCoupon'],
    ['200', 'crash', 'AndroidRuntime'],
    ['300', 'main', 'chatty'],
    ['400', 'main', 'Tag'],
  ]);
  expect(entries[1]).toEqual({
    time: '2024-05-01 09:30:00.200',
    pid: 2030,
    tid: 2030,
    priority: 'E',
    tag: 'AndroidRuntime',
    buffer: 'crash',
    message: 'FATAL EXCEPTION: main\nProcess: com.example.shop, PID: 2030\n\tat com.example.shop.Cart.apply(Cart.java:42)',
  });
  expect(parseLogs(output, 2).map((e) => e.tag)).toEqual(['chatty', 'Tag']);
});
