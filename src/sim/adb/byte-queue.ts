/** Bytes received in chunks, taken out in messages of known length without copying when a message lies in one chunk. */
export class ByteQueue {
  private chunks: Buffer[] = [];
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** Removes and returns the first n bytes; the caller checks `length` first. */
  take(n: number): Buffer {
    if (n > this.size) throw new RangeError(`ByteQueue.take(${n}) with only ${this.size} bytes queued`);
    this.size -= n;
    const first = this.chunks[0];
    if (first && first.length >= n) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0];
      const wanted = n - filled;
      if (chunk.length <= wanted) {
        chunk.copy(out, filled);
        filled += chunk.length;
        this.chunks.shift();
      } else {
        chunk.copy(out, filled, 0, wanted);
        this.chunks[0] = chunk.subarray(wanted);
        filled += wanted;
      }
    }
    return out;
  }

  /** The first n bytes without removing them. */
  peek(n: number): Buffer {
    const first = this.chunks[0];
    if (first && first.length >= n) return first.subarray(0, n);
    const taken = this.take(n);
    this.chunks.unshift(taken);
    this.size += n;
    return taken;
  }

  /** Everything queued, emptied. */
  drain(): Buffer {
    return this.size === 0 ? Buffer.alloc(0) : this.take(this.size);
  }
}
