import { createPhone } from '../phone.js';
import { sampleApps } from '../apps/index.js';
import type { Phone } from '../types.js';
import { runShell } from './index.js';

/** A phone with the sample apps on a frozen clock, as the shell tests use it. */
export function testPhone(): Phone {
  return createPhone({ apps: Object.values(sampleApps), frozenAt: Date.UTC(2024, 0, 8, 10, 0, 0), seed: 7 });
}

export interface ShellResult {
  out: string;
  err: string;
  code: number;
  bytes: Buffer;
}

/** Runs one command line the way `adb shell` would and collects what it printed. */
export async function shell(phone: Phone, line: string, options: { signal?: AbortSignal; stdin?: Buffer } = {}): Promise<ShellResult> {
  const out: Buffer[] = [];
  let err = '';
  const stdin = options.stdin;
  const code = await runShell(phone, line, {
    stdout: (c) => {
      out.push(typeof c === 'string' ? Buffer.from(c) : c);
    },
    stderr: (c) => {
      err += c.toString();
    },
    signal: options.signal ?? new AbortController().signal,
    stdin: stdin
      ? (async function* () {
          yield stdin;
        })()
      : undefined,
  });
  const bytes = Buffer.concat(out);
  return { out: bytes.toString('utf8'), err, code, bytes };
}
