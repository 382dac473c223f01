import { connect, type Socket } from 'node:net';
import type { ServiceStream, ServiceTransport } from '../types.js';

/**
 * The transport our adb server port gives the phones' services: streams the phone opens toward the
 * host (reverse tunnels) connect on this machine, as the adb server connects them.
 */
export class HostLink implements ServiceTransport {
  private readonly listeners: Array<() => void> = [];
  private closed = false;

  constructor(readonly name: string) {}

  openToHost(destination: string): Promise<ServiceStream | undefined> {
    const target = hostTarget(destination);
    if (!target || this.closed) return Promise.resolve(undefined);
    return new Promise((settle) => {
      const socket: Socket = connect(target, () => {
        socket.off('error', refused);
        socket.setNoDelay(true);
        settle(socket);
      });
      const refused = () => settle(undefined);
      socket.once('error', refused);
    });
  }

  onClose(listener: () => void): void {
    if (this.closed) queueMicrotask(listener);
    else this.listeners.push(listener);
  }

  close(): void {
    this.closed = true;
    for (const listener of this.listeners.splice(0)) listener();
  }
}

/** Where the adb server would connect for a reverse tunnel's host end. */
function hostTarget(destination: string): { port: number; host: string } | { path: string } | undefined {
  const tcp = /^tcp:(\d+)$/.exec(destination);
  if (tcp) return { port: Number(tcp[1]), host: '127.0.0.1' };
  if (destination.startsWith('localabstract:')) return { path: `\0${destination.slice(14)}` };
  if (destination.startsWith('localfilesystem:')) return { path: destination.slice(16) };
  return undefined;
}
