import { execFile } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { createPhone } from '../phone.js';
import { phoneShell } from '../shell/index.js';
import type { Phone, ServiceHost } from '../types.js';
import { listenHostServer, type HostServerListener } from './host-server.js';
import { createServiceHost } from './services.js';
import { encodeRequest } from './smart-socket.js';
import { adbBinary, adbMissingReason } from '../private-adb.js';

interface Entry {
  serial: string;
  phone: Phone;
  services: ServiceHost;
}

let server: HostServerListener;
let entries: Entry[];
const logs: string[] = [];

function entry(serial: string): Entry {
  const phone = createPhone({ serial, apps: [] });
  return { serial, phone, services: createServiceHost(phone, phoneShell) };
}

test.beforeAll(async () => {
  entries = [entry('MTSIM0001')];
  server = await listenHostServer({ devices: () => entries, port: 0, log: (line) => logs.push(line) });
});

test.afterAll(async () => {
  await server.close();
});

/** A client connection that sends raw bytes and collects everything until the server closes. */
class Client {
  readonly socket: Socket;
  private readonly chunks: Buffer[] = [];
  readonly closed: Promise<Buffer>;

  constructor() {
    this.socket = connect({ port: server.port, host: '127.0.0.1' });
    this.socket.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve(this.received)));
  }

  get received(): Buffer {
    return Buffer.concat(this.chunks);
  }

  request(...requests: Array<string | Buffer>): this {
    for (const request of requests) this.socket.write(typeof request === 'string' ? encodeRequest(request) : request);
    return this;
  }

  async until(length: number): Promise<Buffer> {
    await expect.poll(() => this.received.length).toBeGreaterThanOrEqual(length);
    return this.received;
  }
}

async function ask(...requests: string[]): Promise<string> {
  return (await new Client().request(...requests).closed).toString('latin1');
}

test('host requests answer as the adb server does', async () => {
  expect(await ask('host:version')).toBe(okayValue('0029'));
  expect(await ask('host:devices')).toBe(okayValue('MTSIM0001\tdevice\n'));
  expect(await ask('host:devices-l')).toMatch(
    /^OKAY[0-9a-f]{4}MTSIM0001 {14}device product:mtsim_phone model:mobiletest_Virtual_Phone device:mtsim transport_id:1\n$/,
  );
  expect(await ask('host-serial:MTSIM0001:features')).toBe(okayValue('shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir'));
  expect(await ask('host:features')).toBe(okayValue('shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir'));
  expect(await ask('host-serial:MTSIM0001:get-state')).toBe(okayValue('device'));
  expect(await ask('host-serial:MTSIM0001:get-serialno')).toBe(okayValue('MTSIM0001'));
  expect(await ask('host-serial:NOPE:get-state')).toBe(failValue("device 'NOPE' not found"));
  expect(await ask('host:transport:NOPE')).toBe(failValue("device 'NOPE' not found"));
  expect(await ask('host:frobnicate')).toBe(failValue('unknown host service'));
  expect(await ask('host:transport-usb')).toBe(failValue('no devices found'));
  expect(await ask('host:connect:127.0.0.1:9')).toMatch(/^OKAY[0-9a-f]{4}failed to connect to 127\.0\.0\.1:9/);
  expect(await ask('host:disconnect:MTSIM0001')).toBe(okayValue('disconnected MTSIM0001'));
  expect(await ask('host:kill')).toBe('OKAY');
  // host:kill leaves the virtual phones' server running.
  expect(await ask('host:version')).toBe(okayValue('0029'));
});

test('transport selection, then a service on the same connection', async () => {
  expect(await ask('host:transport:MTSIM0001', 'shell:echo plain')).toBe('OKAYOKAYplain\n');
  expect(await ask('host:transport-any', 'exec:echo any')).toBe('OKAYOKAYany\n');
  const withId = await new Client().request('host:tport:serial:MTSIM0001', 'shell:echo tport').closed;
  expect(withId.subarray(0, 4).toString()).toBe('OKAY');
  expect(withId.readBigUInt64LE(4)).toBe(1n);
  expect(withId.subarray(12).toString()).toBe('OKAYtport\n');
  expect(await ask('host:transport-id:1', 'nonsense:')).toBe(`OKAY${failValue('closed')}`);
});

