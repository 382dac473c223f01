#!/usr/bin/env node
import { closest } from '../src/primitives/schema/suggest.js';
import { UsageError } from './errors.js';
import { unsupportedNode } from './node-support.cjs';

type Run = (args: string[]) => Promise<number>;

/**
 * A command's module is loaded only when it runs: `mobiletest mcp` (started by a client on every session)
 * and `--help` do not pay for loading Playwright, the reporters and the virtual phone's apps.
 */
function lazy<M>(load: () => Promise<M>, pick: (module: M) => Run): Run {
  return async (args) => pick(await load())(args);
}

/** Every command, in the order the help lists them. */
const COMMANDS: Record<string, { summary: string; run: Run }> = {
  test: {
    summary: 'Run specs (TS and YAML) with Playwright Test on a phone, an emulator or the virtual phone',
    run: lazy(
      () => import('./commands/test.js'),
      (m) => m.runTestCommand,
    ),
  },
  init: {
    summary: 'Write a config, example specs and a GitHub Actions workflow into this folder',
    run: lazy(
      () => import('./commands/init.js'),
      (m) => m.runInitCommand,
    ),
  },
  devices: {
    summary: 'List the devices on the adb server, the iOS simulators (xcrun simctl) and the WebDriverAgent of MOBILETEST_WDA_URL',
    run: lazy(
      () => import('./commands/devices.js'),
      (m) => m.runDevicesCommand,
    ),
  },
  doctor: {
    summary: 'Check Node, Playwright, adb, devices, iOS, the app, LLM settings and OCR data, each with its fix',
    run: lazy(
      () => import('./commands/doctor.js'),
      (m) => m.runDoctorCommand,
    ),
  },
  'merge-reports': {
    summary: "Merge the blob reports of a sharded run into one run's reports (junit.xml, results.json, html)",
    run: lazy(
      () => import('./commands/merge-reports.js'),
      (m) => m.runMergeReportsCommand,
    ),
  },
  'show-report': {
    summary: 'Serve the HTML report (--output html) on localhost and print its URL',
    run: lazy(
      () => import('./commands/show-report.js'),
      (m) => m.runShowReportCommand,
    ),
  },
  'show-trace': {
    summary: "Serve one test's trace (test-results/<test>/) as an HTML report on localhost and print its URL",
    run: lazy(
      () => import('./commands/show-trace.js'),
      (m) => m.runShowTraceCommand,
    ),
  },
  sim: {
    summary: 'Run a virtual Android phone that adb and adbkit can talk to',
    run: lazy(
      () => import('./commands/sim.js'),
      (m) => m.runSimCommand,
    ),
  },
  look: {
    summary: 'Print the screen as the agent reads it, from an Android device, an iPhone (--platform ios) or a saved dump',
    run: lazy(
      () => import('./commands/look.js'),
      (m) => m.runLookCommand,
    ),
  },
  mcp: {
    summary: 'Serve the Model Context Protocol on stdio: an MCP client drives a phone with look, do, query and devices',
    run: lazy(
      () => import('./commands/mcp.js'),
      (m) => m.runMcpCommand,
    ),
  },
  demo: {
    summary: 'Run the example specs on the virtual phone (or --screens: print each screen as the agent reads it)',
    run: lazy(
      () => import('./commands/demo.js'),
      (m) => m.runDemoCommand,
    ),
  },
};

const WIDTH = Math.max(...Object.keys(COMMANDS).map((name) => name.length)) + 2;
const USAGE = `Usage: mobiletest <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, { summary }]) => `  ${name.padEnd(WIDTH)}${summary}`)
  .join('\n')}

Run "mobiletest <command> --help" for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const entry = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!entry) {
    const guess = closest(command, Object.keys(COMMANDS));
    throw new UsageError(`Unknown command "${command}".${guess ? ` Did you mean "${guess}"?` : ''}\n\n${USAGE}`);
  }
  try {
    return await entry.run(rest);
  } catch (error) {
    // A usage error that does not already show the command's help points at it.
    if (error instanceof UsageError && !error.message.includes('Usage: ')) {
      throw new UsageError(`${error.message}\nRun "mobiletest ${command} --help" for its options.`);
    }
    throw error;
  }
}

const tooOld = unsupportedNode();
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`mobiletest: ${error.message}`);
      process.exitCode = 2;
      return;
    }
    console.error(error instanceof Error ? `mobiletest: ${error.stack ?? error.message}` : error);
    process.exitCode = 1;
  },
);
