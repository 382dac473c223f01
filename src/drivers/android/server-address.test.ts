import { expect, test } from '@playwright/test';
import { adbServerAddress } from './server-address.js';

test('the adb server is chosen as the adb CLI chooses it: option, ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, then 5037', () => {
  const env = { ADB_SERVER_SOCKET: 'tcp:10.0.0.2:6037', ANDROID_ADB_SERVER_PORT: '7037' };
  expect(adbServerAddress({ port: 9999 }, env)).toMatchObject({ host: '127.0.0.1', port: 9999, explicit: true });
  expect(adbServerAddress({ host: 'build-box', port: 5038 }, env)).toMatchObject({ host: 'build-box', port: 5038 });
  expect(adbServerAddress({}, env)).toMatchObject({ host: '10.0.0.2', port: 6037, explicit: true });
  expect(adbServerAddress({}, { ADB_SERVER_SOCKET: 'tcp:5039' })).toMatchObject({ host: '127.0.0.1', port: 5039 });
  expect(adbServerAddress({}, { ADB_SERVER_SOCKET: 'tcp:[::1]:5040' })).toMatchObject({ host: '::1', port: 5040 });
  expect(adbServerAddress({}, { ANDROID_ADB_SERVER_PORT: '7037' })).toMatchObject({ host: '127.0.0.1', port: 7037, explicit: true });
  expect(adbServerAddress({}, {})).toMatchObject({ host: '127.0.0.1', port: 5037, explicit: false });
  expect(adbServerAddress({}, env).describe).toContain('ADB_SERVER_SOCKET');
});

test('an ADB_SERVER_SOCKET that is not tcp is refused with what to write instead', () => {
  expect(() => adbServerAddress({}, { ADB_SERVER_SOCKET: 'localfilesystem:/tmp/adb' })).toThrow('use tcp:HOST:PORT or tcp:PORT');
});
