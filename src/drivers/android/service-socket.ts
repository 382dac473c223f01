import type { Socket } from 'node:net';

/** The adb server or device refused the service (FAIL); message is adb's own. */
export class ServiceRefused extends Error {
  override name = 'ServiceRefused';
}

/** The connection closed before the service was accepted: the device or the server went away. */
export class ConnectionLost extends Error {
  override name = 'ConnectionLost';
}

export interface ServiceSink {
  /** Called once the service is accepted (OKAY), e.g. to write stdin. */
  open?(socket: Socket): void;
  data(chunk: Buffer): void;
}

/** A device service to ask for, where its bytes go, and what cuts it off. */
export interface ServiceRequest {
  service: string;
  sink: ServiceSink;
  signal: AbortSignal;
}

/**
 * Asks for a device service on a socket already switched to the device (`host:transport:SERIAL`) and
 * streams its bytes to the sink until the device closes it. Aborting the signal destroys the socket.
 */
export function runService(socket: Socket, { service, sink, signal }: ServiceRequest): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let accepted = false;
    let status: Buffer = Buffer.alloc(0);
    let settled = false;
    const finish = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      socket.off('data', onData);
      if (error === undefined) resolve();
      else {
        socket.destroy();
        reject(error);
      }
    };
    const onAbort = (): void => finish(signal.reason);
    const onData = (chunk: Buffer): void => {
      if (accepted) return sink.data(chunk);
      status = Buffer.concat([status, chunk]);
      if (status.length < 4) return;
      const reply = status.subarray(0, 4).toString('ascii');
      if (reply === 'OKAY') {
        accepted = true;
        sink.open?.(socket);
        if (status.length > 4) sink.data(status.subarray(4));
        return;
      }
      if (reply !== 'FAIL') return finish(new ServiceRefused(`unexpected reply ${JSON.stringify(reply)} to ${service}`));
      if (status.length < 8) return;
      const length = Number.parseInt(status.subarray(4, 8).toString('ascii'), 16);
      if (status.length >= 8 + length) finish(new ServiceRefused(status.subarray(8, 8 + length).toString('utf8')));
    };
    if (signal.aborted) return finish(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    socket.on('data', onData);
    socket.once('error', (error) => finish(new ConnectionLost(error.message)));
    socket.once('close', () => {
      if (accepted) finish();
      else finish(new ConnectionLost(status.length >= 4 ? `the reply to ${service} was cut off` : `the connection closed before ${service} was accepted`));
    });
    const request = Buffer.from(service, 'utf8');
    socket.write(Buffer.concat([Buffer.from(request.length.toString(16).padStart(4, '0'), 'ascii'), request]));
  });
}
