// `mobiletest mcp`: the MCP server on stdio, driving a device on the adb server or the virtual phone.
// stdout carries JSON-RPC only, so everything this command says goes to stderr.
import { parseArgs } from 'node:util';
import { adbDevices, MobileMcpServer, serveStdio } from '../../src/mcp/index.js';
import { startSim, type Sim } from '../../src/sim/index.js';
import { UsageError } from '../errors.js';
import { PACKAGE_VERSION } from '../package-root.js';

export const MCP_USAGE = `Usage: mobiletest mcp [--device SERIAL|sim] [--app PKG] [--allow-shell] [--primitive-tools]

Serves the Model Context Protocol on stdin/stdout (JSON-RPC 2.0, one message a line), so an MCP client
(Claude Desktop, Cursor, VS Code) drives a phone with the runner's primitives: tools look, do, query
and devices. Logs go to stderr. See docs/mcp.md for the clients' config.

Options:
  --device SERIAL   drive this device on the adb server (default: ANDROID_SERIAL, else the only device;
                    the server is ADB_SERVER_SOCKET=tcp:HOST:PORT, else localhost:5037)
  --device sim      start the virtual phone (Shop, Settings, Notes) and drive it
  --app PKG         the app under test: started the first time the server takes a device (unless in front),
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
    throw new UsageError(`--app "${values.app}" is not an Android package name (like com.example.shop).`);
  }
  const log = (message: string) => process.stderr.write(`${message}\n`);
  let sim: Sim | undefined;
  if (values.device === 'sim') {
    sim = await startSim({ serverPort: 0 });
    log(`mobiletest mcp: virtual phone ${sim.serial} started`);
  }
  const server = new MobileMcpServer({
    devices: adbDevices(sim ? { host: '127.0.0.1', port: sim.serverPort } : {}),
    device: sim ? sim.serial : values.device,
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
