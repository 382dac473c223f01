import type { ServiceStream } from '../types.js';
import { encodeRequest } from './smart-socket.js';

// Only processes of debuggable apps (android:debuggable) register with adbd for JDWP, and with
// `track-app` also profileable ones; the phone's apps are release builds that are neither, so on
// this user build both lists are empty and never change. `jdwp:PID` therefore finds no process.

/** `jdwp`: the JDWP pids, one per line, with no length, then the stream closes. */
export function serveJdwpList(stream: ServiceStream): void {
  stream.resume();
  stream.end();
}

/**
 * `track-jdwp` and `track-app`: the list now (4 hex digits of length, then the pids or the
 * AppProcesses message), again at each change, until the host closes the stream. The host may not
 * write: adbd closes a tracker that receives data.
 */
export function serveProcessTracker(stream: ServiceStream): void {
  stream.write(encodeRequest(''));
  stream.once('data', () => stream.end());
  stream.once('end', () => stream.end());
}
