import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSim, type Sim } from '../index.js';
import { authorizedKeysOf } from './auth.js';
import { PrivateAdbServer, adbMissingReason } from '../private-adb.js';

// One private adb server and one phone for the file; tests that break the connection reconnect it themselves.
let adb: PrivateAdbServer;
let sim: Sim;
let work: string;

test.beforeAll(async () => {
  const reason = adbMissingReason();
  test.skip(!!reason, reason);
  adb = await PrivateAdbServer.start();
  sim = await startSim({ port: 0, frozenAt: Date.UTC(2024, 4, 1, 9, 30) });
  work = mkdtempSync(join(tmpdir(), 'mobiletest-adb-cli-'));
  await connect(sim.serial);
});

test.afterAll(async () => {
  await adb?.stop();
  await sim?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function connect(serial: string): Promise<void> {
  const connected = await adb.ok(['connect', serial]);
  expect(connected.text).toMatch(new RegExp(`(already )?connected to ${serial.replace(/\./g, '\\.')}`));
  await adb.waitForState(serial, 'device');
}

test('adb devices -l lists the phone with its product, model and device', async () => {
  const listing = await adb.ok(['devices', '-l']);
  expect(listing.text).toMatch(
    new RegExp(`^${sim.serial.replace(/\./g, '\\.')}\\s+device product:mtsim_phone model:mobiletest_Virtual_Phone device:mtsim transport_id:\\d+$`, 'm'),
  );
  expect((await adb.ok(['-s', sim.serial, 'get-state'])).text).toBe('device\n');
});

test('a production build: adb root and unroot answer as adbd does on one, and the properties say so', async () => {
  const said = async (command: string): Promise<string> => {
    const r = await adb.run(['-s', sim.serial, command]);
    return r.text + r.stderr;
  };
  expect(await said('root')).toContain('adbd cannot run as root in production builds');
  expect(await said('unroot')).toContain('adbd not running as root');
  const props = (await adb.ok(['-s', sim.serial, 'shell', 'getprop ro.build.type; getprop ro.debuggable; getprop ro.secure; id -u'])).text;
  expect(props).toBe('user\n0\n1\n2000\n');
});

test('adb shell passes the exit code and keeps stderr apart (shell v2)', async () => {
  const ok = await adb.run(['-s', sim.serial, 'shell', 'echo hello; echo oops >&2']);
  expect([ok.code, ok.text, ok.stderr]).toEqual([0, 'hello\n', 'oops\n']);
  expect((await adb.run(['-s', sim.serial, 'shell', 'false'])).code).toBe(1);
  expect((await adb.run(['-s', sim.serial, 'shell', 'exit 42'])).code).toBe(42);
  expect((await adb.ok(['-s', sim.serial, 'shell', 'getprop', 'ro.build.version.sdk'])).text).toBe('34\n');
});

test('adb shell -x (no shell protocol) merges stderr into stdout and exits 0', async () => {
  const result = await adb.run(['-s', sim.serial, 'shell', '-x', 'echo out; echo err >&2; false']);
  expect([result.code, result.text]).toEqual([0, 'out\nerr\n']);
});

test('adb shell forwards stdin, and runs piped lines without a prompt when no command is given', async () => {
  expect((await adb.ok(['-s', sim.serial, 'shell', 'cat'], { input: 'typed on the host\n' })).text).toBe('typed on the host\n');
  const script = await adb.run(['-s', sim.serial, 'shell'], { input: 'echo one\necho two >&2\nexit 7\n' });
  expect([script.code, script.text, script.stderr]).toEqual([7, 'one\n', 'two\n']);
});

test('adb exec-out carries binary data unchanged', async () => {
  const data = randomBytes(300 * 1024);
  sim.phone.fs.write('/data/local/tmp/blob.bin', data);
  const result = await adb.ok(['-s', sim.serial, 'exec-out', 'cat /data/local/tmp/blob.bin']);
  expect(sha256(result.stdout)).toBe(sha256(data));
});

test("adb exec-out screencap -p returns the phone's PNG byte for byte", async () => {
  const result = await adb.ok(['-s', sim.serial, 'exec-out', 'screencap', '-p']);
  expect(result.stdout.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  // The clock is frozen and nothing moved, so the phone draws the same frame again.
  expect(sha256(result.stdout)).toBe(sha256(await sim.phone.screenshotPng()));
});

test('adb push then pull of a 1 MiB random file gives the same bytes', async () => {
  const data = randomBytes(1024 * 1024);
  const local = join(work, 'random.bin');
  writeFileSync(local, data);
  const pushed = await adb.ok(['-s', sim.serial, 'push', local, '/sdcard/Download/random.bin']);
  expect(pushed.text).toContain('1 file pushed');
  expect(sim.phone.fs.read('/sdcard/Download/random.bin')?.equals(data)).toBe(true);
  const back = join(work, 'back.bin');
  await adb.ok(['-s', sim.serial, 'pull', '/sdcard/Download/random.bin', back]);
  expect(sha256(readFileSync(back))).toBe(sha256(data));
  expect((await adb.ok(['-s', sim.serial, 'shell', 'ls -l /sdcard/Download/random.bin'])).text).toContain(String(data.length));
  expect((await adb.ok(['-s', sim.serial, 'ls', '/sdcard/Download'])).text).toMatch(/ random\.bin$/m);
});

test("adb push outside the sandbox fails with Android's message and the phone keeps serving", async () => {
  const local = join(work, 'small.txt');
  writeFileSync(local, 'x');
  const readOnly = await adb.run(['-s', sim.serial, 'push', local, '/system/small.txt']);
  expect(readOnly.code).toBe(1);
  // adb 29 prints these errors on stdout.
  expect(readOnly.text + readOnly.stderr).toContain("remote couldn't create file: Read-only file system");
  const denied = await adb.run(['-s', sim.serial, 'push', local, '/data/data/com.example.shop/x.txt']);
  expect(denied.code).toBe(1);
  expect(denied.text + denied.stderr).toContain('Permission denied');
  const missing = await adb.run(['-s', sim.serial, 'pull', '/data/local/tmp/nope', join(work, 'nope')]);
  expect(missing.text + missing.stderr).toContain("failed to stat remote object '/data/local/tmp/nope': No such file or directory");
  expect((await adb.ok(['-s', sim.serial, 'shell', 'echo still here'])).text).toBe('still here\n');
});

test('adb install streams a small APK into the package manager', async () => {
  const apk = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from(' package="com.example.tiny" '), randomBytes(40 * 1024)]);
  const local = join(work, 'tiny.apk');
  writeFileSync(local, apk);
  const installed = await adb.ok(['-s', sim.serial, 'install', local]);
  expect(installed.text).toContain('Success');
  expect((await adb.ok(['-s', sim.serial, 'shell', 'pm list packages com.example.tiny'])).text).toBe('package:com.example.tiny\n');
});

test('a huge input text reaches the phone, and the phone keeps serving', async () => {
  // adb's request length is 4 hex digits: about 64 KiB is the longest command adb can send.
  const text = 'a'.repeat(60 * 1024);
  const typed = await adb.run(['-s', sim.serial, 'shell', 'input', 'text', text]);
  expect([typed.code, typed.stderr]).toEqual([0, '']);
  expect((await adb.ok(['-s', sim.serial, 'shell', 'echo after'])).text).toBe('after\n');
});

test('two phones at once answer each for itself', async () => {
  const second = await startSim({ port: 0, apps: ['settings'] });
  try {
    await connect(second.serial);
    sim.phone.fs.write('/data/local/tmp/who', Buffer.from('first\n'));
    second.phone.fs.write('/data/local/tmp/who', Buffer.from('second\n'));
    const [a, b] = await Promise.all([
      adb.ok(['-s', sim.serial, 'shell', 'cat /data/local/tmp/who']),
      adb.ok(['-s', second.serial, 'shell', 'cat /data/local/tmp/who']),
    ]);
    expect([a.text, b.text]).toEqual(['first\n', 'second\n']);
    expect((await adb.ok(['-s', second.serial, 'shell', 'pm list packages com.example'])).text).toBe('');
  } finally {
    await adb.run(['disconnect', second.serial]);
    await second.stop();
  }
});

test('adb disconnect and connect again', async () => {
  expect((await adb.ok(['disconnect', sim.serial])).text).toContain(`disconnected ${sim.serial}`);
  expect((await adb.ok(['devices'])).text).not.toContain(sim.serial);
  await connect(sim.serial);
  expect((await adb.ok(['-s', sim.serial, 'shell', 'echo back'])).text).toBe('back\n');
});

test('offline: commands fail while the phone is offline and work after it comes back', async () => {
  sim.phone.faults.goOffline();
  const during = await adb.run(['-s', sim.serial, 'shell', 'echo hi']);
  expect(during.code).not.toBe(0);
  expect(during.stderr).toMatch(/offline|not found|closed/);
  sim.phone.faults.goOnline();
  await reconnect(sim.serial);
  expect((await adb.ok(['-s', sim.serial, 'shell', 'echo online'])).text).toBe('online\n');
});

test('dropAfterCommands: after N commands the connection drops, and a new connection works', async () => {
  sim.phone.faults.set({ dropAfterCommands: 1 });
  try {
    expect((await adb.ok(['-s', sim.serial, 'shell', 'echo one'])).text).toBe('one\n');
    const dropped = await adb.run(['-s', sim.serial, 'shell', 'echo two']);
    expect(dropped.code).not.toBe(0);
    expect(dropped.text).toBe('');
    await reconnect(sim.serial);
    expect((await adb.ok(['-s', sim.serial, 'shell', 'echo three'])).text).toBe('three\n');
  } finally {
    sim.phone.faults.set({ dropAfterCommands: 0 });
  }
});

test('an auth-required phone is allowed once and then known by its key', async () => {
  const secure = await startSim({ port: 0, apps: [], auth: true });
  try {
    // As with a real phone, adb 29's first connect reports the pending authorization; the phone's "Allow" follows.
    const first = await adb.ok(['connect', secure.serial]);
    expect(first.text).toMatch(/connected to|failed to authenticate to/);
    await adb.waitForState(secure.serial, 'device');
    expect((await adb.ok(['-s', secure.serial, 'shell', 'echo allowed'])).text).toBe('allowed\n');
    expect(authorizedKeysOf(secure.phone).size).toBe(1);
    await adb.ok(['disconnect', secure.serial]);
    // The key is known now: the signature is accepted at once.
    expect((await adb.ok(['connect', secure.serial])).text).toBe(`connected to ${secure.serial}\n`);
    await adb.waitForState(secure.serial, 'device');
    expect((await adb.ok(['-s', secure.serial, 'shell', 'echo known'])).text).toBe('known\n');
  } finally {
    await adb.run(['disconnect', secure.serial]);
    await secure.stop();
  }
});

/** After the phone dropped the connection: adb forgets it and connects anew. */
async function reconnect(serial: string): Promise<void> {
  await adb.run(['disconnect', serial]);
  await connect(serial);
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

test('an interactive adb shell keeps its working directory and variables from line to line', async () => {
  const session = await adb.run(['-s', sim.serial, 'shell'], {
    input: 'cd /data/local/tmp\nNAME=mobiletest\npwd\necho "hi $NAME"\nfalse\necho "status $?"\nexit\n',
  });
  expect(session.text).toContain('/data/local/tmp\nhi mobiletest\nstatus 1\n');
});
