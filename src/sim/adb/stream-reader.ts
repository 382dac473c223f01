import type { Readable } from 'node:stream';
import { ByteQueue } from './byte-queue.js';

/** Pulls exact byte counts out of a readable stream, taking chunks only as they are needed (so backpressure holds). */
export class StreamReader {
  private readonly queue = new ByteQueue();
  private readonly iterator: AsyncIterator<Buffer>;
  private ended = false;

  constructor(stream: Readable) {
    this.iterator = stream[Symbol.asyncIterator]();
  }

  /** Exactly n bytes, or undefined if the stream ends first. */
  async read(n: number): Promise<Buffer | undefined> {
    while (this.queue.length < n) {
      if (!(await this.fill())) return undefined;
    }
    return this.queue.take(n);
  }

  /** Whatever is available (at least one byte), or undefined at the end of the stream. */
  async readSome(): Promise<Buffer | undefined> {
    if (this.queue.length === 0 && !(await this.fill())) return undefined;
    return this.queue.drain();
  }

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    try {
      const next = await this.iterator.next();
      if (next.done) {
        this.ended = true;
        return false;
      }
      this.queue.push(Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value));
      return true;
    } catch {
      // A stream closed by the host before its end is just the end of input here.
      this.ended = true;
      return false;
    }
  }
}
