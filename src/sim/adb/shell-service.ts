import type { Phone, ServiceStream, PhoneShell, ShellIO } from '../types.js';
import { runInteractiveShell } from './interactive-shell.js';
import { SHELL_STDERR, SHELL_STDOUT, encodeExit, encodeShellPacket, rawStdin, shellStdin } from './shell-protocol.js';

/** How a shell service was asked for: `shell:`, `shell,v2,TERM=xterm,pty:`, `exec:`. */
export interface ShellRequest {
  command: string;
  /** Shell protocol v2: stdout and stderr apart, exit code at the end. */
  v2: boolean;
  /** A pty turns "\n" into "\r\n" and merges stderr into stdout. */
  pty: boolean;
  term?: string;
}

/** Parses `shell[,arg,...]:command` and `exec:command`; undefined for other services. */
export function parseShellService(name: string): ShellRequest | undefined {
  if (name.startsWith('exec:')) return { command: name.slice(5), v2: false, pty: false };
  if (!name.startsWith('shell:') && !name.startsWith('shell,')) return undefined;
  const colon = name.indexOf(':');
  const args = name.slice(6, colon).split(',').filter(Boolean);
  const command = name.slice(colon + 1);
  let type: 'raw' | 'pty' | undefined;
  let term: string | undefined;
  let v2 = false;
  for (const arg of args) {
    if (arg === 'v2') v2 = true;
    else if (arg === 'raw' || arg === 'pty') type = arg;
    else if (arg.startsWith('TERM=')) term = arg.slice(5);
  }
  // adbd's default: a pty for an interactive shell, raw pipes for a command.
  return { command, v2, pty: (type ?? (command.trim() === '' ? 'pty' : 'raw')) === 'pty', term };
}

/** Runs a shell or exec service on the stream, as adbd's subprocess service does. */
export function serveShell(options: { phone: Phone; shell: PhoneShell; request: ShellRequest; stream: ServiceStream }): void {
  const { phone, shell, request, stream } = options;
  const controller = new AbortController();
  stream.once('close', () => controller.abort());
  const send = (data: Buffer) => {
    if (!stream.destroyed && !stream.writableEnded && data.length > 0) stream.write(data);
  };
  const toBuffer = (chunk: Buffer | string) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  const onlcr = request.pty ? (data: Buffer) => toCrLf(data) : (data: Buffer) => data;
  const stdout = (chunk: Buffer | string) => {
    const data = onlcr(toBuffer(chunk));
    send(request.v2 ? encodeShellPacket(SHELL_STDOUT, data) : data);
  };
  const stderr = (chunk: Buffer | string) => {
    const data = onlcr(toBuffer(chunk));
    send(request.v2 ? encodeShellPacket(request.pty ? SHELL_STDOUT : SHELL_STDERR, data) : data);
  };
  const stdin = request.v2 ? shellStdin(stream) : rawStdin(stream);

  const run = async (): Promise<number> => {
    if (request.command.trim() === '') {
      return runInteractiveShell({
        phone,
        session: shell.session(phone),
        input: stdin,
        stdout,
        stderr,
        echo: (text) => send(request.v2 ? encodeShellPacket(SHELL_STDOUT, Buffer.from(text)) : Buffer.from(text)),
        pty: request.pty,
        signal: controller.signal,
      });
    }
    const io: ShellIO = { stdout, stderr, stdin, signal: controller.signal };
    return shell.run(phone, request.command, io);
  };

  run()
    .catch((error: Error) => {
      stderr(`/system/bin/sh: ${error.message}\n`);
      return 255;
    })
    .then((code) => {
      if (stream.destroyed) return;
      if (request.v2) send(encodeExit(code));
      stream.end();
    });
}

/** A pty's output processing (ONLCR): every "\n" becomes "\r\n". */
export function toCrLf(data: Buffer): Buffer {
  let count = 0;
  for (let i = 0; i < data.length; i++) if (data[i] === 0x0a) count++;
  if (count === 0) return data;
  const out = Buffer.allocUnsafe(data.length + count);
  let j = 0;
  for (let i = 0; i < data.length; i++) {
    if (data[i] === 0x0a) out[j++] = 0x0d;
    out[j++] = data[i];
  }
  return out;
}
