import { createServer, type Socket } from 'node:net';
import { DEVICE_FEATURES } from './services.js';
import {
  TransportIds,
  formatDevices,
  pickDevice,
  splitHostRequest,
  stateOf,
  type DeviceSelector,
  type HostDevice,
  type TransportKind,
} from './host-devices.js';
import { stderrLog, type AdbLog } from './log.js';
import { RequestReader, encodeRequest, fail, okay } from './smart-socket.js';
import { TcpServiceStream } from './tcp-service-stream.js';
import { watchDevices } from './device-watch.js';
import { DropCounter } from './drop-fault.js';
import { HostForwards } from './host-forward.js';
import { HostLink } from './host-link.js';
import type { Phone } from '../types.js';
import { listenOn } from '../listen.js';

export type { HostDevice } from './host-devices.js';

export interface ListenHostServerOptions {
  /** The devices to list, asked afresh for every request. */
  devices: () => HostDevice[];
  /** 0 picks a free port. */
  port: number;
  host?: string;
  log?: AdbLog;
}

export interface HostServerListener {
  readonly port: number;
  close(): Promise<void>;
}

/** The adb server's smart-socket protocol, so adbkit reaches the virtual phones with no adb installed. */
export async function listenHostServer(options: ListenHostServerOptions): Promise<HostServerListener> {
  const log = options.log ?? stderrLog;
  const ids = new TransportIds();
  const links = new Map<string, HostLink>();
  const forwards = new HostForwards();
  const sockets = new Set<Socket>();
  const server = createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    new HostClient(socket, { devices: options.devices, ids, log, links, forwards });
  });
  const port = await listenOn(server, options);
  server.on('error', (error) => log(`adb server port failed: ${error.message}`));
  return {
    port,
    async close() {
      for (const link of links.values()) link.close();
      forwards.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of [...sockets]) socket.destroy();
      await closed;
    },
  };
}

interface HostContext {
  devices: () => HostDevice[];
  ids: TransportIds;
  log: AdbLog;
  /** Each phone's transport to this server, by serial. */
  links: Map<string, HostLink>;
  forwards: HostForwards;
}

/** One client connection: host requests, then possibly a transport and one service. */
class HostClient {
  private readonly reader = new RequestReader();
  private busy = false;
  private handedOver = false;
  private transport: { device: HostDevice; id: number } | undefined;
  private readonly onData = (chunk: Buffer) => {
    this.reader.push(chunk);
    void this.pump();
  };

