import type { ServiceStream, ServiceTransport } from '../types.js';
import { splice, type BoundListener, type PhoneSockets } from './phone-sockets.js';
import { parseForwardRequest, parseSocketSpec } from './socket-spec.js';
import { encodeRequest, fail, okay } from './smart-socket.js';

/** One `adb reverse` tunnel: a listener on the phone whose connections go back to the host. */
interface ReverseEntry {
  local: string;
  /** Where connections go; a rebind changes it in place. */
  route: { connectTo: string; transport: ServiceTransport };
  listener: BoundListener;
}

/**
 * adbd's listener list for `adb reverse`: `reverse:forward:…`, `list-forward`, `killforward:…`
 * and `killforward-all`, answered as the device side of AOSP's handle_forward_request answers
 * (no connect OKAY, which only the adb server adds). A tunnel lives as long as its transport.
 */
export class ReverseTable {
  private readonly entries: ReverseEntry[] = [];
  private readonly watched = new WeakSet<ServiceTransport>();

  constructor(private readonly sockets: PhoneSockets) {}

  /** Runs one `reverse:` command (the part after `reverse:`) and closes the stream. */
  serve(command: string, transport: ServiceTransport | undefined, stream: ServiceStream): void {
    stream.end(this.answer(command, transport));
  }

  private answer(command: string, transport: ServiceTransport | undefined): Buffer {
    if (command === 'list-forward') {
      return encodeRequest(this.entries.map(({ route, local }) => `${route.transport.name} ${local} ${route.connectTo}\n`).join(''));
    }
    if (command === 'killforward-all') {
      this.clear();
      return okay();
    }
    if (!transport || !(command.startsWith('forward:') || command.startsWith('killforward:'))) return fail('not a reverse forwarding command');
    if (command.startsWith('killforward:')) {
      const local = command.slice(12);
      if (local === '' || local.includes(';')) return fail(`bad killforward: ${local}`);
      const index = this.entries.findIndex((entry) => entry.local === local);
      if (index < 0) return fail(`listener '${local}' not found`);
      this.entries.splice(index, 1)[0].listener.close();
      return okay();
    }
    const request = parseForwardRequest(command.slice(8));
    if ('error' in request) return fail(request.error);
    const { noRebind, local, remote: connectTo } = request;
    const existing = this.entries.find((entry) => entry.local === local);
    if (existing) {
      if (noRebind) return fail('cannot rebind existing socket');
      existing.route.connectTo = connectTo;
      existing.route.transport = transport;
      this.watch(transport);
      return okay();
    }
    const parsed = parseSocketSpec(local, 'listen');
    if ('error' in parsed) return fail(`cannot bind listener: ${parsed.error}`);
    const route = { connectTo, transport };
    const listener = this.sockets.listen(parsed.address, (socket) => {
      void route.transport.openToHost(route.connectTo).then((host) => {
        if (host) splice(socket, host);
        else socket.destroy();
      });
    });
    if (!listener) return fail('cannot bind listener: Address already in use');
    this.entries.push({ local: listener.port !== undefined ? `tcp:${listener.port}` : local, route, listener });
    this.watch(transport);
    return okay(listener.port !== undefined ? String(listener.port) : undefined);
  }

  /** Closes every tunnel, as a restarting adbd starts with none. */
  clear(): void {
    for (const entry of this.entries.splice(0)) entry.listener.close();
  }

  /** The transport's tunnels close with it, as adbd's listener_disconnect removes them. */
  private watch(transport: ServiceTransport): void {
    if (this.watched.has(transport)) return;
    this.watched.add(transport);
    transport.onClose(() => {
      for (let i = this.entries.length - 1; i >= 0; i--) {
        if (this.entries[i].route.transport === transport) this.entries.splice(i, 1)[0].listener.close();
      }
    });
  }
}
