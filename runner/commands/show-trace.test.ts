// `mobiletest show-trace` as a user runs it: on a trace a run on the virtual phone left in
// test-results/, it serves that test's report over real HTTP until Ctrl-C, then removes it.
import { test, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { MOBILETEST_CLI, TempProject } from '../testing/project.js';

const CONFIG = `import { defineConfig } from 'mobiletest';
export default defineConfig({ testDir: 'specs', workers: 1, use: { app: 'com.example.shop', device: 'sim' } });
`;

const SPEC = `import { test } from 'mobiletest';

test('alice logs in', async ({ device }) => {
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', 'pass123', { secret: true });
  await device.tap('Log in');
});
`;

let project: TempProject;
/** The one test's trace folder in mobiletest-report/test-results/. */
let traceDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  project = await TempProject.create({ 'mobiletest.config.ts': CONFIG, 'specs/login.test.ts': SPEC });
  const run = await project.mobiletest(['test', '--output', 'list']);
  expect(run.exitCode, run.output).toBe(0);
  const results = project.path('mobiletest-report', 'test-results');
  const [dir] = (await readdir(results)).filter((name) => existsSync(path.join(results, name, 'events.jsonl')));
  traceDir = path.join(results, dir);
});
test.afterAll(async () => project?.remove());

interface Serving {
  child: ChildProcess;
  url: string;
  folder: string;
  stdout: () => string;
}

/** Starts `mobiletest show-trace ARGS` in the project and waits for the URL it prints. */
function showTrace(args: string[]): Promise<Serving> {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (key.startsWith('TEST_') || key.startsWith('PW_')) delete env[key];
  const child = spawn(process.execPath, [MOBILETEST_CLI, 'show-trace', ...args], { cwd: project.dir, env });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`show-trace printed no URL in 60 s:\n${stdout}${stderr}`));
    }, 60_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const url = /open (http:\/\/\S+)/.exec(stdout)?.[1];
      const folder = /report in (.+) \(removed when you stop\)/.exec(stdout)?.[1];
      if (url && folder) {
        clearTimeout(timer);
        resolve({ child, url, folder, stdout: () => stdout });
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`show-trace exited (${code}) before serving:\n${stdout}${stderr}`));
    });
  });
}

/** Ctrl-C; resolves with the exit code. */
function stop(serving: Serving): Promise<number | null> {
  return new Promise((resolve) => {
    serving.child.removeAllListeners('close');
    serving.child.on('close', (code) => resolve(code));
    serving.child.kill('SIGINT');
  });
}

/** A raw GET, so paths like /../ reach the server as written (fetch would normalise them). */
function get(base: string, rawPath: string): Promise<{ status: number; type: string; body: Buffer }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test("serves a test's trace folder as a report with its screenshots, refuses paths out of it, and removes it on Ctrl-C", async () => {
  const serving = await showTrace([path.relative(project.dir, traceDir)]);
  try {
    expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(serving.stdout()).toContain('"alice logs in", 4 step(s)');
    const index = await get(serving.url, '/');
    expect(index).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    const data = (await get(serving.url, '/data/test-0.js')).body.toString('utf8');
    expect(data).toContain('"title":"alice logs in"');
    expect(data).not.toContain('pass123');
    // The step details (screens and their frames) come in a chunk of their own.
    const details = (await get(serving.url, '/data/test-0-0.js')).body.toString('utf8');
    expect(details).not.toContain('pass123');
    const frame = /"screenshot":"(frames\/[^"]+\.webp)"/.exec(details)?.[1];
    expect(frame, data.slice(0, 500)).toBeDefined();
    const picture = await get(serving.url, `/${frame}`);
    expect(picture).toMatchObject({ status: 200, type: 'image/webp' });
    expect(picture.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // The report is a copy: neither the trace folder nor anything else outside it is reachable.
    for (const escape of [
      '/events.jsonl',
      '/../events.jsonl',
      '/..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/frames/..%2f..%2f..%2fetc%2fpasswd',
      `/../${path.basename(serving.folder)}/index.html`,
    ]) {
      const response = await get(serving.url, escape);
      expect(response.status, escape).toBe(404);
      expect(response.body.toString('utf8'), escape).not.toContain('root:');
    }
    expect(existsSync(path.join(serving.folder, 'index.html'))).toBe(true);
  } finally {
    expect(await stop(serving)).toBe(0);
  }
  expect(existsSync(serving.folder)).toBe(false);
});

test('takes the events.jsonl itself as well as its folder', async () => {
  const serving = await showTrace([path.join(traceDir, 'events.jsonl'), '--host', '127.0.0.1']);
  try {
    expect((await get(serving.url, '/data/run.js')).body.toString('utf8')).toContain('"title":"alice logs in"');
  } finally {
    expect(await stop(serving)).toBe(0);
  }
});

test('says what is wrong with a trace that is not there, a folder without an events log, and a corrupt log', async () => {
  const good = (await readFile(path.join(traceDir, 'events.jsonl'), 'utf8')).split('\n');
  await mkdir(project.path('broken'), { recursive: true });
  await writeFile(project.path('broken', 'events.jsonl'), `${good[0]}\n{"kind":"tap"\n${good[1]}\n`);
  await mkdir(project.path('empty'), { recursive: true });
  await writeFile(project.path('empty', 'events.jsonl'), '');
  const cases: Array<[string[], RegExp]> = [
    [
      ['mobiletest-report/test-results/no-such-test'],
      /no such file or folder: .*test-results\/no-such-test\. Give a test's trace folder \(mobiletest-report\/test-results\/<test>\/\) or its events\.jsonl/,
    ],
    [['specs'], /no events log in .*specs: looked for .*specs\/events\.jsonl\. A test's trace lives in mobiletest-report\/test-results\/<test>\//],
    [
      ['mobiletest-report'],
      /no events log in .*mobiletest-report: looked for .*mobiletest-report\/events\.jsonl\. It holds 1 trace folder\(s\), e\.g\. mobiletest-report\/test-results\/\S+: give one of them/,
    ],
    [['broken'], /broken\/events\.jsonl:2: corrupt event log line \(not JSON/],
    [['empty'], /empty\/events\.jsonl is empty/],
    [[], /show-trace takes one trace .*, got 0\.\n\nUsage: mobiletest show-trace <trace>/],
    [['broken', '--port', 'eighty'], /--port must be a port number 0\.\.65535, got "eighty"/],
  ];
  for (const [args, message] of cases) {
    const run = await project.mobiletest(['show-trace', ...args]);
    expect(run.exitCode, `${args.join(' ')}\n${run.output}`).toBe(2);
    expect(run.stderr, args.join(' ')).toMatch(message);
  }
});
