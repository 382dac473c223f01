import { Duplex } from 'node:stream';
import { addressKey, type PhoneSocketAddress } from './socket-spec.js';

/** What a listener does with each connection it accepts (the accepted end of a socket pair). */
export type AcceptHandler = (socket: Duplex) => void;

export interface BoundListener {
  /** The port a `tcp:0` listener was given; undefined for other addresses. */
  readonly port: number | undefined;
  close(): void;
}

// Linux hands out ports for `tcp:0` from net.ipv4.ip_local_port_range.
const EPHEMERAL_FIRST = 32768;
const EPHEMERAL_LAST = 60999;

/**
 * The sockets listening on the phone, as far as adb can reach them: loopback TCP ports and Unix
 * sockets. A connection is a pair of in-process streams; nothing is bound on the machine.
 */
export class PhoneSockets {
  private readonly listeners = new Map<string, AcceptHandler>();
  // Any start in the range will do: the kernel's choice looks random to the user.
  private nextEphemeral = EPHEMERAL_FIRST + 7919;

  /** Starts listening (`tcp:0` on a free ephemeral port); undefined when the address is taken (EADDRINUSE). */
  listen(address: PhoneSocketAddress, accept: AcceptHandler): BoundListener | undefined {
    const ephemeral = address.kind === 'tcp' && address.port === 0;
    const port = ephemeral ? this.ephemeralPort() : undefined;
    if (ephemeral && port === undefined) return undefined;
    const bound = ephemeral ? { kind: 'tcp' as const, port: port as number } : address;
    const key = addressKey(bound);
    if (this.listeners.has(key)) return undefined;
    this.listeners.set(key, accept);
    return {
      port,
      close: () => {
        if (this.listeners.get(key) === accept) this.listeners.delete(key);
      },
    };
  }

  /** Connects to a listener: the connecting end, or undefined when nothing listens there (ECONNREFUSED). */
  connect(address: PhoneSocketAddress): Duplex | undefined {
    const accept = this.listeners.get(addressKey(address));
    if (!accept) return undefined;
    const [client, server] = socketPair();
    accept(server);
    return client;
  }

  /** A free port from the ephemeral range; undefined when all are taken (EADDRINUSE). */
  private ephemeralPort(): number | undefined {
    for (let tries = 0; tries <= EPHEMERAL_LAST - EPHEMERAL_FIRST; tries++) {
      const port = this.nextEphemeral;
      this.nextEphemeral = port >= EPHEMERAL_LAST ? EPHEMERAL_FIRST : port + 1;
      if (!this.listeners.has(`tcp:${port}`)) return port;
    }
    return undefined;
  }
}

/** Two connected stream ends: what one writes, the other reads; ending one half-closes the other. */
export function socketPair(): [Duplex, Duplex] {
  const ends: PairEnd[] = [new PairEnd(), new PairEnd()];
  ends[0].peer = ends[1];
  ends[1].peer = ends[0];
  return [ends[0], ends[1]];
}

class PairEnd extends Duplex {
  peer: PairEnd | undefined;
  private pendingWrite: (() => void) | undefined;

  constructor() {
    super({ allowHalfOpen: true });
  }

  override _read(): void {
    const resume = this.peer?.pendingWrite;
    if (this.peer) this.peer.pendingWrite = undefined;
    resume?.();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const peer = this.peer;
    if (!peer || peer.destroyed) {
      callback();
      return;
    }
    if (peer.push(chunk)) callback();
    else this.pendingWrite = callback;
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.peer?.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const peer = this.peer;
    this.peer = undefined;
    const resume = this.pendingWrite;
    this.pendingWrite = undefined;
    resume?.();
    if (peer && !peer.destroyed) peer.destroy();
    callback(error);
  }
}

/** Joins two streams both ways until either side closes, as adbd relays a socket to a stream. */
export function splice(a: Duplex, b: Duplex): void {
  const close = () => {
    a.destroy();
    b.destroy();
  };
  a.pipe(b);
  b.pipe(a);
  a.once('close', close);
  b.once('close', close);
  a.on('error', close);
  b.on('error', close);
}
