// Which config a `mobiletest test` run uses: --config, else mobiletest.config.* or playwright.config.*
// in the current folder, else the embedded default (the virtual phone, specs found from the cwd).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../errors.js';

const EXTENSIONS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'];
export const CONFIG_NAMES = [...EXTENSIONS.map((ext) => `mobiletest.config.${ext}`), ...EXTENSIONS.map((ext) => `playwright.config.${ext}`)];

/** dist/runner/default-config.js, built from runner/default-config.ts. */
export const DEFAULT_CONFIG = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'default-config.js');

export interface ConfigChoice {
  file: string;
  /** True when the project has no config and the embedded default runs it. */
  embedded: boolean;
}

function findIn(dir: string): string | undefined {
  return CONFIG_NAMES.map((name) => path.join(dir, name)).find((file) => existsSync(file));
}

/** The config for a run in `cwd`, with `--config` (a file, or a folder holding one) taking precedence. */
export function chooseConfig(cwd: string, option: string | undefined): ConfigChoice {
  if (option !== undefined) {
    const given = path.resolve(cwd, option);
    if (!existsSync(given)) throw new UsageError(`--config ${option}: no such file (looked for ${given}).`);
    if (statSync(given).isDirectory()) {
      const file = findIn(given);
      if (!file) throw new UsageError(`--config ${option}: the folder holds none of ${CONFIG_NAMES.join(', ')}.`);
      return { file, embedded: false };
    }
    return { file: given, embedded: false };
  }
  const file = findIn(cwd);
  return file ? { file, embedded: false } : { file: DEFAULT_CONFIG, embedded: true };
}
