import { readFile } from 'node:fs/promises';
import { EventLogCorruptError } from './errors.js';
import type { MobileEvent } from './schema.js';
import { eventProblem } from './validate.js';

export interface ReadResult {
  events: MobileEvent[];
  /** 1 when the last line was cut short by a crash mid-write and skipped, else 0. */
  tornLines: number;
}

/** Parses an event log's text; a torn last line (no newline, unparseable) is skipped and counted. */
export function parseEvents(text: string, file: string): ReadResult {
  const lines = text.split('\n');
  // After the final newline split() leaves '' — or the unterminated tail of a torn write.
  const tail = lines.pop() ?? '';
  const events: MobileEvent[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    events.push(parseLine(line, file, index + 1));
  });
  let tornLines = 0;
  if (tail.trim() !== '') {
    const parsed = tryParse(tail);
    if (parsed.ok && eventProblem(parsed.value) === undefined) events.push(parsed.value as MobileEvent);
    else tornLines = 1;
  }
  return { events, tornLines };
}

export async function readEvents(path: string): Promise<ReadResult> {
  return parseEvents(await readFile(path, 'utf8'), path);
}

function parseLine(line: string, file: string, lineNo: number): MobileEvent {
  const parsed = tryParse(line);
  if (!parsed.ok) throw new EventLogCorruptError(file, lineNo, `not JSON: ${parsed.reason}`);
  const problem = eventProblem(parsed.value);
  if (problem !== undefined) throw new EventLogCorruptError(file, lineNo, problem);
  return parsed.value as MobileEvent;
}

function tryParse(line: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(line) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
