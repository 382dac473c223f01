// A newcomer's project in each setup people have: `npm init -y` (CommonJS) or an ES module, in
// TypeScript or JavaScript, installed with npm, pnpm or yarn, on Node 20, 22 or 24. Each installs the
// packed package, runs `mobiletest init`, and runs the examples it wrote, unedited, on the virtual phone
// (`--project android`: the scaffold's ios project doubles the run). One project runs both projects, the
// ios one on the virtual iPhone through the xcrun stand-in of the installed package.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PACKAGE_ROOT } from '../testing/project.js';
import { UserProject, type UserProjectOptions } from '../testing/user-project.js';

interface Results {
  run: { status: string; totals: { passed: number; failed: number }; agent: { steps: number; llm_calls: number } };
  tests: Array<{ title: string; file: string; project: string; status: string; steps: Array<{ primitive: string; agent?: { path: string | null } }> }>;
}

interface Cell extends UserProjectOptions {
  /** Runs the whole scaffold, android and ios; the others run `--project android` only. */
  both?: true;
  /** What else this project is used to check, once its examples passed. */
  also?: { title: string; check: (project: UserProject) => Promise<void> };
}

const EVERY_CONFIG = { title: 'every kind of config and entry loads', check: loadsEveryKind };
const TYPES = { title: "the config and specs type-check with the project's tsc", check: typeChecks };
const CELLS: Cell[] = [
  { manager: 'npm', moduleType: 'commonjs', language: 'typescript', also: TYPES },
  { manager: 'npm', moduleType: 'commonjs', language: 'javascript', also: EVERY_CONFIG },
  { manager: 'npm', moduleType: 'module', language: 'typescript', both: true, also: TYPES },
  { manager: 'npm', moduleType: 'module', language: 'javascript', also: EVERY_CONFIG },
  { manager: 'pnpm', moduleType: 'commonjs', language: 'typescript' },
  { manager: 'yarn', moduleType: 'commonjs', language: 'javascript' },
  { manager: 'npm', moduleType: 'module', language: 'typescript', node: 'node22' },
  { manager: 'npm', moduleType: 'commonjs', language: 'javascript', node: 'node24', also: { title: 'Node 20.18 gets one line', check: tooOldNode } },
];

/** The examples `mobiletest init` writes: three TypeScript or JavaScript tests (one by goals) and two YAML tests (one by goals). */
const EXAMPLES = 5;
/** The scaffold's Playwright projects, one per platform. */
const PLATFORMS = ['android', 'ios'];

test.describe.configure({ mode: 'parallel', timeout: 420_000 });

let project: UserProject | undefined;
test.afterEach(async () => {
  await project?.remove();
  project = undefined;
});

for (const cell of CELLS) {
  const scope = cell.both ? 'on android and ios' : 'on android';
  test(`${UserProject.describe(cell)}: install, init, and the examples pass unedited ${scope}${cell.also ? `; ${cell.also.title}` : ''}`, async () => {
    project = await UserProject.create(cell);
    const installed = await project.install();
    expect(installed.exitCode, installed.output).toBe(0);
    // A user sees these as warnings or, with yarn, as a failed install.
    expect(installed.output).not.toMatch(/EBADENGINE|Unsupported engine|incompatible with this module/i);
    // This checkout's build, not one a package manager's cache kept from an earlier pack of the same version.
    for (const file of ['dist/runner/commands/init.js', 'dist/runner/index.js']) {
      expect(await project.read(`node_modules/mobiletest/${file}`), file).toBe(await readFile(path.join(PACKAGE_ROOT, file), 'utf8'));
    }

    const init = await project.mobiletest(['init', '--yes']);
    expect(init.exitCode, init.output).toBe(0);
    const ext = cell.language === 'typescript' ? 'ts' : 'js';
    for (const file of [`mobiletest.config.${ext}`, `tests/shop.test.${ext}`, 'tests/shop.test.yml', '.github/workflows/mobiletest.yml'])
      expect(init.stdout).toContain(`wrote    ${file}`);

    const platforms = cell.both ? PLATFORMS : ['android'];
    const count = EXAMPLES * platforms.length;
    const run = await project.mobiletest(cell.both ? ['test'] : ['test', '--project', 'android']);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.stdout).toContain(`${count} passed`);

    const results = await project.readJson<Results>('mobiletest-report/results.json');
    expect(results.run.status).toBe('passed');
    expect(results.run.totals).toMatchObject({ passed: count, failed: 0 });
    for (const platform of platforms) {
      const ran = results.tests.filter((t) => t.project === platform);
      expect(ran.map((t) => t.file).sort(), platform).toEqual([...Array(3).fill(`shop.test.${ext}`), 'shop.test.yml', 'shop.test.yml']);
    }
    // The agent steps ran, planned by the offline rules: no model, no cost.
    const byGoals = results.tests.filter((t) => /by goals/.test(t.title));
    expect(byGoals).toHaveLength(2 * platforms.length);
    for (const t of byGoals) expect(t.steps.filter((s) => s.agent).map((s) => s.agent?.path)).toEqual(['rules', 'rules']);
    expect(results.run.agent.llm_calls).toBe(0);

    const junit = await project.read('mobiletest-report/junit.xml');
    expect(junit).toMatch(new RegExp(`<testsuites name="mobiletest" tests="${count}" failures="0" errors="0"`));
    // With both projects run, each test's name starts with its project's.
    for (const platform of platforms) expect(junit).toContain(`name="${cell.both ? `[${platform}] ` : ''}alice signs in (YAML)"`);
    if (cell.both) await test.step('the xcrun stand-in runs the installed package', () => standInIsInstalled(project!));

    if (cell.also) await test.step(cell.also.title, () => cell.also!.check(project!));
  });
}

