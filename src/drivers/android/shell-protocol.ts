// adb's shell protocol v2: packets of a 1-byte id, a 4-byte little-endian length and the data, so
// stdout, stderr and the exit code arrive apart (adbd's shell_protocol.h).
const STDOUT = 1;
const STDERR = 2;
const EXIT = 3;
const CLOSE_STDIN = 4;

export interface ShellResult {
  stdout: Buffer;
  stderr: Buffer;
  /** Undefined when the stream ended before the exit packet: the connection was lost. */
  exitCode: number | undefined;
}

/** The packet that tells the device the command's stdin is at its end. */
export function closeStdinPacket(): Buffer {
  const packet = Buffer.alloc(5);
  packet[0] = CLOSE_STDIN;
  return packet;
}

/** Collects a v2 shell stream's packets as they arrive in arbitrary chunks. */
export class ShellDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private readonly stdout: Buffer[] = [];
  private readonly stderr: Buffer[] = [];
  private exitCode: number | undefined;

  push(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let offset = 0;
    while (this.pending.length - offset >= 5) {
      const length = this.pending.readUInt32LE(offset + 1);
      if (this.pending.length - offset - 5 < length) break;
      const id = this.pending[offset];
      const data = this.pending.subarray(offset + 5, offset + 5 + length);
      if (id === STDOUT) this.stdout.push(data);
      else if (id === STDERR) this.stderr.push(data);
      else if (id === EXIT && length > 0) this.exitCode = data[0];
      offset += 5 + length;
    }
    this.pending = offset === this.pending.length ? Buffer.alloc(0) : this.pending.subarray(offset);
  }

  result(): ShellResult {
    return { stdout: Buffer.concat(this.stdout), stderr: Buffer.concat(this.stderr), exitCode: this.exitCode };
  }
}
