// The `xcrun simctl` stand-in's own output: exit codes, text and JSON shapes, and the unified log.
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Simctl } from 'node-simctl';
import { sampleApps } from '../../apps/index.js';
import { createPhone } from '../../phone.js';
import type { Phone } from '../../types.js';
import { serveSimctl, type SimctlRegistration } from './server.js';
import { simctlPathDir } from './xcrun.js';

const UDID = '0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0';
let registry: string;
let phone: Phone;
let sim: SimctlRegistration;

interface Run {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Runs the stand-in as a tool would: a child process, this simulator's registry in its environment. */
function xcrun(args: string[], options: { registry?: string } = {}): Promise<Run> {
  const env = { ...process.env, PATH: `${simctlPathDir()}${path.delimiter}${process.env.PATH}`, MOBILETEST_SIMULATORS_DIR: options.registry ?? registry };
  return new Promise((resolve) => {
    execFile('xcrun', args, { env, encoding: 'buffer', timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr: stderr.toString('utf8') });
    });
  });
}

test.beforeEach(async () => {
  registry = mkdtempSync(path.join(os.tmpdir(), 'simctl-cli-'));
  phone = createPhone({ apps: Object.values(sampleApps) });
  sim = await serveSimctl({ phone, identity: { udid: UDID }, registryDir: registry });
});

test.afterEach(async () => {
  await sim.stop();
  rmSync(registry, { recursive: true, force: true });
});

test('xcrun runs simctl only, as xcrun answers for a tool it cannot find', async () => {
  const other = await xcrun(['instruments', '-s']);
  expect(other.code).toBe(72);
  expect(other.stderr).toBe('xcrun: error: unable to find utility "instruments", not a developer tool or in PATH\n');
  expect((await xcrun([])).code).toBe(1);
});

test('list prints every section in text, and each alone in JSON', async () => {
  const all = await xcrun(['simctl', 'list']);
  expect(all.stdout.toString()).toBe(
    [
      '== Device Types ==',
      'iPhone 15 (com.apple.CoreSimulator.SimDeviceType.iPhone-15)',
      '== Runtimes ==',
      'iOS 17.5 (17.5 - 21F79) - com.apple.CoreSimulator.SimRuntime.iOS-17-5',
      '== Devices ==',
      '-- iOS 17.5 --',
      `    iPhone 15 (${UDID}) (Booted) `,
      '== Device Pairs ==',
      '',
    ].join('\n'),
  );
  const runtimes = JSON.parse((await xcrun(['simctl', 'list', 'runtimes', '-j'])).stdout.toString());
  expect(runtimes.runtimes).toEqual([
    expect.objectContaining({ name: 'iOS 17.5', version: '17.5', platform: 'iOS', isAvailable: true, buildversion: '21F79' }),
  ]);
  const raw = (await xcrun(['simctl', 'list', 'devices', '--json'])).stdout.toString();
  expect(raw).toContain('"state" : "Booted"');
  expect(raw).toContain('\\/Devices\\/');
});

test('--set lists the simulators registered in that directory', async () => {
  const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'simctl-set-'));
  const other = await serveSimctl({
    phone: createPhone({ apps: [] }),
    identity: { udid: 'AAAAAAAA-0000-0000-0000-000000000001', name: 'iPhone 15 B' },
    registryDir: elsewhere,
    initialState: 'Shutdown',
  });
  try {
    const listed = JSON.parse((await xcrun(['simctl', '--set', elsewhere, 'list', 'devices', '-j'])).stdout.toString());
    expect(listed.devices['com.apple.CoreSimulator.SimRuntime.iOS-17-5']).toEqual([expect.objectContaining({ name: 'iPhone 15 B', state: 'Shutdown' })]);
    const none = await xcrun(['simctl', '--set', elsewhere, 'launch', 'booted', 'com.example.notes']);
    expect({ code: none.code, stderr: none.stderr }).toEqual({
      code: 149,
      stderr: 'An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):\nNo devices are booted.\n',
    });
  } finally {
    await other.stop();
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('an unknown device is `Invalid device`, exit 148', async () => {
  const run = await xcrun(['simctl', 'boot', 'NOT-A-DEVICE']);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 148, stderr: 'Invalid device: NOT-A-DEVICE\n' });
});

