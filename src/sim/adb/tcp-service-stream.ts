import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';

/**
 * A service stream over a client's TCP socket to the adb server port, after OKAY. The client's end
 * of input closes the service (as the adb server closes the device socket), and TCP backpressure
 * holds both ways.
 */
export class TcpServiceStream extends Duplex {
  constructor(
    private readonly socket: Socket,
    leftover: Buffer,
  ) {
    super({ allowHalfOpen: true });
    if (leftover.length > 0) this.push(leftover);
    socket.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) socket.pause();
    });
    socket.on('end', () => {
      this.push(null);
      this.destroy();
    });
    socket.on('close', () => this.destroy());
    socket.on('error', () => this.destroy());
    this.once('finish', () => this.destroy());
    socket.resume();
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.socket.destroyed) {
      callback();
      return;
    }
    if (this.socket.write(chunk)) callback();
    else this.socket.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Let written output flush before the FIN; a client that is gone resets the socket anyway.
    if (!this.socket.destroyed) this.socket.end();
    callback(error);
  }
}
