// Screenshots for the trace: each distinct frame is written once beside the events log, downscaled,
// and every observation event that showed it names the same file.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
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

/** Writes a test's frames beside its log, once per distinct picture. */
export class FrameRecorder {
  private readonly maxWidth: number;
  private readonly quality: number;
  /** Hash of the PNG as the device sent it → the file: a repeated screenshot costs no decode. */
  private readonly byPng = new Map<string, Promise<string>>();
  /** Hash of the downscaled pixels → the file: the same picture encoded differently is still one frame. */
  private readonly byPixels = new Map<string, Promise<string>>();
  private readonly written = new Set<string>();
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

  /** Stores `png` (unless the same picture is stored already) and returns the file name events refer to. */
  async record(png: Buffer, contentKey: string): Promise<string> {
    const key = hash(png);
    let file = this.byPng.get(key);
    if (!file) {
      file = this.store(png);
      this.byPng.set(key, file);
      // A failed write is not remembered: the next screenshot of this picture tries again.
      file.catch(() => this.byPng.delete(key));
    }
    const name = await file;
    this.last = { contentKey, file: name };
    return name;
  }

  /** Removes every frame written (a passed test under 'retain-on-failure'); returns how many. */
  async discard(): Promise<number> {
    const files = this.files;
    await Promise.all(files.map((f) => rm(join(this.log.dir, f), { force: true })));
    this.written.clear();
    this.byPng.clear();
    this.byPixels.clear();
    this.last = undefined;
    return files.length;
  }

  private async store(png: Buffer): Promise<string> {
    // Decoding and scaling run on libuv's pool, so the event loop (and an in-process phone) keeps going.
    const { data, info } = await sharp(png).resize({ width: this.maxWidth, withoutEnlargement: true }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixels = hash(data);
    let file = this.byPixels.get(pixels);
    if (!file) {
      file = this.encode(data, info, `frame-${pixels.slice(0, 16)}.webp`);
      this.byPixels.set(pixels, file);
      file.catch(() => this.byPixels.delete(pixels));
    }
    return file;
  }

  private async encode(data: Buffer, info: OutputInfo, name: string): Promise<string> {
    const image = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).webp({ quality: this.quality }).toBuffer();
    try {
      await this.log.attach(name, image);
    } catch (error) {
      // The same picture from an earlier run of a continued log: the file is already right.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    this.written.add(name);
    return name;
  }
}

function hash(data: Uint8Array): string {
  return createHash('sha1').update(data).digest('hex');
}
