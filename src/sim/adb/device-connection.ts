import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Phone, ServiceHost, ServiceStream, ServiceTransport } from '../types.js';
import { parseAndroidPublicKey, verifyTokenSignature, type AuthorizedKeys } from './auth.js';
import { DropCounter } from './drop-fault.js';
import type { AdbLog } from './log.js';
import {
  ACCEPT_MAX_DATA,
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_SYNC,
  A_STLS,
  A_VERSION_MIN,
  A_VERSION_SKIP_CHECKSUM,
  A_WRTE,
  AUTH_RSAPUBLICKEY,
  AUTH_SIGNATURE,
  AUTH_TOKEN,
  DEVICE_MAX_DATA,
  PacketParser,
  commandName,
  encodeHeader,
  type AdbPacket,
  type PacketFields,
} from './packet.js';
import { AdbServiceSocket } from './service-socket.js';

const TOKEN_SIZE = 20;

export interface DeviceConnectionOptions {
  socket: Socket;
  phone: Phone;
  services: ServiceHost;
  /** Require RSA authentication before CNXN. */
  auth: boolean;
  keys: AuthorizedKeys;
  log: AdbLog;
  /** The descriptor adbd would hold for this connection; names the transport `host-FD`. */
  fd: number;
}

/** adbd's side of one TCP connection from an adb host: handshake, auth, and the service sockets. */
export class DeviceConnection {
  private readonly parser: PacketParser;
  private readonly sockets = new Map<number, AdbServiceSocket>();
  private nextLocalId = 1;
  private peerVersion = A_VERSION_MIN;
  private peerMaxData = 4096;
  private online = false;
  private token: Buffer | undefined;
  private readonly signatures: Array<{ token: Buffer; signature: Buffer }> = [];
  private dead = false;
  private readonly peer: string;
  private readonly dropCounter: DropCounter;
  /** Streams this side opened toward the host, by local id, until the host's OKAY or CLSE. */
  private readonly opening = new Map<number, { name: string; settle: (stream: ServiceStream | undefined) => void }>();
  private readonly closeListeners: Array<() => void> = [];
  private readonly transport: ServiceTransport;

