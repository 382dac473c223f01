// A request line longer than the limit is dropped before the SDK's transport sees it (which would
// buffer up to 10 MB and then close, ending the session) and answered with a JSON-RPC error.
import { Transform, type TransformCallback } from 'node:stream';

/** Longest request line read: far above any real tool call (a `do` is well under 10 KB). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** Passes whole lines on; a line over `limit` bytes is dropped and reported with its size. */
export class LineLimit extends Transform {
  private pending: Buffer[] = [];
  private length = 0;
  private dropping = false;

  constructor(
    private readonly limit: number,
    private readonly onOversize: (bytes: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      const piece = chunk.subarray(start, end);
      this.length += piece.length;
      if (!this.dropping && this.length - (newline === -1 ? 0 : 1) > this.limit) {
        this.dropping = true;
        this.pending = [];
      }
      if (!this.dropping) this.pending.push(piece);
      if (newline !== -1) {
        if (this.dropping) this.onOversize(this.length - 1);
        else this.push(Buffer.concat(this.pending));
        this.pending = [];
        this.length = 0;
        this.dropping = false;
      }
      start = end;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (!this.dropping && this.pending.length > 0) this.push(Buffer.concat(this.pending));
    done();
  }
}
