// `mobiletest show-report [dir]`: serves an HTML report's folder on 127.0.0.1 as static files until
// Ctrl-C. Only files inside the folder are served: a path that leaves it (.., an encoded slash, a
// symlink pointing out) is refused.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_REPORT_DIR, reportDir } from '../../src/events/index.js';
import { UsageError } from '../errors.js';

// As in config.ts, without loading Playwright just to serve files.

export const SHOW_REPORT_USAGE = `Usage: mobiletest show-report [dir] [options]

Serves the HTML report (written by --output html) on http://127.0.0.1 and prints its URL; Ctrl-C stops.
dir is the report folder or its html/ folder (default: $MOBILETEST_REPORT_DIR or ${DEFAULT_REPORT_DIR}).

Options:
  --port N    port to listen on (default: a free one)
  --host H    address to listen on (default 127.0.0.1)`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

export interface ServedReport {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** The folder holding index.html: `dir/html` when the report folder is given, else `dir` itself. */
export async function findReportFolder(dir: string): Promise<string> {
  for (const candidate of [path.join(dir, 'html'), dir]) {
    if (await isFile(path.join(candidate, 'index.html'))) return candidate;
  }
  throw new UsageError(
    `no HTML report in ${dir}: neither ${path.join(dir, 'html', 'index.html')} nor ${path.join(dir, 'index.html')} exists. Write one with \`mobiletest test --output html\` (or MOBILETEST_OUTPUT=html).`,
  );
}

export async function serveReport(folder: string, options: { port?: number; host?: string } = {}): Promise<ServedReport> {
  const root = await realpath(folder);
  const server = createServer((request, response) => {
    handle(root, request, response).catch(() => send(response, 500, 'could not read the file'));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'only GET and HEAD');
  const file = await resolveInside(root, request.url ?? '/');
  if (file === null) return send(response, 404, 'not found');
  const info = await stat(file);
  response.writeHead(200, {
    'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (request.method === 'HEAD') return void response.end();
  createReadStream(file).pipe(response);
}

/** The file a URL names inside root, or null when it names nothing there or points outside. */
export async function resolveInside(root: string, url: string): Promise<string | null> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://report.invalid').pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const wanted = path.resolve(root, `.${pathname.endsWith('/') ? `${pathname}index.html` : pathname}`);
  if (!inside(root, wanted)) return null;
  try {
    // Symlinks are followed only when they stay in the folder.
    const real = await realpath(wanted);
    return inside(root, real) && (await isFile(real)) ? real : null;
  } catch {
    return null;
  }
}

function inside(root: string, file: string): boolean {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function send(response: ServerResponse, status: number, text: string): void {
  if (response.headersSent) return void response.destroy();
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(`${text}\n`);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The options show-report and show-trace share, for node:util parseArgs. */
const SERVE_OPTIONS = { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/** The serving commands' arguments, with --port checked; 'help' once the usage is printed. */
export function parseServeArgs(args: string[], usage: string): { positionals: string[]; port: number; host: string | undefined } | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: SERVE_OPTIONS });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage}`);
  }
  if (parsed.values.help) {
    console.log(usage);
    return 'help';
  }
  return { positionals: parsed.positionals, port: portOption(parsed.values.port), host: parsed.values.host };
}

/** --port as a number; 0 (a free port) when not given. */
function portOption(value: string | undefined): number {
  const port = value === undefined ? 0 : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number 0..65535, got "${value}".`);
  return port;
}

/** Serves `folder`, prints `banner` and the URL, and resolves once Ctrl-C (SIGINT or SIGTERM) stopped the server. */
export async function serveUntilInterrupted(folder: string, options: { port: number; host?: string; banner: string[] }): Promise<void> {
  const served = await serveReport(folder, { port: options.port, host: options.host }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw new UsageError(`port ${options.port} is already in use. Pick another with --port N, or leave it out for a free one.`);
    throw error;
  });
  for (const line of options.banner) console.log(line);
  console.log(`  open ${served.url}`);
  console.log('  press Ctrl-C to stop');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await served.close();
}

export async function runShowReportCommand(args: string[]): Promise<number> {
  const parsed = parseServeArgs(args, SHOW_REPORT_USAGE);
  if (parsed === 'help') return 0;
  const { positionals, port, host } = parsed;
  if (positionals.length > 1)
    throw new UsageError(`show-report takes one folder, got ${positionals.length}: ${positionals.join(' ')}.\n\n${SHOW_REPORT_USAGE}`);
  const dir = positionals[0] ? path.resolve(positionals[0]) : reportDir(process.cwd());
  const folder = await findReportFolder(dir);
  await serveUntilInterrupted(folder, { port, host, banner: [`mobiletest show-report: serving ${folder}`] });
  return 0;
}
