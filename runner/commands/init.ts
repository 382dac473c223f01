// `mobiletest init`: scaffolds a project from templates/init/ without ever overwriting a file.
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../errors.js';

export const INIT_USAGE = `Usage: mobiletest init [--yes]

Writes into the current folder, never overwriting a file that exists:
  mobiletest.config.ts                 the config: app under test, dialog policy, spec folder
  tests/shop.test.ts                   an example spec in TypeScript, for the virtual phone's Shop app
  tests/shop.test.yml                  the same as a YAML checklist
  .github/workflows/mobiletest.yml     GitHub Actions: sharded runs and a job merging their reports

Options:
  --yes    do not ask before writing (asked only when the terminal is interactive)`;

/** templates/init/ in the package (this file runs from dist/runner/commands/). */
const TEMPLATES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'templates', 'init');

/** Each template and where it goes; `github/` is stored without its dot so packaging keeps it. */
const FILES: Array<{ template: string; target: string; what: string }> = [
  { template: 'mobiletest.config.ts', target: 'mobiletest.config.ts', what: 'the config' },
  { template: 'tests/shop.test.ts', target: 'tests/shop.test.ts', what: 'an example spec in TypeScript' },
  { template: 'tests/shop.test.yml', target: 'tests/shop.test.yml', what: 'an example spec in YAML' },
  { template: 'github/workflows/mobiletest.yml', target: '.github/workflows/mobiletest.yml', what: 'a GitHub Actions workflow with shards and a merge job' },
];

async function confirm(cwd: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(`Write a mobiletest config, example specs and a CI workflow into ${cwd}? [Y/n] `);
    return !/^n/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** What the user still has to install, read from the project's package.json. */
function missingPackages(cwd: string): string[] {
  const manifest = path.join(cwd, 'package.json');
  if (!existsSync(manifest)) return ['mobiletest', '@playwright/test'];
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
  const declared = { ...pkg.dependencies, ...pkg.devDependencies };
  return ['mobiletest', '@playwright/test'].filter((name) => !(name in declared));
}

export async function runInitCommand(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { yes: { type: 'boolean', short: 'y' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${INIT_USAGE}`);
  }
  if (values.help) {
    console.log(INIT_USAGE);
    return 0;
  }
  const cwd = process.cwd();
  if (!values.yes && process.stdin.isTTY && !(await confirm(cwd))) {
    console.log('Nothing written.');
    return 0;
  }
  let written = 0;
  for (const file of FILES) {
    const target = path.join(cwd, file.target);
    if (existsSync(target)) {
      console.log(`  kept     ${file.target} (it exists; not overwritten)`);
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(TEMPLATES, file.template), target);
    console.log(`  wrote    ${file.target} (${file.what})`);
    written++;
  }
  console.log(written === 0 ? '\nNothing written: every file was already there.' : `\nWrote ${written} file${written === 1 ? '' : 's'}.`);
  const missing = missingPackages(cwd);
  console.log('\nNext:');
  if (missing.length > 0) console.log(`  npm install -D ${missing.join(' ')}`);
  console.log('  npx mobiletest test        # runs tests/ on the virtual phone, or on a connected device with --device');
  return 0;
}
