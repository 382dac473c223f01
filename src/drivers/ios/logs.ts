// The simulator's unified log through `xcrun simctl spawn UDID log show --style ndjson`: one JSON
// object a line (eventMessage, messageType, processID, threadID, processImagePath, subsystem, category,
// timestamp "2024-05-01 10:11:12.345678-0700"), read into the Driver's LogEntry.
import type { LogEntry, LogMark, LogPriority } from '../types.js';

/** How far back a read with no mark looks; the newest `limit` entries of that window are kept. */
export const UNMARKED_WINDOW = '5m';

/** A log mark for a moment, in the simulator's local time: a simulator runs on the host's clock and time zone. */
export function markAt(date: Date): LogMark {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return { deviceTime: `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}` };
}

/** The arguments after `spawn UDID`: from the mark's second on (log show takes whole seconds), else the last few minutes. */
export function logShowArgs(since: LogMark | undefined): string[] {
  const range = since === undefined ? ['--last', UNMARKED_WINDOW] : ['--start', since.deviceTime.slice(0, 19)];
  return ['log', 'show', '--style', 'ndjson', ...range];
}

const PRIORITIES: Record<string, LogPriority> = { Debug: 'D', Info: 'I', Default: 'I', Error: 'E', Fault: 'F' };
/** What an uncaught exception or a Swift runtime trap prints as the app dies. */
const CRASH = /Terminating app due to uncaught exception|^Fatal error: |\*\*\* First throw call stack/m;

interface NdjsonEvent {
  eventMessage?: unknown;
  messageType?: unknown;
  processID?: unknown;
  threadID?: unknown;
  processImagePath?: unknown;
  subsystem?: unknown;
  category?: unknown;
  timestamp?: unknown;
}

/** The entries of log show's output logged at or after the mark, the newest `limit` of them; lines that are not log events are skipped. */
export function parseLogShow(output: string, { since, limit }: { since?: LogMark; limit: number }): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const line of output.split('\n')) {
    const entry = toEntry(line.trim());
    if (entry && (since === undefined || entry.time >= since.deviceTime)) entries.push(entry);
  }
  return limit > 0 ? entries.slice(-limit) : [];
}

function toEntry(line: string): LogEntry | undefined {
  if (!line.startsWith('{')) return undefined;
  let event: NdjsonEvent;
  try {
    event = JSON.parse(line) as NdjsonEvent;
  } catch {
    return undefined;
  }
  if (typeof event.eventMessage !== 'string' || typeof event.timestamp !== 'string') return undefined;
  const path = typeof event.processImagePath === 'string' ? event.processImagePath : '';
  const process = path.slice(path.lastIndexOf('/') + 1);
  const subsystem = typeof event.subsystem === 'string' ? event.subsystem : '';
  const category = typeof event.category === 'string' ? event.category : '';
  const message = event.eventMessage;
  return {
    time: event.timestamp.replace('T', ' ').slice(0, 23),
    pid: integer(event.processID),
    tid: integer(event.threadID),
    priority: PRIORITIES[String(event.messageType)] ?? 'I',
    tag: subsystem === '' ? process : category === '' ? subsystem : `${subsystem}:${category}`,
    message,
    buffer: CRASH.test(message) || process === 'ReportCrash' ? 'crash' : /^\/(System|usr)\/|\/RuntimeRoot\//.test(path) ? 'system' : 'main',
  };
}

function integer(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : 0;
}
