import { connect, createServer, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import adbkit from '@devicefarmer/adbkit';
import { expect, test } from '@playwright/test';
import { freePort, startSim, type Sim } from '../index.js';

// adbkit against the phone's own adb server port (no adb installed): reverse tunnels, sockets and the JDWP tracker.
const { Adb } = adbkit;
type Client = ReturnType<typeof Adb.createClient>;
let sim: Sim;
let client: Client;
let echo: Server;
let echoPort: number;

test.beforeAll(async () => {
  sim = await startSim({ port: 0, serverPort: 0 });
  client = Adb.createClient({ host: '127.0.0.1', port: sim.serverPort as number });
  echo = createServer((socket) => socket.once('data', (chunk: Buffer) => socket.end(`echo: ${chunk.toString('utf8')}`)));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  echoPort = typeof address === 'object' && address ? address.port : 0;
});

test.afterAll(async () => {
  echo?.close();
  await sim?.stop();
});

/** Writes text on a stream and collects everything until it closes. */
function roundTrip(stream: Duplex, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    stream.on('data', (chunk: Buffer) => {
      data += chunk.toString('utf8');
    });
    stream.on('end', () => resolve(data));
    stream.on('error', reject);
    stream.write(text);
  });
}

test('adbkit reverse: the tunnel is listed, and a socket opened on the phone reaches the host', async () => {
  const phone = client.getDevice(sim.serial);
  expect(await phone.reverse('tcp:8090', `tcp:${echoPort}`)).toBe(true);
  expect(await phone.listReverses()).toEqual([{ remote: 'tcp:8090', local: `tcp:${echoPort}` }]);
  expect(await roundTrip(await phone.openTcp(8090), 'hi from the host')).toBe('echo: hi from the host');
  // adbkit's host argument makes `tcp:PORT:HOST`, which adbd cannot parse: the open fails.
  await expect(Promise.resolve(phone.openTcp(8090, 'localhost'))).rejects.toThrow(/closed/);
  await phone.reverse('tcp:8091', 'tcp:1');
  // The host end refuses: the phone's socket is closed with nothing read.
  expect(await roundTrip(await phone.openTcp(8091), 'anyone?')).toBe('');
});

test('adbkit openTcp to a port nothing listens on fails', async () => {
  await expect(Promise.resolve(client.getDevice(sim.serial).openTcp(5037))).rejects.toThrow(/closed/);
});

test('adbkit forward on the mobiletest server port: listed, looped through a reverse tunnel, closed at once when nothing listens', async () => {
  const phone = client.getDevice(sim.serial);
  const [looped, dead] = [await freePort(), await freePort()];
  await phone.reverse('tcp:8092', `tcp:${echoPort}`);
  expect(await phone.forward(`tcp:${looped}`, 'tcp:8092')).toBe(true);
  expect(await phone.forward(`tcp:${dead}`, 'localabstract:nobody')).toBe(true);
  expect(await phone.listForwards()).toEqual([
    { serial: sim.serial, local: `tcp:${looped}`, remote: 'tcp:8092' },
    { serial: sim.serial, local: `tcp:${dead}`, remote: 'localabstract:nobody' },
  ]);
  expect(await roundTrip(connect({ port: looped, host: '127.0.0.1' }), 'around')).toBe('echo: around');
  expect(
    await roundTrip(
      connect({ port: dead, host: '127.0.0.1' }).on('error', () => undefined),
      'hello?',
    ),
  ).toBe('');
});

test('adbkit trackJdwp reports an empty list on a user build and keeps tracking', async () => {
  const tracker = await client.getDevice(sim.serial).trackJdwp();
  let ended = false;
  tracker.once('end', () => {
    ended = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  // adbkit keeps the last list it read; the tracker ends if the phone closes the stream.
  expect([ended, (tracker as unknown as { pids: string[] }).pids]).toEqual([false, []]);
  tracker.end();
});