/** The xcrun that simctlPathDir() writes from an installed package runs that package's simctl CLI. */
async function standInIsInstalled(project: UserProject): Promise<void> {
  const printed = await project.node([
    '--input-type=module',
    '-e',
    "import { simctlPathDir } from 'mobiletest/sim'; import { readFileSync } from 'node:fs'; import path from 'node:path'; process.stdout.write(readFileSync(path.join(simctlPathDir(), 'xcrun'), 'utf8'))",
  ]);
  expect(printed.exitCode, printed.output).toBe(0);
  expect(printed.stdout).toContain(`'${project.path('node_modules', 'mobiletest', 'dist', 'src', 'sim', 'ios', 'simctl', 'cli.js')}'`);
}

const CONFIG_BODY = "defineConfig({ testDir: 'tests', use: { app: 'com.example.shop', dialogs: 'allow' } })";
/** The same config in each form a project may keep it in; `.js` takes the project's module type. */
function configs(moduleType: UserProjectOptions['moduleType']): Record<string, string> {
  const esm = `import { defineConfig } from 'mobiletest';\n\nexport default ${CONFIG_BODY};\n`;
  const cjs = `const { defineConfig } = require('mobiletest');\n\nmodule.exports = ${CONFIG_BODY};\n`;
  return {
    'mobiletest.config.ts': esm,
    'mobiletest.config.mjs': esm,
    'mobiletest.config.cjs': cjs,
    'mobiletest.config.js': moduleType === 'module' ? esm : cjs,
  };
}

/** Each config file kind loads the specs; both entries load through require() and through import. */
async function loadsEveryKind(project: UserProject): Promise<void> {
  const kinds = configs(project.options.moduleType);
  for (const [name, content] of Object.entries(kinds)) {
    for (const other of Object.keys(kinds)) await project.removeFile(other);
    await project.write(name, content);
    const listed = await project.mobiletest(['test', '--list']);
    expect(listed.exitCode, `${name}:\n${listed.output}`).toBe(0);
    expect(listed.stdout, name).toContain(`Total: ${EXAMPLES} tests in 2 files`);
  }
  const required = await project.node([
    '-e',
    "const m = require('mobiletest'); const s = require('mobiletest/sim'); console.log(typeof m.test, typeof m.defineConfig, typeof s.startSim)",
  ]);
  expect(required.stdout.trim(), required.output).toBe('function function function');
  const imported = await project.node([
    '--input-type=module',
    '-e',
    "import { test, defineConfig } from 'mobiletest'; import { startSim } from 'mobiletest/sim'; console.log(typeof test, typeof defineConfig, typeof startSim)",
  ]);
  expect(imported.stdout.trim(), imported.output).toBe('function function function');
}

/**
 * `tsc --init`'s config, then `tsc --noEmit`: mobiletest's types resolve through the package's exports.
 * In a CommonJS project tsc --init's verbatimModuleSyntax rejects any import in a .ts file (TS1295), the
 * project's own setting whatever it imports, so there it is turned off for the check.
 */
async function typeChecks(project: UserProject): Promise<void> {
  const init = await project.exec('tsc', ['--init']);
  expect(init.exitCode, init.output).toBe(0);
  const commonjs = project.options.moduleType === 'commonjs' ? ['--verbatimModuleSyntax', 'false'] : [];
  const checked = await project.exec('tsc', ['--noEmit', '-p', '.', ...commonjs]);
  expect(checked.exitCode, checked.output).toBe(0);
  // A spec that misuses the API must fail the check, or the check proves nothing.
  await project.write('tests/wrong.test.ts', "import { test } from 'mobiletest';\n\ntest('x', async ({ device }) => { await device.tap(42); });\n");
  const wrong = await project.exec('tsc', ['--noEmit', '-p', '.', ...commonjs]);
  expect(wrong.stdout).toContain('tests/wrong.test.ts');
  await project.removeFile('tests/wrong.test.ts');
}

/** On a Node without require() of ES modules, the CLI and require('mobiletest') each say which Node to use, in one line. */
async function tooOldNode(project: UserProject): Promise<void> {
  const run = await project.node([project.path('node_modules', 'mobiletest', 'dist', 'runner', 'cli.js'), 'test'], { node: 'tooOld' });
  expect(run.exitCode).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n'), run.stderr).toEqual([
    expect.stringMatching(/^mobiletest needs Node\.js 20\.19 or later on its line, or 22\.12 or later \(this is Node\.js 20\.18\.3\): upgrade Node\.js/),
  ]);
  const required = await project.node(['-e', "require('mobiletest')"], { node: 'tooOld' });
  expect(required.exitCode).toBe(1);
  expect(required.stderr).toContain('mobiletest needs Node.js 20.19 or later');
  expect(required.stderr).not.toMatch(/ERR_REQUIRE_ESM|^\s+at /m);
}
