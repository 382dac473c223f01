// The virtual phone in a child process (bench/sim-process.ts), reached through its adb server port:
// the benchmark's clock then counts only our own work between device calls, as with a real device.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TimingMode } from '../src/sim/index.js';

export interface PhoneProcess {
  serverPort: number;
  stop(): Promise<void>;
}

export class PhoneProcessFailed extends Error {
  override name = 'PhoneProcessFailed';
}

/** Starts the phone and waits for its port; fails, rather than hangs, when the process ends first. */
export async function startPhoneProcess(seed = 1, timing: TimingMode = 'fast'): Promise<PhoneProcess> {
  const script = fileURLToPath(new URL('./sim-process.js', import.meta.url));
  const child = spawn(process.execPath, [script, String(seed), timing], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const first = once(createInterface({ input: child.stdout }), 'line') as Promise<[string]>;
  const winner = await Promise.race([first, exited.then(([code]) => ({ code }))]);
  if (!Array.isArray(winner)) throw new PhoneProcessFailed(`the virtual phone's process ended (exit code ${String(winner.code)}) before it printed its port`);
  const { serverPort } = JSON.parse(winner[0]) as { serverPort: number };
  return {
    serverPort,
    async stop() {
      if (child.exitCode !== null) return;
      child.stdin.end();
      await exited;
    },
  };
}