test('log show prints the phone’s entries in the unified log’s ndjson and json shapes', async () => {
  phone.ui.launch('com.example.notes');
  const pid = phone.ui.processes().find((process) => process.package === 'com.example.notes')!.pid;
  const start = new Date(phone.clock.now() - 1000).toISOString().slice(0, 19).replace('T', ' ');
  phone.logcat.append({ pid, tid: pid, priority: 'E', tag: 'NotesStore', message: 'could not save note', buffer: 'main' });
  phone.logcat.append({ pid, tid: pid, priority: 'I', tag: 'NotesStore', message: 'saved note', buffer: 'main' });
  const predicate = 'subsystem == "com.example.notes"';
  const show = await xcrun(['simctl', 'spawn', UDID, 'log', 'show', '--style', 'ndjson', '--start', start, '--predicate', predicate]);
  const lines = show.stdout
    .toString()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(lines).toEqual([
    expect.objectContaining({
      messageType: 'Error',
      eventType: 'logEvent',
      processID: pid,
      threadID: pid,
      subsystem: 'com.example.notes',
      category: 'NotesStore',
      eventMessage: 'could not save note',
      processImagePath: expect.stringMatching(/\/Notes\.app\/Notes$/),
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}\+0000$/),
    }),
    { count: 1, finished: 1 },
  ]);
  const withInfo = await xcrun(['simctl', 'spawn', UDID, 'log', 'show', '--style', 'json', '--info', '--predicate', predicate]);
  expect(
    JSON.parse(withInfo.stdout.toString())
      .map((entry: { eventMessage: string }) => entry.eventMessage)
      .slice(-2),
  ).toEqual(['could not save note', 'saved note']);
});

test('log stream follows new entries until stopped', async () => {
  // node-simctl runs xcrun with this process's environment.
  const saved = { PATH: process.env.PATH, MOBILETEST_SIMULATORS_DIR: process.env.MOBILETEST_SIMULATORS_DIR };
  process.env.PATH = `${simctlPathDir()}${path.delimiter}${process.env.PATH}`;
  process.env.MOBILETEST_SIMULATORS_DIR = registry;
  let timer: NodeJS.Timeout | undefined;
  try {
    const stream = await new Simctl({ udid: UDID }).spawnSubProcess(['log', 'stream', '--style', 'ndjson', '--level', 'info']);
    const line = new Promise<string>((resolve) => stream.on('line-stdout', (text: string) => resolve(text)));
    await stream.start(0);
    // The stream attaches once the control server has the request; keep logging until a line arrives.
    timer = setInterval(() => phone.logcat.append({ pid: 1, tid: 1, priority: 'I', tag: 'Clock', message: 'tick', buffer: 'main' }), 100);
    expect(JSON.parse(await line)).toMatchObject({ messageType: 'Info', category: 'Clock', eventMessage: 'tick' });
    await stream.stop();
  } finally {
    clearInterval(timer);
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
});

test('status bar overrides, getenv, screenshots to stdout and unknown programs', async () => {
  expect((await xcrun(['simctl', 'status_bar', UDID, 'override', '--time', '9:41', '--batteryLevel', '100'])).code).toBe(0);
  expect((await xcrun(['simctl', 'status_bar', UDID, 'list'])).stdout.toString()).toContain('Time: 9:41\nBatteryLevel: 100\n');
  await xcrun(['simctl', 'status_bar', UDID, 'clear']);
  expect(sim.simulator.statusBar.size).toBe(0);
  expect((await xcrun(['simctl', 'getenv', UDID, 'SIMULATOR_UDID'])).stdout.toString()).toBe(`${UDID}\n`);
  const shot = await xcrun(['simctl', 'io', UDID, 'screenshot', '-']);
  expect(shot.stdout.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const missing = await xcrun(['simctl', 'spawn', UDID, '/usr/bin/nothing']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('(domain=NSPOSIXErrorDomain, code=2)');
});
