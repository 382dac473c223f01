import { generateKeyPairSync, privateEncrypt, constants, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { phoneShell } from '../shell/index.js';
import type { Phone } from '../types.js';
import { encodeAndroidPublicKey, tokenDigestInfo } from './auth.js';
import { listenDevice, type DeviceListener } from './device-transport.js';
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_VERSION_MIN,
  A_WRTE,
  AUTH_RSAPUBLICKEY,
  AUTH_SIGNATURE,
  AUTH_TOKEN,
  DEVICE_MAX_DATA,
  commandName,
  encodePacket,
} from './packet.js';
import { createServiceHost } from './services.js';
import { SHELL_EXIT, SHELL_STDERR, SHELL_STDOUT } from './shell-protocol.js';
import { createPhone } from '../phone.js';
import { RawAdbHost } from './test-host.js';

let phone: Phone;
let device: DeviceListener;
const logs: string[] = [];

test.beforeEach(async () => {
  logs.length = 0;
  phone = createPhone({ serial: 'MTSIM0001', apps: [] });
  device = await listenDevice({ phone, services: createServiceHost(phone, phoneShell), port: 0, log: (line) => logs.push(line) });
});

test.afterEach(async () => {
  await device.close();
});

test('CNXN answers with version, maxdata and a banner naming the phone and its features', async () => {
  const host = await RawAdbHost.connect(device.port);
  const cnxn = await host.handshake();
  expect(cnxn.arg0).toBe(0x01000001);
  expect(cnxn.arg1).toBe(256 * 1024);
  const banner = cnxn.data.toString();
  expect(banner).toBe(
    'device::ro.product.name=mtsim_phone;ro.product.model=mobiletest Virtual Phone;ro.product.device=mtsim;features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir',
  );
  host.close();
});

test('an old host (version 0x01000000) gets checksummed packets and must send them', async () => {
  const host = await RawAdbHost.connect(device.port, { version: A_VERSION_MIN });
  const cnxn = await host.handshake();
  expect(cnxn.data.length).toBeGreaterThan(0);
  expect(await host.run('shell:echo sum')).toEqual(Buffer.from('sum\n'));
  // A packet with a wrong checksum closes this connection.
  host.socket.write(withChecksum(encodePacket({ command: A_WRTE, arg0: 1, arg1: 1, data: Buffer.from('abc') }), 1));
  await host.closed;
  expect(logs.join('\n')).toContain('checksum');
});

test('shell v2 frames stdout, stderr and the exit code', async () => {
  const host = await RawAdbHost.connect(device.port);
  await host.handshake();
  const out = await host.run('shell,v2,TERM=xterm-256color,raw:echo out; echo err >&2; exit 3');
  expect(parseShellPackets(out)).toEqual([
    { id: SHELL_STDOUT, data: 'out\n' },
    { id: SHELL_STDERR, data: 'err\n' },
    { id: SHELL_EXIT, data: '\x03' },
  ]);
  host.close();
});

test('shell v1 with a command merges stderr and keeps "\\n"; a pty turns it into "\\r\\n"', async () => {
  const host = await RawAdbHost.connect(device.port);
  await host.handshake();
  expect((await host.run('shell:echo a; echo b >&2')).toString()).toBe('a\nb\n');
  expect((await host.run('shell,v2,pty:echo a')).subarray(5).toString()).toContain('a\r\n');
  host.close();
});

test('an interactive shell prints a prompt, echoes and runs lines until exit', async () => {
  const host = await RawAdbHost.connect(device.port);
  await host.handshake();
  const ids = await host.open('shell:');
  if (!ids) throw new Error('shell: refused');
  expect(await host.readUntil(ids, '$ ')).toBe('mtsim:/ $ ');
  host.send(A_WRTE, { arg0: ids.localId, arg1: ids.remoteId, data: 'echo hi\r' });
  expect(await host.readUntil(ids, 'hi\r\nmtsim:/ $ ')).toBe('echo hi\r\nhi\r\nmtsim:/ $ ');
  host.send(A_WRTE, { arg0: ids.localId, arg1: ids.remoteId, data: 'exit\r' });
  expect((await host.readAll(ids)).toString()).toBe('exit\r\n');
  host.close();
});

test('an unknown service is refused with CLSE and the connection keeps serving', async () => {
  const host = await RawAdbHost.connect(device.port);
  await host.handshake();
  expect(await host.open('nonsense:whatever')).toBeUndefined();
  expect((await host.run('shell:echo after')).toString()).toBe('after\n');
  host.close();
});

