// `mobiletest mcp --device sim`, spawned as a client would spawn it, driven with the SDK's Client over
// stdio and with raw JSON-RPC lines.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import sharp from 'sharp';
import { PRIMITIVE_NAMES } from '../../src/primitives/index.js';
import { VISION_WIDTH } from '../../src/observe/index.js';
import { startMcpServer, type McpServerUnderTest } from '../testing/mcp-client.js';
import { MOBILETEST_CLI } from '../testing/project.js';

const SHOP = 'com.example.shop';
const OPTIONS = ['--device', 'sim', '--app', SHOP];
/** The raw spawn's arguments, for the tests that write JSON-RPC lines themselves. */
const ARGS = [MOBILETEST_CLI, 'mcp', ...OPTIONS];
/** An API key in the server's environment: no answer may show it. */
const API_KEY = 'sk-mcp-test-4f9a1c2e7b';

test.describe.configure({ mode: 'serial' });

let server: McpServerUnderTest;
let client: Client;

test.beforeAll(async () => {
  server = await startMcpServer(OPTIONS, { env: { MOBILETEST_LLM_API_KEY: API_KEY } });
  client = server.client;
});

test.afterAll(async () => {
  await server?.close();
});

const call = (name: string, args?: Record<string, unknown>) => server.call(name, args);
const act = (params: Record<string, unknown> & { name: string }) => server.json('do', params);

test('initialize names the server and lists look, do, query and devices, do with every primitive; no shell', async () => {
  expect(client.getServerVersion()?.name).toBe('mobiletest');
  const { tools } = await client.listTools();
  // No shell tool unless the server was started with --allow-shell, and no per-primitive tools.
  expect(tools.map((t) => t.name)).toEqual(['look', 'do', 'query', 'devices']);
  const doTool = tools.find((t) => t.name === 'do')!;
  const names = (doTool.inputSchema.properties as { name: { enum: string[] } }).name.enum;
  expect(names).toEqual([...PRIMITIVE_NAMES]);
  expect(doTool.description).toContain('input_text');
  // Each answer but look's is described: a client (this test's, with every call below) checks it.
  expect(tools.map((t) => t.outputSchema?.type ?? null)).toEqual([null, 'object', 'object', 'object']);
});

test('a structured answer is the JSON its text carries, and the Client refuses one its outputSchema does not describe', async () => {
  const result = (await client.callTool({ name: 'query', arguments: { kind: 'device_info' } })) as CallToolResult;
  const text = result.content[0].type === 'text' ? result.content[0].text : '';
  expect(result.structuredContent).toEqual(JSON.parse(text));
  expect(result.structuredContent).toMatchObject({ kind: 'device_info', platform: 'android', virtual: true });
  // The same answer held to the `devices` tool's description fails the SDK's own check.
  const { tools } = await client.listTools();
  const devices = tools.find((t) => t.name === 'devices')!;
  const check = new AjvJsonSchemaValidator().getValidator(devices.outputSchema!);
  expect(check(result.structuredContent).valid).toBe(false);
});

