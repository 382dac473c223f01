/** Where a command's output goes. */
export type Sink = (chunk: Buffer | string) => void;

/** The three standard streams of a running command. */
export interface Fds {
  in: AsyncIterable<Buffer>;
  out: Sink;
  err: Sink;
}

/** Bytes written by one command and read by the next in a pipeline, as an in-memory pipe. */
export class Pipe implements AsyncIterable<Buffer> {
  private chunks: Buffer[] = [];
  private ended = false;
  private readerGone = false;
  private wake: (() => void) | undefined;

  write(chunk: Buffer | string): void {
    if (this.ended || this.readerGone) return;
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (data.length === 0) return;
    this.chunks.push(data);
    this.notify();
  }

  /** The writer finished: the reader sees end of input once the buffered bytes are read. */
  end(): void {
    this.ended = true;
    this.notify();
  }

  /** The reader finished: later writes are dropped, as with a closed pipe. */
  close(): void {
    this.readerGone = true;
    this.chunks = [];
    this.notify();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    try {
      for (;;) {
        const chunk = this.chunks.shift();
        if (chunk) yield chunk;
        else if (this.ended || this.readerGone) return;
        else
          await new Promise<void>((resolve) => {
            this.wake = resolve;
          });
      }
    } finally {
      this.close();
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** Standard input that is already at its end. */
export const EMPTY_INPUT: AsyncIterable<Buffer> = {
  async *[Symbol.asyncIterator]() {
    /* no bytes */
  },
};

/** A fixed buffer as standard input (`< file`). */
export function bufferInput(data: Buffer): AsyncIterable<Buffer> {
  return {
    async *[Symbol.asyncIterator]() {
      if (data.length > 0) yield data;
    },
  };
}

/** All of standard input, for commands that need the whole of it (wc, sort, md5sum). */
/** Standard input until it ends, or until `limit` bytes have arrived (a sender may keep the stream open). */
export async function readAll(input: AsyncIterable<Buffer>, signal?: AbortSignal, limit = Infinity): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of input) {
    chunks.push(chunk);
    length += chunk.length;
    if (signal?.aborted || length >= limit) break;
  }
  return Buffer.concat(chunks);
}

/** Standard input line by line as it arrives (grep in `logcat | grep`), without the newline. */
export async function* readLines(input: AsyncIterable<Buffer>, signal?: AbortSignal): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of input) {
    pending += chunk.toString('utf8');
    let nl = pending.indexOf('\n');
    while (nl >= 0) {
      yield pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      nl = pending.indexOf('\n');
    }
    if (signal?.aborted) return;
  }
  if (pending.length > 0) yield pending;
}
