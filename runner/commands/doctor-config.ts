// The project's config as `mobiletest doctor` sees it: loaded the way `mobiletest test` loads it, by the
// project's Playwright in a child process, so a value built from a variable, an import or a spread is
// read as the run reads it, and a commented-out key is not. A reporter prints each project's `use`
// (doctor-config-reporter.ts); a file filter that matches nothing keeps every spec unloaded.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseConfig } from './config-file.js';
import { CONFIG_LINE, type ConfiguredProject } from './doctor-config-reporter.js';
import type { CheckResult } from './doctor-checks.js';
import { resolvePlaywright } from './playwright-install.js';

export type { ConfiguredProject };

export interface ProjectConfig {
  /** The config's file name; undefined when the project has none (the embedded default runs it). */
  file?: string;
  /** Each Playwright project's app, phone and agent settings; empty when there is no config or it did not load. */
  projects: ConfiguredProject[];
  /** The config line of the doctor's report; undefined when there is no config. */
  check?: CheckResult;
}

const REPORTER = fileURLToPath(new URL(`./doctor-config-reporter${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));
/** Makes a config that throws, or an import that finds nothing, say where and what to do, as for `mobiletest test`. */
const LOAD_ERRORS = new URL('../load-errors/register.js', import.meta.url).href;
const NO_SPEC = 'mobiletest-doctor-loads-no-spec^';
const LOAD_TIMEOUT_MS = 60_000;

interface ChildOutput {
  code: number;
  stdout: string;
  stderr: string;
}

function runPlaywright(cli: string, args: string[], cwd: string): Promise<ChildOutput> {
  // Reports are not written by a listing; MOBILETEST_OUTPUT=list keeps the config from asking for any.
  const env: NodeJS.ProcessEnv = { ...process.env, MOBILETEST_OUTPUT: 'list' };
  delete env.MOBILETEST_TEST_FILES;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', LOAD_ERRORS, cli, ...args],
      { cwd, env, timeout: LOAD_TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr: error && error.killed ? `${stderr}\nstopped after ${LOAD_TIMEOUT_MS / 1000} s` : stderr });
      },
    );
  });
}

/** The first lines of what Playwright said about a config that did not load, without its stack frames. */
function loadError(output: ChildOutput): string {
  const lines = `${output.stderr}\n${output.stdout}`.split('\n').filter((line) => line.trim() !== '' && !/^\s+at /.test(line) && !line.startsWith(CONFIG_LINE));
  return lines.slice(0, 12).join('\n    ') || `Playwright exited with code ${output.code}`;
}

/** Loads the config in `cwd` (as `mobiletest test` would pick it) and reads what each project sets. */
export async function loadProjectConfig(cwd: string): Promise<ProjectConfig> {
  const choice = chooseConfig(cwd, undefined);
  if (choice.embedded) return { projects: [] };
  const file = path.basename(choice.file);
  let cli: string;
  try {
    cli = resolvePlaywright(cwd).cli;
  } catch {
    return { file, projects: [], check: { status: 'info', title: 'config', detail: `${file} not loaded, as @playwright/test is not usable (see above)` } };
  }
  const output = await runPlaywright(cli, ['test', '--config', choice.file, '--list', '--pass-with-no-tests', '--reporter', REPORTER, NO_SPEC], cwd);
  const line = output.stdout.split('\n').find((text) => text.startsWith(CONFIG_LINE));
  if (output.code !== 0 || !line) {
    return { file, projects: [], check: { status: 'fail', title: 'config', detail: `${file} does not load`, fix: loadError(output) } };
  }
  const projects = JSON.parse(line.slice(CONFIG_LINE.length)) as ConfiguredProject[];
  const names = projects.map((project) => project.name).filter(Boolean);
  return { file, projects, check: { status: 'ok', title: 'config', detail: `${file} loads${names.length ? ` (projects ${names.join(', ')})` : ''}` } };
}
