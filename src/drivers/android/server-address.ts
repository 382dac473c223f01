/** Where the adb server listens, and how the user chose it (for error messages). */
export interface AdbServerAddress {
  host: string;
  port: number;
  /** `the adb server at 127.0.0.1:5037`, `… (ADB_SERVER_SOCKET)`, … */
  describe: string;
  /** Chosen by option or environment rather than the default, so never started on the user's behalf. */
  explicit: boolean;
}

const DEFAULT_PORT = 5037;

/**
 * The adb server to use, as the adb CLI picks it: an explicit host/port first, then
 * ADB_SERVER_SOCKET (`tcp:HOST:PORT` or `tcp:PORT`), then ANDROID_ADB_SERVER_PORT, then localhost:5037.
 */
export function adbServerAddress(explicit: { host?: string; port?: number } = {}, env: NodeJS.ProcessEnv = process.env): AdbServerAddress {
  if (explicit.host !== undefined || explicit.port !== undefined) {
    const host = explicit.host ?? '127.0.0.1';
    const port = explicit.port ?? DEFAULT_PORT;
    return { host, port, describe: `the adb server at ${host}:${port}`, explicit: true };
  }
  const socket = env.ADB_SERVER_SOCKET;
  if (socket !== undefined && socket !== '') {
    const match = /^tcp:(?:(\[[^\]]+\]|[^:]+):)?(\d+)$/.exec(socket);
    if (!match) throw new Error(`ADB_SERVER_SOCKET=${socket} is not understood; use tcp:HOST:PORT or tcp:PORT (unix sockets are not supported)`);
    const host = (match[1] ?? '127.0.0.1').replace(/^\[|\]$/g, '');
    return { host, port: Number(match[2]), describe: `the adb server at ${host}:${match[2]} (ADB_SERVER_SOCKET)`, explicit: true };
  }
  const envPort = env.ANDROID_ADB_SERVER_PORT;
  if (envPort !== undefined && /^\d+$/.test(envPort)) {
    return { host: '127.0.0.1', port: Number(envPort), describe: `the adb server at 127.0.0.1:${envPort} (ANDROID_ADB_SERVER_PORT)`, explicit: true };
  }
  return { host: '127.0.0.1', port: DEFAULT_PORT, describe: `the adb server at 127.0.0.1:${DEFAULT_PORT}`, explicit: false };
}
