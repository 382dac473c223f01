// `mobiletest mcp --allow-shell --primitive-tools`: the opt-in shell tool (logged, redacted, bounded), the
// per-primitive tools with the registry's own schemas, and text typed through the primitives that never
// becomes a shell command, whatever shell characters it holds.
import { expect, test } from '@playwright/test';
import { PRIMITIVE_NAMES, primitiveParamsSchema } from '../../src/primitives/index.js';
import { startMcpServer, type McpServerUnderTest } from '../testing/mcp-client.js';

const API_KEY = 'sk-shell-test-8d2e4b6a1f';

test.describe.configure({ mode: 'serial' });

let server: McpServerUnderTest;

test.beforeAll(async () => {
  server = await startMcpServer(['--device', 'sim', '--app', 'com.example.shop', '--allow-shell', '--primitive-tools'], {
    env: { MOBILETEST_LLM_API_KEY: API_KEY },
  });
});

test.afterAll(async () => {
  await server?.close();
});

const call = (name: string, args?: Record<string, unknown>) => server.call(name, args);
const ok = (name: string, args?: Record<string, unknown>) => server.json(name, args);

test("the shell tool and one tool per primitive are listed, each primitive with the registry's own schema", async () => {
  const { tools } = await server.client.listTools();
  expect(tools.slice(0, 5).map((t) => t.name)).toEqual(['look', 'do', 'query', 'devices', 'shell']);
  const primitives = tools.slice(5);
  expect(primitives.map((t) => t.name)).toEqual([...PRIMITIVE_NAMES]);
  for (const tool of primitives) expect(tool.inputSchema, tool.name).toEqual(primitiveParamsSchema(tool.name as (typeof PRIMITIVE_NAMES)[number]));
  expect(server.stderr()).toContain('--allow-shell: the shell tool runs any command');
});

test('shell runs a command on the device, answers exit code, stdout and stderr, and logs the command', async () => {
  const answer = await ok('shell', { command: 'echo hello; getprop ro.product.model' });
  expect(answer).toMatchObject({ exit_code: 0, stdout: 'hello\nmobiletest Virtual Phone\n', stderr: '' });
  expect(answer.device).toMatch(/^127\.0\.0\.1:\d+$/);
  expect(server.stderr()).toContain(`shell on ${answer.device as string}: echo hello; getprop ro.product.model`);

  const failing = await ok('shell', { command: 'ls /no/such/dir' });
  expect(failing.exit_code).not.toBe(0);
  expect(failing.stderr).toContain('/no/such/dir');

  // A secret in a command or its output is masked in the answer and in the log.
  const secret = await ok('shell', { command: `echo ${API_KEY}` });
  expect(JSON.stringify(secret)).not.toContain(API_KEY);
  expect(secret.stdout).toContain('•••');
  expect(server.stderr()).not.toContain(API_KEY);

  const bad = await call('shell', { command: '', cwd: '/' });
  expect(bad.isError).toBe(true);
  expect(bad.text).toContain('unknown field `cwd` in shell');
});

test('a primitive called as its own tool runs like `do`, with the same checks', async () => {
  const launched = await ok('launch_app', { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] });
  expect(launched).toMatchObject({ primitive: 'launch_app', status: 'OK', crash: false });
  const wrong = await call('tap', { target: 'Email', expect: { visible: 'x' } });
  expect(wrong.isError).toBe(true);
  expect(wrong.text).toContain('unknown field `expect` in tap');
});

test('text typed with shell characters lands in the field as typed and runs nothing on the device', async () => {
  const marker = '/data/local/tmp/mcp-typed';
  await ok('shell', { command: `rm -f ${marker}*` });
  const text = `a$(touch ${marker}1)b;touch ${marker}2 && echo \`touch ${marker}3\` 'q' "d" | cat > ${marker}4 %s \\n $HOME`;
  const typed = await ok('input_text', { target: 'Email', text });
  expect(typed).toMatchObject({ status: 'OK', output: text });
  const listing = await ok('shell', { command: 'ls /data/local/tmp' });
  expect(listing.stdout).not.toContain('mcp-typed');
  // The control: the same shell does create the file when asked to outright.
  await ok('shell', { command: `touch ${marker}0` });
  expect((await ok('shell', { command: 'ls /data/local/tmp' })).stdout).toContain('mcp-typed0');
});