test("the device sends one WRTE at a time, each at most the host's maxdata, and waits for OKAY", async () => {
  const data = randomBytes(100 * 1024);
  phone.fs.write('/data/local/tmp/big.bin', data);
  const host = await RawAdbHost.connect(device.port);
  await host.handshake(4096);
  const ids = await host.open('exec:cat /data/local/tmp/big.bin');
  if (!ids) throw new Error('exec refused');
  const first = await host.next();
  expect(commandName(first.command)).toBe('WRTE');
  expect(first.data.length).toBe(4096);
  // Without our OKAY nothing more comes.
  expect(await host.quietFor(150)).toBe(true);
  host.send(A_OKAY, { arg0: ids.localId, arg1: ids.remoteId });
  const sizes: number[] = [];
  const rest = await host.readAll(ids, { onWrite: (chunk) => sizes.push(chunk.length) });
  expect(Math.max(...sizes)).toBeLessThanOrEqual(4096);
  expect(Buffer.concat([first.data, rest]).equals(data)).toBe(true);
  host.close();
});

test('host WRTEs are acknowledged once the service has taken them', async () => {
  const host = await RawAdbHost.connect(device.port);
  await host.handshake();
  // `sleep` never reads its stdin: a big write stays unacknowledged.
  const idle = await host.open('exec:sleep 30');
  if (!idle) throw new Error('exec refused');
  host.send(A_WRTE, { arg0: idle.localId, arg1: idle.remoteId, data: Buffer.alloc(DEVICE_MAX_DATA, 1) });
  expect(await host.quietFor(150)).toBe(true);
  host.send(A_CLSE, { arg0: idle.localId, arg1: idle.remoteId });
  // `cat` reads: every write is acknowledged and arrives whole.
  const ids = await host.open('exec:cat > /data/local/tmp/in.bin; echo done');
  if (!ids) throw new Error('exec refused');
  const data = randomBytes(600 * 1024);
  let acks = 0;
  for (let offset = 0; offset < data.length; offset += DEVICE_MAX_DATA) {
    host.send(A_WRTE, { arg0: ids.localId, arg1: ids.remoteId, data: data.subarray(offset, offset + DEVICE_MAX_DATA) });
    for (;;) {
      const packet = await host.next();
      if (packet.command === A_OKAY && packet.arg1 === ids.localId) break;
    }
    acks++;
  }
  expect(acks).toBe(3);
  host.send(A_CLSE, { arg0: ids.localId, arg1: ids.remoteId });
  await expect.poll(() => phone.fs.read('/data/local/tmp/in.bin')?.length).toBe(data.length);
  expect(phone.fs.read('/data/local/tmp/in.bin')?.equals(data)).toBe(true);
  host.close();
});

test('garbage, a bad magic or an absurd length close that connection only', async () => {
  const healthy = await RawAdbHost.connect(device.port);
  await healthy.handshake();
  const other = createPhone({ serial: 'MTSIM0002', apps: [] });
  const otherDevice = await listenDevice({ phone: other, services: createServiceHost(other, phoneShell), port: 0, log: (line) => logs.push(line) });

  const garbage = connect({ port: device.port, host: '127.0.0.1' });
  garbage.on('error', () => undefined);
  garbage.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
  await new Promise((resolve) => garbage.on('close', resolve));

  const badMagic = await RawAdbHost.connect(device.port);
  const packet = encodePacket({ command: A_CNXN, arg0: 0x01000001, arg1: 4096, data: Buffer.from('host::\0') });
  packet.writeUInt32LE(0x12345678, 20);
  badMagic.socket.write(packet);
  await badMagic.closed;

  const huge = await RawAdbHost.connect(device.port);
  await huge.handshake();
  const header = encodePacket({ command: A_WRTE, arg0: 1, arg1: 1, data: Buffer.alloc(0) });
  header.writeUInt32LE(0x7fffffff, 12);
  huge.socket.write(header);
  await huge.closed;

  expect(logs.join('\n')).toMatch(/bad magic/);
  expect(logs.join('\n')).toMatch(/2147483647 bytes of data, more than maxdata 1048576/);
  expect((await healthy.run('shell:echo alive')).toString()).toBe('alive\n');
  other.fs.write('/data/local/tmp/who', Buffer.from('the other phone\n'));
  const second = await RawAdbHost.connect(otherDevice.port);
  await second.handshake();
  expect((await second.run('shell:cat /data/local/tmp/who')).toString()).toBe('the other phone\n');
  healthy.close();
  second.close();
  await otherDevice.close();
});

test('packets split across TCP chunks and packed into one chunk are all understood', async () => {
  const host = await RawAdbHost.connect(device.port);
  const cnxn = encodePacket({ command: A_CNXN, arg0: 0x01000001, arg1: 65536, data: Buffer.from('host::\0') });
  for (const byte of cnxn) host.socket.write(Buffer.from([byte]));
  expect(commandName((await host.next()).command)).toBe('CNXN');
  const opens = Buffer.concat([1, 2, 3].map((n) => encodePacket({ command: 0x4e45504f, arg0: n, arg1: 0, data: Buffer.from(`shell:echo ${n}\0`) }, false)));
  host.socket.write(opens);
  const outputs = new Map<number, string>();
  const ids = new Map<number, number>();
  while (outputs.size < 3 || [...outputs.values()].some((value) => !value.endsWith('\n'))) {
    const packet = await host.next();
    if (packet.command === A_OKAY && !ids.has(packet.arg1)) ids.set(packet.arg1, packet.arg0);
    if (packet.command === A_WRTE) {
      outputs.set(packet.arg1, (outputs.get(packet.arg1) ?? '') + packet.data.toString());
      host.send(A_OKAY, { arg0: packet.arg1, arg1: packet.arg0 });
    }
  }
  expect([...outputs.entries()].sort()).toEqual([
    [1, '1\n'],
    [2, '2\n'],
    [3, '3\n'],
  ]);
  host.close();
});

