import { connect } from 'node:net';
import { encodeRequest } from './smart-socket.js';

/** adb probes these ports (odd, 5555..5585) and names a device there emulator-(port-1). */
export function isEmulatorPort(port: number): boolean {
  return port >= 5555 && port <= 5585 && port % 2 === 1;
}

/** Tells an adb server that an emulator listens on devicePort (`host:emulator:PORT`), as the emulator does at boot. */
export function announceEmulator(options: { port: number; host?: string; devicePort: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: options.port, host: options.host ?? '127.0.0.1' }, () => {
      // The adb server acts on this request without answering.
      socket.end(encodeRequest(`host:emulator:${options.devicePort}`));
    });
    socket.setTimeout(5000, () => socket.destroy(new Error(`adb server at port ${options.port} did not take host:emulator:${options.devicePort} in 5 s`)));
    socket.on('error', reject);
    socket.on('close', () => resolve());
    socket.resume();
  });
}
