import adbkit from '@devicefarmer/adbkit';
import connectionModule from '@devicefarmer/adbkit/dist/src/adb/connection.js';
import type { AdbServerAddress } from './server-address.js';

// adbkit is CommonJS: under ESM its exports hang off the default export.
const { Client } = adbkit;
const Connection = connectionModule.default;

/**
 * adbkit starts `adb -P PORT start-server` whenever a connection is refused, on whatever port it was
 * pointed at (a stopped virtual phone's, a remote host's). The driver never starts a server behind the
 * user's back: a refused connection stays refused, and connect() reports the server missing.
 */
class NoStartConnection extends Connection {
  override startServer(): never {
    const { host = '127.0.0.1', port } = this.options;
    throw Object.assign(new Error(`connect ECONNREFUSED ${host}:${port}`), { code: 'ECONNREFUSED' });
  }
}

class AdbServerClient extends Client {
  override connection(): ReturnType<InstanceType<typeof Client>['connection']> {
    const connection = new NoStartConnection(this.options);
    connection.on('error', (error: Error) => this.emit('error', error));
    return connection.connect();
  }
}

export type AdbClient = InstanceType<typeof Client>;

/** An adbkit client for the adb server at the address, which never starts a server itself. */
export function adbClient(address: AdbServerAddress): AdbClient {
  return new AdbServerClient({ host: address.host, port: address.port });
}
