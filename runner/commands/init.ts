// `mobiletest init`: scaffolds a project from templates/init/ in the project's own form (TypeScript,
// or JavaScript as ES module or CommonJS; its package manager), without ever overwriting a file.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { planInit, type InitPlan } from './init/plan.js';
import { inspectProject, type ProjectFacts } from './init/project.js';

export const INIT_USAGE = `Usage: mobiletest init [--yes]

Writes into the current folder, in the project's own form, never overwriting a file that exists:
  mobiletest.config.ts or .js          the config: app under test, dialog policy, spec folder, and
                                       two projects: android and ios (virtual phone and iPhone by default)
  tests/shop.test.ts or .js            an example spec for the Shop sample app (virtual phone and iPhone)
  tests/shop.test.yml                  the same as a YAML checklist
  .github/workflows/mobiletest.yml     GitHub Actions: sharded runs and a job merging their reports

The form follows the project:
  TypeScript (typescript in package.json, a tsconfig.json or a playwright.config.ts): .ts files
    with import/export
  JavaScript, "type": "module" in package.json: .js files with import/export
  JavaScript otherwise (CommonJS): .js files with require() and module.exports
A playwright.config.* is left alone, and so is a tests/ folder holding other tests: the examples
then go into mobile-tests/. An existing mobiletest.config.* is kept, and its testDir is where the
examples go. The workflow and the commands printed use the project's package manager
(packageManager in package.json, else its lockfile: npm, pnpm, Yarn; npm when there is none).

Options:
  --yes    do not ask before writing (asked only when the terminal is interactive)`;

async function confirm(cwd: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(`Write a mobiletest config, example specs and a CI workflow into ${cwd}? [Y/n] `);
    return !/^n/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** The lines after the file list: what was left alone, and which command uses which config. */
function coexistenceNotes(cwd: string, facts: ProjectFacts, plan: InitPlan): string[] {
  const testsKept = plan.specDir !== 'tests' && existsSync(path.join(cwd, 'tests'));
  const untouched = [plan.playwrightConfig, testsKept ? 'tests/' : undefined].filter((name) => name !== undefined);
  if (untouched.length === 0) return [];
  const exec = facts.packageManager.manager.exec;
  const commands = [[`${exec} mobiletest test`, `uses ${plan.config}, which runs the specs in ${plan.specDir}/`]];
  if (plan.playwrightConfig) commands.push([`${exec} playwright test`, `still uses ${plan.playwrightConfig}`]);
  const width = Math.max(...commands.map(([command]) => command.length)) + 2;
  const notes = [
    `\nLeft as they were: ${untouched.join(' and ')}; the examples are in ${plan.specDir}/.`,
    ...commands.map(([command, what]) => `  ${command.padEnd(width)}${what}`),
  ];
  if (plan.playwrightPicksUp) {
    notes.push(
      `Note: ${plan.playwrightPicksUp}, so \`${exec} playwright test\` would also run ${plan.codeSpec}.`,
      `  To keep it to your own tests, add  testIgnore: '**/${plan.specDir}/**'  to ${plan.playwrightConfig} (or give it a testDir).`,
    );
  }
  return notes;
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
  const facts = inspectProject(cwd);
  const plan = planInit(cwd, facts);
  const { manager, reason } = facts.packageManager;
  const packageKind = plan.form.extension === 'ts' ? `, in ${facts.moduleType === 'module' ? 'an ES-module' : 'a CommonJS'} package` : '';
  console.log(`Project: ${plan.form.label}${packageKind}, installed with ${manager.label} (${reason})\n`);
  // Everything is rendered before anything is written, so a template defect leaves the folder as it was.
  const contents = new Map(plan.files.filter((file) => !file.exists).map((file) => [file, file.render()]));
  for (const file of plan.files) {
    const content = contents.get(file);
    if (content === undefined) {
      console.log(`  kept     ${file.target} (it exists; not overwritten)`);
      continue;
    }
    const target = path.join(cwd, file.target);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content, { flag: 'wx' });
    console.log(`  wrote    ${file.target} (${file.what})`);
  }
  const written = contents.size;
  console.log(written === 0 ? '\nNothing written: every file was already there.' : `\nWrote ${written} file${written === 1 ? '' : 's'}.`);
  for (const line of coexistenceNotes(cwd, facts, plan)) console.log(line);
  console.log('\nNext:');
  if (facts.missing.length > 0) console.log(`  ${manager.addDev} ${facts.missing.join(' ')}`);
  console.log(
    `  ${manager.exec} mobiletest test        # runs ${plan.specDir}/ on the virtual phone and the virtual iPhone, or on connected devices with --device`,
  );
  console.log(`  ${manager.exec} mobiletest test --project android   # one platform only`);
  return 0;
}
