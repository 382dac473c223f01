import { test, expect } from '@playwright/test';
import { PhoneClock } from './clock.js';

test('a frozen clock fires timers only when advanced, in order', () => {
  const clock = new PhoneClock({ frozenAt: 1_700_000_000_000 });
  const fired: string[] = [];
  clock.setTimeout(() => fired.push('b'), 200);
  clock.setTimeout(() => fired.push('a'), 100);
  const cancel = clock.setTimeout(() => fired.push('never'), 150);
  cancel();
  expect(clock.now()).toBe(1_700_000_000_000);
  clock.advance(99);
  expect(fired).toEqual([]);
  clock.advance(200);
  expect(fired).toEqual(['a', 'b']);
  expect(clock.now()).toBe(1_700_000_000_299);
});
