// Hierarchy snapshots for the trace: the screen's elements with their bounds, written beside the events
// log once per distinct content, so the viewer can outline an element on a frame and say what it was.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { knownSecrets, redactText, type EventLog } from '../../events/index.js';
import type { Rect, Screen, WindowKind } from '../../observe/index.js';

/** Version of the snapshot file's shape; the viewer reads `v` first. */
export const HIERARCHY_SNAPSHOT_VERSION = 1;

export interface SnapshotElement {
  ref: string;
  role: string;
  /** Known secrets masked. */
  label: string;
  /** An input's text when it differs from its label; known secrets masked. */
  value?: string;
  /** Device pixels. */
  bounds: Rect;
  window: WindowKind;
}

/** One snapshot file: `{ v, width, height, elements }`, width and height the device screen's pixels. */
export interface HierarchySnapshot {
  v: typeof HIERARCHY_SNAPSHOT_VERSION;
  width: number;
  height: number;
  elements: SnapshotElement[];
}

/** The snapshot of `screen`, with every known secret masked in labels and values. */
export function hierarchySnapshot(screen: Screen, secrets: readonly string[] = knownSecrets()): HierarchySnapshot {
  const mask = (text: string) => (secrets.length === 0 ? text : redactText(text, secrets));
  const elements = screen.elements.map((e): SnapshotElement => {
    const b = e.bounds;
    return {
      ref: e.ref,
      role: e.role,
      label: mask(e.label),
      ...(e.value === undefined ? {} : { value: mask(e.value) }),
      bounds: { left: b.left, top: b.top, right: b.right, bottom: b.bottom },
      window: screen.windows[e.window]?.kind ?? 'app',
    };
  });
  return { v: HIERARCHY_SNAPSHOT_VERSION, width: screen.width, height: screen.height, elements };
}

/**
 * Writes a test's hierarchy snapshots beside its log, once per distinct content (`screen-<hash>.json`,
 * a hash of the masked JSON). Like frames, the name is known at once and the write happens in the
 * background; `flush()` waits for it.
 */
export class HierarchySnapshots {
  private readonly written = new Set<string>();
  private readonly pending = new Set<string>();
  private readonly failures: string[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly log: EventLog) {}

  /** Files written so far. */
  get files(): string[] {
    return [...this.written];
  }

  /** Snapshots that could not be written, with why. */
  get problems(): string[] {
    return [...this.failures];
  }

  /** Queues the snapshot of `screen` (unless the same content is already stored) and returns its file name. */
  record(screen: Screen): string {
    const json = JSON.stringify(hierarchySnapshot(screen));
    const file = `screen-${createHash('sha1').update(json).digest('hex').slice(0, 16)}.json`;
    if (this.written.has(file) || this.pending.has(file)) return file;
    this.pending.add(file);
    this.queue = this.queue
      .then(() => this.store(file, json))
      .catch((error: unknown) => {
        this.failures.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => this.pending.delete(file));
    return file;
  }

  /** Resolves once every snapshot recorded so far is on disk (or has failed, see `problems`). */
  flush(): Promise<void> {
    return this.queue;
  }

  /** Removes every snapshot written; returns how many. */
  async discard(): Promise<number> {
    await this.flush();
    const files = this.files;
    await Promise.all(files.map((f) => rm(join(this.log.dir, f), { force: true })));
    this.written.clear();
    return files.length;
  }

  private async store(file: string, json: string): Promise<void> {
    try {
      // attach() masks known secrets once more: one registered after the snapshot was taken is caught too.
      await this.log.attach(file, json);
    } catch (error) {
      // The same content from an earlier run of a continued log: the file is already right.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    this.written.add(file);
  }
}
