import { expect, test } from '@playwright/test';
import { mkdir, mkdtemp, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFileFor, cacheKey, PlanCache, PlanCacheError, type CacheEntry, type GoalEntry } from './index.js';

async function tempFile(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'mobiletest-cache-')), '__mobiletest__', 'shop.test.ts.cache.json');
}

function goal(text: string, target = 'Log in'): GoalEntry {
  return {
    kind: 'step',
    text,
    app: 'com.example.shop',
    recorded_at: '2026-01-02T03:04:05.000Z',
    steps: [{ call: { name: 'tap', params: { target, expected: { visible: 'Hi, Alice' } } }, signature: 'sig-login' }],
  };
}

const check: CacheEntry = {
  kind: 'expect',
  text: 'the cart shows 1 item',
  content_key: 'ck',
  signature: 'sig-cart',
  answer: { pass: true, items: 1 },
  recorded_at: '2026-01-02T03:04:05.000Z',
};

test('the cache file sits beside the spec and keys read as the test and its call', () => {
  expect(cacheFileFor('/repo/e2e/shop.test.ts')).toBe('/repo/e2e/__mobiletest__/shop.test.ts.cache.json');
  expect(cacheKey({ titlePath: ['shop.test.ts', '', 'logs in'], call: 'step', text: 'log in as\n  alice', occurrence: 1 })).toBe(
    'shop.test.ts › logs in › step: log in as alice #1',
  );
});

test('entries written are read back the same, in a stable pretty layout whatever order they were put in', async () => {
  const file = await tempFile();
  const a = await PlanCache.open({ file, mode: 'read-write' });
  a.put('b › step: log in #1', goal('log in'));
  a.put('a › expect: the cart shows 1 item #1', check);
  await a.flush();
  const first = await readFile(file, 'utf8');

  const b = await PlanCache.open({ file, mode: 'read-write' });
  expect(b.get('b › step: log in #1')).toEqual(goal('log in'));
  expect(b.get('a › expect: the cart shows 1 item #1')).toEqual(check);
  const c = await PlanCache.open({ file: await tempFile(), mode: 'read-write' });
  c.put('a › expect: the cart shows 1 item #1', check);
  c.put('b › step: log in #1', goal('log in'));
  await c.flush();
  expect(await readFile(c.file, 'utf8')).toBe(first);

  const lines = first.split('\n');
  expect(lines[0]).toBe('{');
  expect(lines[1]).toBe('  "version": 1,');
  expect(first.endsWith('}\n')).toBe(true);
  // Entries by key, fields in a fixed reading order.
  expect(first.indexOf('"a › expect')).toBeLessThan(first.indexOf('"b › step'));
  expect(first.indexOf('"kind": "step"')).toBeLessThan(first.indexOf('"steps"'));
  expect(first.indexOf('"name": "tap"')).toBeLessThan(first.indexOf('"params"'));
  expect(first).not.toContain('.tmp');
  expect((await readdir(join(file, '..'))).sort()).toEqual(['shop.test.ts.cache.json']);
});

test('flush writes nothing when nothing was put', async () => {
  const file = await tempFile();
  const cache = await PlanCache.open({ file, mode: 'read-write' });
  await cache.flush();
  await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
});

test('read-only replays but never writes; refresh ignores old entries but writes; off does neither', async () => {
  const file = await tempFile();
  const seed = await PlanCache.open({ file, mode: 'read-write' });
  seed.put('old', goal('log in'));
  await seed.flush();
  const before = await readFile(file, 'utf8');

  const readOnly = await PlanCache.open({ file, mode: 'read-only' });
  expect(readOnly.get('old')).toEqual(goal('log in'));
  readOnly.put('new', goal('search'));
  expect(readOnly.get('new')).toBeUndefined();
  await readOnly.flush();
  expect(await readFile(file, 'utf8')).toBe(before);

  const off = await PlanCache.open({ file, mode: 'off' });
  expect(off.get('old')).toBeUndefined();
  off.put('new', goal('search'));
  await off.flush();
  expect(await readFile(file, 'utf8')).toBe(before);

  const refresh = await PlanCache.open({ file, mode: 'refresh' });
  expect(refresh.get('old')).toBeUndefined();
  refresh.put('old', goal('log in', 'Sign in'));
  expect(refresh.get('old')).toBeUndefined();
  await refresh.flush();
  const after = await PlanCache.open({ file, mode: 'read-write' });
  expect(after.get('old')).toEqual(goal('log in', 'Sign in'));
});

