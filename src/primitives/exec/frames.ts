// Screenshots for the trace: each distinct frame is written once beside the events log, downscaled,
// and every observation event that showed it names the same file.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { EventLog } from '../../events/index.js';

/** Whether a test's trace keeps screenshots: always, never, or only when the test did not pass. */
export type FramesMode = 'on' | 'off' | 'retain-on-failure';
export const FRAMES_MODES: readonly FramesMode[] = ['on', 'off', 'retain-on-failure'];

export interface FrameRecorderOptions {
  /** Widest a stored frame may be, in pixels (default 540: half a phone's width, legible text). */
  maxWidth?: number;
  /** WebP quality, 1-100 (default 70). */
  quality?: number;
}

/**
 * Writes a test's frames beside its log, once per distinct screenshot. The name is known as soon as the
 * screenshot is (a hash of its bytes), so events are written at once and the scaling and encoding
 * happen in the background, off the action's critical path; `flush()` waits for them.
 */
export class FrameRecorder {
  private readonly maxWidth: number;
  private readonly quality: number;
  /** Hash of the PNG as the device sent it → the file. A device encodes the same pixels to the same bytes. */
  private readonly names = new Map<string, string>();
  private readonly written = new Set<string>();
  private readonly failures: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  private last: { contentKey: string; file: string } | undefined;

  constructor(private readonly log: EventLog, options: FrameRecorderOptions = {}) {
    this.maxWidth = options.maxWidth ?? 540;
    this.quality = options.quality ?? 70;
  }

  /** The file of the last frame recorded, when it was recorded for a screen with this content key. */
  lastFor(contentKey: string): string | undefined {
    return this.last?.contentKey === contentKey ? this.last.file : undefined;
  }

  /** Files written so far, in order. */
  get files(): string[] {
    return [...this.written];
  }

  /** Frames that could not be written, with why: their events name files that are missing. */
  get problems(): string[] {
    return [...this.failures];
  }

  /** Queues `png` to be stored (unless the same screenshot is already) and returns the file name events refer to. */
  record(png: Buffer, contentKey: string): string {
    const key = createHash('sha1').update(png).digest('hex');
    let name = this.names.get(key);
    if (!name) {
      const file = `frame-${key.slice(0, 16)}.webp`;
      name = file;
      this.names.set(key, file);
      // One at a time: a burst of new screens queues PNGs rather than decoding them all at once.
      this.queue = this.queue.then(() => this.store(png, file)).catch((error: unknown) => {
        this.failures.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    this.last = { contentKey, file: name };
    return name;
  }

  /** Resolves once every frame recorded so far is on disk (or has failed, see `problems`). */
  flush(): Promise<void> {
    return this.queue;
  }

  /** Removes every frame written (a passed test under 'retain-on-failure'); returns how many. */
  async discard(): Promise<number> {
    await this.flush();
    const files = this.files;
    await Promise.all(files.map((f) => rm(join(this.log.dir, f), { force: true })));
    this.written.clear();
    this.names.clear();
    this.last = undefined;
    return files.length;
  }

  private async store(png: Buffer, name: string): Promise<void> {
    // Decoding, scaling and encoding run on libuv's pool, so the event loop (and an in-process phone) keeps going.
    const image = await sharp(png)
      .resize({ width: this.maxWidth, withoutEnlargement: true })
      .webp({ quality: this.quality, effort: WEBP_EFFORT })
      .toBuffer();
    try {
      await this.log.attach(name, image);
    } catch (error) {
      // The same screenshot from an earlier run of a continued log: the file is already right.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    this.written.add(name);
  }
}

/** libwebp's effort (0-6): 2 is a third of the default's time for files about a tenth larger. */
const WEBP_EFFORT = 2;
