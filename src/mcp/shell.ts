// The `shell` tool, off unless the server was started with --allow-shell: one command in the device's own
// shell. A model with a shell can do whatever the device's shell user can, so a person has to ask for it,
// and every command is logged to stderr. Nothing else in the server builds a shell command from input.
import { z } from 'zod';
import { redactText } from '../events/index.js';
import { InvalidToolInput } from './errors.js';
import { toolInput } from './input.js';
import type { ShellAnswer } from './outputs.js';
import type { DeviceSession } from './session.js';

/** Bytes of stdout and of stderr an answer carries; the rest is counted. */
export const MAX_SHELL_OUTPUT = 64 * 1024;
export const DEFAULT_SHELL_TIMEOUT_MS = 30_000;
export const MAX_SHELL_TIMEOUT_MS = 300_000;

/** The shell tool's input, listed as its JSON Schema and checked by it. */
export const ShellInput = z.strictObject({
  command: z.string().regex(/\S/).describe('The command line, e.g. "pm list packages -3".'),
  timeout_ms: z.number().int().min(1).max(MAX_SHELL_TIMEOUT_MS).optional().describe(`Give up after this long (default ${DEFAULT_SHELL_TIMEOUT_MS}).`),
});

export async function runShell(session: DeviceSession, args: Record<string, unknown>, log: (message: string) => void): Promise<ShellAnswer> {
  const { command, timeout_ms: timeoutMs } = toolInput('shell', ShellInput, args);
  const { driver } = session;
  if (!driver.shell) throw new InvalidToolInput(`device ${driver.id} (${driver.platform}) has no device shell to run commands in`);
  log(`mobiletest mcp: shell on ${driver.id}: ${redactText(command)}`);
  const output = await driver.shell(command, { timeoutMs: timeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS });
  const stdout = cut(output.stdout);
  const stderr = cut(output.stderr);
  const truncated = { ...(stdout.cut ? { stdout: stdout.cut } : {}), ...(stderr.cut ? { stderr: stderr.cut } : {}) };
  return {
    device: driver.id,
    exit_code: output.exitCode,
    stdout: stdout.text,
    stderr: stderr.text,
    ...(Object.keys(truncated).length > 0 ? { truncated } : {}),
  };
}

function cut(text: string): { text: string; cut: number } {
  return text.length > MAX_SHELL_OUTPUT ? { text: text.slice(0, MAX_SHELL_OUTPUT), cut: text.length - MAX_SHELL_OUTPUT } : { text, cut: 0 };
}
