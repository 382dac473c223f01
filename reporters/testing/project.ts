// A throw-away project run through the built mobiletest CLI, for the HTML report's tests: they need
// a real run's report to open, and reporters/ may not import the runner, only start it as users do.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(PACKAGE_ROOT, 'dist', 'runner', 'cli.js');

export interface CliRun {
  exitCode: number | null;
  output: string;
}

/** A folder with `files` whose node_modules links to this package and its @playwright/test. */
export async function createProject(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-html-'));
  await mkdir(path.join(dir, 'node_modules', '@playwright'), { recursive: true });
  await symlink(PACKAGE_ROOT, path.join(dir, 'node_modules', 'mobiletest'), 'dir');
  await symlink(path.join(PACKAGE_ROOT, 'node_modules', '@playwright', 'test'), path.join(dir, 'node_modules', '@playwright', 'test'), 'dir');
  for (const [name, content] of Object.entries({ 'package.json': '{ "name": "user-project", "private": true, "type": "module" }\n', ...files })) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

export function removeProject(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  // The suite's own Playwright sets variables that would make the child think it is a worker.
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...extra };
  for (const key of Object.keys(env)) if (key.startsWith('TEST_') || key.startsWith('PW_')) delete env[key];
  delete env.CI;
  return env;
}

/** How `runCli` runs the CLI: its environment and how long it may take. */
export interface CliOptions {
  /** Variables set for the run, besides the environment's own. */
  env?: Record<string, string>;
  /** The run is killed after this long. */
  timeoutMs?: number;
}

/** `mobiletest ARGS` in `dir`, to its end (killed after `timeoutMs`). */
export function runCli(dir: string, args: string[], { env = {}, timeoutMs = 180_000 }: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: cliEnv(env) });
    let output = '';
    child.stdout.on('data', (b: Buffer) => {
      output += b;
    });
    child.stderr.on('data', (b: Buffer) => {
      output += b;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, output });
    });
  });
}

/** `mobiletest ARGS` left running until `stop()`, once its output matches `ready`. */
export function startCli(
  dir: string,
  args: string[],
  ready: RegExp,
): Promise<{ match: RegExpMatchArray; output: () => string; stop: () => Promise<number | null> }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: cliEnv({}) });
    let output = '';
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    const stop = (): Promise<number | null> => {
      child.kill('SIGINT');
      return exited;
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mobiletest ${args.join(' ')} printed no ${ready} in 20 s:\n${output}`));
    }, 20_000);
    const onData = (b: Buffer): void => {
      output += b;
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ match, output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', reject);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`mobiletest ${args.join(' ')} exited (${code}) before it was ready:\n${output}`));
    });
  });
}
