// The `xcrun` stand-in on disk: a directory to put first on PATH, holding `xcrun` (simctl only) and `plutil`.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { userTag } from './registry.js';

/** The stand-in cannot be written or its compiled CLI is missing. */
export class SimctlStandInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimctlStandInError';
  }
}

/** The compiled module next to this one; from TypeScript sources (tests), the same module under dist/. */
function compiled(name: string): string {
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  if (here.endsWith('.js')) return path.join(dir, name);
  let root = dir;
  while (!existsSync(path.join(root, 'package.json')) && path.dirname(root) !== root) root = path.dirname(root);
  return path.join(root, 'dist', path.relative(root, dir), name);
}

function writeIfChanged(file: string, content: string): void {
  try {
    if (readFileSync(file, 'utf8') === content) return;
  } catch {
    // Not written yet.
  }
  // Write then rename, so a parallel test worker never runs half a script.
  const scratch = `${file}.${process.pid}.tmp`;
  writeFileSync(scratch, content, { mode: 0o755 });
  renameSync(scratch, file);
}

function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The directory holding the executables `xcrun` and `plutil`: put it first on PATH and node-simctl (which finds
 * xcrun with `which`) drives the virtual simulators. Written once per user and checkout, idempotently.
 */
export function simctlPathDir(options: { dir?: string } = {}): string {
  const tools = { xcrun: compiled('cli.js'), plutil: compiled('plutil-cli.js') };
  // One directory per user and per checkout, so two checkouts on one machine never run each other's CLI.
  const checkout = createHash('sha256').update(`${process.execPath}\0${tools.xcrun}`).digest('hex').slice(0, 10);
  const dir = options.dir ?? path.join(os.tmpdir(), `mobiletest-xcrun-${userTag()}-${checkout}`);
  for (const [name, script] of Object.entries(tools)) {
    if (!existsSync(script)) throw new SimctlStandInError(`The ${name} stand-in is not built: ${script} is missing. Run \`npm run build\` first.`);
  }
  try {
    mkdirSync(dir, { recursive: true });
    for (const [name, script] of Object.entries(tools)) {
      writeIfChanged(path.join(dir, name), `#!/bin/sh\nexec ${shQuote(process.execPath)} ${shQuote(script)} "$@"\n`);
    }
  } catch (error) {
    throw new SimctlStandInError(`Could not write the xcrun stand-in in ${dir}: ${(error as Error).message}. Pass another dir.`);
  }
  return dir;
}
