// `mobiletest mcp`: the MCP server on stdio, driving a device on the adb server, an iPhone through
// WebDriverAgent, or the virtual phone or iPhone.
// stdout carries JSON-RPC only, so everything this command says goes to stderr.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adbDevices, iosDevices, MobileMcpServer, serveStdio, type DeviceSource } from '../../src/mcp/index.js';
import { simctlPathDir, startSim, type IosSim, type Sim } from '../../src/sim/index.js';
import { UsageError } from '../errors.js';
import { PACKAGE_VERSION } from '../package-root.js';

export const MCP_USAGE = `Usage: mobiletest mcp [--platform android|ios] [--device SERIAL|UDID|sim] [--wda-url URL] [--app ID]
                      [--allow-shell] [--primitive-tools]

Serves the Model Context Protocol on stdin/stdout (JSON-RPC 2.0, one message a line), so an MCP client
(Claude Desktop, Cursor, VS Code) drives a phone with the runner's primitives: tools look, do, query
and devices. Logs go to stderr. See docs/mcp.md for the clients' config.

Options:
  --device SERIAL   drive this device on the adb server (default: ANDROID_SERIAL, else the only device;
                    the server is ADB_SERVER_SOCKET=tcp:HOST:PORT, else localhost:5037)
  --device sim      start the virtual phone (Shop, Settings, Notes) and drive it; with --platform ios,
                    the virtual iPhone
  --platform ios    drive an iPhone through WebDriverAgent: --device UDID names a simulator (default:
                    MOBILETEST_WDA_URL, else the one booted simulator xcrun simctl lists)
  --wda-url URL     the iPhone's WebDriverAgent, e.g. http://127.0.0.1:8100 (implies --platform ios)
  --app ID          the app under test (Android package or iOS bundle id): started the first time the server takes a device (unless in front),
                    launch_app's default and the filter of query logcat
  --allow-shell     also offer a shell tool that runs any command in the device's shell; each command is
                    logged to stderr. Off by default: only the primitives and read-only queries run
  --primitive-tools also offer one tool per primitive (tap, input_text, ...) with its exact input schema,
                    for clients whose models follow a schema better than a description`;

const PACKAGE_NAME = /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/;

export async function runMcpCommand(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        device: { type: 'string' },
        platform: { type: 'string' },
        'wda-url': { type: 'string' },
        app: { type: 'string' },
        'allow-shell': { type: 'boolean' },
        'primitive-tools': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${MCP_USAGE}`);
  }
  if (values.help) {
    // Help is asked for by a person at a terminal, not by a client: stdout is fine here.
    console.log(MCP_USAGE);
    return 0;
  }
  if (values.app !== undefined && !PACKAGE_NAME.test(values.app)) {
    throw new UsageError(`--app "${values.app}" is not a package name or bundle id (like com.example.shop).`);
  }
  const platform = values.platform ?? (values['wda-url'] !== undefined ? 'ios' : 'android');
  if (platform !== 'android' && platform !== 'ios') throw new UsageError(`--platform must be android or ios, got "${platform}".\n\n${MCP_USAGE}`);
  if (platform === 'android' && values['wda-url'] !== undefined)
    throw new UsageError(`--wda-url names an iPhone's WebDriverAgent: it goes with --platform ios.`);
  const log = (message: string) => process.stderr.write(`${message}\n`);
  let sim: Sim | IosSim | undefined;
  let devices: DeviceSource;
  let device = values.device;
  if (platform === 'ios') {
    if (values.device === 'sim') {
      const iphone = await startSim({ platform: 'ios', port: 0 });
      sim = iphone;
      log(`mobiletest mcp: virtual iPhone ${iphone.udid} started, WebDriverAgent at ${iphone.wdaUrl}`);
      // The stand-in xcrun answers `xcrun simctl` for the virtual iPhone; first on PATH, its plutil serves simctl's app info too.
      process.env.PATH = `${simctlPathDir()}${path.delimiter}${process.env.PATH ?? ''}`;
      devices = iosDevices({ wdaUrl: iphone.wdaUrl, xcrun: path.join(simctlPathDir(), 'xcrun') });
      device = iphone.udid;
    } else {
      devices = iosDevices({ wdaUrl: values['wda-url'] });
    }
  } else {
    const phone = values.device === 'sim' ? await startSim({ serverPort: 0 }) : undefined;
    if (phone) log(`mobiletest mcp: virtual phone ${phone.serial} started`);
    sim = phone;
    devices = adbDevices(phone ? { host: '127.0.0.1', port: phone.serverPort } : {});
    if (phone) device = phone.serial;
  }
  const server = new MobileMcpServer({
    devices,
    device,
    app: values.app,
    allowShell: values['allow-shell'] === true,
    primitiveTools: values['primitive-tools'] === true,
    version: PACKAGE_VERSION,
    log,
  });
  if (values['allow-shell']) log('mobiletest mcp: --allow-shell: the shell tool runs any command the client sends on the device; each one is logged here');
  const stop = async () => {
    await server.close().catch(() => undefined);
    await sim?.stop();
  };
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));
  try {
    await serveStdio(server, { log });
  } finally {
    await stop();
  }
  return 0;
}
