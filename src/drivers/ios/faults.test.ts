import net from 'node:net';
import { expect, test } from '@playwright/test';
import { startSim, type IosSim } from '../../sim/index.js';
import { DeviceDisconnected } from '../errors/device-disconnected.js';
import { DeviceTimeout } from '../errors/device-timeout.js';
import { IosDriver } from './ios-driver.js';
import { WdaCommandFailed } from './wda-command-failed.js';
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

// A WebDriverAgent that fails, drops its session, answers late or shows an alert mid-gesture: typed errors naming the device, never a hang.
test.describe('a troubled WebDriverAgent', () => {
  let sim: IosSim;
  let driver: IosDriver;

  test.beforeEach(async () => {
    sim = await startSim({ platform: 'ios' });
    driver = await IosDriver.connect({ wdaUrl: sim.wdaUrl, udid: sim.udid, xcrun: '/nonexistent/xcrun' });
  });

  test.afterEach(async () => {
    await driver?.close();
    await sim?.stop();
  });

  test("a 500 answer is WdaCommandFailed naming the device, the request and WebDriverAgent's message; the next call works", async () => {
    sim.faults.set({ failRequests: 1 });
    const error = await driver.hierarchy().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WdaCommandFailed);
    expect(error).toMatchObject({ device: sim.udid, status: 500, error: 'unknown error' });
    expect((error as Error).message).toMatch(/"GET \/(source|wda\/activeAppInfo)" on device [0-9A-F-]+ failed: HTTP 500 unknown error/);
    expect((await driver.hierarchy()).xml).toContain('<XCUIElementTypeApplication');
  });

  test('a session WebDriverAgent dropped is opened again without the caller noticing', async () => {
    sim.faults.expireSessions();
    expect((await driver.foreground()).app).toBe('com.apple.springboard');
    const served = sim.served.take().map((r) => `${r.method} ${r.route} ${r.status}`);
    expect(served).toContain('POST /session 200');
    expect(served.some((line) => line.endsWith(' 404'))).toBe(true);
    expect((await driver.hierarchy()).app).toBe('com.apple.springboard');
  });

  test('a call past its deadline is DeviceTimeout naming the request it waited for; an aborted signal ends a call with its reason', async () => {
    sim.faults.set({ latencyMs: 500 });
    const late = await driver.screenshot({ timeoutMs: 100 }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(DeviceTimeout);
    expect((late as Error).message).toContain('GET /screenshot');
    expect((late as Error).message).toContain(sim.udid);
    const controller = new AbortController();
    const call = driver.tap({ x: 10, y: 10 }, { signal: controller.signal });
    controller.abort(new Error('the test moved on'));
    await expect(call).rejects.toThrow('the test moved on');
    sim.faults.set({ latencyMs: 0 });
    expect((await driver.screenSize()).width).toBe(1179);
  });

  test('an alert that comes up mid-gesture takes the touch and shows as the focused window with its text', async () => {
    sim.faults.set({ alertsMidAction: 1 });
    await driver.tap({ x: 600, y: 1200 });
    expect((await driver.foreground()).focusedWindow).toBe('com.apple.springboard alert');
    expect(await driver.alertText()).toBeTruthy();
    await driver.dismissAlert();
    expect(await driver.alertText()).toBeUndefined();
  });

  test('a closed driver refuses calls with DeviceDisconnected and frees its session', async () => {
    await driver.close();
    await expect(driver.hierarchy()).rejects.toBeInstanceOf(DeviceDisconnected);
    expect(sim.served.take().map((r) => `${r.method} ${r.route}`)).toContain('DELETE /session/:sessionId');
  });
});
