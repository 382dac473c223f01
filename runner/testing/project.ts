// Tests the runner the way a user meets it: a throw-away project on disk (config and specs),
// the mobiletest CLI (or Playwright's) run in it as a child process, and the files it leaves.
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';

export { PACKAGE_ROOT };
export const MOBILETEST_CLI = path.join(PACKAGE_ROOT, 'dist', 'runner', 'cli.js');
const PLAYWRIGHT_CLI = path.join(PACKAGE_ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

export interface RunResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they interleaved. */
  output: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Kills the run after this long (default 240 s) so a hung child fails the test instead of the suite. */
  timeoutMs?: number;
  cwd?: string;
}

/** A project folder on disk, read as a test reads it. */
export class ProjectFolder {
  constructor(readonly dir: string) {}

  path(...parts: string[]): string {
    return path.join(this.dir, ...parts);
  }

  read(name: string): Promise<string> {
    return readFile(this.path(name), 'utf8');
  }

  async readJson<T = unknown>(name: string): Promise<T> {
    return JSON.parse(await this.read(name)) as T;
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

export interface CreateOptions {
  /**
   * The package as npm installs it: the files `npm pack` ships, copied into node_modules/mobiletest
   * (no sources, no source maps), so Playwright treats it as a dependency rather than compiling it as
   * the project's own code, and stacks and messages read as a user's do. Default: a link to this folder.
   */
  installed?: boolean;
}

let packedFiles: Promise<string[]> | undefined;

/** The files `npm pack` would put in the package, relative to its root (asked once per process). */
function packageFiles(): Promise<string[]> {
  packedFiles ??= new Promise((resolve, reject) => {
    execFile('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PACKAGE_ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve((JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((file) => file.path));
    });
  });
  return packedFiles;
}

async function installPackage(dir: string): Promise<void> {
  const target = path.join(dir, 'node_modules', 'mobiletest');
  for (const file of await packageFiles()) {
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await copyFile(path.join(PACKAGE_ROOT, file), path.join(target, file));
  }
  // Its dependencies are this folder's, @playwright/test among them: still one copy of it.
  await symlink(path.join(PACKAGE_ROOT, 'node_modules'), path.join(target, 'node_modules'), 'dir');
}

export class TempProject extends ProjectFolder {
  private constructor(
    dir: string,
    private readonly cli: string,
  ) {
    super(dir);
  }

  /**
   * Writes `files` (path relative to the project → content) into a new folder whose
   * node_modules links to this package and its single copy of @playwright/test.
   * `files['package.json']` replaces the default one (an ES-module project).
   */
  static async create(files: Record<string, string>, options: CreateOptions = {}): Promise<TempProject> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-project-'));
    const project = new TempProject(dir, options.installed ? path.join(dir, 'node_modules', 'mobiletest', 'dist', 'runner', 'cli.js') : MOBILETEST_CLI);
    await mkdir(path.join(dir, 'node_modules', '@playwright'), { recursive: true });
    if (options.installed) await installPackage(dir);
    else await symlink(PACKAGE_ROOT, path.join(dir, 'node_modules', 'mobiletest'), 'dir');
    await symlink(path.join(PACKAGE_ROOT, 'node_modules', '@playwright', 'test'), path.join(dir, 'node_modules', '@playwright', 'test'), 'dir');
    await project.write({ 'package.json': JSON.stringify({ name: 'user-project', private: true, type: 'module' }, null, 2), ...files });
    return project;
  }

  async write(files: Record<string, string>): Promise<void> {
    for (const [name, content] of Object.entries(files)) {
      const file = this.path(name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  }

  /** `mobiletest ARGS` in the project folder. */
  mobiletest(args: string[], options: RunOptions = {}): Promise<RunResult> {
    return run(process.execPath, [this.cli, ...args], { cwd: this.dir, ...options });
  }

  /** `playwright ARGS` in the project folder, with the package's own copy of Playwright. */
  playwright(args: string[], options: RunOptions = {}): Promise<RunResult> {
    return run(process.execPath, [PLAYWRIGHT_CLI, ...args], { cwd: this.dir, ...options });
  }
}

export function run(command: string, args: string[], options: RunOptions & { cwd: string }): Promise<RunResult> {
  // The suite's own Playwright sets variables that would make the child think it is a worker.
  const env: Record<string, string | undefined> = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (key.startsWith('TEST_') || key.startsWith('PW_') || key === 'PLAYWRIGHT_TEST_BASE_URL') delete env[key];
  delete env.CI;
  Object.assign(env, options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: env as NodeJS.ProcessEnv });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += b;
      output += b;
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr += b;
      output += b;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 240_000);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderr, output });
    });
  });
}
