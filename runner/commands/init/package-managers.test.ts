import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { detectPackageManager } from './package-managers.js';

let root: string;

test.beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-managers-'));
});

test.afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files = (names: string[]): Promise<void[]> => Promise.all(names.map((name) => writeFile(path.join(root, name), '')));

test('packageManager wins over the lockfile, and its major tells Yarn classic from Yarn 2+', async () => {
  await files(['package-lock.json', 'yarn.lock']);
  expect(detectPackageManager({ root, packageManagerField: 'yarn@1.22.22' })).toMatchObject({ name: 'yarn', lockfile: 'yarn.lock', pinned: true });
  expect(detectPackageManager({ root, packageManagerField: 'yarn@4.5.3+sha224.abc' })).toMatchObject({ name: 'yarn-berry', lockfile: 'yarn.lock' });
  // pnpm named but its lockfile not there yet: no frozen install, no cache.
  expect(detectPackageManager({ root, packageManagerField: 'pnpm@9.12.0' })).toMatchObject({
    name: 'pnpm',
    lockfile: undefined,
    reason: 'packageManager in package.json',
  });
});

test('without packageManager the lockfile decides, .yarnrc.yml making yarn.lock Yarn 2+', async () => {
  expect(detectPackageManager({ root })).toMatchObject({ name: 'npm', lockfile: undefined, pinned: false, reason: 'no lockfile' });
  await files(['yarn.lock']);
  expect(detectPackageManager({ root })).toMatchObject({ name: 'yarn', lockfile: 'yarn.lock', reason: 'yarn.lock' });
  await files(['.yarnrc.yml']);
  expect(detectPackageManager({ root })).toMatchObject({ name: 'yarn-berry', lockfile: 'yarn.lock' });
  await files(['npm-shrinkwrap.json']);
  expect(detectPackageManager({ root })).toMatchObject({ name: 'npm', lockfile: 'npm-shrinkwrap.json' });
});

test("the version of the manager running init is kept only when it is the project's manager", async () => {
  await files(['pnpm-lock.yaml']);
  expect(detectPackageManager({ root, userAgent: 'pnpm/10.4.1 npm/? node/v22.12.0 linux x64' }).runningVersion).toBe('10.4.1');
  expect(detectPackageManager({ root, userAgent: 'npm/10.8.2 node/v20.19.0 linux x64' }).runningVersion).toBeUndefined();
});
