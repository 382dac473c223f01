// The MCP server: look, do, query and devices over the same primitives, observation and situation reports
// as the runner (plus shell and per-primitive tools when asked for). Every answer names its device and
// passes through redaction; a tool's bad input is a tool error that says what was wrong, where and what to do.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DeviceDisconnected, DeviceError } from '../drivers/index.js';
import { redactDeep, redactText, registerMarkedSecrets } from '../events/index.js';
import { needsVision, OcrEngine, screenText, visionFrame, type Screen, type VisionFrame } from '../observe/index.js';
import { AppNotStarted, closestName, InvalidToolInput } from './errors.js';
import { toolInput } from './input.js';
import { InvalidPrimitiveCall, isPrimitiveName, maskSecrets, secretFieldsOf, validateCall } from '../primitives/index.js';
import type { Driver } from '../drivers/index.js';
import type { DeviceSource } from './devices.js';
import { runQuery } from './query.js';
import { doAnswer } from './report.js';
import { DeviceSession } from './session.js';
import { runShell } from './shell.js';
import type { DevicesAnswer, DoAnswer, QueryAnswer, ShellAnswer } from './outputs.js';
import { DevicesInput, LookInput, mcpTools, QueryInput, type McpTool } from './tools.js';

export interface McpServerOptions {
  devices: DeviceSource;
  /** Serial to drive first; default the only device. */
  device?: string;
  /** The app under test: brought to the front when a device is taken; launch_app's default and the logcat filter. */
  app?: string;
  /** Offer the `shell` tool (--allow-shell): arbitrary device shell commands, each logged. */
  allowShell?: boolean;
  /** Also offer one tool per primitive with its exact input schema (--primitive-tools). */
  primitiveTools?: boolean;
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
  private readonly tools: McpTool[];
  /** Devices --app was brought up on: once each, so a reconnect or a switch back leaves the screen as it is. */
  private readonly appBroughtUp = new Set<string>();
  /** One OCR for every session, started on the first screen whose tree names too few of its elements. */
  private readonly ocr = new OcrEngine();

