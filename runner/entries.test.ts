// The package's entries load from CommonJS (require) and ES modules (import) alike: nothing that
// `mobiletest` or `mobiletest/sim` imports may use top-level await, which require() cannot load.
import { expect, test } from '@playwright/test';
import { PACKAGE_ROOT, run } from './testing/project.js';

const ENTRIES = ['mobiletest', 'mobiletest/sim'];

test('require() loads every entry of the built package, with no top-level await in its graph', async () => {
  const script = ENTRIES.map((entry) => `console.log(${JSON.stringify(entry)}, Object.keys(require(${JSON.stringify(entry)})).length)`).join(';');
  const loaded = await run(process.execPath, ['--experimental-print-required-tla', '-e', script], { cwd: PACKAGE_ROOT });
  expect(loaded.exitCode, loaded.output).toBe(0);
  for (const entry of ENTRIES) expect(loaded.stdout).toMatch(new RegExp(`^${entry} [1-9]\\d*$`, 'm'));
});

test('import loads every entry, with the same exports as require()', async () => {
  const script = `const r = (await import('node:module')).createRequire(process.cwd() + '/'); for (const e of ${JSON.stringify(ENTRIES)}) { const m = await import(e); console.log(e, Object.keys(m).sort().join() === Object.keys(r(e)).sort().join()); }`;
  const loaded = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: PACKAGE_ROOT });
  expect(loaded.exitCode, loaded.output).toBe(0);
  for (const entry of ENTRIES) expect(loaded.stdout).toContain(`${entry} true`);
});
