import { Duplex } from 'node:stream';

/** What one service socket needs from the connection that carries it. */
export interface SocketLink {
  /** Largest WRTE payload the peer accepts. */
  readonly maxData: number;
  sendWrite(data: Buffer): void;
  sendOkay(): void;
  sendClose(): void;
  /** Remove the socket from the connection's table. */
  forget(): void;
}

/**
 * One opened ADB service as a Duplex (the ServiceStream handed to a service handler), with the
 * protocol's one-write-at-a-time flow control: the next WRTE goes out only after the peer's OKAY,
 * and the peer's WRTE is acknowledged only once the service has taken it (readable backpressure).
 */
export class AdbServiceSocket extends Duplex {
  private inFlight = false;
  private pieces: Buffer[] = [];
  private writeDone: ((error?: Error | null) => void) | undefined;
  private ackOwed = false;
  private shut = false;

  constructor(private readonly link: SocketLink) {
    super({ allowHalfOpen: true });
    this.once('finish', () => this.destroy());
  }

  /** The peer's WRTE for this socket. */
  receive(data: Buffer): void {
    if (this.shut) return;
    if (this.push(data)) this.link.sendOkay();
    else this.ackOwed = true;
  }

  /** The peer's OKAY for our WRTE in flight. */
  acknowledged(): void {
    if (!this.inFlight) return;
    this.inFlight = false;
    this.sendNext();
  }

  /** The peer's CLSE: answer with CLSE as adbd does, end the readable side, abort the service. */
  remoteClosed(): void {
    if (this.shut) return;
    this.shut = true;
    this.link.sendClose();
    this.link.forget();
    this.push(null);
    this.destroy();
  }

  /** The connection under this socket is gone. */
  connectionLost(): void {
    if (this.shut) return;
    this.shut = true;
    this.link.forget();
    this.push(null);
    this.destroy();
  }

  override _read(): void {
    if (this.ackOwed && !this.shut) {
      this.ackOwed = false;
      this.link.sendOkay();
    }
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    if (this.shut) {
      callback();
      return;
    }
    this.pieces = splitIntoPieces(
      chunks.map((entry) => entry.chunk),
      this.link.maxData,
    );
    this.writeDone = callback;
    this.sendNext();
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (!this.shut) {
      this.shut = true;
      this.link.sendClose();
      this.link.forget();
      this.push(null);
    }
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.shut) {
      this.shut = true;
      this.link.sendClose();
      this.link.forget();
    }
    this.pieces = [];
    this.writeDone = undefined;
    callback(error);
  }

  private sendNext(): void {
    if (this.shut) return;
    const piece = this.pieces.shift();
    if (piece) {
      this.inFlight = true;
      this.link.sendWrite(piece);
      return;
    }
    const done = this.writeDone;
    this.writeDone = undefined;
    done?.();
  }
}

/** Groups buffered writes into WRTE payloads of at most maxData bytes, copying only to join small chunks. */
export function splitIntoPieces(chunks: Buffer[], maxData: number): Buffer[] {
  const pieces: Buffer[] = [];
  let group: Buffer[] = [];
  let groupSize = 0;
  const flush = () => {
    if (groupSize === 0) return;
    pieces.push(group.length === 1 ? group[0] : Buffer.concat(group, groupSize));
    group = [];
    groupSize = 0;
  };
  for (let chunk of chunks) {
    while (chunk.length > 0) {
      const room = maxData - groupSize;
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      group.push(part);
      groupSize += part.length;
      chunk = chunk.subarray(part.length);
      if (groupSize === maxData) flush();
    }
  }
  flush();
  return pieces;
}
