// The plan cache of one spec file: entries read at open, new ones kept until flushed, merged into the
// file under a lock and written atomically, since several workers may run tests of the same spec.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CacheMode } from '../types.js';
import { formatCache, parseCache } from './format.js';
import { withLock } from './lock.js';
import type { CacheEntry } from './types.js';

export interface PlanCacheOptions {
  /** The cache file, usually `cacheFileFor(specFile)`. */
  file: string;
  mode: CacheMode;
}

export class PlanCache {
  private readonly ours = new Map<string, CacheEntry>();
  private dirty = false;

  private constructor(
    readonly file: string,
    readonly mode: CacheMode,
    private readonly stored: Record<string, CacheEntry>,
  ) {}

  /** Reads the file (a missing one is empty). A corrupt file throws PlanCacheError, except in refresh mode, which re-records it. */
  static async open(options: PlanCacheOptions): Promise<PlanCache> {
    const { file, mode } = options;
    const reads = mode === 'read-write' || mode === 'read-only';
    return new PlanCache(file, mode, reads ? await readEntries(file, { lenient: false }) : {});
  }

  /** The entry to replay; never one in modes off and refresh. */
  get(key: string): CacheEntry | undefined {
    if (this.mode === 'off' || this.mode === 'refresh') return undefined;
    return this.ours.get(key) ?? this.stored[key];
  }

  /** Keeps an entry for the next flush; ignored in modes read-only and off. */
  put(key: string, entry: CacheEntry): void {
    if (this.mode === 'read-only' || this.mode === 'off') return;
    this.ours.set(key, entry);
    this.dirty = true;
  }

  /** Writes what was put since the last flush, merged into the file as it is now (our keys win). */
  async flush(): Promise<void> {
    if (!this.dirty) return;
    await mkdir(dirname(this.file), { recursive: true });
    await withLock(this.file, async () => {
      const current = await readEntries(this.file, { lenient: this.mode === 'refresh' });
      const merged = { ...current, ...Object.fromEntries(this.ours) };
      const temp = `${this.file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temp, formatCache(merged));
      await rename(temp, this.file);
    });
    this.dirty = false;
  }
}

/** The file's entries, {} when it does not exist; `lenient` also answers {} for a corrupt file. */
async function readEntries(file: string, options: { lenient: boolean }): Promise<Record<string, CacheEntry>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    return parseCache(text, file).entries;
  } catch (error) {
    if (options.lenient) return {};
    throw error;
  }
}