test('several devices: transport-any is ambiguous, a serial picks one, no devices is reported', async () => {
  const saved = entries;
  entries = [...saved, entry('MTSIM0002')];
  try {
    expect(await ask('host:transport-any')).toBe(failValue('more than one device/emulator'));
    expect(await ask('host-serial:MTSIM0002:get-serialno')).toBe(okayValue('MTSIM0002'));
    entries = [];
    expect(await ask('host:transport-any')).toBe(failValue('no devices/emulators found'));
  } finally {
    entries = saved;
  }
});

test('faults: dropAfterCommands and latency apply to services opened through the server port', async () => {
  const { phone } = entries[0];
  phone.faults.set({ dropAfterCommands: 1, latencyMs: 20 });
  try {
    expect(await ask('host:transport:MTSIM0001', 'shell:echo one')).toBe('OKAYOKAYone\n');
    expect(await ask('host:transport:MTSIM0001', 'shell:echo two')).toBe('OKAY');
    expect(await ask('host:transport:MTSIM0001', 'shell:echo three')).toBe('OKAYOKAYthree\n');
  } finally {
    phone.faults.set({ dropAfterCommands: 0, latencyMs: 0 });
  }
  expect(logs.join('\n')).toContain('dropping the connection at "shell:echo two"');
});

test('a malformed request closes that client only', async () => {
  const bad = await new Client().request(Buffer.from('zzzzGET / HTTP/1.1\r\n\r\n')).closed;
  expect(bad.toString('latin1')).toMatch(/^FAIL/);
  expect(logs.join('\n')).toContain('is not 4 hex digits');
  expect(await ask('host:version')).toBe(okayValue('0029'));
});

test('track-devices sends the list now and again on each change', async () => {
  const { phone } = entries[0];
  const client = new Client().request('host:track-devices');
  const online = value('MTSIM0001\tdevice\n');
  const offline = value('MTSIM0001\toffline\n');
  await client.until(4 + online.length);
  phone.faults.goOffline();
  await client.until(4 + online.length + offline.length);
  expect(await ask('host:transport:MTSIM0001')).toBe(failValue('device offline'));
  phone.faults.goOnline();
  await client.until(4 + online.length * 2 + offline.length);
  expect(client.received.toString()).toBe(`OKAY${online}${offline}${online}`);
  client.socket.destroy();
});

test('wait-for-device answers OKAY at once and OKAY again when the phone is online', async () => {
  const { phone } = entries[0];
  phone.faults.goOffline();
  const client = new Client().request('host-serial:MTSIM0001:wait-for-any-device');
  await client.until(4);
  expect(client.received.toString()).toBe('OKAY');
  phone.faults.goOnline();
  expect((await client.closed).toString()).toBe('OKAYOKAY');
});

