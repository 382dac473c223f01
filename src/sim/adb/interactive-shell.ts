import type { Phone, ShellSession } from '../types.js';

export interface InteractiveShellOptions {
  phone: Phone;
  /** One session for the whole connection, so `cd` and variables carry from line to line. */
  session: ShellSession;
  /** Bytes typed on the host. */
  input: AsyncIterable<Buffer>;
  /** Command output (the caller applies the pty's "\r\n" translation). */
  stdout(chunk: Buffer | string): void;
  stderr(chunk: Buffer | string): void;
  /** Terminal output as is: prompt and echo. */
  echo(text: string): void;
  /** A pty echoes what is typed and prints a prompt; raw pipes read plain lines, as `sh` from a script. */
  pty: boolean;
  signal: AbortSignal;
}

/** `adb shell` with no command: reads command lines from the host until `exit` or the end of input. */
export async function runInteractiveShell(options: InteractiveShellOptions): Promise<number> {
  const { phone, pty, signal } = options;
  let code = 0;
  // Android's mksh prompt shows the last non-zero exit status: "127|mtsim:/ $ ".
  const prompt = () => `${code === 0 ? '' : `${code}|`}${phone.info.device}:/ $ `;
  const lines = new LineQueue(signal);
  let running: AbortController | undefined;
  const interrupt = () => {
    if (!running) return false;
    options.echo('^C\r\n');
    running.abort();
    return true;
  };
  void readInput({ ...options, prompt, lines, interrupt });

  if (pty) options.echo(prompt());
  for (;;) {
    const line = await lines.next();
    if (line === undefined || signal.aborted) return code;
    const command = line.trim();
    const exit = /^exit(?:\s+(\d+))?$/.exec(command);
    if (exit) return exit[1] === undefined ? code : Number(exit[1]) & 0xff;
    if (command !== '') {
      running = new AbortController();
      const stop = () => running?.abort();
      signal.addEventListener('abort', stop, { once: true });
      try {
        code = await options.session.run(command, { stdout: options.stdout, stderr: options.stderr, signal: running.signal });
      } catch (error) {
        options.stderr(`/system/bin/sh: ${(error as Error).message}\n`);
        code = 255;
      } finally {
        signal.removeEventListener('abort', stop);
        running = undefined;
      }
    }
    if (signal.aborted) return code;
    if (pty) options.echo(prompt());
  }
}

/** Lines typed so far; next() resolves with undefined at the end of input or when the stream closes. */
class LineQueue {
  private readonly lines: string[] = [];
  private ended = false;
  private wake: (() => void) | undefined;

  constructor(signal: AbortSignal) {
    signal.addEventListener('abort', () => this.end(), { once: true });
  }

  push(line: string): void {
    this.lines.push(line);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async next(): Promise<string | undefined> {
    while (this.lines.length === 0 && !this.ended) {
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    return this.lines.shift();
  }
}

async function readInput(options: InteractiveShellOptions & { prompt(): string; lines: LineQueue; interrupt(): boolean }): Promise<void> {
  const { lines, pty } = options;
  let line = '';
  let hungUp = false;
  try {
    for await (const chunk of options.input) {
      // After Ctrl-D the rest is ignored; leaving the loop early would close the host's stream.
      if (hungUp) continue;
      const text = chunk.toString('utf8');
      if (!pty) {
        line += text;
        let newline: number;
        while ((newline = line.indexOf('\n')) >= 0) {
          lines.push(line.slice(0, newline));
          line = line.slice(newline + 1);
        }
        continue;
      }
      for (const char of text) {
        if (char === '\r' || char === '\n') {
          options.echo('\r\n');
          lines.push(line);
          line = '';
        } else if (char === '\x7f' || char === '\b') {
          if (line.length > 0) options.echo('\b \b');
          line = line.slice(0, -1);
        } else if (char === '\x03') {
          // Ctrl-C interrupts the running command, or drops the line being typed.
          if (!options.interrupt()) options.echo(`^C\r\n${options.prompt()}`);
          line = '';
        } else if (char === '\x04') {
          if (line === '') {
            hungUp = true;
            lines.end();
            break;
          }
        } else {
          line += char;
          options.echo(char);
        }
      }
    }
  } catch {
    // The host went away: the end of input.
  }
  if (!pty && line !== '') lines.push(line);
  lines.end();
}
