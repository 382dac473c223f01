// `npm run bench -- mcp`: round trips of `look` and of a `do` tap through `mobiletest mcp --device sim`
// (a child process, the SDK's Client over stdio, as an MCP client runs it), and each answer's size in tokens.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { row, sample } from './stats.js';

const CLI = fileURLToPath(new URL('../runner/cli.js', import.meta.url));
const RUNS = 30;
/** The seeds' reference for a round trip on a local device. */
const TARGET_MS = 30;

const ARGS = [CLI, 'mcp', '--device', 'sim', '--app', 'com.example.shop'];
const STARTS = 5;

async function connect(): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ARGS, stderr: 'ignore' }));
  return client;
}

/** What a client waits for when it starts the server: spawn to initialized, and on to the first look (which launches --app). */
async function benchStart(): Promise<void> {
  const ready: number[] = [];
  const looked: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const start = performance.now();
    const client = await connect();
    ready.push(performance.now() - start);
    await client.callTool({ name: 'look', arguments: {} });
    looked.push(performance.now() - start);
    await client.close();
  }
  console.log(
    row(
      'start: spawn to initialized',
      ready.sort((a, b) => a - b),
    ),
  );
  console.log(
    row(
      'start: spawn to the first look (app launched)',
      looked.sort((a, b) => a - b),
    ),
  );
}

export async function benchMcp(): Promise<void> {
  await benchStart();
  const client = await connect();
  const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const first = result.content[0];
    const text = first?.type === 'text' ? first.text : '';
    if (result.isError) throw new Error(`${name} failed: ${text}`);
    return text;
  };
  try {
    await call('do', { name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
    await call('do', { name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
    await call('do', { name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } });
    await call('do', { name: 'tap', params: { target: 'Log in', expected: { visible: 'Hi, Alice' } } });

    const look = await call('look', {});
    console.log(row('look (catalogue)', await sample(RUNS, () => call('look', {})), TARGET_MS));
    // Two chips that each change the list: every tap has an effect to report.
    let chip = 0;
    const tapChip = () => call('do', { name: 'tap', params: { target: chip++ % 2 === 0 ? 'Cables' : 'All' } });
    const tapAnswer = await tapChip();
    console.log(row('do tap (filter chip, situation report)', await sample(RUNS, tapChip), TARGET_MS));
    // Where a tap's time goes, from the session's own trace of the taps just sampled.
    const { steps } = JSON.parse(await call('query', { kind: 'trace', lines: RUNS })) as {
      steps: Array<{ ms: number; device_ms: number; harness_ms: number }>;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1].toFixed(1);
    console.log(
      `do tap inside the server (median of ${steps.length}): ${median(steps.map((s) => s.ms))} ms = device calls ${median(steps.map((s) => s.device_ms))} ms` +
        ` + waiting for the screen to settle ${median(steps.map((s) => s.ms - s.device_ms - s.harness_ms))} ms + mobiletest ${median(steps.map((s) => s.harness_ms))} ms`,
    );
    console.log(`tokens (o200k): look ${countTokens(look)}, do tap answer ${countTokens(tapAnswer)}`);
  } finally {
    await client.close();
  }
}
