// A lock file beside the cache, so workers flushing the same spec's cache take turns.
import { open, stat, unlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { PlanCacheError } from './errors.js';

/** A lock older than this is taken to be left by a worker that died while holding it. */
export const STALE_LOCK_MS = 10_000;
const RETRY_MS = 15;
/** Longer than a stale lock takes to expire, so a dead holder never makes us give up. */
const GIVE_UP_MS = 3 * STALE_LOCK_MS;

/** Runs `work` while holding `${file}.lock` (created exclusively; retried; broken when stale). */
export async function withLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const start = Date.now();
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const age = await lockAge(lock);
    if (age !== undefined && age > STALE_LOCK_MS) {
      await unlink(lock).catch(() => undefined);
      continue;
    }
    if (Date.now() - start > GIVE_UP_MS) {
      throw new PlanCacheError(
        `Could not lock the plan cache ${file}: ${lock} stayed in place for ${GIVE_UP_MS} ms. Delete ${lock} if no test run is writing the cache.`,
        file,
      );
    }
    await sleep(RETRY_MS + Math.random() * RETRY_MS);
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

async function lockAge(lock: string): Promise<number | undefined> {
  try {
    return Date.now() - (await stat(lock)).mtimeMs;
  } catch {
    // Released between our attempt and this look: try again at once.
    return undefined;
  }
}