test('two workers flushing the same cache at once keep both their entries', async () => {
  const file = await tempFile();
  const seed = await PlanCache.open({ file, mode: 'read-write' });
  seed.put('shared', goal('seeded'));
  await seed.flush();
  const workers = await Promise.all(Array.from({ length: 6 }, () => PlanCache.open({ file, mode: 'read-write' })));
  workers.forEach((w, i) => w.put(`worker ${i}`, goal(`goal ${i}`)));
  await Promise.all(workers.map((w) => w.flush()));
  const merged = await PlanCache.open({ file, mode: 'read-write' });
  for (let i = 0; i < workers.length; i++) expect(merged.get(`worker ${i}`)).toEqual(goal(`goal ${i}`));
  expect(merged.get('shared')).toEqual(goal('seeded'));
  expect((await readdir(join(file, '..'))).sort()).toEqual(['shop.test.ts.cache.json']);
});

test('a lock left by a worker that died is broken once stale', async () => {
  const file = await tempFile();
  const cache = await PlanCache.open({ file, mode: 'read-write' });
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(`${file}.lock`, '4242\n');
  const old = new Date(Date.now() - 60_000);
  await utimes(`${file}.lock`, old, old);
  cache.put('k', goal('log in'));
  await cache.flush();
  expect((await PlanCache.open({ file, mode: 'read-only' })).get('k')).toEqual(goal('log in'));
});

test('a corrupt or unknown-version file names the file and says how to recover; refresh records over it', async () => {
  const file = await tempFile();
  const cache = await PlanCache.open({ file, mode: 'read-write' });
  cache.put('k', goal('log in'));
  await cache.flush();
  await writeFile(file, '{ "version": 1, "entries": { "k": ');
  const corrupt = await PlanCache.open({ file, mode: 'read-only' }).catch((e: unknown) => e);
  expect(corrupt).toBeInstanceOf(PlanCacheError);
  expect((corrupt as Error).name).toBe('PlanCacheError');
  expect((corrupt as Error).message).toContain(`The plan cache ${file} is not valid JSON`);
  expect((corrupt as Error).message).toContain('--cache=refresh');
  expect((corrupt as Error).message).toContain(`Delete ${file}`);

  await writeFile(file, JSON.stringify({ version: 7, entries: {} }));
  await expect(PlanCache.open({ file, mode: 'read-write' })).rejects.toThrow(
    `The plan cache ${file} has version 7; this mobiletest reads version 1. Delete ${file}`,
  );

  await writeFile(file, JSON.stringify({ version: 1, entries: { k: { kind: 'step', text: 'x', steps: [{ call: {} }] } } }));
  await expect(PlanCache.open({ file, mode: 'read-write' })).rejects.toThrow('has a broken entry "k": step 1 lacks a call or a signature');
  await writeFile(file, JSON.stringify({ version: 1, entries: { q: { kind: 'query', text: 'the total', signature: 's', answer: 1, recorded_at: 'now' } } }));
  await expect(PlanCache.open({ file, mode: 'read-write' })).rejects.toThrow(
    `The plan cache ${file} has a broken entry "q": content_key: Invalid input: expected string, received undefined. Delete ${file}`,
  );
  await writeFile(file, JSON.stringify({ version: 1, entries: { k: { kind: 'tap', text: 'x' } } }));
  await expect(PlanCache.open({ file, mode: 'read-write' })).rejects.toThrow('has a broken entry "k": kind: "tap" is not one of step, expect, query, wait_for');
  await writeFile(
    file,
    JSON.stringify({
      version: 1,
      entries: { k: { kind: 'step', text: 'x', steps: [{ call: { name: 'tap', params: {} }, signature: 's', secret: -1 }], recorded_at: 'now' } },
    }),
  );
  await expect(PlanCache.open({ file, mode: 'read-write' })).rejects.toThrow(
    'has a broken entry "k": step 1 has a "secret" that is not a slot number (0 or more)',
  );

  const refresh = await PlanCache.open({ file, mode: 'refresh' });
  refresh.put('k', goal('log in'));
  await refresh.flush();
  expect((await PlanCache.open({ file, mode: 'read-only' })).get('k')).toEqual(goal('log in'));
});
