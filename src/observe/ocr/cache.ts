// Answers already read, keyed by the image's bytes and the regions asked: an unchanged frame is
// never read twice. Least recently used entries leave first.
import { createHash } from 'node:crypto';
import type { Rect } from '../ui-node.js';
import type { OcrResult } from './types.js';

export type CachedRead = Omit<OcrResult, 'ms' | 'cached'>;

export class ReadCache {
  private readonly entries = new Map<string, CachedRead>();

  constructor(private readonly size: number) {}

  static key(png: Buffer, regions: Rect[] | undefined): string {
    const hash = createHash('sha256').update(png);
    if (regions) hash.update(JSON.stringify(regions.map((r) => [r.left, r.top, r.right, r.bottom])));
    return hash.digest('hex');
  }

  get(key: string): CachedRead | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, read: CachedRead): void {
    if (this.size <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, read);
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  get count(): number {
    return this.entries.size;
  }
}
