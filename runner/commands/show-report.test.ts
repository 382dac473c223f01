// show-report's static server: what it serves, what it refuses, and how it finds the report.
import { test, expect } from '@playwright/test';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { findReportFolder, serveReport, type ServedReport } from './show-report.js';

let root = '';
let served: ServedReport;

test.beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-show-report-'));
  const html = path.join(root, 'report', 'html');
  await mkdir(path.join(html, 'data'), { recursive: true });
  await writeFile(path.join(html, 'index.html'), '<!doctype html><title>report</title>');
  await writeFile(path.join(html, 'data', 'run.js'), 'window.__mobiletest.run = {};\n');
  await writeFile(path.join(root, 'secret.txt'), 'outside the report');
  await symlink(path.join(root, 'secret.txt'), path.join(html, 'link-out.txt'));
  served = await serveReport(html);
});

test.afterAll(async () => {
  await served?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** A raw request, so paths like /../ reach the server as written (fetch would normalise them). */
function get(rawPath: string, method = 'GET'): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(served.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath, method }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('serves the report on 127.0.0.1 with content types, index.html for /', async () => {
  expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  expect(await get('/')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><title>report</title>' });
  expect(await get('/data/run.js?v=1')).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
  expect(await get('/data/run.js', 'HEAD')).toMatchObject({ status: 200, body: '' });
  expect((await get('/nothing.js')).status).toBe(404);
  expect((await get('/', 'POST')).status).toBe(405);
});

test('refuses every path that leaves the folder, including a symlink pointing out', async () => {
  for (const escape of [
    '/../secret.txt',
    '/../../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/data/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/link-out.txt',
    '/%00index.html',
  ]) {
    const response = await get(escape);
    expect(response.status, escape).toBe(404);
    expect(response.body, escape).not.toContain('outside the report');
  }
});

test('finds the html folder from the report folder or takes the html folder itself; says how to write one when there is none', async () => {
  const html = path.join(root, 'report', 'html');
  expect(await findReportFolder(path.join(root, 'report'))).toBe(html);
  expect(await findReportFolder(html)).toBe(html);
  await expect(findReportFolder(root)).rejects.toThrow(/no HTML report in .*--output html/);
});