test('auth: an unknown key is asked for, allowed, and accepted by signature on the next connect', async () => {
  await device.close();
  device = await listenDevice({ phone, services: createServiceHost(phone, phoneShell), port: 0, auth: true, log: (line) => logs.push(line) });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sign = (token: Buffer) => privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, tokenDigestInfo(token));

  const first = await RawAdbHost.connect(device.port);
  first.send(A_CNXN, { arg0: 0x01000001, arg1: 4096, data: 'host::\0' });
  const token = await first.next();
  expect([commandName(token.command), token.arg0, token.data.length]).toEqual(['AUTH', AUTH_TOKEN, 20]);
  first.send(A_AUTH, { arg0: AUTH_SIGNATURE, arg1: 0, data: sign(token.data) });
  const again = await first.next();
  expect([commandName(again.command), again.arg0]).toEqual(['AUTH', AUTH_TOKEN]);
  // Services are not served before the user allows the key.
  first.send(A_OPEN, { arg0: 1, arg1: 0, data: 'shell:echo no\0' });
  expect(await first.quietFor(150)).toBe(true);
  first.send(A_AUTH, { arg0: AUTH_RSAPUBLICKEY, arg1: 0, data: `${encodeAndroidPublicKey(publicKey)}\0` });
  expect(commandName((await first.next()).command)).toBe('CNXN');
  expect((await first.run('shell:echo allowed')).toString()).toBe('allowed\n');
  first.close();

  const second = await RawAdbHost.connect(device.port);
  second.send(A_CNXN, { arg0: 0x01000001, arg1: 4096, data: 'host::\0' });
  const challenge = await second.next();
  second.send(A_AUTH, { arg0: AUTH_SIGNATURE, arg1: 0, data: sign(challenge.data) });
  expect(commandName((await second.next()).command)).toBe('CNXN');

  const stranger = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
  const third = await RawAdbHost.connect(device.port);
  third.send(A_CNXN, { arg0: 0x01000001, arg1: 4096, data: 'host::\0' });
  const challenge3 = await third.next();
  third.send(A_AUTH, {
    arg0: AUTH_SIGNATURE,
    arg1: 0,
    data: privateEncrypt({ key: stranger, padding: constants.RSA_PKCS1_PADDING }, tokenDigestInfo(challenge3.data)),
  });
  expect((await third.next()).arg0).toBe(AUTH_TOKEN);
  second.close();
  third.close();
});

test('faults: dropAfterCommands drops each connection after N commands, offline refuses until online', async () => {
  const host = await RawAdbHost.connect(device.port);
  await host.handshake();
  phone.faults.set({ dropAfterCommands: 2 });
  expect((await host.run('shell:echo one')).toString()).toBe('one\n');
  expect((await host.run('shell:echo two')).toString()).toBe('two\n');
  await expect(host.open('shell:echo three')).rejects.toThrow(/closed/);
  const again = await RawAdbHost.connect(device.port);
  await again.handshake();
  expect((await again.run('shell:echo four')).toString()).toBe('four\n');
  expect((await again.run('shell:echo five')).toString()).toBe('five\n');
  await expect(again.open('shell:echo six')).rejects.toThrow(/closed/);
  phone.faults.set({ dropAfterCommands: 0 });

  const next = await RawAdbHost.connect(device.port);
  await next.handshake();
  phone.faults.set({ latencyMs: 30 });
  expect((await next.run('shell:echo slow')).toString()).toBe('slow\n');
  phone.faults.set({ latencyMs: 0 });
  phone.faults.goOffline();
  await next.closed;
  const refused = await RawAdbHost.connect(device.port);
  await refused.closed;
  phone.faults.goOnline();
  const back = await RawAdbHost.connect(device.port);
  await back.handshake();
  expect((await back.run('shell:echo back')).toString()).toBe('back\n');
  back.close();
});

function withChecksum(packet: Buffer, checksum: number): Buffer {
  packet.writeUInt32LE(checksum, 16);
  return packet;
}

function parseShellPackets(data: Buffer): Array<{ id: number; data: string }> {
  const packets: Array<{ id: number; data: string }> = [];
  for (let offset = 0; offset < data.length;) {
    const length = data.readUInt32LE(offset + 1);
    packets.push({ id: data[offset], data: data.subarray(offset + 5, offset + 5 + length).toString('latin1') });
    offset += 5 + length;
  }
  return packets;
}