test('look: --app brought Shop to the front, refs and the device named; a screenshot with the refs boxed on request', async () => {
  const plain = (await client.callTool({ name: 'look', arguments: {} })) as CallToolResult;
  expect(plain.isError).toBeFalsy();
  // Enough text to act on: no image.
  expect(plain.content.map((c) => c.type)).toEqual(['text']);
  const text = plain.content[0].type === 'text' ? plain.content[0].text : '';
  expect(text).toMatch(/^device 127\.0\.0\.1:\d+\n/);
  // The first call took the phone and launched the app under test, which asks for notifications at once.
  expect(text).toMatch(/e\d+ dialog "Allow Shop to send you notifications\?"/);
  // Shop's own permission prompt, the active window and all a plain dump holds, says Shop came up.
  expect(text).toContain('dialog "Allow Shop to send you notifications?"');
  const trace = JSON.parse((await call('query', { kind: 'trace' })).text) as { steps: Array<{ primitive: string; status: string }> };
  expect(trace.steps).toEqual([expect.objectContaining({ step: 1, primitive: 'launch_app', status: 'OK' })]);

  const withImage = (await client.callTool({ name: 'look', arguments: { screenshot: true } })) as CallToolResult;
  expect(withImage.isError, JSON.stringify(withImage.content)).toBeFalsy();
  const image = withImage.content.find((c) => c.type === 'image');
  expect(image?.mimeType).toBe('image/png');
  const { data, info } = await sharp(Buffer.from(image!.data, 'base64')).raw().toBuffer({ resolveWithObject: true });
  expect(info.width).toBe(VISION_WIDTH);
  // The boxes are drawn in the mark colour (#e8336b), which the virtual phone's apps do not use.
  let marked = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (Math.abs(data[i] - 0xe8) < 24 && Math.abs(data[i + 1] - 0x33) < 24 && Math.abs(data[i + 2] - 0x6b) < 24) marked++;
  expect(marked).toBeGreaterThan(500);
});

