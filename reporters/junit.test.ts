import { test, expect } from '@playwright/test';
import { stepLine } from './junit.js';
import type { StepRecord } from './results/model.js';

const step = (fields: Partial<StepRecord>): StepRecord => ({
  primitive: 'tap', target: null, detail: null, status: 'OK', duration_ms: 120, device_ms: 100, location: 'specs/shop.test.ts:9', source: 'script', ...fields,
});

test('a step reads as one line: mark, primitive, target or what it acted with, time, and where a failure happened', () => {
  expect(stepLine(step({ target: 'Log in' }))).toBe('✓ tap "Log in" 120 ms');
  expect(stepLine(step({ primitive: 'handle_dialog', detail: 'accept', duration_ms: 15 }))).toBe('✓ handle_dialog accept 15 ms');
  expect(stepLine(step({ primitive: 'hide_keyboard' }))).toBe('✓ hide_keyboard 120 ms');
  expect(stepLine(step({ target: 'Checkout', status: 'FAIL', duration_ms: 5004 }))).toBe('✗ tap "Checkout" 5004 ms (FAIL at specs/shop.test.ts:9)');
  expect(stepLine(step({ target: 'Spinner', primitive: 'wait_for', status: 'UNFINISHED', location: null }))).toBe('✗ wait_for "Spinner" 120 ms (did not finish)');
});
