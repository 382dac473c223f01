#!/usr/bin/env node
// The `xcrun simctl` stand-in: answers from the registry of virtual simulators and their control servers,
// printing what Xcode's simctl prints and exiting with its codes.
import { listOutput } from './list.js';
import { liveRecords, registryDir, type SimRecord } from './registry.js';
import type { RunFrame, RunRequest } from './server.js';
import { invalidDevice, simError, type SimctlFailure } from './sim-error.js';

/** Calls that run until they finish on their own or are stopped (bootstatus, log stream): no deadline. */
function longRunning(request: RunRequest): boolean {
  return (
    request.command === 'bootstatus' ||
    (request.command === 'spawn' && request.args.some((word, i) => word === 'stream' && /(^|\/)log$/.test(request.args[i - 1] ?? '')))
  );
}
/** Deadline of every other call to a simulator's control server. */
const CALL_DEADLINE_MS = 120_000;
/** Subcommands that read standard input. */
const READS_STDIN = new Set(['pbcopy', 'push']);
/** Options that take the next word as their value (before the device). */
const OPTIONS_WITH_VALUE = new Set(['-a', '--arch']);
const UNSUPPORTED = new Set(['create', 'clone', 'delete', 'rename', 'upgrade', 'pair', 'unpair', 'pair_activate', 'diagnose', 'runtime', 'icloud_sync']);

const USAGE = `usage: simctl [--set <path>] [--profiles <path>] <subcommand> ...
       simctl help [subcommand]
Command line utility to control the Simulator

Subcommands:
\taddmedia            Add photos, live photos, videos, or contacts to the library of a device.
\tappinfo             Show information about an installed application.
\tboot                Boot a device or device pair.
\tbootstatus          Wait for a device to finish booting.
\terase               Erase a device's contents and settings.
\tget_app_container   Print the path of the installed app's container
\tgetenv              Print an environment variable from a running device.
\tinstall             Install an app on a device.
\tio                  Set up a device IO operation.
\tkeychain            Manipulate a device's keychain
\tlaunch              Launch an application by identifier on a device.
\tlist                List available devices, device types, runtimes, or device pairs.
\tlistapps            Show the installed applications.
\tlocation            Control a device's simulated location
\topenurl             Open a URL in a device.
\tpbcopy              Copy standard input onto the device pasteboard.
\tpbpaste             Print the contents of the device's pasteboard to standard output.
\tprivacy             Grant, revoke, or reset privacy and permissions
\tpush                Send a simulated push notification
\tshutdown            Shutdown a device.
\tspawn               Spawn a process by executing a given executable on a device.
\tstatus_bar          Set or clear status bar overrides
\tterminate           Terminate an application by identifier on a device.
\tui                  Get or Set UI options
\tuninstall           Uninstall an app from a device.
`;

interface Streams {
  out(data: Buffer | string): void;
  err(text: string): void;
}

const std: Streams = {
  out: (data) => process.stdout.write(data),
  err: (text) => process.stderr.write(text),
};

function fail(failure: SimctlFailure): number {
  std.err(failure.stderr);
  return failure.exitCode;
}

/** `booted`, a udid or a device name, as simctl accepts them. */
function findDevice(records: SimRecord[], device: string): SimRecord | SimctlFailure {
  if (device === 'booted') {
    const booted = records.find((record) => record.state === 'Booted');
    return booted ?? simError({ domain: 'com.apple.CoreSimulator.SimError', code: 405, lines: ['No devices are booted.'] });
  }
  const found = records.find((record) => record.udid.toLowerCase() === device.toLowerCase()) ?? records.find((record) => record.name === device);
  return found ?? invalidDevice(device);
}

async function readStdin(): Promise<Buffer> {
  if (process.stdin.isTTY) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Sends one subcommand to the simulator's control server and relays its output frames. */
async function runOnDevice(record: SimRecord, request: RunRequest): Promise<number> {
  const signal = longRunning(request) ? undefined : AbortSignal.timeout(CALL_DEADLINE_MS);
  let response: Response;
  try {
    response = await fetch(`${record.url}/run`, { method: 'POST', body: JSON.stringify(request), headers: { 'content-type': 'application/json' }, signal });
  } catch (error) {
    std.err(
      `Unable to reach simulator ${record.name} (${record.udid}) at ${record.url}: ${(error as Error).message}. Is its process (pid ${record.pid}) still serving it?\n`,
    );
    return 1;
  }
  if (!response.ok || !response.body) {
    std.err(`Simulator ${record.udid} refused the request (HTTP ${response.status}).\n`);
    return 1;
  }
  let pending = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    pending += decoder.decode(chunk as Uint8Array, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const frame = JSON.parse(pending.slice(0, newline)) as RunFrame;
      pending = pending.slice(newline + 1);
      if ('x' in frame) return frame.x;
      if ('o' in frame) std.out(Buffer.from(frame.o, 'base64'));
      else std.err(frame.e);
      newline = pending.indexOf('\n');
    }
  }
  std.err(`Simulator ${record.udid} stopped answering before the command finished.\n`);
  return 1;
}

/** Splits `[options] DEVICE rest...` into the device and the words the simulator gets (options first). */
function splitDevice(words: string[]): { device?: string; args: string[] } {
  const options: string[] = [];
  let i = 0;
  while (i < words.length && words[i].startsWith('-')) {
    options.push(words[i]);
    if (OPTIONS_WITH_VALUE.has(words[i]) && i + 1 < words.length) options.push(words[++i]);
    i++;
  }
  return { device: words[i], args: [...options, ...words.slice(i + 1)] };
}

async function simctl(argv: string[]): Promise<number> {
  let setPath: string | undefined;
  const words = [...argv];
  while (words[0]?.startsWith('--')) {
    const option = words.shift()!;
    if (option === '--set' || option === '--profiles') {
      const value = words.shift();
      if (option === '--set') setPath = value;
    } else if (option !== '--noxpc') {
      std.err(`simctl: unknown option ${option}\n`);
      return 64;
    }
  }
  const [subcommand, ...rest] = words;
  if (!subcommand || subcommand === 'help') {
    std.out(USAGE);
    return 0;
  }
  const records = liveRecords(registryDir(setPath));
  if (subcommand === 'list') {
    const output = listOutput(rest, records);
    if (typeof output !== 'string') return fail(output);
    std.out(output);
    return 0;
  }
  if (UNSUPPORTED.has(subcommand)) {
    std.err(`simctl ${subcommand}: the virtual simulators are made by mobiletest (serveSimctl), not by simctl.\n`);
    return 1;
  }
  const { device, args } = splitDevice(rest);
  if (!device) {
    std.err(`Usage: simctl ${subcommand} <device> ...\n`);
    return 64;
  }
  const record = findDevice(records, device);
  if ('exitCode' in record) return fail(record);
  const stdin = READS_STDIN.has(subcommand) && (subcommand === 'pbcopy' || args[args.length - 1] === '-') ? await readStdin() : Buffer.alloc(0);
  return runOnDevice(record, { command: subcommand, args, stdin: stdin.toString('base64'), cwd: process.cwd() });
}

async function xcrun(argv: string[]): Promise<number> {
  const [tool, ...rest] = argv;
  if (tool === 'simctl') return simctl(rest);
  if (!tool || tool.startsWith('-')) {
    std.err('Usage: xcrun simctl <subcommand> ... (this xcrun runs simctl only)\n');
    return 1;
  }
  std.err(`xcrun: error: unable to find utility "${tool}", not a developer tool or in PATH\n`);
  return 72;
}

xcrun(process.argv.slice(2)).then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (error: Error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
