// A bare ADB host over TCP for tests that need to see or misbehave at the packet level.
import { connect, type Socket } from 'node:net';
import {
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_VERSION_SKIP_CHECKSUM,
  A_WRTE,
  PacketParser,
  commandName,
  encodePacket,
  type AdbPacket,
  type PacketFields,
} from './packet.js';

/** A packet's fields as a test writes them: the payload may be text. */
export interface HostPacketFields extends Omit<PacketFields, 'data'> {
  data?: Buffer | string;
}

export class RawAdbHost {
  private readonly packets: AdbPacket[] = [];
  private waiter: (() => void) | undefined;
  readonly closed: Promise<void>;
  private isClosed = false;
  private nextId = 100;

  private constructor(
    readonly socket: Socket,
    private readonly version: number,
  ) {
    const parser = new PacketParser({ maxData: 16 * 1024 * 1024, verifyChecksum: () => false });
    socket.on('data', (chunk: Buffer) => {
      this.packets.push(...parser.push(chunk));
      this.waiter?.();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        this.waiter?.();
        resolve();
      }),
    );
    socket.on('error', () => undefined);
  }

  static async connect(port: number, options: { version?: number } = {}): Promise<RawAdbHost> {
    const socket = connect({ port, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.setNoDelay(true);
    return new RawAdbHost(socket, options.version ?? A_VERSION_SKIP_CHECKSUM);
  }

  get isOpen(): boolean {
    return !this.isClosed;
  }

  send(command: number, { arg0, arg1, data = Buffer.alloc(0) }: HostPacketFields): void {
    const body = typeof data === 'string' ? Buffer.from(data) : data;
    this.socket.write(encodePacket({ command, arg0, arg1, data: body }, this.version < A_VERSION_SKIP_CHECKSUM));
  }

  /** The next packet, failing after timeoutMs (the test's own limit on waiting, not a timing assertion). */
  async next(timeoutMs = 5000): Promise<AdbPacket> {
    const deadline = Date.now() + timeoutMs;
    while (this.packets.length === 0) {
      if (this.isClosed) throw new Error('connection closed while waiting for a packet');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no packet in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    return this.packets.shift() as AdbPacket;
  }

  /** Whether any packet arrives within ms. */
  async quietFor(ms: number): Promise<boolean> {
    if (this.packets.length > 0) return false;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.packets.length === 0;
  }

  /** CNXN with our version and maxdata; resolves with the device's CNXN. */
  async handshake(maxData = 1024 * 1024): Promise<AdbPacket> {
    this.send(A_CNXN, { arg0: this.version, arg1: maxData, data: 'host::features=shell_v2,cmd\0' });
    const reply = await this.next();
    if (reply.command !== A_CNXN) throw new Error(`expected CNXN, got ${commandName(reply.command)}`);
    return reply;
  }

  /** OPEN a service; resolves with the device's id for it, or undefined when the device refused (CLSE). */
  async open(service: string): Promise<{ localId: number; remoteId: number } | undefined> {
    const localId = this.nextId++;
    this.send(A_OPEN, { arg0: localId, arg1: 0, data: `${service}\0` });
    let reply = await this.next();
    while (reply.arg1 !== localId) reply = await this.next();
    if (reply.command === A_CLSE) return undefined;
    if (reply.command !== A_OKAY || reply.arg1 !== localId)
      throw new Error(`expected OKAY for ${service}, got ${commandName(reply.command)} ${reply.arg0},${reply.arg1}`);
    return { localId, remoteId: reply.arg0 };
  }

  /** Acknowledges WRTEs of a service until its output contains text; returns the output so far. */
  async readUntil(ids: { localId: number; remoteId: number }, text: string): Promise<string> {
    let output = '';
    while (!output.includes(text)) {
      const packet = await this.next();
      if (packet.arg1 !== ids.localId || packet.command !== A_WRTE) continue;
      output += packet.data.toString();
      this.send(A_OKAY, { arg0: ids.localId, arg1: ids.remoteId });
    }
    return output;
  }

  /** Everything a service sends until it closes, acknowledging each WRTE. */
  async readAll(ids: { localId: number; remoteId: number }, options: { onWrite?: (data: Buffer) => void } = {}): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for (;;) {
      const packet = await this.next();
      if (packet.arg1 !== ids.localId) continue;
      if (packet.command === A_WRTE) {
        options.onWrite?.(packet.data);
        chunks.push(packet.data);
        this.send(A_OKAY, { arg0: ids.localId, arg1: ids.remoteId });
      } else if (packet.command === A_CLSE) {
        return Buffer.concat(chunks);
      }
    }
  }

  /** Runs a service to its end and returns its output. */
  async run(service: string): Promise<Buffer> {
    const ids = await this.open(service);
    if (!ids) throw new Error(`device refused ${service}`);
    return this.readAll(ids);
  }

  close(): void {
    this.socket.destroy();
  }
}
