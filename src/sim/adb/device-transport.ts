import { createServer, type Server, type Socket } from 'node:net';
import type { Phone, ServiceHost } from '../types.js';
import { authorizedKeysOf } from './auth.js';
import { DeviceConnection } from './device-connection.js';
import { announceEmulator, isEmulatorPort } from './emulator.js';
import { stderrLog, type AdbLog } from './log.js';
import { listenOn } from '../listen.js';

export interface ListenDeviceOptions {
  phone: Phone;
  services: ServiceHost;
  /** TCP port for adb hosts; 0 picks a free one. An odd port in 5555..5585 is found by adb as emulator-(port-1). */
  port: number;
  /** Loopback address to bind (default 127.0.0.1). */
  host?: string;
  /** Require adb's RSA authentication, as a phone with "USB debugging" secured does. */
  auth?: boolean;
  /** On an emulator port, tell this adb server to connect now and after each offline spell, as the emulator does. */
  announceTo?: { port: number; host?: string };
  /** Where dropped connections and protocol errors are reported (default stderr). */
  log?: AdbLog;
}

export interface DeviceListener {
  readonly port: number;
  close(): Promise<void>;
}

/** Runs the phone's adbd on a TCP port: the real adb server and adb-speaking tools connect to it. */
export async function listenDevice(options: ListenDeviceOptions): Promise<DeviceListener> {
  const { phone, services } = options;
  const log = options.log ?? stderrLog;
  const keys = authorizedKeysOf(phone);
  const connections = new Set<DeviceConnection>();
  const sockets = new Set<Socket>();
  // adbd names a TCP transport after its descriptor (`host-21`); a few are open before the first connection.
  let nextFd = 21;

  const server: Server = createServer({ noDelay: true }, (socket) => {
    if (phone.faults.offline) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    const connection = new DeviceConnection({ socket, phone, services, auth: options.auth ?? false, keys, log, fd: nextFd++ });
    connections.add(connection);
    socket.on('close', () => {
      sockets.delete(socket);
      connections.delete(connection);
    });
  });

  const port = await listenOn(server, options);
  server.on('error', (error) => log(`${phone.info.serial}: device port failed: ${error.message}`));

  const announce = () => {
    if (options.announceTo && isEmulatorPort(port)) {
      announceEmulator({ ...options.announceTo, devicePort: port }).catch((error: NodeJS.ErrnoException) => {
        // No adb server running is fine: a server that starts later scans the emulator ports itself.
        if (error.code !== 'ECONNREFUSED') log(`${phone.info.serial}: could not announce to the adb server: ${error.message}`);
      });
    }
  };
  let wasOffline = phone.faults.offline;
  const unsubscribe = phone.faults.onChange(() => {
    const offline = phone.faults.offline;
    if (offline && !wasOffline) for (const connection of [...connections]) connection.drop();
    if (!offline && wasOffline) announce();
    wasOffline = offline;
  });
  if (!wasOffline) announce();

  return {
    port,
    async close() {
      unsubscribe();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of [...connections]) connection.drop();
      for (const socket of [...sockets]) socket.destroy();
      await closed;
    },
  };
}
