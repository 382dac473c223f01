// The virtual phone in a child process (bench/sim-process.ts), reached through its adb server port:
// the benchmark's clock then counts only our own work between device calls, as with a real device.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ServedCommand, TimingMode } from '../src/sim/index.js';

export interface PhoneProcess {
  /** The phone's own adb server protocol port (adbkit talks to it with no adb installed). */
  serverPort: number;
  /** The phone's adbd port, for `adb connect 127.0.0.1:PORT` from a real adb server. */
  port: number;
  /** The ADB services the phone served since the last call, oldest first. */
  served(): Promise<ServedCommand[]>;
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
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const nextLine = async (what: string): Promise<string> => {
    const line = new Promise<string>((resolve) => waiting.push(resolve));
    const winner = await Promise.race([line, exited.then(([code]) => ({ code: code as number | null }))]);
    if (typeof winner !== 'string')
      throw new PhoneProcessFailed(`the virtual phone's process ended (exit code ${String(winner.code)}) before it printed ${what}`);
    return winner;
  };
  const { serverPort, port } = JSON.parse(await nextLine('its port')) as { serverPort: number; port: number };
  return {
    serverPort,
    port,
    async served() {
      const answer = nextLine('what it served');
      child.stdin.write('served\n');
      return (JSON.parse(await answer) as { served: ServedCommand[] }).served;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.stdin.end();
      await exited;
    },
  };
}
