import { createServer, type Server, type Socket } from 'node:net';
import type { ServiceTransport } from '../types.js';
import type { HostDevice } from './host-devices.js';
import { fail, okay } from './smart-socket.js';
import { TcpServiceStream } from './tcp-service-stream.js';
import { parseForwardRequest } from './socket-spec.js';

interface HostForward {
  local: string;
  remote: string;
  device: HostDevice;
  server: Server;
}

/** The device a forward request names and its transport, or the adb server's error for the selector. */
export type ForwardTarget = { device: HostDevice; transport: ServiceTransport } | { error: string };

/**
 * `host:forward`, `host:killforward`, `host:killforward-all` and `host:list-forward` on our adb
 * server port, answered as the adb server answers them (OKAY for the connection, OKAY or FAIL for
 * the result, then the port for `tcp:0`). Each connection to a forwarded port opens the remote
 * service on the phone and is closed at once when the phone refuses it.
 */
export class HostForwards {
  private readonly forwards: HostForward[] = [];

  /** Handles a forward command; resolves with the bytes to answer. */
  async request(command: string, target: () => ForwardTarget): Promise<Buffer> {
    if (command === 'list-forward') return okay(this.forwards.map((f) => `${f.device.serial} ${f.local} ${f.remote}\n`).join(''));
    if (command === 'killforward-all') {
      for (const forward of this.forwards.splice(0)) forward.server.close();
      return Buffer.concat([okay(), okay()]);
    }
    const picked = target();
    if ('error' in picked) return fail(picked.error);
    if (command.startsWith('killforward:')) {
      const local = command.slice(12);
      const index = this.forwards.findIndex((f) => f.local === local);
      if (index < 0) return fail(`listener '${local}' not found`);
      this.forwards.splice(index, 1)[0].server.close();
      return Buffer.concat([okay(), okay()]);
    }
    const request = parseForwardRequest(command.slice(8));
    if ('error' in request) return fail(request.error);
    const { noRebind, local, remote } = request;
    const existing = this.forwards.find((f) => f.local === local);
    if (existing) {
      if (noRebind) return fail('cannot rebind existing socket');
      Object.assign(existing, { remote, device: picked.device });
      return Buffer.concat([okay(), okay()]);
    }
    const port = /^tcp:(\d+)$/.exec(local);
    if (!port) return fail(`cannot bind listener: the mobiletest adb server forwards tcp:PORT only, not ${local}`);
    const forward: HostForward = { local, remote, device: picked.device, server: createServer() };
    forward.server.on('connection', (socket) => this.connectionTo(forward, picked.transport, socket));
    const bound = await new Promise<number | NodeJS.ErrnoException>((resolve) => {
      forward.server.once('error', resolve);
      forward.server.listen(Number(port[1]), '127.0.0.1', () => {
        const address = forward.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    if (typeof bound !== 'number') return fail(`cannot bind listener: ${bound.code === 'EADDRINUSE' ? 'Address already in use' : bound.message}`);
    if (port[1] === '0') forward.local = `tcp:${bound}`;
    this.forwards.push(forward);
    return Buffer.concat([okay(), port[1] === '0' ? okay(String(bound)) : okay()]);
  }

  /** Closes every forward (the server is going away). */
  close(): void {
    for (const forward of this.forwards.splice(0)) forward.server.close();
  }

  private connectionTo(forward: HostForward, transport: ServiceTransport, socket: Socket): void {
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    const { device } = forward;
    const handler = device.phone.faults.offline ? undefined : device.services.resolve(forward.remote, transport);
    if (!handler) {
      socket.destroy();
      return;
    }
    handler(new TcpServiceStream(socket, Buffer.alloc(0)));
  }
}
