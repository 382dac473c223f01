import { connect, createServer, type Server, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { freePort } from '../private-adb.js';
import { usePhoneOverAdb } from '../testing/adb-phone.js';

// The services a phone's adbd answers besides shell and sync, driven through a real adb server.
const phone = usePhoneOverAdb();

/** Opens a device service through the adb server as a client does: transport, then the service, each answered OKAY. */
async function openService(service: string): Promise<{ socket: Socket; data: Promise<Buffer> }> {
  const socket = connect({ port: phone.adb.port, host: '127.0.0.1' });
  const chunks: Buffer[] = [];
  const request = (text: string) => `${text.length.toString(16).padStart(4, '0')}${text}`;
  const data = new Promise<Buffer>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // The server takes the service request only after it has answered the transport request.
      if (chunks.length === 1) socket.write(request(service));
    });
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
  socket.write(request(`host:transport:${phone.sim.serial}`));
  return { socket, data };
}

test("framebuffer: gives adbd's version 2 header and the pixels screencap draws", async () => {
  const { data } = await openService('framebuffer:');
  const answer = await data;
  expect(answer.subarray(0, 8).toString('latin1')).toBe('OKAYOKAY');
  const reply = answer.subarray(8);
  const raw = (await phone.adb.ok(['-s', phone.sim.serial, 'exec-out', 'screencap'])).stdout;
  const [width, height] = [raw.readUInt32LE(0), raw.readUInt32LE(4)];
  const header = Array.from({ length: 14 }, (_, i) => reply.readUInt32LE(i * 4));
  // version, bpp, colour space (sRGB), size, width, height, then red, blue, green and alpha offset and length.
  expect(header).toEqual([2, 32, 1, width * height * 4, width, height, 0, 8, 16, 8, 8, 8, 24, 8]);
  expect(reply.length).toBe(56 + width * height * 4);
  // The clock is frozen and nothing moved: the same frame, pixel for pixel.
  expect(reply.subarray(56).equals(raw.subarray(16))).toBe(true);
});

test('framebuffer: when screencap fails, the stream closes with no header', async () => {
  phone.sim.phone.faults.set({ screencapFailures: 1 });
  const { data } = await openService('framebuffer:');
  expect((await data).toString('latin1')).toBe('OKAYOKAY');
});

test('a forward to a device port nothing listens on: adb forward succeeds, a connection is closed at once', async () => {
  const local = await freePort();
  await phone.adb.ok(['-s', phone.sim.serial, 'forward', `tcp:${local}`, 'tcp:9']);
  await phone.adb.ok(['-s', phone.sim.serial, 'forward', `tcp:${local + 1}`, 'localabstract:chrome_devtools_remote']);
  await phone.adb.ok(['-s', phone.sim.serial, 'forward', `tcp:${local + 2}`, 'jdwp:1234']);
  try {
    for (const port of [local, local + 1, local + 2]) {
      const received = await exchange(port, 'hello?');
      expect(received).toEqual({ data: '', closed: true });
    }
  } finally {
    await phone.adb.ok(['-s', phone.sim.serial, 'forward', '--remove-all']);
  }
});

test('adb reverse: tcp:0 gets a port, the list and removals answer as a phone does', async () => {
  const host = await freePort();
  const given = await phone.adb.ok(['-s', phone.sim.serial, 'reverse', 'tcp:0', `tcp:${host}`]);
  const port = Number(given.text.trim());
  expect(port).toBeGreaterThanOrEqual(32768);
  await phone.adb.ok(['-s', phone.sim.serial, 'reverse', 'localabstract:metro', `tcp:${host}`]);
  const listed = (await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--list'])).text;
  // adb prints the phone's list and a newline of its own.
  expect(listed).toMatch(new RegExp(`^host-\\d+ tcp:${port} tcp:${host}\\nhost-\\d+ localabstract:metro tcp:${host}\\n\\n$`));
  const noRebind = await phone.adb.run(['-s', phone.sim.serial, 'reverse', '--no-rebind', `tcp:${port}`, 'tcp:1']);
  expect(noRebind.code).toBe(1);
  expect(noRebind.stderr).toContain('cannot rebind existing socket');
  await phone.adb.ok(['-s', phone.sim.serial, 'reverse', `tcp:${port}`, 'tcp:2']);
  expect((await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--list'])).text).toContain(` tcp:${port} tcp:2\n`);
  await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--remove', `tcp:${port}`]);
  const missing = await phone.adb.run(['-s', phone.sim.serial, 'reverse', '--remove', `tcp:${port}`]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain(`listener 'tcp:${port}' not found`);
  expect((await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--list'])).text).toMatch(/^host-\d+ localabstract:metro tcp:\d+\n\n$/);
  await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--remove-all']);
  expect((await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--list'])).text).toBe('\n');
});

test('adb reverse carries a connection on the phone back to the host; forward then reverse makes a loop', async () => {
  const echo = await listenEcho();
  const devicePort = 8081;
  const local = await freePort();
  try {
    await phone.adb.ok(['-s', phone.sim.serial, 'reverse', `tcp:${devicePort}`, `tcp:${echo.port}`]);
    await phone.adb.ok(['-s', phone.sim.serial, 'forward', `tcp:${local}`, `tcp:${devicePort}`]);
    expect(await exchange(local, 'ping through the phone')).toEqual({ data: 'echo: ping through the phone', closed: true });
    // With the tunnel gone, nothing listens on the device port any more.
    await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--remove', `tcp:${devicePort}`]);
    expect(await exchange(local, 'anyone?')).toEqual({ data: '', closed: true });
    // A tunnel whose host end refuses: the adb server answers the phone's OPEN with CLSE, and the connection closes.
    await phone.adb.ok(['-s', phone.sim.serial, 'reverse', `tcp:${devicePort}`, `tcp:${await freePort()}`]);
    expect(await exchange(local, 'nobody home')).toEqual({ data: '', closed: true });
  } finally {
    await phone.adb.run(['-s', phone.sim.serial, 'forward', '--remove-all']);
    await phone.adb.run(['-s', phone.sim.serial, 'reverse', '--remove-all']);
    echo.server.close();
  }
});

test('reverse tunnels close with the connection that made them', async () => {
  await phone.adb.ok(['-s', phone.sim.serial, 'reverse', 'tcp:8082', 'tcp:8082']);
  expect((await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--list'])).text).toContain(' tcp:8082 tcp:8082\n');
  await phone.adb.ok(['disconnect', phone.sim.serial]);
  await phone.adb.connect(phone.sim);
  expect((await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--list'])).text).toBe('\n');
});

test('jdwp on a user build: adb jdwp lists no process, track-jdwp sends the empty list and stays open', async () => {
  const listed = await phone.adb.run(['-s', phone.sim.serial, 'jdwp'], { timeoutMs: 10_000 });
  expect([listed.code, listed.text]).toEqual([0, '']);
  for (const service of ['track-jdwp', 'track-app']) {
    const { socket, data } = await openService(service);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.destroyed).toBe(false);
    socket.end();
    expect((await data).toString('latin1')).toBe('OKAYOKAY0000');
  }
});

/** Connects, sends text, and reports what came back and whether the other side closed, within two seconds. */
function exchange(port: number, text: string): Promise<{ data: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(text));
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ data, closed: false });
    }, 2000);
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('utf8');
    });
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ data, closed: true });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

/** A host server that answers one message with "echo: …" and closes. */
async function listenEcho(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.once('data', (chunk: Buffer) => socket.end(`echo: ${chunk.toString('utf8')}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}
