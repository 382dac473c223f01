// `mobiletest mcp --platform ios`: the MCP server driving the virtual iPhone, through the SDK's Client.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startSim } from '../../src/sim/index.js';
import { startMcpServer, type McpServerUnderTest } from '../testing/mcp-client.js';

test.describe.configure({ mode: 'serial' });

let server: McpServerUnderTest;

test.beforeAll(async () => {
  server = await startMcpServer(['--platform', 'ios', '--device', 'sim', '--app', 'com.example.shop'], { env: { MOBILETEST_WDA_URL: '' } });
});

test.afterAll(async () => {
  await server?.close();
});

test('look reads the virtual iPhone: the Shop app, launched, under its notifications prompt', async () => {
  const { text, isError } = await server.call('look');
  expect(isError, text).toBe(false);
  expect(text).toMatch(/^app com\.example\.shop · screen 1179x2556$/m);
  expect(text).toMatch(/^e\d+ dialog "“Shop” Would Like to Send You Notifications" \(com\.apple\.springboard\):$/m);
  expect(text).toMatch(/e\d+ button "Allow"/);
});

test('do answers the prompt and the Shop shows; devices lists the iPhone as selected; query device_info says iOS', async () => {
  const { text: body } = await server.call('look');
  const allow = /(e\d+) button "Allow"/.exec(body)![1];
  const done = await server.json('do', { name: 'tap', params: { target: allow } });
  expect(done).toMatchObject({ primitive: 'tap', status: 'OK', screen_changed: true });
  const { text: screen } = await server.call('look');
  expect(screen).toMatch(/^app com\.example\.shop/m);
  expect(screen).not.toContain('Would Like to Send You Notifications');

  const devices = (await server.json('devices', {})) as { devices: Array<{ serial: string; state: string; selected: boolean }>; selected: string };
  expect(devices.devices.find((d) => d.selected)).toMatchObject({ serial: devices.selected, state: 'Booted' });
  expect(devices.selected).toMatch(/^[0-9A-F-]{36}$/);
  expect(await server.json('query', { kind: 'device_info' })).toMatchObject({ kind: 'device_info', platform: 'ios', virtual: true });
});

test('with --wda-url alone and no xcrun, the server drives that WebDriverAgent and lists it by its HOST:PORT', async () => {
  const iphone = await startSim({ platform: 'ios', port: 0 });
  // No xcrun on PATH (node alone): the WebDriverAgent is the one device.
  const other = await startMcpServer(['--wda-url', iphone.wdaUrl], { env: { PATH: path.dirname(process.execPath), MOBILETEST_WDA_URL: '' } });
  try {
    const { text, isError } = await other.call('look');
    expect(isError, text).toBe(false);
    expect(text).toMatch(/^app com\.apple\.springboard · screen 1179x2556$/m);
    expect(text).toMatch(/e\d+ button "Shop"/);
    const devices = await other.json('devices', {});
    const host = new URL(iphone.wdaUrl).host;
    expect(devices).toEqual({ devices: [{ serial: host, state: 'device', selected: true }], selected: host });
  } finally {
    await other.close();
    await iphone.stop();
  }
});
