// The MCP server: four tools over the same primitives, observation and situation reports as the runner.
// Every answer names its device and passes through redaction; a tool's bad input is a tool error that
// says what was wrong, where and what to do.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DeviceDisconnected, DeviceError } from '../drivers/index.js';
import { redactDeep, redactText, registerMarkedSecrets } from '../events/index.js';
import { screenText } from '../observe/index.js';
import { annotatedScreenshot, tooLittleText } from './annotate.js';
import { closestName, InvalidToolInput } from './errors.js';
import { InvalidPrimitiveCall, secretFieldsOf, validateCall } from '../primitives/index.js';
import type { DeviceSource } from './devices.js';
import { runQuery } from './query.js';
import { doAnswer } from './report.js';
import { DeviceSession } from './session.js';
import { MAX_QUERY_LINES, mcpTools, QUERY_KINDS, type QueryKind } from './tools.js';

export interface McpServerOptions {
  devices: DeviceSource;
  /** Serial to drive first; default the only device. */
  device?: string;
  /** The app under test: launch_app's default and the logcat filter. */
  app?: string;
  version: string;
  /** Where diagnostics go (stderr): stdout carries JSON-RPC only. */
  log?: (message: string) => void;
}

export class MobileMcpServer {
  readonly server: Server;
  private session: DeviceSession | undefined;
  private readonly abort = new AbortController();
  /** Calls still running: closing waits for them, so a client that closes stdin after its last request still gets the answer. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Calls run one at a time, in the order they came: two actions on one phone at once would race. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The device chosen (--device, then `devices select`); a dropped session reconnects to it. */
  private selected: string | undefined;

