#!/usr/bin/env node
import { closest } from '../src/primitives/schema/suggest.js';
import { runSimCommand } from './commands/sim.js';
import { runDemoCommand } from './commands/demo.js';
import { runLookCommand } from './commands/look.js';
import { runTestCommand } from './commands/test.js';
import { runInitCommand } from './commands/init.js';
import { runDevicesCommand } from './commands/devices.js';
import { runDoctorCommand } from './commands/doctor.js';
import { runMergeReportsCommand } from './commands/merge-reports.js';
import { runShowReportCommand } from './commands/show-report.js';
import { runShowTraceCommand } from './commands/show-trace.js';
import { runMcpCommand } from './commands/mcp.js';
import { UsageError } from './errors.js';

/** Every command, in the order the help lists them. */
const COMMANDS: Record<string, { summary: string; run: (args: string[]) => Promise<number> }> = {
  test: { summary: 'Run specs (TS and YAML) with Playwright Test on a phone, an emulator or the virtual phone', run: runTestCommand },
  init: { summary: 'Write a config, example specs and a GitHub Actions workflow into this folder', run: runInitCommand },
  devices: { summary: 'List the devices on the adb server', run: runDevicesCommand },
  doctor: { summary: 'Check Node, Playwright, adb, devices, the app, LLM settings and OCR data, each with its fix', run: runDoctorCommand },
  'merge-reports': { summary: "Merge the blob reports of a sharded run into one run's reports (junit.xml, results.json, html)", run: runMergeReportsCommand },
  'show-report': { summary: 'Serve the HTML report (--output html) on localhost and print its URL', run: runShowReportCommand },
  'show-trace': { summary: "Serve one test's trace (test-results/<test>/) as an HTML report on localhost and print its URL", run: runShowTraceCommand },
  sim: { summary: 'Run a virtual Android phone that adb and adbkit can talk to', run: runSimCommand },
  look: { summary: 'Print the screen as the agent reads it, from a device or a saved uiautomator dump', run: runLookCommand },
  mcp: { summary: 'Serve the Model Context Protocol on stdio: an MCP client drives a phone with look, do, query and devices', run: runMcpCommand },
  demo: { summary: 'Run the example specs on the virtual phone (or --screens: print each screen as the agent reads it)', run: runDemoCommand },
};

const WIDTH = Math.max(...Object.keys(COMMANDS).map((name) => name.length)) + 2;
const USAGE = `Usage: mobiletest <command> [options]

Commands:
${Object.entries(COMMANDS).map(([name, { summary }]) => `  ${name.padEnd(WIDTH)}${summary}`).join('\n')}

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

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
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
