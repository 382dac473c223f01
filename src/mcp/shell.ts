// The `shell` tool, off unless the server was started with --allow-shell: one command in the device's own
// shell. A model with a shell can do whatever the device's shell user can, so a person has to ask for it,
// and every command is logged to stderr. Nothing else in the server builds a shell command from input.
import { redactText } from '../events/index.js';
import { InvalidToolInput, noFields } from './errors.js';
import type { DeviceSession } from './session.js';

/** Bytes of stdout and of stderr an answer carries; the rest is counted. */
export const MAX_SHELL_OUTPUT = 64 * 1024;
export const DEFAULT_SHELL_TIMEOUT_MS = 30_000;
export const MAX_SHELL_TIMEOUT_MS = 300_000;

export interface ShellAnswer {
  device: string;
  exit_code: number;
  stdout: string;
  stderr: string;
  /** Characters cut from stdout or stderr past MAX_SHELL_OUTPUT. */
  truncated?: { stdout?: number; stderr?: number };
}

export async function runShell(session: DeviceSession, args: Record<string, unknown>, log: (message: string) => void): Promise<ShellAnswer> {
  noFields('shell', args, ['command', 'timeout_ms']);
  const { command, timeout_ms: timeoutMs } = args;
  if (typeof command !== 'string' || command.trim() === '') {
    throw new InvalidToolInput(`field \`command\` in shell should be a shell command line (a non-empty string); got ${JSON.stringify(command) ?? 'nothing'}`);
  }
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_SHELL_TIMEOUT_MS)) {
    throw new InvalidToolInput(`field \`timeout_ms\` in shell should be a whole number of milliseconds from 1 to ${MAX_SHELL_TIMEOUT_MS}; got ${JSON.stringify(timeoutMs)}`);
  }
  const { driver } = session;
  if (!driver.shell) throw new InvalidToolInput(`device ${driver.id} (${driver.platform}) has no device shell to run commands in`);
  log(`mobiletest mcp: shell on ${driver.id}: ${redactText(command)}`);
  const output = await driver.shell(command, { timeoutMs: (timeoutMs as number | undefined) ?? DEFAULT_SHELL_TIMEOUT_MS });
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
