import type { Readable } from 'node:stream';
import { StreamReader } from './stream-reader.js';

/** Packet ids of adb's shell protocol v2 (1-byte id, 4-byte little-endian length, data). */
export const SHELL_STDIN = 0;
export const SHELL_STDOUT = 1;
export const SHELL_STDERR = 2;
export const SHELL_EXIT = 3;
export const SHELL_CLOSE_STDIN = 4;
export const SHELL_WINDOW_SIZE = 5;

export function encodeShellPacket(id: number, data: Buffer): Buffer {
  const packet = Buffer.allocUnsafe(5 + data.length);
  packet[0] = id;
  packet.writeUInt32LE(data.length, 1);
  data.copy(packet, 5);
  return packet;
}

export function encodeExit(code: number): Buffer {
  return encodeShellPacket(SHELL_EXIT, Buffer.from([code & 0xff]));
}

/** The host's bytes on a raw stream; stopping early leaves the stream open (a plain for-await over it would destroy it). */
export async function* rawStdin(stream: Readable): AsyncGenerator<Buffer> {
  const reader = new StreamReader(stream);
  for (;;) {
    const chunk = await reader.readSome();
    if (!chunk) return;
    yield chunk;
  }
}

/** The host's stdin bytes from a v2 shell stream; ends at close-stdin or at the end of the stream. */
export async function* shellStdin(stream: Readable): AsyncGenerator<Buffer> {
  const reader = new StreamReader(stream);
  for (;;) {
    const header = await reader.read(5);
    if (!header) return;
    const length = header.readUInt32LE(1);
    const data = length === 0 ? Buffer.alloc(0) : await reader.read(length);
    if (!data) return;
    if (header[0] === SHELL_CLOSE_STDIN) return;
    if (header[0] === SHELL_STDIN && data.length > 0) yield data;
  }
}
