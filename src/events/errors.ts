/** A line of an event log that is not a well-formed event (and not a torn last line). */
export class EventLogCorruptError extends Error {
  override name = 'EventLogCorruptError';
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(
      `${file}:${line}: corrupt event log line (${reason}); the log was edited or written by something else than mobiletest's EventLog — remove or fix that line`,
    );
  }
}

/** An event that the writer refuses because its shape is wrong; nothing was written. */
export class InvalidEventError extends Error {
  override name = 'InvalidEventError';
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`refused to write an event to ${file}: ${reason}; pass the fields described in src/events/schema.ts`);
  }
}

/** Appending to a log after `close()`. */
export class EventLogClosedError extends Error {
  override name = 'EventLogClosedError';
  constructor(readonly file: string) {
    super(`event log ${file} is closed; open it again with EventLog.open() before appending`);
  }
}
