import { test, expect } from '@playwright/test';
import { UsageError } from '../errors.js';
import { parseTestArgs } from './test-args.js';

test("Playwright's options keep their values; words left over are spec paths", () => {
  const args = parseTestArgs([
    'tests/a.test.ts',
    '--retries',
    '2',
    '--project',
    'phone',
    '--list',
    '-x',
    '--timeout=5000',
    'tests/b.test.yml',
    '-u',
    'all',
    '--shuffle',
  ]);
  expect(args.positionals).toEqual(['tests/a.test.ts', 'tests/b.test.yml']);
  expect(args.passThrough).toEqual(['--retries', '2', '--project', 'phone', '--list', '-x', '--timeout', '5000', '-u', 'all', '--shuffle']);
});

test("mobiletest's own options are read in both spellings, and checked", () => {
  const args = parseTestArgs([
    '--device=emulator-5554, 127.0.0.1:5555',
    '-j',
    '50%',
    '--shard',
    '2/3',
    '--output',
    'junit,json,junit',
    '-g',
    'log ?in',
    '-c',
    'ci.config.ts',
  ]);
  expect(args).toMatchObject({
    device: 'emulator-5554,127.0.0.1:5555',
    workers: '50%',
    shard: { current: 2, total: 3 },
    output: ['junit', 'json'],
    grep: 'log ?in',
    config: 'ci.config.ts',
  });
  expect(args.passThrough).toEqual([]);
});

test('a missing value or a bad one is a usage error saying what to write', () => {
  expect(() => parseTestArgs(['--device'])).toThrow(new UsageError('--device needs a value.'));
  expect(() => parseTestArgs(['--retries', '--list'])).toThrow('--retries needs a value.');
  expect(() => parseTestArgs(['--shard', '0/2'])).toThrow('write it as i/n with 1 <= i <= n');
  expect(() => parseTestArgs(['--workers', '0'])).toThrow('a number of workers >= 1');
  expect(() => parseTestArgs(['--grep', '(unclosed'])).toThrow('is not a regular expression');
  expect(() => parseTestArgs(['--output', 'pdf'])).toThrow('unknown output "pdf"');
});

test('--cache takes a plan cache mode in both spellings; another word is a usage error listing the modes', () => {
  expect(parseTestArgs(['--cache=read-only']).cache).toBe('read-only');
  expect(parseTestArgs(['--cache', 'refresh', 'specs/a.test.ts'])).toMatchObject({ cache: 'refresh', positionals: ['specs/a.test.ts'], passThrough: [] });
  expect(parseTestArgs(['--cache', 'off']).cache).toBe('off');
  expect(parseTestArgs([]).cache).toBeUndefined();
  expect(() => parseTestArgs(['--cache', 'readonly'])).toThrow(
    new UsageError(
      '--cache "readonly" is not a cache mode. Use read-write (replay cached plans, record new ones), read-only (replay, never write: the CI default), refresh (plan afresh and overwrite) or off (no cache).',
    ),
  );
  expect(() => parseTestArgs(['--cache'])).toThrow('--cache needs a value.');
});

test('after --, every word is a path or filter, even one starting with a dash', () => {
  expect(parseTestArgs(['--list', '--', '-odd-name.test.ts']).positionals).toEqual(['-odd-name.test.ts']);
});