  constructor(private readonly options: McpServerOptions) {
    this.selected = options.device;
    this.server = new Server({ name: 'mobiletest', version: options.version }, { capabilities: { tools: {} } });
    this.tools = mcpTools({ shell: options.allowShell, primitives: options.primitiveTools });
    this.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.tools }));
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
        case 'look':
          return await this.look(args);
        case 'do':
          return json(await this.do(args));
        case 'query':
          return json(await this.query(args));
        case 'devices':
          return json(await this.devicesTool(args));
        case 'shell':
          return json(await this.shell(args));
        default:
          if (this.options.primitiveTools && isPrimitiveName(tool)) return json(await this.do({ name: tool, params: args }));
          throw new InvalidToolInput(
            `unknown tool \`${tool}\`${closestName(
              tool,
              this.tools.map((t) => t.name),
            )}; tools: ${this.tools
              .filter((t) => !isPrimitiveName(t.name))
              .map((t) => t.name)
              .join(', ')}${this.options.primitiveTools ? ' and one per primitive' : ''}`,
          );
      }
    } catch (error) {
      // Errors name the device too (when one is chosen), like every other answer.
      const device = this.session?.device ?? this.selected;
      if (error instanceof InvalidPrimitiveCall || error instanceof InvalidToolInput) return failed(device, `Invalid input: ${error.message}`);
      if (error instanceof DeviceDisconnected) {
        // The driver of a device that dropped off stays broken: the next call connects afresh.
        const session = this.session;
        this.session = undefined;
        await session?.close().catch(() => undefined);
        return failed(device, `${error.name}: ${error.message}. The next call connects to it again.`);
      }
      if (error instanceof DeviceError || error instanceof AppNotStarted) return failed(device, `${error.name}: ${error.message}`);
      this.options.log?.(`mobiletest mcp: ${tool} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return failed(device, `${tool} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The selected device's session, connecting on first use. */
  private async current(): Promise<DeviceSession> {
    return this.session ?? this.open(await this.options.devices.connect(this.selected));
  }

  /**
   * A new session on `driver`, replacing the old one. With --app, the first session on a device brings the
   * app to the front (left as it is when already there); the session stays when that fails, so look and
   * query still work.
   */
  private async open(driver: Driver): Promise<DeviceSession> {
    await this.session?.close();
    const session = new DeviceSession({ driver, app: this.options.app, signal: this.abort.signal, reader: this.ocr });
    this.session = session;
    this.selected = driver.id;
    this.options.log?.(`mobiletest mcp: driving ${driver.id}${this.options.app ? ` (app ${this.options.app})` : ''}`);
    if (this.options.app && !this.appBroughtUp.has(driver.id)) {
      this.appBroughtUp.add(driver.id);
      const failure = await session.bringUpApp();
      if (failure)
        throw new AppNotStarted(`--app ${this.options.app} did not start on ${driver.id}: ${failure}. The device can still be looked at and driven.`);
    }
    return session;
  }

  private async look(args: Record<string, unknown>): Promise<CallToolResult> {
    const { screenshot } = toolInput('look', LookInput, args);
    const session = await this.current();
    const { observation } = await session.observer.look();
    const screen = observation.screen;
    const lines = [`device ${session.device}`, screenText(screen)];
    if (screenshot ?? (needsVision(screen, { minTextCoverage: session.observer.minTextCoverage }) || fewNames(screen))) {
      // The picture a planner gets: secrets painted over, bars cropped, each element boxed with its ref.
      const png = session.observer.screenshotOf(observation) ?? (await session.driver.screenshot());
      const frame = await visionFrame(await maskSecrets(png, screen, { fields: secretFieldsOf(session.observer) }), screen);
      lines.push(pictureLine(frame));
      const answer = text(lines.join('\n'));
      answer.content.push({ type: 'image', data: frame.png.toString('base64'), mimeType: 'image/png' });
      return answer;
    }
    const answer = text(lines.join('\n'));
    return answer;
  }

  private async do(args: Record<string, unknown>): Promise<DoAnswer> {
    // Typed secret text is known before the call runs, so no answer (errors included) can echo it.
    registerMarkedSecrets(args);
    const call = validateCall(args);
    const session = await this.current();
    const result = await session.run(call);
    return doAnswer(session.device, call, result);
  }

  private async query(args: Record<string, unknown>): Promise<QueryAnswer> {
    const { kind, lines } = toolInput('query', QueryInput, args);
    return runQuery(await this.current(), kind, lines);
  }

  private async shell(args: Record<string, unknown>): Promise<ShellAnswer> {
    if (!this.options.allowShell) {
      throw new InvalidToolInput(
        'the shell tool is off: this server runs no arbitrary device commands. Use look, do and query; or, if you trust the client with the whole device, restart the server with --allow-shell.',
      );
    }
    return runShell(await this.current(), args, this.options.log ?? (() => undefined));
  }

  private async devicesTool(args: Record<string, unknown>): Promise<DevicesAnswer> {
    const { select } = toolInput('devices', DevicesInput, args);
    const listed = await this.options.devices.list();
    if (select !== undefined && select !== this.session?.device) {
      const found = listed.find((d) => d.id === select);
      if (!found)
        throw new InvalidToolInput(
          `no device \`${select}\`${closestName(
            select,
            listed.map((d) => d.id),
          )}; devices: ${listed.map((d) => `${d.id} (${d.state})`).join(', ') || 'none'}`,
        );
      // A new device is a new session: refs and trace of the old one do not carry over.
      await this.open(await this.options.devices.connect(select));
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
    await this.ocr.close();
    await this.server.close();
  }
}

function text(body: string): CallToolResult {
  return { content: [{ type: 'text', text: body }] };
}

/** An answer as its tool's outputSchema describes it, and the same as JSON text for clients that read only text. */
function json(body: object): CallToolResult {
  return { ...text(JSON.stringify(body)), structuredContent: { ...body } };
}

/** A tool error; its first line names the device, as look's answer does. */
function failed(device: string | undefined, message: string): CallToolResult {
  return { content: [{ type: 'text', text: redactText(device ? `device ${device}\n${message}` : message) }], isError: true };
}

/** Fewer elements with a name than this, and a client is shown the picture even when all of them are named (a photo and its close button). */
const MIN_NAMED_ELEMENTS = 3;

function fewNames(screen: Screen): boolean {
  return screen.elements.filter((e) => e.label.trim() !== '').length < MIN_NAMED_ELEMENTS;
}

/** How the picture maps to the screen, for a client that points at it: device pixels from picture pixels. */
export function pictureLine(frame: VisionFrame): string {
  const { shows, scale } = frame;
  return (
    `picture ${frame.width}x${frame.height}: screen (${shows.left},${shows.top})-(${shows.right},${shows.bottom}), ` +
    `each element boxed with its ref; a point on it is (${shows.left} + x / ${scale.toFixed(4)}, ${shows.top} + y / ${scale.toFixed(4)}) on the device`
  );
}
