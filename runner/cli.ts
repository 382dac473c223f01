#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { runSimCommand } from './commands/sim.js';
import { runDemo } from './commands/demo.js';
import { runLookCommand } from './commands/look.js';
import { runTestCommand } from './commands/test.js';
import { runInitCommand } from './commands/init.js';
import { runDevicesCommand } from './commands/devices.js';
import { runDoctorCommand } from './commands/doctor.js';
import { UsageError } from './errors.js';

const USAGE = `Usage: mobiletest <command> [options]

Commands:
  test     Run specs (TS and YAML) with Playwright Test on a phone, an emulator or the virtual phone
  init     Write a config, example specs and a GitHub Actions workflow into this folder
  devices  List the devices on the adb server
  doctor   Check Node, Playwright, adb, devices, the app, LLM settings and OCR data, each with its fix
  sim      Run a virtual Android phone that adb and adbkit can talk to
  look     Print the screen as the agent reads it, from a device or a saved uiautomator dump
  demo     Start a virtual phone and drive the Shop app through adb, printing what it sees

Run "mobiletest <command> --help" for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'test') return runTestCommand(rest);
  if (command === 'init') return runInitCommand(rest);
  if (command === 'devices') return runDevicesCommand(rest);
  if (command === 'doctor') return runDoctorCommand(rest);
  if (command === 'sim') return runSimCommand(rest);
  if (command === 'look') return runLookCommand(rest);
  if (command === 'demo') {
    const { values } = parseArgs({ args: rest, options: { out: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean' } } });
    if (values.help) {
      console.log('Usage: mobiletest demo [--out DIR] [--seed N]\n\nStarts a virtual phone in-process, reaches it through the adb server protocol with adbkit,\nlogs in to the Shop app, and prints each screen it saw. Screenshots go to DIR (default .mobiletest/demo).');
      return 0;
    }
    return runDemo({ outDir: values.out ?? '.mobiletest/demo', seed: values.seed === undefined ? 1 : Number(values.seed) });
  }
  throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
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
