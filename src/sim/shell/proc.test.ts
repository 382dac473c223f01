import adbkit from '@devicefarmer/adbkit';
import { expect, test } from '@playwright/test';
import { createServiceHost } from '../adb/services.js';
import { listenHostServer, type HostServerListener } from '../adb/host-server.js';
import { createPhone } from '../phone.js';
import { phoneShell } from './index.js';

// adbkit's openProcStat pulls /proc/stat over sync once a second and reports per-CPU load from the difference.
const { Adb } = adbkit;
const serial = 'MTSIM0001';
let server: HostServerListener;

test.beforeAll(async () => {
  const phone = createPhone({ serial, apps: [] });
  const services = createServiceHost(phone, phoneShell);
  server = await listenHostServer({ devices: () => [{ serial, phone, services }], port: 0, log: () => undefined });
});

test.afterAll(async () => {
  await server?.close();
});

test('adbkit openProcStat reads a load for each CPU from /proc/stat, mostly idle', async () => {
  const device = Adb.createClient({ host: '127.0.0.1', port: server.port }).getDevice(serial);
  const stat = await device.openProcStat();
  try {
    const loads = await new Promise<Record<string, { user: number; idle: number; total: number }>>((resolve, reject) => {
      stat.on('load', resolve);
      stat.on('error', reject);
    });
    expect(Object.keys(loads).sort()).toEqual(['cpu0', 'cpu1']);
    for (const load of Object.values(loads)) {
      expect(load.total).toBe(100);
      expect(load.idle).toBeGreaterThan(80);
      expect(load.user).toBeGreaterThan(0);
    }
  } finally {
    stat.end();
  }
});