  constructor(private readonly options: McpServerOptions) {
    this.selected = options.device;
    this.server = new Server({ name: 'mobiletest', version: options.version }, { capabilities: { tools: {} } });
    const tools = mcpTools();
    this.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args = {} } = request.params;
      const answer = this.queue.then(() => this.call(name, args)).then((result) => redactDeep(result));
      this.queue = answer.catch(() => undefined);
      this.inFlight.add(answer);
      try {
        return await answer;
      } finally {
        this.inFlight.delete(answer);
      }
    });
  }

  private async call(tool: string, args: Record<string, unknown>): Promise<CallToolResult> {
    try {
      switch (tool) {
        case 'look': return await this.look(args);
        case 'do': return json(await this.do(args));
        case 'query': return json(await this.query(args));
        case 'devices': return json(await this.devicesTool(args));
        default: throw new InvalidToolInput(`unknown tool \`${tool}\`${closestName(tool, mcpTools().map((t) => t.name))}; tools: look, do, query, devices`);
      }
    } catch (error) {
      if (error instanceof InvalidPrimitiveCall || error instanceof InvalidToolInput) return failed(`Invalid input: ${error.message}`);
      if (error instanceof DeviceDisconnected) {
        // The driver of a device that dropped off stays broken: the next call connects afresh.
        const session = this.session;
        this.session = undefined;
        await session?.close().catch(() => undefined);
        return failed(`${error.name}: ${error.message}. The next call connects to it again.`);
      }
      if (error instanceof DeviceError) return failed(`${error.name}: ${error.message}`);
      this.options.log?.(`mobiletest mcp: ${tool} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      return failed(`${tool} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The selected device's session, connecting on first use. */
  private async current(): Promise<DeviceSession> {
    if (!this.session) {
      const driver = await this.options.devices.connect(this.selected);
      this.session = new DeviceSession({ driver, app: this.options.app, signal: this.abort.signal });
      this.options.log?.(`mobiletest mcp: driving ${driver.id}${this.options.app ? ` (app ${this.options.app})` : ''}`);
    }
    return this.session;
  }

  private async look(args: Record<string, unknown>): Promise<CallToolResult> {
    noFields('look', args, ['screenshot']);
    const { screenshot } = args;
    if (screenshot !== undefined && typeof screenshot !== 'boolean') throw new InvalidToolInput(`field \`screenshot\` in look should be true or false; got ${JSON.stringify(screenshot)}`);
    const session = await this.current();
    const { observation } = await session.observer.look();
    const answer = text(`device ${session.device}\n${screenText(observation.screen)}`);
    if (screenshot ?? tooLittleText(observation.screen)) {
      const png = await annotatedScreenshot(await session.driver.screenshot(), observation.screen, secretFieldsOf(session.observer));
      answer.content.push({ type: 'image', data: png.toString('base64'), mimeType: 'image/png' });
    }
    return answer;
  }

  private async do(args: Record<string, unknown>): Promise<unknown> {
    // Typed secret text is known before the call runs, so no answer (errors included) can echo it.
    registerMarkedSecrets(args);
    const call = validateCall(args);
    const session = await this.current();
    const result = await session.run(call);
    return doAnswer(session.device, call, result);
  }

  private async query(args: Record<string, unknown>): Promise<unknown> {
    noFields('query', args, ['kind', 'lines']);
    const { kind, lines } = args;
    if (typeof kind !== 'string' || !(QUERY_KINDS as readonly string[]).includes(kind)) {
      throw new InvalidToolInput(`field \`kind\` in query should be one of ${QUERY_KINDS.join(', ')}; got ${JSON.stringify(kind) ?? 'nothing'}${typeof kind === 'string' ? closestName(kind, QUERY_KINDS) : ''}`);
    }
    if (lines !== undefined && (typeof lines !== 'number' || !Number.isInteger(lines) || lines < 1 || lines > MAX_QUERY_LINES)) {
      throw new InvalidToolInput(`field \`lines\` in query should be a whole number from 1 to ${MAX_QUERY_LINES}; got ${JSON.stringify(lines)}`);
    }
    const session = await this.current();
    return { device: session.device, kind, ...(await runQuery(session, kind as QueryKind, lines)) as object };
  }

  private async devicesTool(args: Record<string, unknown>): Promise<unknown> {
    noFields('devices', args, ['select']);
    const { select } = args;
    if (select !== undefined && typeof select !== 'string') throw new InvalidToolInput(`field \`select\` in devices should be a device serial (string); got ${JSON.stringify(select)}`);
    const listed = await this.options.devices.list();
    if (select !== undefined && select !== this.session?.device) {
      const found = listed.find((d) => d.id === select);
      if (!found) throw new InvalidToolInput(`no device \`${select}\`${closestName(select, listed.map((d) => d.id))}; devices: ${listed.map((d) => `${d.id} (${d.state})`).join(', ') || 'none'}`);
      // A new device is a new session: refs and trace of the old one do not carry over.
      const driver = await this.options.devices.connect(select);
      await this.session?.close();
      this.selected = select;
      this.session = new DeviceSession({ driver, app: this.options.app, signal: this.abort.signal });
      this.options.log?.(`mobiletest mcp: driving ${driver.id}`);
    }
    const selected = this.session?.device ?? this.selected;
    return { devices: listed.map((d) => ({ serial: d.id, state: d.state, selected: d.id === selected })), selected: selected ?? null };
  }

  /** Waits for the calls in flight, then closes the device session and the server. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    // An answer is written after its handler resolves: one turn of the event loop lets it out.
    await new Promise((resolve) => setImmediate(resolve));
    this.abort.abort(new Error('the MCP server is shutting down'));
    await this.session?.close();
    await this.server.close();
  }
}

/** Tool inputs are strict like primitive params: an unknown field is an error, not ignored. */
function noFields(tool: string, args: Record<string, unknown>, allowed: string[]): void {
  const extra = Object.keys(args).find((key) => !allowed.includes(key));
  if (extra === undefined) return;
  throw new InvalidToolInput(`unknown field \`${extra}\` in ${tool}${closestName(extra, allowed)}; allowed: ${allowed.join(', ') || 'none'}`);
}

function text(body: string): CallToolResult {
  return { content: [{ type: 'text', text: body }] };
}

function json(body: unknown): CallToolResult {
  return text(JSON.stringify(body));
}

function failed(message: string): CallToolResult {
  return { content: [{ type: 'text', text: redactText(message) }], isError: true };
}
