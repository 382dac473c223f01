// The phone's log entries as Apple's unified log prints them with `log show|stream --style json|ndjson`.
import type { LogEntry } from '../../contracts/device.js';

export type MessageType = 'Default' | 'Info' | 'Debug' | 'Error' | 'Fault';

/** One entry in the shape `log show --style ndjson` prints (the fields tools read, in Apple's order). */
export interface UnifiedLogEntry {
  timezoneName: string;
  messageType: MessageType;
  eventType: 'logEvent';
  source: null;
  formatString: string;
  userID: number;
  activityIdentifier: number;
  subsystem: string;
  category: string;
  threadID: number;
  senderImageUUID: string;
  backtrace: { frames: Array<{ imageOffset: number; imageUUID: string }> };
  bootUUID: string;
  processImagePath: string;
  senderImagePath: string;
  timestamp: string;
  machTimestamp: number;
  eventMessage: string;
  processImageUUID: string;
  traceID: number;
  processID: number;
  senderProgramCounter: number;
  parentActivityIdentifier: number;
}

const MESSAGE_TYPES: Record<LogEntry['priority'], MessageType> = { V: 'Debug', D: 'Debug', I: 'Info', W: 'Default', E: 'Error', F: 'Fault' };

/** "2026-12-03 10:00:00.123456+0000": the unified log's timestamp, microseconds and UTC offset. */
export function unifiedTimestamp(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2026-12-03T10:00:00.123Z
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}000+0000`;
}

/** Parses `--start "YYYY-MM-DD HH:MM:SS"` (or a date alone) as UTC; undefined when unreadable. */
export function parseStart(text: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?([+-]\d{4}|Z)?$/.exec(text.trim());
  if (!match) return undefined;
  const offset = match[3] && match[3] !== 'Z' ? `${match[3].slice(0, 3)}:${match[3].slice(3)}` : 'Z';
  const ms = Date.parse(`${match[1]}T${match[2] ?? '00:00:00'}${offset}`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Where a process's binary lives on the simulator: apps under their bundle container, the rest as system daemons. */
export interface ProcessNames {
  bundleOfPid(pid: number): string | undefined;
  appPath(bundleId: string): string;
}

export function toUnified(entry: LogEntry, names: ProcessNames): UnifiedLogEntry {
  const bundle = names.bundleOfPid(entry.pid);
  const image = bundle ? names.appPath(bundle) : `/usr/libexec/${entry.tag.replace(/\W/g, '') || 'logd'}`;
  const executable = bundle ? `${image}/${path(image)}` : image;
  return {
    timezoneName: '',
    messageType: MESSAGE_TYPES[entry.priority],
    eventType: 'logEvent',
    source: null,
    formatString: '%{public}s',
    userID: 501,
    activityIdentifier: 0,
    subsystem: bundle ?? '',
    category: entry.tag,
    threadID: entry.tid,
    senderImageUUID: uuidFor(`sender:${executable}`),
    backtrace: { frames: [{ imageOffset: 0, imageUUID: uuidFor(`sender:${executable}`) }] },
    bootUUID: '',
    processImagePath: executable,
    senderImagePath: executable,
    timestamp: unifiedTimestamp(entry.time),
    machTimestamp: Math.round(entry.time * 24_000),
    eventMessage: entry.message,
    processImageUUID: uuidFor(`process:${executable}`),
    traceID: entry.time * 1000 + (entry.tid % 1000),
    processID: entry.pid,
    senderProgramCounter: 0,
    parentActivityIdentifier: 0,
  };
}

/** The executable's name inside an app bundle: the bundle's name without `.app`. */
function path(appBundle: string): string {
  return (appBundle.split('/').pop() ?? '').replace(/\.app$/, '');
}

/** A stable uppercase UUID-shaped string for a name. */
export function uuidFor(name: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < name.length; i++) {
    h1 = Math.imul(h1 ^ name.charCodeAt(i), 16777619) >>> 0;
    h2 = Math.imul(h2 ^ name.charCodeAt(i), 2246822519) >>> 0;
  }
  const hex = (h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0')).repeat(2).toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

type Clause = (entry: UnifiedLogEntry) => boolean;

const FIELDS: Record<string, (entry: UnifiedLogEntry) => string> = {
  process: (e) => e.processImagePath.split('/').pop() ?? '',
  processimagepath: (e) => e.processImagePath,
  senderimagepath: (e) => e.senderImagePath,
  subsystem: (e) => e.subsystem,
  category: (e) => e.category,
  eventmessage: (e) => e.eventMessage,
  composedmessage: (e) => e.eventMessage,
  messagetype: (e) => e.messageType.toLowerCase(),
  processidentifier: (e) => String(e.processID),
};

/**
 * A filter for the subset of NSPredicate that log predicates use: `field OP "value"` clauses joined by AND/OR
 * (AND binds tighter), OP one of ==, !=, CONTAINS, BEGINSWITH, ENDSWITH, each optionally [c]. Undefined when unreadable.
 */
export function parsePredicate(text: string): Clause | undefined {
  const anyOf = text.split(/\s+(?:OR|\|\|)\s+/i).map((part) => part.split(/\s+(?:AND|&&)\s+/i).map(parseClause));
  if (anyOf.some((all) => all.some((clause) => !clause))) return undefined;
  return (entry) => anyOf.some((all) => all.every((clause) => clause!(entry)));
}

function parseClause(text: string): Clause | undefined {
  const match = /^\(?\s*(\w+)\s*(==|=|!=|CONTAINS|BEGINSWITH|ENDSWITH)(\[[cd]+\])?\s*(?:"([^"]*)"|'([^']*)'|(\w+))\s*\)?$/i.exec(text.trim());
  if (!match) return undefined;
  const read = FIELDS[match[1].toLowerCase()];
  if (!read) return undefined;
  const fold = Boolean(match[3]) || match[1].toLowerCase() === 'messagetype';
  const want = (match[4] ?? match[5] ?? match[6] ?? '').toString();
  const norm = (value: string) => (fold ? value.toLowerCase() : value);
  const op = match[2].toUpperCase();
  return (entry) => {
    const have = norm(read(entry));
    const value = norm(want);
    if (op === '==' || op === '=') return have === value;
    if (op === '!=') return have !== value;
    if (op === 'CONTAINS') return have.includes(value);
    if (op === 'BEGINSWITH') return have.startsWith(value);
    return have.endsWith(value);
  };
}