test('do: signing in to Shop reports the new screen, and a secret never comes back', async () => {
  const launched = await act({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  expect(launched).toMatchObject({ status: 'OK', crash: false });
  await act({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  const typed = await act({ name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } });
  expect(JSON.stringify(typed)).not.toContain('pass123');

  const report = await act({ name: 'tap', params: { target: 'Log in', expected: { visible: 'Hi, Alice' } } });
  expect(report).toMatchObject({ primitive: 'tap', status: 'OK', expected: 'met', screen_changed: true, crash: false, anr: false });
  expect(report.device).toMatch(/^127\.0\.0\.1:\d+$/);
  expect((report.new_elements as string[]).join('\n')).toContain('Hi, Alice');
  expect((report.disappeared_elements as string[]).join('\n')).toContain('Log in');

  const trace = JSON.parse((await call('query', { kind: 'trace', lines: 2 })).text) as { steps: Array<{ primitive: string; params: unknown }> };
  expect(trace.steps.map((s) => s.primitive)).toEqual(['input_text', 'tap']);
  expect(JSON.stringify(trace)).not.toContain('pass123');
});

test('do: the coupon code that crashes Shop reports crash: true, and logcat has the stack trace', async () => {
  await act({ name: 'tap', params: { target: 'Cart' } });
  const { text, isError } = await call('do', { name: 'input_text', params: { target: 'Coupon code', text: 'CRASH', submit: true } });
  expect(isError, text).toBe(false);
  const report = JSON.parse(text) as Record<string, unknown>;
  expect(report).toMatchObject({ primitive: 'input_text', status: 'FAIL', crash: true });
  expect(report.crash_reason).toContain('Coupon service unavailable');
  expect(report.failure).toMatchObject({ name: 'AppCrashed', category: 'product' });

  const logcat = JSON.parse((await call('query', { kind: 'logcat', lines: 50 })).text) as { device: string; app: string; lines: string[] };
  expect(logcat.app).toBe(SHOP);
  expect(logcat.lines.length).toBeLessThanOrEqual(50);
  expect(logcat.lines.join('\n')).toContain('IllegalStateException: Coupon service unavailable');
  // Filtered to the app: the launcher's own lines are not there.
  expect(logcat.lines.join('\n')).not.toContain('nexuslauncher');
});

test('an unknown primitive and an unknown field are tool errors that say what to write instead', async () => {
  const unknown = await call('do', { name: 'tapp', params: { target: 'Cart' } });
  expect(unknown.isError).toBe(true);
  // Errors name the device on their first line, like every answer.
  expect(unknown.text).toMatch(/^device 127\.0\.0\.1:\d+\nInvalid input: /);
  expect(unknown.text).toContain('unknown primitive `tapp`; did you mean `tap`?');

  // Without --allow-shell there is no shell: the call is refused and says how to opt in.
  const shell = await call('shell', { command: 'touch /data/local/tmp/x' });
  expect(shell.isError).toBe(true);
  expect(shell.text).toContain('the shell tool is off');
  expect(shell.text).toContain('--allow-shell');
  // Nor is a primitive a tool of its own without --primitive-tools.
  const direct = await call('tap', { target: 'Cart' });
  expect(direct.isError).toBe(true);
  expect(direct.text).toContain('unknown tool `tap`');

  const field = await call('do', { name: 'tap', params: { target: 'Cart', expect: { visible: 'Cart' } } });
  expect(field.isError).toBe(true);
  expect(field.text).toContain('unknown field `expect` in tap; allowed: target, expected (did you mean `expected`?)');

  const outside = await call('do', { name: 'tap', params: { target: 'Cart' }, force: true });
  expect(outside.isError).toBe(true);
  expect(outside.text).toContain('unknown field `force` in a primitive call; allowed: name, params');

  // An error that quotes the input quotes it redacted: the API key never comes back.
  const leaked = await call('do', { name: 'press_key', params: { key: API_KEY } });
  expect(leaked.isError).toBe(true);
  expect(leaked.text).toContain('field `key` in press_key should be one of');
  expect(leaked.text).toContain('•••');
  expect(leaked.text).not.toContain(API_KEY);

  const kind = await call('query', { kind: 'logcats' });
  expect(kind.isError).toBe(true);
  expect(kind.text).toContain('did you mean `logcat`?');

  // The server still serves after the errors.
  expect((await call('query', { kind: 'app_state' })).isError).toBe(false);
});

test('devices lists the virtual phone as selected', async () => {
  const listed = JSON.parse((await call('devices')).text) as { devices: Array<{ serial: string; selected: boolean }>; selected: string };
  expect(listed.devices).toEqual([{ serial: listed.selected, state: 'device', selected: true }]);
  const wrong = await call('devices', { select: 'emulator-5554' });
  expect(wrong.isError).toBe(true);
  expect(wrong.text).toContain(`no device \`emulator-5554\``);
});

test('a malformed JSON line, a non-JSON-RPC message and an oversize request get JSON-RPC errors and the server keeps serving', async () => {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ARGS, { stdio: 'pipe' });
  try {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // Every stdout line is parsed as JSON: a log line on stdout would fail here.
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value as string) as Record<string, unknown>;
    child.stdin.write('{"jsonrpc": "2.0", "id": 1, "method": "initialize", \n');
    expect(await next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    child.stdin.write('{"hello": "world"}\n');
    expect(await next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    // An oversize request (2 MiB, over the 1 MiB limit) is refused without ending the session.
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'do', arguments: { name: 'input_text', params: { target: 'Email', text: 'x'.repeat(2 * 1024 * 1024) } } } })}\n`,
    );
    expect(await next()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringContaining('over the limit of 1048576 bytes') },
    });
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
    );
    expect(await next()).toMatchObject({ id: 2, result: { serverInfo: { name: 'mobiletest' } } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' })}\n`);
    const listed = await next();
    expect((listed.result as { tools: unknown[] }).tools).toHaveLength(4);
    expect(stderr).toContain('a request line is not JSON');
  } finally {
    child.kill('SIGTERM');
  }
});

test('calls sent at once run in order, and closing stdin still answers them before the server exits', async () => {
  const child = spawn(process.execPath, ARGS, { stdio: 'pipe' });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  send({ method: 'notifications/initialized' });
  send({
    id: 2,
    method: 'tools/call',
    params: { name: 'do', arguments: { name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } } },
  });
  send({ id: 3, method: 'tools/call', params: { name: 'look', arguments: {} } });
  child.stdin.end();
  expect(await exited).toBe(0);
  const answers = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: number; result: { content: Array<{ text: string }> } });
  expect(answers.map((a) => a.id)).toEqual([1, 2, 3]);
  // The look ran after the launch: it shows Shop's sign-in screen, not the launcher.
  expect(answers[2].result.content[0].text).toContain('app com.example.shop/.LoginActivity');
});
