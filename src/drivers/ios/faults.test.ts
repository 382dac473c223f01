import net from 'node:net';
import { expect, test } from '@playwright/test';
import { IosDriver } from './ios-driver.js';
import { WdaUnavailable } from './wda-unavailable.js';

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('no WebDriverAgent at the URL: connect fails at once with WdaUnavailable naming the URL and how to start one', async () => {
  const url = `http://127.0.0.1:${await closedPort()}`;
  const error = await IosDriver.connect({ wdaUrl: url, udid: 'REAL-DEVICE-1', xcrun: '/nonexistent/xcrun', timeoutMs: 20_000 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WdaUnavailable);
  expect(error).toMatchObject({ url, device: 'REAL-DEVICE-1' });
  expect((error as Error).message).toContain(`No WebDriverAgent answers at ${url}`);
  expect((error as Error).message).toContain('--wda-url');
});
