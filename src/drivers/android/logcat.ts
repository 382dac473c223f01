import type { LogEntry, LogMark, LogPriority } from '../types.js';
import { shellQuote } from './text-input.js';

/** Prints the device's local time as logcat prints it with `-v year`; toybox's %N gives the fraction. */
export const MARK_COMMAND = `date '+%Y-%m-%d %H:%M:%S.%N'`;

/** The mark `date` printed, cut to milliseconds (a device whose date lacks %N gives .000). */
export function parseMark(text: string): LogMark | undefined {
  const match = /(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.(\d+))?/.exec(text);
  if (!match) return undefined;
  return { deviceTime: `${match[1]}.${(match[2] ?? '0').slice(0, 3).padEnd(3, '0')}` };
}

const BUFFERS = ['main', 'system', 'crash'] as const;
const SECTION = '__MOBILETEST_LOG_BUFFER__';

/**
 * One shell command that dumps each buffer in turn (so every entry knows its buffer), from the mark on
 * (`-T`, inclusive) or the last `limit` entries (`-t`), in threadtime format with the year.
 */
export function logsCommand(options: { since?: LogMark; limit: number }): string {
  const range = options.since ? `-T ${shellQuote(options.since.deviceTime)}` : `-t ${options.limit}`;
  return BUFFERS.map((buffer) => `echo ${SECTION}${buffer}; logcat -d -v threadtime -v year -b ${buffer} ${range}`).join('; ');
}

const LINE = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3})\s+(\d+)\s+(\d+)\s+([VDIWEFA])\s(.*?)\s*: ?(.*)$/;

/** Parses logsCommand's output: entries of all buffers in time order, continuation lines of one log call joined. */
export function parseLogs(text: string, limit: number): LogEntry[] {
  const entries: LogEntry[] = [];
  let buffer: LogEntry['buffer'] = 'main';
  for (const section of text.split(SECTION).slice(1)) {
    const newline = section.indexOf('\n');
    const name = section.slice(0, newline === -1 ? undefined : newline).trim();
    buffer = (BUFFERS as readonly string[]).includes(name) ? (name as LogEntry['buffer']) : buffer;
    let last: LogEntry | undefined;
    for (const line of section.slice(newline + 1).split('\n')) {
      const match = LINE.exec(line);
      if (!match) continue;
      const [, time, pid, tid, priority, tag, message] = match;
      const entry: LogEntry = { time, pid: Number(pid), tid: Number(tid), priority: priority as LogPriority, tag, message, buffer };
      if (last && last.time === time && last.pid === entry.pid && last.tid === entry.tid && last.priority === entry.priority && last.tag === tag) {
        last.message += `\n${message}`;
        continue;
      }
      entries.push(entry);
      last = entry;
    }
  }
  // Stable: entries of the same millisecond keep their buffer order.
  entries.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  return entries.slice(Math.max(0, entries.length - limit));
}
