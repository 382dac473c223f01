import { parseArgs } from 'node:util';
import { IOS_SAMPLE_APPS, startSim, sampleApps, type TimingMode } from '../../src/sim/index.js';
import { UsageError } from '../errors.js';

export const SIM_USAGE = `Usage: mobiletest sim [options]

Runs a virtual Android phone (or, with --platform ios, a virtual iPhone serving WebDriverAgent)
in the foreground until interrupted (Ctrl-C).

Options:
  --platform P       android (default) or ios: an iPhone 15 (iOS 17.5) with WebDriverAgent's HTTP API
  --port N           device port for adb (default 5555: adb lists it as emulator-5554 with no connect);
                     with --platform ios, WebDriverAgent's port (default 8100)
  --server-port N    also speak the adb server protocol on N, for adbkit without adb installed
  --app NAME         install only this sample app (repeatable): ${Object.keys(sampleApps).join(', ')}
  --seed N           seed for everything random on the phone (default 1)
  --serial S         the phone's ro.serialno
  --auth             require adb's RSA key authorisation, like a secure phone
  --freeze-time      freeze the phone's clock (timers fire only when advanced)
  --timing MODE      fast (default): answer at once; real: take what each command takes on a
                     mid-range Android 14 phone (uiautomator dump ~2.1 s, screencap -p ~2 s, input ~0.2 s)
  --latency MS       fault: add MS to every command
  --idle-errors N    fault: the next N uiautomator dumps fail with "could not get idle state"
  --drop-after N     fault: drop each connection after N commands
  --chat-server URL  the Chat backend the Chat app talks to (default: one started with the phone,
                     printed at start; pass that URL to a second phone so both users chat)`;

function toPort(name: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--${name} must be a port number 0..65535, got "${value}".`);
  return port;
}

function toCount(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) throw new UsageError(`--${name} must be a whole number >= 0, got "${value}".`);
  return count;
}

function toTiming(value: string | undefined): TimingMode | undefined {
  if (value === undefined || value === 'fast' || value === 'real') return value;
  throw new UsageError(`--timing must be "fast" or "real", got "${value}".`);
}

function toUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^/]+/.test(value)) throw new UsageError(`--chat-server must be an http:// URL such as http://127.0.0.1:8300, got "${value}".`);
  return value;
}

/** The adb server a user's adb talks to: ADB_SERVER_SOCKET=tcp:HOST:PORT, ANDROID_ADB_SERVER_PORT, or 5037. */
function adbServerAddress(): { host: string; port: number } {
  const socket = /^tcp:(?:(.+):)?(\d+)$/.exec(process.env.ADB_SERVER_SOCKET ?? '');
  if (socket) return { host: socket[1] ?? '127.0.0.1', port: Number(socket[2]) };
  return { host: '127.0.0.1', port: Number(process.env.ANDROID_ADB_SERVER_PORT) || 5037 };
}

