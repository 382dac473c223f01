// `mobiletest mcp` on an adb server (here a virtual phone's): a device that is not there, selecting
// one, and the phone going away mid-session are tool errors, and the server keeps serving.
import { expect, test } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startSim, type Sim } from '../../src/sim/index.js';
import { MOBILETEST_CLI } from '../testing/project.js';

let sim: Sim | undefined;
let client: Client | undefined;

test.afterEach(async () => {
  await client?.close();
  await sim?.stop();
});

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
  const result = (await client!.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  return { text: first?.type === 'text' ? first.text : '', isError: result.isError === true };
}

test('a device that is not there is a tool error naming the ones that are; selecting one of them works', async () => {
  sim = await startSim({ serverPort: 0, seed: 7 });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MOBILETEST_CLI, 'mcp', '--device', 'emulator-5570'],
    env: { ...process.env, ADB_SERVER_SOCKET: `tcp:127.0.0.1:${sim.serverPort}` } as Record<string, string>,
    stderr: 'pipe',
  });
  client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);

  const missing = await call('look');
  expect(missing.isError).toBe(true);
  expect(missing.text).toContain('emulator-5570');
  expect(missing.text).toContain(sim.serial);

  const selected = JSON.parse((await call('devices', { select: sim.serial })).text) as { selected: string };
  expect(selected.selected).toBe(sim.serial);
  const look = await call('look');
  expect(look.isError).toBe(false);
  expect(look.text).toContain(`device ${sim.serial}`);

  // The phone drops off adb: the next call says so; back online, the same session goes on.
  sim.phone.faults.goOffline();
  const gone = await call('look');
  expect(gone.isError).toBe(true);
  expect(gone.text).toMatch(new RegExp(`^device ${sim.serial.replace(/\./g, '\\.')}\nDevice\\w+: `));
  expect(gone.text).toContain(sim.serial);
  sim.phone.faults.goOnline();
  // adb notices the phone again within a moment, as with a real cable.
  await expect.poll(async () => (await call('look')).text.split('\n')[0], { timeout: 10_000 }).toBe(`device ${sim.serial}`);
});
