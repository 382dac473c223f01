import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { PrivateAdbServer } from '../src/sim/index.js';
import { AdbPhone, requireAdb } from './support/adb.js';

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'runner', 'cli.js');

function startCli(args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string; waitFor: (re: RegExp) => Promise<RegExpMatchArray> } {
  const child = spawn(process.execPath, [CLI, ...args]);
  let text = '';
  child.stdout.on('data', (b: Buffer) => {
    text += b.toString();
  });
  child.stderr.on('data', (b: Buffer) => {
    text += b.toString();
  });
  const waitFor = (re: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = re.exec(text);
        if (m) {
          child.stdout.off('data', check);
          resolve(m);
        }
      };
      child.stdout.on('data', check);
      child.on('exit', (code) => reject(new Error(`mobiletest exited ${code} before printing ${re}:\n${text}`)));
      check();
    });
  return { child, output: () => text, waitFor };
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

test('`mobiletest sim` says where it listens, serves adb, and stops cleanly on Ctrl-C', async () => {
  requireAdb();
  const sim = startCli(['sim', '--port', '0', '--server-port', '0', '--seed', '3']);
  const [, port, serverPort] = await sim.waitFor(/listening on 127\.0\.0\.1:(\d+), adb server protocol on 127\.0\.0\.1:(\d+)/);
  expect(Number(serverPort)).toBeGreaterThan(0);
  const adb = await PrivateAdbServer.start();
  try {
    expect((await adb.run(['connect', `127.0.0.1:${port}`])).text).toContain(`connected to 127.0.0.1:${port}`);
    await adb.waitForState(`127.0.0.1:${port}`, 'device');
    const phone = new AdbPhone(adb, `127.0.0.1:${port}`);
    expect(await phone.dump()).toMatch(/^<\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?><hierarchy rotation="0">/);
    const png = await adb.run(['-s', phone.serial, 'exec-out', 'screencap', '-p']);
    expect(png.stdout.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  } finally {
    await adb.stop();
  }
  const exited = exitOf(sim.child);
  sim.child.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(sim.output()).toContain('mobiletest sim: stopped');
});

test('bad options get a clear error and exit code 2', async () => {
  const bad = startCli(['sim', '--port', 'abc']);
  expect(await exitOf(bad.child)).toBe(2);
  expect(bad.output()).toContain('--port must be a port number 0..65535, got "abc"');
  const unknown = startCli(['sim', '--app', 'mail']);
  expect(await exitOf(unknown.child)).toBe(2);
  expect(unknown.output()).toContain('unknown sample app "mail". Choose from: shop, settings, notes');
  const command = startCli(['simulate']);
  expect(await exitOf(command.child)).toBe(2);
  expect(command.output()).toContain('Unknown command "simulate"');
});

test('a port another program holds is reported, not a stack trace', async () => {
  const first = startCli(['sim', '--port', '0']);
  const [, port] = await first.waitFor(/listening on 127\.0\.0\.1:(\d+)/);
  const second = startCli(['sim', '--port', port]);
  expect(await exitOf(second.child)).toBe(2);
  expect(second.output()).toContain(`port ${port} is already in use`);
  first.child.kill('SIGINT');
  await exitOf(first.child);
});

test('`mobiletest demo --screens` logs in to Shop through the driver, printing each screen and what changed', async () => {
  const out = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-demo-'));
  const demo = startCli(['demo', '--screens', '--out', out]);
  expect(await exitOf(demo.child), demo.output()).toBe(0);
  const text = demo.output();
  expect(text).toMatch(/Virtual phone \S+: mobiletest Virtual Phone, Android 14 \(API 34\)/);
  expect(text).toMatch(/e\d+ dialog "Allow Shop to send you notifications\?"/);
  expect(text).toContain('what changed: activity: com.example.shop/.LoginActivity → com.example.shop/.MainActivity');
  expect(text).toContain('app com.example.shop/.MainActivity');
  expect(text).toMatch(/e\d+ item "Wireless Headphones \$59\.99"/);
  expect(text).not.toContain('pass123');
  const shots = (await readdir(out)).filter((f) => f.endsWith('.png'));
  expect(shots.length).toBeGreaterThanOrEqual(4);
  const first = await readFile(path.join(out, shots[0]));
  expect(first.subarray(1, 4).toString()).toBe('PNG');
});