export async function runSimCommand(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        platform: { type: 'string' },
        port: { type: 'string' },
        'server-port': { type: 'string' },
        app: { type: 'string', multiple: true },
        seed: { type: 'string' },
        serial: { type: 'string' },
        auth: { type: 'boolean' },
        'freeze-time': { type: 'boolean' },
        timing: { type: 'string' },
        latency: { type: 'string' },
        'idle-errors': { type: 'string' },
        'drop-after': { type: 'string' },
        'chat-server': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${SIM_USAGE}`);
  }
  if (values.help) {
    console.log(SIM_USAGE);
    return 0;
  }
  for (const app of values.app ?? []) {
    if (!sampleApps[app]) throw new UsageError(`--app: unknown sample app "${app}". Choose from: ${Object.keys(sampleApps).join(', ')}.`);
  }
  const timing = toTiming(values.timing);
  const chatServer = toUrl(values['chat-server']);
  if (values.platform !== undefined && values.platform !== 'android' && values.platform !== 'ios') {
    throw new UsageError(`--platform must be "android" or "ios", got "${values.platform}".`);
  }
  if (values.platform === 'ios') {
    return runIosSim({
      port: toPort('port', values.port, 8100) ?? 8100,
      apps: values.app,
      seed: toCount('seed', values.seed),
      frozenAt: values['freeze-time'] ? Date.UTC(2026, 0, 1, 12, 0, 0) : undefined,
      timing,
      latencyMs: toCount('latency', values.latency) ?? 0,
      chatServer,
    });
  }
  const port = toPort('port', values.port, 5555) ?? 5555;
  const sim = await startSim({
    port,
    serverPort: toPort('server-port', values['server-port']),
    apps: values.app,
    seed: toCount('seed', values.seed),
    serial: values.serial,
    auth: values.auth,
    announceTo: adbServerAddress(),
    frozenAt: values['freeze-time'] ? Date.UTC(2026, 0, 1, 12, 0, 0) : undefined,
    timing,
    chatServer,
    faults: {
      latencyMs: toCount('latency', values.latency) ?? 0,
      idleStateErrors: toCount('idle-errors', values['idle-errors']) ?? 0,
      dropAfterCommands: toCount('drop-after', values['drop-after']) ?? 0,
    },
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new UsageError(`port ${port} is already in use (another phone or adb?). Pick another with --port N.`);
    throw error;
  });
  const apps = (values.app ?? Object.keys(sampleApps)).map((name) => sampleApps[name].package);
  console.log(
    `mobiletest sim: virtual phone ${sim.serial} listening on 127.0.0.1:${sim.port}` +
      (sim.serverPort !== undefined ? `, adb server protocol on 127.0.0.1:${sim.serverPort}` : ''),
  );
  console.log(`  apps: ${apps.join(', ')}`);
  if (sim.chatServer) console.log(`  chat server: ${sim.chatServer}`);
  if (timing === 'real') console.log('  timing: real (each command takes what it takes on a mid-range Android 14 phone)');
  console.log(
    sim.serial.startsWith('emulator-')
      ? `  adb lists it on its own: adb devices  (or: adb connect 127.0.0.1:${sim.port})`
      : `  connect with: adb connect 127.0.0.1:${sim.port}`,
  );
  console.log('  press Ctrl-C to stop');
  await interrupted();
  await sim.stop();
  console.log('mobiletest sim: stopped');
  return 0;
}

function interrupted(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** The iPhone branch: WebDriverAgent on the port, the udid printed for simctl-based tools. */
async function runIosSim(o: {
  port: number;
  apps?: string[];
  seed?: number;
  frozenAt?: number;
  timing?: TimingMode;
  latencyMs: number;
  chatServer?: string;
}): Promise<number> {
  for (const app of o.apps ?? []) {
    if (!IOS_SAMPLE_APPS.includes(app)) throw new UsageError(`--app: "${app}" is not an iPhone sample app. Choose from: ${IOS_SAMPLE_APPS.join(', ')}.`);
  }
  const sim = await startSim({
    platform: 'ios',
    port: o.port,
    apps: o.apps,
    seed: o.seed,
    frozenAt: o.frozenAt,
    timing: o.timing,
    chatServer: o.chatServer,
    faults: { latencyMs: o.latencyMs },
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new UsageError(`port ${o.port} is already in use (another WebDriverAgent?). Pick another with --port N.`);
    throw error;
  });
  const apps = (o.apps ?? IOS_SAMPLE_APPS).map((name) => (name === 'settings' ? 'com.apple.Preferences' : sampleApps[name].package));
  console.log(`mobiletest sim: virtual iPhone "${sim.name}" (${sim.udid}) with WebDriverAgent at ${sim.wdaUrl}`);
  console.log(`  apps: ${apps.join(', ')}`);
  if (sim.chatServer) console.log(`  chat server: ${sim.chatServer}`);
  if (o.timing === 'real') console.log('  timing: real (each command takes what it takes on a phone)');
  console.log(`  connect with: curl ${sim.wdaUrl}/status  (or webdriverio/Appium with appium:webDriverAgentUrl=${sim.wdaUrl})`);
  console.log('  press Ctrl-C to stop');
  await interrupted();
  await sim.stop();
  console.log('mobiletest sim: stopped');
  return 0;
}
