// Listening on a loopback port: the one way every server of the virtual devices starts.
import type { Server } from 'node:net';

/** Starts `server` on `host`:`port` (0 picks a free port); resolves with the port, rejects with the listen error. */
export async function listenOn(server: Server, o: { port?: number; host?: string } = {}): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : (o.port ?? 0);
}