  constructor(
    private readonly socket: Socket,
    private readonly context: HostContext,
  ) {
    socket.setNoDelay(true);
    socket.on('data', this.onData);
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (!this.handedOver && !this.socket.destroyed) {
        let request: string | undefined;
        try {
          request = this.reader.next();
        } catch (error) {
          this.context.log(`closing adb server client ${this.socket.remoteAddress}:${this.socket.remotePort}: ${(error as Error).message}`);
          this.finish(fail((error as Error).message));
          return;
        }
        if (request === undefined) return;
        await this.handle(request);
      }
    } finally {
      this.busy = false;
    }
  }

  private async handle(request: string): Promise<void> {
    if (this.transport) return this.openService(request);
    const selector = parseTransportRequest(request);
    if (selector) {
      const pick = pickDevice(this.context.devices(), this.context.ids, selector.by);
      if ('error' in pick) return this.finish(fail(pick.error));
      if (stateOf(pick.device) === 'offline') return this.finish(fail('device offline'));
      this.transport = pick;
      const id = Buffer.alloc(8);
      id.writeBigUInt64LE(BigInt(pick.id));
      this.socket.write(selector.withId ? Buffer.concat([okay(), id]) : okay());
      return;
    }
    const split = splitHostRequest(request);
    if (!split) return this.finish(fail('unknown host service'));
    return this.hostCommand(split.command, split.by);
  }

  private async hostCommand(command: string, by: DeviceSelector): Promise<void> {
    const { devices, ids } = this.context;
    const device = () => pickDevice(devices(), ids, by);
    const answer = (value: (pick: { device: HostDevice; id: number }) => string) => {
      const pick = device();
      this.finish('error' in pick ? fail(pick.error) : okay(value(pick)));
    };
    switch (command) {
      case 'version':
        return this.finish(okay('0029'));
      case 'devices':
        return this.finish(okay(formatDevices(devices(), ids, false)));
      case 'devices-l':
        return this.finish(okay(formatDevices(devices(), ids, true)));
      case 'track-devices':
      case 'track-devices-l':
        return this.track(command === 'track-devices-l');
      case 'kill':
        this.context.log('host:kill asked; the virtual phones keep running');
        return this.finish(okay());
      case 'host-features':
        return this.finish(okay(DEVICE_FEATURES.join(',')));
      case 'features':
        return answer((pick) => pick.device.services.features.join(','));
      case 'get-state':
        return answer((pick) => stateOf(pick.device));
      case 'get-serialno':
        return answer((pick) => pick.device.serial);
      case 'get-devpath':
        return answer(() => 'unknown');
    }
    if (command.startsWith('wait-for-')) return this.waitFor(command, by);
    if (command.startsWith('connect:')) {
      const address = command.slice(8);
      const known = devices().some((candidate) => candidate.serial === address);
      return this.finish(
        okay(known ? `already connected to ${address}` : `failed to connect to ${address}: the mobiletest adb server lists only its virtual phones`),
      );
    }
    if (command.startsWith('disconnect:')) {
      const address = command.slice(11);
      if (address === '') return this.finish(okay('disconnected everything'));
      const known = devices().some((candidate) => candidate.serial === address);
      return this.finish(known ? okay(`disconnected ${address}`) : fail(`no such device '${address}'`));
    }
    if (command.startsWith('emulator:')) return this.finish();
    if (command === 'list-forward' || command.startsWith('forward:') || command.startsWith('killforward')) {
      const target = () => {
        const pick = device();
        return 'error' in pick ? pick : { device: pick.device, transport: this.linkOf(pick.device.serial) };
      };
      return this.finish(await this.context.forwards.request(command, target));
    }
    return this.finish(fail('unknown host service'));
  }

  /** `host:track-devices`: the list now, then the list again whenever it changes, until the client leaves. */
  private track(long: boolean): void {
    this.handedOver = true;
    this.socket.off('data', this.onData);
    const { devices, ids } = this.context;
    this.socket.write(okay());
    const stop = watchDevices(devices, (list) => {
      if (!this.socket.destroyed) this.socket.write(encodeRequest(formatDevices(list, ids, long)));
    });
    this.socket.on('close', stop);
    this.socket.on('end', () => this.socket.end());
    this.socket.resume();
  }

  /** `wait-for-TRANSPORT-STATE`: OKAY at once, a second OKAY when such a device is there. */
  private waitFor(command: string, by: DeviceSelector): void {
    this.handedOver = true;
    this.socket.off('data', this.onData);
    const wanted = /-(device|any|recovery|rescue|sideload|bootloader|disconnect)$/.exec(command)?.[1] ?? 'device';
    const kind = /^wait-for-(usb|local|any)-/.exec(command)?.[1] as TransportKind | undefined;
    const selector = by.serial !== undefined || by.id !== undefined ? by : { kind: kind ?? by.kind };
    this.socket.write(okay());
    const ready = (list: HostDevice[]) => {
      const pick = pickDevice(list, this.context.ids, selector);
      if (wanted === 'disconnect') return 'error' in pick;
      if ('error' in pick) return false;
      return wanted === 'any' || stateOf(pick.device) === 'device';
    };
    const stop = watchDevices(this.context.devices, (list) => {
      if (!ready(list)) return;
      stop();
      this.finish(okay());
    });
    this.socket.on('close', stop);
    this.socket.resume();
  }

  private async openService(name: string): Promise<void> {
    const { device } = this.transport as { device: HostDevice };
    const { phone } = device;
    this.handedOver = true;
    this.socket.off('data', this.onData);
    this.socket.pause();
    if (stateOf(device) === 'offline') return this.finish(fail('device offline'));
    if (dropCounterOf(phone).shouldDrop()) {
      this.context.log(`${device.serial}: dropping the connection at "${name}" (dropAfterCommands ${phone.faults.dropAfterCommands})`);
      this.socket.destroy();
      return;
    }
    if (phone.faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, phone.faults.latencyMs));
    if (this.socket.destroyed) return;
    const handler = device.services.resolve(name, this.linkOf(device.serial));
    if (!handler) return this.finish(fail('closed'));
    this.socket.write(okay());
    const stream = new TcpServiceStream(this.socket, this.reader.rest());
    // Going offline closes the streams to the phone, as the adb server does when a transport drops.
    const unsubscribe = phone.faults.onChange(() => {
      if (phone.faults.offline) this.socket.destroy();
    });
    stream.once('close', unsubscribe);
    stream.on('error', (error) => this.context.log(`${device.serial}: service "${name}" failed: ${error.message}`));
    try {
      handler(stream);
    } catch (error) {
      this.context.log(`${device.serial}: service "${name}" threw: ${(error as Error).stack ?? error}`);
      stream.destroy();
    }
  }

  private linkOf(serial: string): HostLink {
    let link = this.context.links.get(serial);
    if (!link) {
      link = new HostLink(`host-${this.context.ids.of(serial) + 20}`);
      this.context.links.set(serial, link);
    }
    return link;
  }

  /** Send a last answer and close, as the adb server does after a one-shot request. */
  private finish(reply?: Buffer): void {
    this.handedOver = true;
    this.socket.off('data', this.onData);
    if (this.socket.destroyed) return;
    if (reply) this.socket.end(reply);
    else this.socket.end();
  }
}

// Each client connection opens one service, so the fault counts the phone's opens as one adb transport would.
const dropCounters = new WeakMap<Phone, DropCounter>();

function dropCounterOf(phone: Phone): DropCounter {
  let counter = dropCounters.get(phone);
  if (!counter) {
    counter = new DropCounter(phone.faults);
    dropCounters.set(phone, counter);
  }
  return counter;
}

/** `host:transport…` and `host:tport:…` (the latter answers OKAY and the 8-byte transport id). */
function parseTransportRequest(request: string): { by: DeviceSelector; withId: boolean } | undefined {
  if (request.startsWith('host:transport-id:')) return { by: { id: Number(request.slice(18)) }, withId: false };
  if (request.startsWith('host:transport:')) return { by: { serial: request.slice(15) }, withId: false };
  const kinds: Record<string, TransportKind> = { 'host:transport-any': 'any', 'host:transport-usb': 'usb', 'host:transport-local': 'local' };
  if (request in kinds) return { by: { kind: kinds[request] }, withId: false };
  if (request.startsWith('host:tport:serial:')) return { by: { serial: request.slice(18) }, withId: true };
  const tports: Record<string, TransportKind> = { 'host:tport:any': 'any', 'host:tport:usb': 'usb', 'host:tport:local': 'local' };
  if (request in tports) return { by: { kind: tports[request] }, withId: true };
  return undefined;
}