test('sync: messages packed into one write and split across writes are all served', async () => {
  const { phone } = entries[0];
  phone.fs.write('/data/local/tmp/a.txt', Buffer.from('alpha'));
  const sync = (id: string, path: string) => Buffer.concat([Buffer.from(id), u32(Buffer.byteLength(path)), Buffer.from(path)]);
  const client = new Client().request('host:transport:MTSIM0001', 'sync:');
  await client.until(8);
  // STAT + RECV + SEND in one write; the SEND's data then trickles in byte by byte.
  const content = Buffer.from('written over sync');
  client.socket.write(
    Buffer.concat([sync('STAT', '/data/local/tmp/a.txt'), sync('RECV', '/data/local/tmp/a.txt'), sync('SEND', '/data/local/tmp/b.txt,33188')]),
  );
  const tail = Buffer.concat([
    Buffer.from('DATA'),
    u32(content.length),
    content,
    Buffer.from('DONE'),
    u32(1_700_000_000),
    sync('STA2', '/data/local/tmp/b.txt'),
    sync('LIS2', '/data/local/tmp'),
    Buffer.from('QUIT'),
    u32(0),
  ]);
  for (const byte of tail) client.socket.write(Buffer.from([byte]));
  const reply = (await client.closed).subarray(8);
  let offset = 0;
  const take = (n: number) => reply.subarray(offset, (offset += n));
  expect(take(4).toString()).toBe('STAT');
  expect([take(4).readUInt32LE(0) & 0o170000, take(4).readUInt32LE(0)]).toEqual([0o100000, 5]);
  take(4);
  expect(take(8).toString('latin1')).toBe('DATA\x05\x00\x00\x00');
  expect(take(5).toString()).toBe('alpha');
  expect(take(8).toString('latin1')).toBe('DONE\x00\x00\x00\x00');
  expect(take(8).toString('latin1')).toBe('OKAY\x00\x00\x00\x00');
  const sta2 = take(72);
  expect(sta2.subarray(0, 4).toString()).toBe('STA2');
  expect(sta2.readUInt32LE(4)).toBe(0);
  expect(sta2.readBigUInt64LE(40)).toBe(BigInt(content.length));
  expect(sta2.readBigInt64LE(56)).toBe(1_700_000_000n);
  const names: string[] = [];
  for (;;) {
    const dent = take(76);
    if (dent.subarray(0, 4).toString() === 'DONE') break;
    expect(dent.subarray(0, 4).toString()).toBe('DNT2');
    names.push(take(dent.readUInt32LE(72)).toString());
  }
  expect(names).toEqual(['.', '..', 'a.txt', 'b.txt']);
  expect(offset).toBe(reply.length);
  expect(phone.fs.read('/data/local/tmp/b.txt')?.toString()).toBe('written over sync');
});

test('sync: a path outside the sandbox fails as Android does and other streams keep working', async () => {
  const send = Buffer.concat([
    Buffer.from('SEND'),
    u32('/system/x,33188'.length),
    Buffer.from('/system/x,33188'),
    Buffer.from('DATA'),
    u32(1),
    Buffer.from('x'),
    Buffer.from('DONE'),
    u32(0),
  ]);
  const denied = await new Client().request('host:transport:MTSIM0001', 'sync:', send).closed;
  const message = "couldn't create file: Read-only file system";
  expect(denied.subarray(8, 12).toString()).toBe('FAIL');
  expect(denied.readUInt32LE(12)).toBe(message.length);
  expect(denied.subarray(16).toString()).toBe(message);
  const stat = Buffer.concat([Buffer.from('STA2'), u32('/data/data/com.x/f'.length), Buffer.from('/data/data/com.x/f'), Buffer.from('QUIT'), u32(0)]);
  const reply = await new Client().request('host:transport:MTSIM0001', 'sync:', stat).closed;
  expect(reply.subarray(8, 12).toString()).toBe('STA2');
  expect(reply.readUInt32LE(12)).toBe(13);
  expect(await ask('host:transport:MTSIM0001', 'shell:echo fine')).toBe('OKAYOKAYfine\n');
});

test('the adb CLI itself can use the mobiletest server port', async () => {
  const reason = adbMissingReason();
  test.skip(!!reason, reason);
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(adbBinary() ?? 'adb', ['-P', String(server.port), ...args], (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
  expect((await run(['devices'])).stdout).toBe('List of devices attached\nMTSIM0001\tdevice\n\n');
  expect(await run(['-s', 'MTSIM0001', 'shell', 'echo via cli; exit 3'])).toEqual({ code: 3, stdout: 'via cli\n', stderr: '' });
  expect((await run(['shell', 'echo only one'])).stdout).toBe('only one\n');
  expect((await run(['-s', 'NOPE', 'shell', 'echo'])).stderr).toContain("device 'NOPE' not found");
});

function value(text: string): string {
  return `${text.length.toString(16).padStart(4, '0')}${text}`;
}

function okayValue(text: string): string {
  return `OKAY${value(text)}`;
}

function failValue(text: string): string {
  return `FAIL${value(text)}`;
}

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value);
  return out;
}
