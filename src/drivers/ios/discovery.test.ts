import { expect, test } from '@playwright/test';
import { DeviceNotFound } from '../errors/device-not-found.js';
import { SeveralDevices } from '../errors/several-devices.js';
import { chooseSimulator, wdaAddress } from './discovery.js';
import type { ListedSimulator } from './simulator.js';

const sim = (id: string, state: string): ListedSimulator => ({ id, state, name: `iPhone ${id}`, runtime: 'iOS 17.5' });

test('the WebDriverAgent URL comes from the caller, else MOBILETEST_WDA_URL, else port 8100 on this machine', () => {
  expect(wdaAddress(undefined, {})).toEqual({ url: 'http://127.0.0.1:8100', explicit: false, hostPort: '127.0.0.1:8100' });
  expect(wdaAddress(undefined, { MOBILETEST_WDA_URL: 'http://10.0.0.5:8200/' })).toEqual({
    url: 'http://10.0.0.5:8200',
    explicit: true,
    hostPort: '10.0.0.5:8200',
  });
  expect(wdaAddress('http://localhost:9100', { MOBILETEST_WDA_URL: 'http://x:1' }).hostPort).toBe('localhost:9100');
  expect(() => wdaAddress('localhost 8100', {})).toThrow(TypeError);
});

test('the named simulator, else the only booted one', () => {
  const sims = [sim('A', 'Shutdown'), sim('B', 'Booted')];
  expect(chooseSimulator({ wanted: 'A', simulators: sims, explicitWda: false })).toMatchObject({ id: 'A', state: 'Shutdown' });
  expect(chooseSimulator({ wanted: undefined, simulators: sims, explicitWda: false })).toMatchObject({ id: 'B' });
});

test('several booted simulators: SeveralDevices lists them; none: DeviceNotFound says how to boot one', () => {
  const several = (() => {
    try {
      return chooseSimulator({ wanted: undefined, simulators: [sim('A', 'Booted'), sim('B', 'Booted')], explicitWda: false });
    } catch (error) {
      return error;
    }
  })();
  expect(several).toBeInstanceOf(SeveralDevices);
  expect((several as Error).message).toContain('(A, B)');
  expect((several as Error).message).toContain('--udid');
  expect(() => chooseSimulator({ wanted: undefined, simulators: [sim('A', 'Shutdown')], explicitWda: false })).toThrow(DeviceNotFound);
  expect(() => chooseSimulator({ wanted: undefined, simulators: [], explicitWda: false })).toThrow(/xcrun simctl boot/);
  expect(() => chooseSimulator({ wanted: 'Z', simulators: [sim('A', 'Booted')], explicitWda: false })).toThrow(/Device Z is not usable.*A \(Booted\)/);
});

test('with a WebDriverAgent URL given, a device simctl does not know is reached through WebDriverAgent alone', () => {
  expect(chooseSimulator({ wanted: 'REAL-DEVICE', simulators: [sim('A', 'Booted')], explicitWda: true })).toBe('wda-only');
  expect(chooseSimulator({ wanted: undefined, simulators: [], explicitWda: true })).toBe('wda-only');
});
