import { createHash } from 'node:crypto';
import { mkdir, open, readFile, truncate, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EventLogClosedError, InvalidEventError } from './errors.js';
import { parseEvents } from './read.js';
import { knownSecrets, redactDeep, redactSecretParams, redactText } from './redact.js';
import { EVENT_VERSION, type EventInput, type MobileEvent, type NoteEvent } from './schema.js';
import type { Verdict } from './vocabulary.js';
import { eventProblem } from './validate.js';

export interface EventLogOptions {
  /** test_id for events appended without one; '' (run level) by default. */
  testId?: string;
  /** Clock for `ts`, in ms since the epoch. */
  now?: () => number;
}

export type AppendResult = { written: true; event: MobileEvent } | { written: false; reason: 'duplicate_completion'; note: NoteEvent };

/**
 * An append-only JSONL evidence log. Each event is one line written by one append, in call
 * order; every event is redacted and validated here, so no caller can leak a secret or a bad shape.
 */
/** What every view of one log file shares: its handle, its numbering, its completed actions, its attachments. */
class LogFile {
  seq: number;
  readonly ended: Map<string, Verdict>;
  tail: Promise<void> = Promise.resolve();
  closed = false;
  /** Binary attachments written so far, by the hash of their bytes: attachOnce reuses them. */
  readonly binaries = new Map<string, string>();

  constructor(
    readonly handle: FileHandle,
    readonly options: Required<EventLogOptions>,
    prior: MobileEvent[],
  ) {
    this.seq = prior.reduce((max, event) => Math.max(max, event.seq), 0);
    this.ended = new Map(prior.flatMap((event) => (event.kind === 'action_end' ? [[event.action_id, event.verdict] as const] : [])));
  }
}

/**
 * An append-only JSONL evidence log. Each event is one line written by one append, in call
 * order; every event is redacted and validated here, so no caller can leak a secret or a bad shape.
 * A test that drives several devices writes one log through one view per device (`forDevice`), each
 * stamping its events with the device's role.
 */
export class EventLog {
  private constructor(
    readonly path: string,
    private readonly file: LogFile,
    /** The role this view stamps on its events; undefined for the log itself. */
    readonly device?: string,
  ) {}

  /** Opens (or creates) the log; an existing log is continued, a torn last line from a crash is cut off. */
  static async open(path: string, options: EventLogOptions = {}): Promise<EventLog> {
    await mkdir(dirname(path), { recursive: true });
    const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    const { events, tornLines } = parseEvents(existing, path);
    if (tornLines > 0) await truncate(path, Buffer.byteLength(existing.slice(0, existing.lastIndexOf('\n') + 1)));
    const handle = await open(path, 'a');
    const log = new EventLog(path, new LogFile(handle, { testId: options.testId ?? '', now: options.now ?? Date.now }, events));
    if (tornLines > 0)
      await log.append({ kind: 'note', note: 'torn_line_dropped', detail: 'the last line was cut short by an interrupted write and was removed' });
    return log;
  }

  /** The same log, with every event this view appends stamped `device: role`. */
  forDevice(role: string): EventLog {
    return new EventLog(this.path, this.file, role);
  }

  /** The folder that holds the log and the files it references (screenshots, prompts). */
  get dir(): string {
    return dirname(this.path);
  }

  /** The verdict of an action already completed in this log, if any: an executor must not run it again. */
  completed(actionId: string): Verdict | undefined {
    return this.file.ended.get(actionId);
  }

  /**
   * Appends one event. `seq` is taken at call time, so events land in call order even when
   * appends are not awaited. A second `action_end` for an action is dropped and noted instead.
   */
  append(input: EventInput): Promise<AppendResult> {
    if (this.file.closed) return Promise.reject(new EventLogClosedError(this.path));
    if (input.kind === 'action_end' && this.file.ended.has(input.action_id)) {
      const detail = `a second completion (${input.verdict}) for ${input.action_id} was dropped; the first was ${this.file.ended.get(input.action_id)}`;
      const note = this.build({ kind: 'note', note: 'duplicate_completion', action_id: input.action_id, detail, test_id: input.test_id });
      if (note instanceof InvalidEventError) return Promise.reject(note);
      return this.write(note).then(() => ({ written: false, reason: 'duplicate_completion', note: note as NoteEvent }));
    }
    const event = this.build(input);
    if (event instanceof InvalidEventError) return Promise.reject(event);
    if (event.kind === 'action_end') this.file.ended.set(event.action_id, event.verdict);
    return this.write(event).then(() => ({ written: true, event }));
  }

  /** Masks every known secret in `text`: for files written beside the log by other means. */
  redact(text: string): string {
    return redactText(text, knownSecrets());
  }

  /**
   * Writes a file beside the log (screenshot, prompt, raw answer) and returns the name events
   * reference it by. Text is redacted; an existing file is never overwritten.
   */
  async attach(name: string, content: string | Uint8Array): Promise<string> {
    if (name !== basename(name) || name === '' || name === '.' || name === '..') {
      throw new InvalidEventError(this.path, `attachment name "${name}" must be a plain file name`);
    }
    const data = typeof content === 'string' ? this.redact(content) : content;
    await writeFile(join(this.dir, name), data, { flag: 'wx' });
    if (typeof content !== 'string') this.file.binaries.set(digest(content), name);
    return name;
  }

  /**
   * Like attach, but when the same bytes were already attached (under any name) returns that file's
   * name and writes nothing: the screen at the end of a failed test is most often the failed action's own.
   */
  async attachOnce(name: string, content: Uint8Array): Promise<string> {
    return this.file.binaries.get(digest(content)) ?? this.attach(name, content);
  }

  /** Resolves once every append so far is on disk (written, not fsynced). */
  flush(): Promise<void> {
    return this.file.tail;
  }

  /** Closes the file, for every view of it. */
  async close(): Promise<void> {
    if (this.file.closed) return;
    this.file.closed = true;
    await this.file.tail;
    await this.file.handle.close();
  }

  private build(input: EventInput): MobileEvent | InvalidEventError {
    const params = input.kind === 'action_start' && isRecord(input.params) ? redactSecretParams(input.params) : undefined;
    const secrets = knownSecrets();
    const draft = {
      ...input,
      ...(params ? { params } : {}),
      ...(this.device !== undefined ? { device: this.device } : {}),
      v: EVENT_VERSION,
      ts: input.ts ?? this.file.options.now(),
      seq: this.file.seq + 1,
      test_id: input.test_id ?? this.file.options.testId,
    };
    const problem = eventProblem(draft);
    if (problem !== undefined) return new InvalidEventError(this.path, problem);
    this.file.seq += 1;
    return redactDeep(draft as MobileEvent, secrets);
  }

  private write(event: MobileEvent): Promise<void> {
    const line = `${JSON.stringify(event)}\n`;
    // One appendFile per line on an O_APPEND handle, chained so lines never interleave or reorder.
    const done = this.file.tail.then(() => this.file.handle.appendFile(line));
    this.file.tail = done.catch(() => undefined);
    return done;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function digest(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}