  constructor(private readonly options: DeviceConnectionOptions) {
    const { socket } = options;
    this.peer = `${socket.remoteAddress}:${socket.remotePort}`;
    this.dropCounter = new DropCounter(options.phone.faults);
    this.parser = new PacketParser({ maxData: ACCEPT_MAX_DATA, verifyChecksum: () => this.peerVersion < A_VERSION_SKIP_CHECKSUM });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.options.log(`connection from ${this.peer} failed: ${error.message}`));
    socket.on('close', () => this.teardown());
    this.transport = {
      name: `host-${options.fd}`,
      openToHost: (destination) => this.openToHost(destination),
      onClose: (listener) => {
        if (this.dead) queueMicrotask(listener);
        else this.closeListeners.push(listener);
      },
    };
  }

  /** Close the TCP connection and every service on it. */
  drop(): void {
    this.options.socket.destroy();
    this.teardown();
  }

  private onData(chunk: Buffer): void {
    if (this.dead) return;
    let packets: AdbPacket[];
    try {
      packets = this.parser.push(chunk);
    } catch (error) {
      this.options.log(`${this.options.phone.info.serial}: closing connection from ${this.peer}: ${(error as Error).message}`);
      this.drop();
      return;
    }
    for (const packet of packets) {
      if (this.dead) return;
      this.handle(packet);
    }
  }

  private handle(packet: AdbPacket): void {
    switch (packet.command) {
      case A_CNXN:
        return this.onConnect(packet);
      case A_AUTH:
        return this.onAuth(packet);
      case A_OPEN:
        return this.onOpen(packet);
      case A_OKAY:
        if (!this.settleOpen(packet, true)) this.socketFor(packet)?.acknowledged();
        return;
      case A_WRTE:
        return this.socketFor(packet)?.receive(packet.data);
      case A_CLSE:
        if (!this.settleOpen(packet, false)) this.socketFor(packet)?.remoteClosed();
        return;
      case A_SYNC:
      case A_STLS:
        return;
      default:
        this.options.log(`${this.options.phone.info.serial}: ignoring unknown command ${commandName(packet.command)} from ${this.peer}`);
    }
  }

  private onConnect(packet: AdbPacket): void {
    if (this.online) this.closeSockets();
    this.online = false;
    this.peerVersion = packet.arg0;
    this.peerMaxData = Math.max(1, packet.arg1);
    if (this.options.auth) this.sendToken();
    else this.sendConnect();
  }

  private onAuth(packet: AdbPacket): void {
    if (!this.options.auth || this.online || !this.token) return;
    if (packet.arg0 === AUTH_SIGNATURE) {
      if (this.options.keys.accepts(this.token, packet.data)) return this.sendConnect();
      this.signatures.push({ token: this.token, signature: Buffer.from(packet.data) });
      return this.sendToken();
    }
    if (packet.arg0 === AUTH_RSAPUBLICKEY) {
      // The user taps "Allow": the connection is accepted, and a key that signed one of our tokens is remembered.
      try {
        const key = parseAndroidPublicKey(packet.data.toString('latin1'));
        if (this.signatures.some(({ token, signature }) => verifyTokenSignature(key, token, signature))) this.options.keys.add(key);
        else this.options.log(`${this.options.phone.info.serial}: the public key from ${this.peer} signed none of our tokens; allowing this connection only`);
      } catch (error) {
        this.options.log(
          `${this.options.phone.info.serial}: could not read the public key from ${this.peer}: ${(error as Error).message}; allowing this connection only`,
        );
      }
      return this.sendConnect();
    }
    this.options.log(`${this.options.phone.info.serial}: ignoring AUTH type ${packet.arg0} from ${this.peer}`);
  }

  private onOpen(packet: AdbPacket): void {
    if (!this.online) return;
    const remoteId = packet.arg0;
    const name = packet.data.toString('utf8').replace(/\0+$/, '');
    const { faults } = this.options.phone;
    if (this.dropCounter.shouldDrop()) {
      this.options.log(`${this.options.phone.info.serial}: dropping the connection at "${name}" (dropAfterCommands ${faults.dropAfterCommands})`);
      this.drop();
      return;
    }
    if (faults.latencyMs > 0) setTimeout(() => this.answerOpen(remoteId, name), faults.latencyMs);
    else this.answerOpen(remoteId, name);
  }

  private answerOpen(remoteId: number, name: string): void {
    if (this.dead || !this.online) return;
    const handler = this.options.services.resolve(name, this.transport);
    if (!handler) {
      this.send(A_CLSE, { arg0: 0, arg1: remoteId });
      return;
    }
    const localId = this.nextLocalId++;
    const socket = this.addSocket(localId, remoteId, name);
    this.send(A_OKAY, { arg0: localId, arg1: remoteId });
    try {
      handler(socket);
    } catch (error) {
      this.options.log(`${this.options.phone.info.serial}: service "${name}" threw: ${(error as Error).stack ?? error}`);
      socket.destroy();
    }
  }

  private addSocket(localId: number, remoteId: number, name: string): AdbServiceSocket {
    const socket = new AdbServiceSocket({
      maxData: Math.min(this.peerMaxData, DEVICE_MAX_DATA),
      sendWrite: (data) => this.send(A_WRTE, { arg0: localId, arg1: remoteId, data }),
      sendOkay: () => this.send(A_OKAY, { arg0: localId, arg1: remoteId }),
      sendClose: () => this.send(A_CLSE, { arg0: localId, arg1: remoteId }),
      forget: () => this.sockets.delete(localId),
    });
    socket.on('error', (error) => this.options.log(`${this.options.phone.info.serial}: stream "${name}" failed: ${error.message}`));
    this.sockets.set(localId, socket);
    return socket;
  }

  /** adbd's connect_to_remote: OPEN toward the host, settled by its OKAY (a stream) or CLSE (undefined). */
  private openToHost(destination: string): Promise<ServiceStream | undefined> {
    if (this.dead || !this.online) return Promise.resolve(undefined);
    const localId = this.nextLocalId++;
    return new Promise((settle) => {
      this.opening.set(localId, { name: destination, settle });
      this.send(A_OPEN, { arg0: localId, arg1: 0, data: Buffer.from(`${destination}\0`, 'utf8') });
    });
  }

  /** The host's OKAY (a stream) or CLSE (it could not connect) to one of our OPENs; false for other sockets' packets. */
  private settleOpen(packet: AdbPacket, accepted: boolean): boolean {
    const pending = this.online ? this.opening.get(packet.arg1) : undefined;
    if (!pending) return false;
    this.opening.delete(packet.arg1);
    pending.settle(accepted ? this.addSocket(packet.arg1, packet.arg0, pending.name) : undefined);
    return true;
  }

  /** The socket a packet addresses: arg1 is our local id, arg0 the peer's id for it. */
  private socketFor(packet: AdbPacket): AdbServiceSocket | undefined {
    if (!this.online) return undefined;
    return this.sockets.get(packet.arg1);
  }

  private sendToken(): void {
    this.token = randomBytes(TOKEN_SIZE);
    this.send(A_AUTH, { arg0: AUTH_TOKEN, arg1: 0, data: this.token });
  }

  private sendConnect(): void {
    this.online = true;
    this.token = undefined;
    this.signatures.length = 0;
    const { info } = this.options.phone;
    const banner = `device::ro.product.name=${info.product};ro.product.model=${info.model};ro.product.device=${info.device};features=${this.options.services.features.join(',')}`;
    this.send(A_CNXN, { arg0: A_VERSION_SKIP_CHECKSUM, arg1: DEVICE_MAX_DATA, data: Buffer.from(banner, 'utf8') });
  }

  private send(command: number, { arg0, arg1, data = EMPTY }: PacketFields): void {
    const { socket } = this.options;
    if (this.dead || socket.destroyed) return;
    const header = encodeHeader({ command, arg0, arg1, data }, this.peerVersion < A_VERSION_SKIP_CHECKSUM);
    if (data.length === 0) {
      socket.write(header);
      return;
    }
    socket.cork();
    socket.write(header);
    socket.write(data);
    socket.uncork();
  }

  private closeSockets(): void {
    for (const socket of [...this.sockets.values()]) socket.connectionLost();
    this.sockets.clear();
    for (const pending of [...this.opening.values()]) pending.settle(undefined);
    this.opening.clear();
  }

  private teardown(): void {
    if (this.dead) return;
    this.dead = true;
    this.online = false;
    this.closeSockets();
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}

const EMPTY = Buffer.alloc(0);
