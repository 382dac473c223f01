// A sharded run on the virtual phone, merged into one HTML report: each shard's blob report carries
// the files beside its tests' events logs (screenshots, prompts and answers), so the merged viewer
// shows them even once the machines' test-results/ are gone.
import { test, expect } from '@playwright/test';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { startModel } from '../../src/agent/testing/model-server.js';
import { SHOP_JOURNEY, shopPlanner } from '../../src/agent/testing/shop-model.js';
import type { ProviderServer } from '../../src/llm/testing/providers/index.js';
import { picturesOf, readReportTests } from '../testing/html-report.js';
import { TempProject } from '../testing/project.js';

const CONFIG = `import { defineConfig } from 'mobiletest';
export default defineConfig({ testDir: 'specs', workers: 1, use: { app: 'com.example.shop', device: 'sim' } });
`;

// Two files, so each of the two shards runs one.
const AGENT_SPEC = `import { test } from 'mobiletest';

test('alice puts headphones in her cart, by a goal', async ({ device }) => {
  await device.ai.step(${JSON.stringify(SHOP_JOURNEY)});
});
`;

const SHOP_SPEC = `import { test, expect } from 'mobiletest';

test('alice logs in', async ({ device }) => {
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', 'pass123', { secret: true });
  await device.tap('Log in');
});

test('a checkout button shows (fails on purpose)', async ({ device }) => {
  await device.tap('Email');
  await expect(device.find('Checkout now')).toBeVisible({ timeout: 500 });
});
`;

const API_KEY = 'sk-merge-KEY-0a1b2c3d4e5f';

let project: TempProject | undefined;
let server: ProviderServer | undefined;
test.afterAll(async () => {
  await project?.remove();
  await server?.close();
});

test('two shards with frames on merge into one HTML report whose tests show their screenshots and the model prompts', async () => {
  test.setTimeout(400_000);
  server = await startModel('openai', shopPlanner());
  project = await TempProject.create({ 'mobiletest.config.ts': CONFIG, 'specs/agent.test.ts': AGENT_SPEC, 'specs/shop.test.ts': SHOP_SPEC });
  const env = {
    MOBILETEST_LLM_PROVIDER: 'openai',
    MOBILETEST_LLM_BASE_URL: `${server.url}/v1`,
    MOBILETEST_LLM_MODEL: 'scripted-model',
    MOBILETEST_LLM_API_KEY: API_KEY,
  };
  for (const shard of [1, 2]) {
    // Each shard as on its own CI machine: its own report folder; its test-results/ is not kept.
    const run = await project.mobiletest(['test', '--shard', `${shard}/2`, '--cache=off', '--output', 'list'], {
      env: { ...env, MOBILETEST_REPORT_DIR: `machine-${shard}` },
    });
    expect(run.exitCode === 0 || run.exitCode === 1, run.output).toBe(true);
    // The carried files stay out of what a person reads at the end of a run.
    expect(run.output).not.toContain('_mobiletest-trace');
    await rm(project.path(`machine-${shard}`, 'test-results'), { recursive: true, force: true });
  }
  expect(server.requests.length).toBeGreaterThan(0);

  const merge = await project.mobiletest(['merge-reports', 'machine-1/blob', 'machine-2/blob', '--output', 'html,json'], {
    env: { ...env, MOBILETEST_REPORT_DIR: 'merged' },
  });
  expect(merge.exitCode, merge.output).toBe(0);
  expect(merge.stdout).toContain('HTML report: merged/html/index.html');
  const html = project.path('merged', 'html');
  const tests = await readReportTests(html);
  expect(tests.map((data) => data.title).sort()).toEqual([
    'a checkout button shows (fails on purpose)',
    'alice logs in',
    'alice puts headphones in her cart, by a goal',
  ]);

  for (const data of tests) {
    const pictures = picturesOf(data);
    expect(pictures.length, data.title).toBeGreaterThan(1);
    for (const src of pictures) {
      const bytes = await readFile(path.join(html, src));
      // Real pictures: a WebP frame (RIFF....WEBP) or the PNG taken at the failure.
      expect(bytes.subarray(8, 12).toString('latin1') === 'WEBP' || bytes.subarray(1, 4).toString('latin1') === 'PNG', `${data.title}: ${src}`).toBe(true);
    }
  }
  const failed = tests.find((data) => data.status === 'failed');
  expect(failed?.trace.images.map((image) => image.src)).toEqual([expect.stringMatching(/^frames\/[0-9a-f]+\.png$/)]);

  const agent = tests.find((data) => data.title.includes('by a goal'));
  const calls = (agent?.details ?? []).flatMap((detail) => detail.llm);
  expect(calls.length).toBeGreaterThan(0);
  expect(calls[0].prompt).toContain('headphones');
  expect(calls[0].answer).toContain('actions');

  // Neither the typed password nor the API key reached the merged report.
  for (const data of tests) expect(data.text, data.title).not.toMatch(/pass123|sk-merge-KEY/);
  expect(await readFile(path.join(html, 'data', 'run.js'), 'utf8')).not.toMatch(/pass123|sk-merge-KEY/);
});
