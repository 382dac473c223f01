import { expect, test } from '@playwright/test';
import { DeviceCalls, sleep } from './calls.js';
import { DeviceDisconnected } from './errors/device-disconnected.js';
import { DeviceTimeout } from './errors/device-timeout.js';

const calls = () => new DeviceCalls({ device: 'SERIAL1', defaultTimeoutMs: 5_000 });

test('a call that outlives its deadline rejects with DeviceTimeout naming the step it was on, and its signal fires', async () => {
  let seen: AbortSignal | undefined;
  const late = await calls()
    .run('hierarchy', { timeoutMs: 20 }, async (scope) => {
      seen = scope.signal;
      scope.step('uiautomator dump /dev/tty');
      await new Promise(() => undefined);
    })
    .catch((error: unknown) => error);
  expect(late).toBeInstanceOf(DeviceTimeout);
  expect((late as Error).message).toBe(
    'Device SERIAL1 did not finish "hierarchy: uiautomator dump /dev/tty" within 20 ms; check that the device responds, or give the call more time with timeoutMs',
  );
  expect(seen?.aborted).toBe(true);
});

test("the caller's signal ends the call with its reason, even one aborted before the call", async () => {
  const controller = new AbortController();
  const call = calls().run('tap', { signal: controller.signal }, (scope) => sleep(10_000, scope.signal));
  controller.abort(new Error('stop'));
  await expect(call).rejects.toThrow('stop');
  await expect(calls().run('tap', { signal: controller.signal }, async () => 'ran')).rejects.toThrow('stop');
});

test('failAll ends every call in flight with the error made for it; a finished call is untouched', async () => {
  const device = calls();
  expect(await device.run('screenSize', undefined, async () => 42)).toBe(42);
  const first = device.run('screenshot', undefined, (scope) => sleep(10_000, scope.signal)).catch((error: unknown) => error);
  const second = device.run('logs', undefined, (scope) => sleep(10_000, scope.signal)).catch((error: unknown) => error);
  device.failAll((during) => new DeviceDisconnected({ device: 'SERIAL1', during, reason: 'unplugged' }));
  const errors = (await Promise.all([first, second])) as DeviceDisconnected[];
  expect(errors.map((error) => error.during)).toEqual(['screenshot', 'logs']);
  expect(errors[0]).toBeInstanceOf(DeviceDisconnected);
  expect(errors[0].message).toBe('Device SERIAL1 disconnected during "screenshot": unplugged; reconnect it and run again');
});
