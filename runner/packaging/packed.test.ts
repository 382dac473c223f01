// The packed package is complete: what `npm pack` ships is what a user gets, everything its code
// imports is a dependency (not a devDependency of ours), and its commands run from an empty folder.
import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { init as lexerReady, parse as parseModule } from 'es-module-lexer';
import { PACKAGE_ROOT, run } from '../testing/project.js';
import { NPM_CLI, NPX_CLI, TARBALL, succeeded, userEnv } from '../testing/packed.js';

interface Manifest {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  bin: Record<string, string>;
}

const manifest = async (): Promise<Manifest> => JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as Manifest;
const FIXTURE = path.resolve(PACKAGE_ROOT, '..', 'shared', 'fixtures', 'android', 'wework-confirm.xml');

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-packed-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('npm pack lists the built code, its types, the templates and the README; no sources, maps, tests or test helpers', async () => {
  const packed = await run(process.execPath, [NPM_CLI, 'pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PACKAGE_ROOT, env: userEnv() });
  expect(packed.exitCode, packed.stderr).toBe(0);
  const files = (JSON.parse(packed.stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path);
  const pkg = await manifest();
  const entries = [...Object.values(pkg.bin), ...Object.values(pkg.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e)))];
  for (const entry of entries) expect(files, entry).toContain(entry.replace(/^\.\//, ''));
  for (const needed of [
    'README.md',
    'package.json',
    'templates/init/mobiletest.config.ts',
    'templates/init/github/workflows/mobiletest.yml',
    'templates/prompts/planner.v1.md',
    'templates/viewer/index.html',
    'dist/reporters/junit.js',
  ])
    expect(files).toContain(needed);
  const unwanted = files.filter((f) => /\.map$|^dist\/.*\.test\.|(^|\/)testing(\/|\.)|^dist\/bench\/|tsbuildinfo|^(src|runner|reporters)\//.test(f));
  expect(unwanted).toEqual([]);
});

test('every package the shipped code imports is a dependency or a peer dependency, none only a devDependency', async () => {
  const unpacked = path.join(dir, 'unpacked');
  succeeded('tar', await run('tar', ['-xzf', TARBALL, '-C', dir], { cwd: dir }));
  await rename(path.join(dir, 'package'), unpacked);
  const pkg = await manifest();
  const allowed = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies), 'mobiletest']);
  const builtins = new Set(builtinModules);
  const missing = new Map<string, string>();
  for (const file of await codeFiles(unpacked)) {
    const source = await readFile(file, 'utf8');
    for (const specifier of await importedSpecifiers(source, file)) {
      if (specifier.startsWith('.') || specifier.startsWith('node:') || builtins.has(specifier.split('/')[0])) continue;
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
      if (!allowed.has(name)) missing.set(name, path.relative(unpacked, file));
    }
  }
  expect(Object.fromEntries(missing), 'imported by the package but not in dependencies or peerDependencies').toEqual({});
  // The check sees imports: one that is there must be found (a resolver that found nothing would pass).
  const config = path.join(unpacked, 'dist', 'runner', 'config.js');
  expect(await importedSpecifiers(await readFile(config, 'utf8'), config)).toContain('@playwright/test');
});

test('installed into an empty folder, with none of our devDependencies, --help, sim, look and doctor work', async () => {
  test.setTimeout(300_000);
  const user = path.join(dir, 'empty');
  await mkdir(user);
  const env = userEnv();
  succeeded('npm install', await run(process.execPath, [NPM_CLI, 'install', '--prefer-offline', TARBALL], { cwd: user, env, timeoutMs: 300_000 }));
  const installed = new Set(await readdir(path.join(user, 'node_modules')));
  for (const dev of ['typescript', 'eslint', 'tesseract.js', 'dependency-cruiser', 'pnpm']) expect(installed.has(dev), dev).toBe(false);
  const mobiletest = (args: string[], extra: Record<string, string> = {}) =>
    run(process.execPath, [NPX_CLI, 'mobiletest', ...args], { cwd: user, env: { ...env, ...extra } });

  const help = await mobiletest(['--help']);
  expect(help.exitCode, help.output).toBe(0);
  for (const command of ['test', 'init', 'sim', 'look', 'doctor', 'mcp']) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));

  const doctor = await mobiletest(['doctor'], { MOBILETEST_DEVICE: 'sim' });
  expect(doctor.exitCode, doctor.output).toBe(0);
  expect(doctor.stdout).toMatch(/^✓ Node\.js: /m);
  expect(doctor.stdout).toMatch(/^✓ @playwright\/test: /m);

  const saved = await mobiletest(['look', FIXTURE]);
  expect(saved.exitCode, saved.output).toBe(0);
  expect(saved.stdout).toMatch(/^e\d+ button /m);

  // A process group of its own: npx does not pass a signal on to the phone it started, the group does.
  const sim = spawn(process.execPath, [NPX_CLI, 'mobiletest', 'sim', '--port', '0', '--server-port', '0'], {
    cwd: user,
    env: env as NodeJS.ProcessEnv,
    detached: true,
  });
  const exited = new Promise<void>((resolve) => sim.on('exit', () => resolve()));
  try {
    const serverPort = await new Promise<string>((resolve, reject) => {
      let out = '';
      sim.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        const port = /adb server protocol on 127\.0\.0\.1:(\d+)/.exec(out)?.[1];
        if (port) resolve(port);
      });
      sim.on('exit', (code) => reject(new Error(`mobiletest sim exited ${code}: ${out}`)));
    });
    const live = await mobiletest(['look'], { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${serverPort}` });
    expect(live.exitCode, live.output).toBe(0);
    expect(live.stdout).toMatch(/^app \S+ · screen 1080x2400$/m);
    expect(live.stdout).toMatch(/^e\d+ button "Shop"$/m);
    expect(live.stderr).toMatch(/^\(\d+ elements, \d+ tokens/m);

    // A screen that is only pixels, in a project without the optional OCR: the tree alone, and what to install.
    const adbEnv = { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${serverPort}` };
    succeeded('adb shell am start', await run('adb', ['shell', 'am', 'start', '-W', '-n', 'com.example.canvas/.MainActivity'], { cwd: user, env: adbEnv }));
    const blind = await mobiletest(['look'], adbEnv);
    expect(blind.exitCode, blind.output).toBe(0);
    expect(blind.stdout).toContain('(nothing to read or touch on this screen)');
    expect(blind.stderr).toContain('OCR needs tesseract.js and @tesseract.js-data/eng, which are not installed');
    expect(blind.stderr).toContain('npm install -D tesseract.js @tesseract.js-data/eng');
  } finally {
    process.kill(-sim.pid!, 'SIGINT');
    await exited;
  }
});

/** The .js and .cjs files under a folder. */
async function codeFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && /\.c?js$/.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Module specifiers of imports, re-exports and import() (es-module-lexer, as bundlers read them), of
 * createRequire(...)('x') in ES modules and of require('x') in CommonJS files.
 */
async function importedSpecifiers(source: string, file: string): Promise<string[]> {
  await lexerReady();
  const found = new Set(parseModule(source)[0].flatMap((entry) => ('specifier' in entry && entry.specifier ? [entry.specifier] : [])));
  const calls = file.endsWith('.cjs') ? /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g : /\bcreateRequire\([^)]*\)\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(calls)) found.add(match[1]);
  return [...found];
}
