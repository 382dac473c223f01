import { expect, test } from '@playwright/test';
import { UsageError } from '../errors.js';
import { runSimCommand, SIM_USAGE } from './sim.js';

test('mobiletest sim --timing takes fast or real, says so in its help, and names a wrong value before starting a phone', async () => {
  expect(SIM_USAGE).toContain('--timing MODE');
  const refused = await runSimCommand(['--timing', 'slow']).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(UsageError);
  expect((refused as Error).message).toBe('--timing must be "fast" or "real", got "slow".');
});

test('mobiletest sim --platform ios serves WebDriverAgent, prints its URL and udid, and stops on Ctrl-C', async () => {
  expect(SIM_USAGE).toContain('--platform P');
  const refused = await runSimCommand(['--platform', 'windows']).catch((e: unknown) => e);
  expect((refused as Error).message).toBe('--platform must be "android" or "ios", got "windows".');
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => lines.push(line);
  try {
    const running = runSimCommand(['--platform', 'ios', '--port', '0']);
    await expect.poll(() => lines.join('\n')).toContain('WebDriverAgent at');
    const banner = /virtual iPhone "iPhone 15" \(([0-9A-F-]{36})\) with WebDriverAgent at (http:\/\/127\.0\.0\.1:\d+)/.exec(lines[0] ?? '');
    expect(banner?.[1]).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    const status = (await (await fetch(`${banner?.[2]}/status`, { signal: AbortSignal.timeout(5000) })).json()) as { value: { ready: boolean } };
    expect(status.value.ready).toBe(true);
    process.emit('SIGINT');
    expect(await running).toBe(0);
    expect(lines.at(-1)).toBe('mobiletest sim: stopped');
  } finally {
    console.log = log;
  }
});

test('mobiletest sim --chat-server points the Chat app at a backend by URL, and refuses what is not one', async () => {
  expect(SIM_USAGE).toContain('--chat-server URL');
  const refused = await runSimCommand(['--chat-server', 'localhost:8300']).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(UsageError);
  expect((refused as Error).message).toBe('--chat-server must be an http:// URL such as http://127.0.0.1:8300, got "localhost:8300".');
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => lines.push(line);
  try {
    const running = runSimCommand(['--platform', 'ios', '--port', '0', '--chat-server', 'http://127.0.0.1:8399']);
    await expect.poll(() => lines.join('\n')).toContain('press Ctrl-C');
    expect(lines).toContain('  chat server: http://127.0.0.1:8399');
    process.emit('SIGINT');
    expect(await running).toBe(0);
  } finally {
    console.log = log;
  }
});
