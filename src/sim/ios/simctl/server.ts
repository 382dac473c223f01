// The simulator's control server: the `xcrun simctl` stand-in sends each device subcommand here and prints what comes back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Phone } from '../../contracts/device.js';
import { APP_COMMANDS } from './app-commands.js';
import type { Command, CommandResult } from './command.js';
import type { SimIdentity, SimState } from './identity.js';
import { LIFECYCLE_COMMANDS } from './lifecycle-commands.js';
import { registryDir, removeRecord, writeRecord, type SimRecord } from './registry.js';
import { SPAWN_COMMANDS } from './spawn-commands.js';
import { SYSTEM_COMMANDS } from './system-commands.js';
import { VirtualSimulator, type SimctlFaults } from './simulator.js';

/** Every subcommand a simulator serves, by name. */
export const DEVICE_COMMANDS: Record<string, Command> = { ...LIFECYCLE_COMMANDS, ...APP_COMMANDS, ...SYSTEM_COMMANDS, ...SPAWN_COMMANDS };

/** One request from the CLI: a subcommand, the words after the device, the CLI's stdin (base64) and working directory. */
export interface RunRequest {
  command: string;
  args: string[];
  stdin?: string;
  cwd: string;
}

/** The response is newline-delimited JSON frames: stdout bytes (base64), stderr text, then the exit code. */
export type RunFrame = { o: string } | { e: string } | { x: number };

export interface ServeSimctlOptions {
  /** The virtual device behind the simulator. */
  phone: Phone;
  /** udid (required), name 'iPhone 15', runtime iOS 17.5 and device type iPhone 15 by default. */
  identity: SimIdentity;
  /** iOS bundle id → the phone's package, for apps whose ids differ (e.g. { 'com.apple.Preferences': 'com.android.settings' }). */
  bundleIds?: Record<string, string>;
  /** Registry directory; default MOBILETEST_SIMULATORS_DIR, else a per-user directory in the temp dir. */
  registryDir?: string;
  /** State at start; default 'Booted'. */
  initialState?: 'Booted' | 'Shutdown';
  /** How long a boot takes, real ms; default 50. */
  bootMs?: number;
  /** Simulator faults at start (switch them later with setFaults). */
  faults?: Partial<SimctlFaults>;
  /** Loopback address to bind; default 127.0.0.1. */
  host?: string;
}

export interface SimctlRegistration {
  readonly udid: string;
  /** The control server's base URL. */
  readonly url: string;
  /** The registration file the CLI finds the simulator by. */
  readonly file: string;
  /** The simulator (for the location, pasteboard, appearance and status bar that simctl set). */
  readonly simulator: VirtualSimulator;
  state(): SimState;
  onStateChange(listener: (state: SimState) => void): () => void;
  setFaults(faults: Partial<SimctlFaults>): void;
  /** Removes the registration file and closes the server (ending any open log streams). */
  stop(): Promise<void>;
}

/** Serves one virtual simulator to the `xcrun simctl` stand-in and registers it where the stand-in looks. */
export async function serveSimctl(options: ServeSimctlOptions): Promise<SimctlRegistration> {
  const dir = registryDir(options.registryDir);
  const simulator = new VirtualSimulator({
    phone: options.phone,
    identity: options.identity,
    bundleIds: options.bundleIds,
    dataRoot: dir,
    initialState: options.initialState ?? 'Booted',
    bootMs: options.bootMs ?? 50,
    faults: options.faults ?? {},
  });
  simulator.makeContainers();
  const streams = new Set<AbortController>();
  const server = http.createServer((req, res) => handle({ simulator, streams }, req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  const record = (): SimRecord => ({
    udid: simulator.udid,
    name: simulator.name,
    state: simulator.state,
    runtime: simulator.runtime,
    deviceType: simulator.deviceType,
    url,
    pid: process.pid,
    dataPath: simulator.dataPath,
    logPath: simulator.logPath,
    lastBootedAt: simulator.lastBootedAt,
  });
  writeRecord(dir, record());
  const unwatch = simulator.onStateChange(() => writeRecord(dir, record()));
  // A process that ends without stop() leaves no registration behind.
  const forget = () => removeRecord(dir, simulator.udid);
  process.once('exit', forget);
  let stopped: Promise<void> | undefined;
  return {
    udid: simulator.udid,
    url,
    file: path.join(dir, `${simulator.udid}.json`),
    simulator,
    state: () => simulator.state,
    onStateChange: (listener) => simulator.onStateChange(listener),
    setFaults: (faults) => simulator.setFaults(faults),
    stop() {
      stopped ??= (async () => {
        unwatch();
        process.removeListener('exit', forget);
        forget();
        for (const stream of streams) stream.abort();
        simulator.close();
        simulator.removeFolders();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return stopped;
    },
  };
}

async function handle(
  deps: { simulator: VirtualSimulator; streams: Set<AbortController> },
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  if (req.method !== 'POST' || req.url !== '/run') {
    res.writeHead(404).end();
    return;
  }
  let request: RunRequest;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RunRequest;
  } catch {
    res.writeHead(400).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const send = (frame: RunFrame) => res.write(`${JSON.stringify(frame)}\n`);
  const aborter = new AbortController();
  deps.streams.add(aborter);
  res.on('close', () => aborter.abort());
  const command = DEVICE_COMMANDS[request.command];
  let result: CommandResult;
  try {
    result = command
      ? await command({
          sim: deps.simulator,
          args: request.args,
          stdin: Buffer.from(request.stdin ?? '', 'base64'),
          cwd: request.cwd,
          signal: aborter.signal,
          io: {
            out: (data) => send({ o: Buffer.from(data).toString('base64') }),
            err: (text) => send({ e: text }),
          },
        })
      : { stderr: `Unknown subcommand: ${request.command}\n`, exitCode: 64 };
  } catch (error) {
    result = { stderr: `${(error as Error).stack ?? error}\n`, exitCode: 1 };
  }
  deps.streams.delete(aborter);
  if (typeof result !== 'number') {
    send({ e: result.stderr });
    result = result.exitCode;
  }
  send({ x: result });
  res.end();
}
