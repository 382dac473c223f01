import { test, expect } from '@playwright/test';
import { parse } from 'yaml';
import { TempProject } from '../testing/project.js';

let project: TempProject;

// Each test runs the CLI (and Playwright under it) as child processes.
test.describe.configure({ timeout: 120_000 });

test.afterEach(async () => {
  await project?.remove();
});

const WRITTEN = ['mobiletest.config.ts', 'tests/shop.test.ts', 'tests/shop.test.yml', '.github/workflows/mobiletest.yml'];

test('init writes a config, TS and YAML specs and a sharded CI workflow, then says what to run', async () => {
  project = await TempProject.create({});
  const run = await project.mobiletest(['init', '--yes']);
  expect(run.exitCode).toBe(0);
  for (const file of WRITTEN) expect(run.stdout).toContain(`wrote    ${file}`);
  expect(run.stdout).toContain('npx mobiletest test');
  expect(await project.read('mobiletest.config.ts')).toContain("app: 'com.example.shop'");

  const workflow = parse(await project.read('.github/workflows/mobiletest.yml')) as { jobs: Record<string, { needs?: string[]; steps: Array<{ run?: string; uses?: string; with?: Record<string, unknown> }> }> };
  const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.map((step) => step.run ?? ''));
  expect(runs).toContain('npx mobiletest test --shard ${{ matrix.shard }}/${{ strategy.job-total }}');
  expect(runs).toContain('npx mobiletest merge-reports');
  expect(workflow.jobs['merge-reports'].needs).toEqual(['test']);
  expect(workflow.jobs.test.steps.find((step) => step.uses?.startsWith('actions/upload-artifact'))?.with?.path).toBe('mobiletest-report/blob');
});

test('a second init overwrites nothing and says which files it kept', async () => {
  project = await TempProject.create({ 'tests/shop.test.ts': '// mine\n' });
  const first = await project.mobiletest(['init']);
  expect(first.stdout).toContain('kept     tests/shop.test.ts (it exists; not overwritten)');
  expect(await project.read('tests/shop.test.ts')).toBe('// mine\n');
  await project.write({ 'mobiletest.config.ts': '// edited\n' });

  const second = await project.mobiletest(['init', '--yes']);
  expect(second.exitCode).toBe(0);
  for (const file of WRITTEN) expect(second.stdout).toContain(`kept     ${file}`);
  expect(second.stdout).toContain('Nothing written');
  expect(await project.read('mobiletest.config.ts')).toBe('// edited\n');
});
