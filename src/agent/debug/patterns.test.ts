import { expect, test } from '@playwright/test';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActionResult } from '../../primitives/index.js';
import { patternKey } from './pattern-key.js';
import { FailurePatterns, MAX_LEARNED_PATTERNS } from './patterns.js';
import { FailurePatternsFileError } from './patterns-file-error.js';

// Failures seen before answer from the library instead of the model, across runs through the JSON file.
const folder = () => mkdtemp(join(tmpdir(), 'mobiletest-patterns-'));
function failed(name: string, message: string): ActionResult {
  return {
    actionId: 'a1',
    primitive: 'tap',
    verdict: 'FAIL',
    failure: { name, message, category: 'execution' },
    candidates: [],
    timings: { total_ms: 1, device_ms: 1, harness_ms: 0 },
  };
}
const stillShown = (button: string, title: string, pkg: string) =>
  failed('DialogStillShown', `Pressed "${button}" on "${title}" (${pkg}; buttons "${button}", "Later"), but the dialog is still shown.`);
const DECISION = { category: 'product', decision: 'stop', reason: 'The app re-opens its own rating dialog; a defect in the app.' } as const;

test('the key masks refs, numbers, quoted labels and package names, so another instance of a failure matches', () => {
  const a = patternKey({
    name: 'NotRotated',
    message: 'Asked for landscape, but the screen is turned 90°. Tap e12 "Rotate" on com.example.shop/.MainActivity.',
  });
  const b = patternKey({ name: 'NotRotated', message: 'Asked for landscape, but the screen is turned 270°. Tap e3 "Turn" on org.demo.app/.Settings.' });
  expect(a).toBe(b);
  expect(a).toBe('NotRotated: Asked for landscape, but the screen is turned #°. Tap e# "…" on <pkg>.');
  expect(patternKey({ name: 'TextMismatch', message: 'Asked for landscape, but the screen is turned 90°.' })).not.toBe(a);
});

test('a remembered model decision is found again for the same failure with other labels, after a flush and a reopen', async () => {
  const file = join(await folder(), 'nested', 'patterns.json');
  const first = await FailurePatterns.open(file);
  expect(first.lookup(stillShown('Rate', 'Enjoying Shop?', 'com.example.shop'))).toBeUndefined();
  expect(first.remember(stillShown('Rate', 'Enjoying Shop?', 'com.example.shop'), DECISION)).toBe(true);
  await first.flush();

  const again = await FailurePatterns.open(file);
  const found = again.lookup(stillShown('OK', 'Rate Notes', 'com.example.notes'));
  expect(found).toMatchObject({ ...DECISION, pattern: 'DialogStillShown: Pressed "…" on "…" (<pkg>; buttons "…", "…"), but the dialog is still shown.' });
  expect(found?.evidence[0]).toContain('failure: DialogStillShown');
  expect(found?.evidence.at(-1)).toMatch(/^pattern: learned, seen 1 time before, last on \d{4}-/);
  expect(again.lookup(failed('DialogStillShown', 'Pressed back, but the keyboard is still shown.'))).toBeUndefined();
  // Only the file remains in the folder: the write went through a temporary file that was renamed.
  expect(await readdir(join(file, '..'))).toEqual(['patterns.json']);
});

test('the rule table answers its own failures with no file, and its decisions are not stored', async () => {
  const file = join(await folder(), 'patterns.json');
  const patterns = await FailurePatterns.open(file);
  const missing = failed('TargetNotFound', 'No element matches "Pay"; closest: "Pay now" (button e7)');
  const known = patterns.lookup(missing);
  expect(known).toMatchObject({ category: 'locator', decision: 'replan', pattern: 'target-not-found' });
  expect(patterns.remember(missing, known!)).toBe(false);
  await patterns.flush();
  await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
});

test('a corrupt or foreign file is a clear error naming the file', async () => {
  const dir = await folder();
  const broken = join(dir, 'broken.json');
  await writeFile(broken, '{"version": 1, "patterns": [');
  const error = await FailurePatterns.open(broken).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FailurePatternsFileError);
  expect((error as Error).message).toContain(`The failure pattern file ${broken} is not JSON`);
  expect((error as Error).message).toContain('delete it to start over');

  const foreign = join(dir, 'foreign.json');
  await writeFile(
    foreign,
    JSON.stringify({ version: 1, patterns: [{ key: 'X: y', category: 'weather', decision: 'stop', reason: '', seen: 1, last_seen: '' }] }),
  );
  await expect(FailurePatterns.open(foreign)).rejects.toThrow(`The failure pattern file ${foreign} is not a pattern file: patterns.0.category`);
});

test('a repeated failure counts its sightings, and the library keeps only the most recently seen patterns', async () => {
  const file = join(await folder(), 'patterns.json');
  const patterns = await FailurePatterns.open(file);
  patterns.remember(stillShown('Rate', 'Enjoying Shop?', 'com.example.shop'), DECISION);
  patterns.remember(stillShown('OK', 'Rate Notes', 'com.example.notes'), DECISION);
  expect(patterns.entries()).toHaveLength(1);
  expect(patterns.entries()[0].seen).toBe(2);

  // Names are not masked, so each of these is a pattern of its own.
  for (let i = 0; i < MAX_LEARNED_PATTERNS; i++) patterns.remember(failed(`Odd${i}`, 'something odd'), DECISION);
  await patterns.flush();
  const kept = (await FailurePatterns.open(file)).entries();
  expect(kept).toHaveLength(MAX_LEARNED_PATTERNS);
  // The dialog pattern was seen least recently, so it went first.
  expect(kept.some((p) => p.key.startsWith('DialogStillShown'))).toBe(false);
});
