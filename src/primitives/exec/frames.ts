// Screenshots for the trace: each distinct frame is written once beside the events log, downscaled,
// with secrets painted over, and every observation event that showed it names the same file. The
// screen's elements go beside them as hierarchy snapshots, kept and discarded with the frames.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RawImage } from '../../drivers/index.js';
import type { EventLog } from '../../events/index.js';
import type { Rect, Screen } from '../../observe/index.js';
import { HierarchySnapshots } from './hierarchy-snapshot.js';
import { maskedImage } from './screenshot-mask.js';

/** Whether a test's trace keeps screenshots: always, never, or only when the test did not pass. */
export type FramesMode = 'on' | 'off' | 'retain-on-failure';
export const FRAMES_MODES: readonly FramesMode[] = ['on', 'off', 'retain-on-failure'];

export interface FrameRecorderOptions {
  /** Widest a stored frame may be, in pixels (default 540: half a phone's width, legible text). */
  maxWidth?: number;
  /** WebP quality, 1-100 (default 70). */
  quality?: number;
}

/** Where a screenshot shows a secret: boxes in the device pixels of `screen`, painted over before storing. */
export interface FrameMask {
  boxes: readonly Rect[];
  screen: { width: number; height: number };
}

/**
 * Writes a test's frames beside its log, once per distinct screen. A frame is named by its screen's
 * content key, so the name is known before the pixels are: events are written at once, while the
 * capture, scaling and encoding happen in the background, off the action's critical path; `flush()`
 * waits for them. A screen seen again (the same elements, labels, values, states and bounds) shows
 * the frame first taken of it and costs no capture.
 */
export class FrameRecorder {
  private readonly maxWidth: number;
  private readonly quality: number;
  /** Content key → the file of its frame. */
  private readonly names = new Map<string, string>();
  private readonly written = new Set<string>();
  private readonly failures: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly snapshots: HierarchySnapshots;

  constructor(
    private readonly log: EventLog,
    options: FrameRecorderOptions = {},
  ) {
    this.maxWidth = options.maxWidth ?? 540;
    this.quality = options.quality ?? 70;
    this.snapshots = new HierarchySnapshots(log);
  }

  /** Stores the hierarchy snapshot of `screen` (once per distinct content) and returns the file name events refer to. */
  snapshot(screen: Screen): string {
    return this.snapshots.record(screen);
  }

  /** Hierarchy snapshot files written so far. */
  get snapshotFiles(): string[] {
    return this.snapshots.files;
  }

  /** The file of the frame recorded for a screen with this content key, if one was. */
  fileFor(contentKey: string): string | undefined {
    return this.names.get(contentKey);
  }

  /** Files written so far, in order. */
  get files(): string[] {
    return [...this.written];
  }

  /** Frames that could not be written, with why: their events name files that are missing. */
  get problems(): string[] {
    return [...this.failures, ...this.snapshots.problems];
  }

  /**
   * Queues `image` (a PNG or raw pixels, or a capture still under way) to be stored as the frame of
   * the screen with `contentKey`, unless that screen has one already, with `mask`'s boxes painted over;
   * returns the file name events refer to. A capture that fails leaves the file out (see `problems`).
   */
  record(image: Buffer | RawImage | Promise<RawImage>, contentKey: string, mask?: FrameMask): string {
    const known = this.names.get(contentKey);
    if (known) return known;
    const file = `frame-${contentKey}.webp`;
    this.names.set(contentKey, file);
    // Settled at once, so a capture that fails while earlier frames are encoding is never left unhandled.
    const ready = Promise.resolve(image).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    // One at a time: a burst of new screens queues images rather than decoding them all at once.
    this.queue = this.queue
      .then(async () => {
        const got = await ready;
        if ('error' in got) throw got.error;
        await this.store(got.value, file, mask);
      })
      .catch((error: unknown) => {
        this.failures.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
        // The screen is captured again when it is next seen.
        if (this.names.get(contentKey) === file) this.names.delete(contentKey);
      });
    return file;
  }

  /** Resolves once every frame recorded so far is on disk (or has failed, see `problems`). */
  async flush(): Promise<void> {
    await Promise.all([this.queue, this.snapshots.flush()]);
  }

  /** Removes every frame and hierarchy snapshot written (a passed test under 'retain-on-failure'); returns how many frames. */
  async discard(): Promise<number> {
    await this.flush();
    await this.snapshots.discard();
    const files = this.files;
    await Promise.all(files.map((f) => rm(join(this.log.dir, f), { force: true })));
    this.written.clear();
    this.names.clear();
    return files.length;
  }

  private async store(image: Buffer | RawImage, name: string, mask: FrameMask | undefined): Promise<void> {
    // Decoding, masking, scaling and encoding run on libuv's pool, so the event loop (and an in-process phone) keeps going.
    const webp = await (
      await maskedImage(image, mask?.boxes ?? [], mask?.screen ?? { width: 0, height: 0 })
    )
      .resize({ width: this.maxWidth, withoutEnlargement: true })
      .webp({ quality: this.quality, effort: WEBP_EFFORT })
      .toBuffer();
    try {
      await this.log.attach(name, webp);
    } catch (error) {
      // The same screen in an earlier run of a continued log: the file already shows it.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    this.written.add(name);
  }
}

/** libwebp's effort (0-6): 2 is a third of the default's time for files about a tenth larger. */
const WEBP_EFFORT = 2;
