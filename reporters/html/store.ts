// The files a report shares between its tests: each screenshot copied once under frames/ and each
// hierarchy snapshot written once as data/hierarchy-<id>.js, both named by a hash of their content,
// so a frame or a screen's elements seen by many tests (or many steps) is stored once.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { redactDeep } from '../../src/events/index.js';

/** A hierarchy snapshot as the observation names it (`hierarchy` beside the events log), version 1. */
export interface HierarchySnapshot {
  v: 1;
  width: number;
  height: number;
  elements: Array<{
    ref: string;
    role: string;
    label: string;
    bounds: { left: number; top: number; right: number; bottom: number };
    window?: string;
  }>;
}

export class HierarchyInvalidError extends Error {
  override name = 'HierarchyInvalidError';
}

export class ReportFiles {
  /** Source file → its path in the report (null when missing), shared by concurrent lookups. */
  private readonly frames = new Map<string, Promise<string | null>>();
  private readonly frameHashes = new Map<string, Promise<void>>();
  /** Source file → the id of its hierarchy data file (null when missing or not a snapshot). */
  private readonly hierarchies = new Map<string, Promise<string | null>>();
  private readonly hierarchyIds = new Set<string>();
  readonly problems: string[] = [];

  constructor(private readonly options: { outDir: string; secrets: readonly string[] }) {}

  /** Distinct frames written so far. */
  get frameCount(): number {
    return this.frameHashes.size;
  }

  get hierarchyCount(): number {
    return this.hierarchyIds.size;
  }

  /** Copies `source` into frames/ unless a file with the same bytes is there already; its path in the report. */
  frame(source: string): Promise<string | null> {
    return once(this.frames, source, () => this.copyFrame(source));
  }

  /** Writes the snapshot in `source` as data/hierarchy-<id>.js unless the same content is there; its id. */
  hierarchy(source: string): Promise<string | null> {
    return once(this.hierarchies, source, () => this.writeHierarchy(source));
  }

  private async copyFrame(source: string): Promise<string | null> {
    const bytes = await readOrNull(source);
    if (bytes === null) return null;
    // Our own names, so a file name never needs escaping in a URL.
    const ext = /^\.[a-z0-9]{1,5}$/i.test(path.extname(source)) ? path.extname(source).toLowerCase() : '';
    const target = `frames/${hash(bytes)}${ext}`;
    if (!this.frameHashes.has(target)) this.frameHashes.set(target, writeFile(path.join(this.options.outDir, target), bytes));
    await this.frameHashes.get(target);
    return target;
  }

  private async writeHierarchy(source: string): Promise<string | null> {
    const bytes = await readOrNull(source);
    if (bytes === null) return null;
    let snapshot: HierarchySnapshot;
    try {
      snapshot = parseHierarchy(bytes.toString('utf8'), source);
    } catch (error) {
      this.problems.push(error instanceof Error ? error.message : String(error));
      return null;
    }
    const id = hash(bytes);
    if (!this.hierarchyIds.has(id)) {
      this.hierarchyIds.add(id);
      // Labels of secret text come masked; keys from the environment are masked here as everywhere in the report.
      const data = redactDeep(snapshot, this.options.secrets);
      await writeFile(
        path.join(this.options.outDir, 'data', `hierarchy-${id}.js`),
        `window.__mobiletest.hierarchies[${JSON.stringify(id)}] = ${JSON.stringify(data)};\n`,
      );
    }
    return id;
  }
}

/** The snapshot's JSON checked against its fixed shape; anything else is an error naming the file and the field. */
export function parseHierarchy(text: string, file: string): HierarchySnapshot {
  const fail = (what: string): never => {
    throw new HierarchyInvalidError(
      `${file}: ${what}; a hierarchy snapshot is {"v":1,"width","height","elements":[{"ref","role","label","bounds":{"left","top","right","bottom"}}]}, so its screen shows without element boxes`,
    );
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(json) || json.v !== 1) return fail('not a version 1 hierarchy snapshot ("v" is not 1)');
  if (!positive(json.width) || !positive(json.height)) return fail('"width" and "height" must be positive numbers');
  if (!Array.isArray(json.elements)) return fail('"elements" is not a list');
  const elements: HierarchySnapshot['elements'] = [];
  for (const [i, element] of json.elements.entries()) {
    if (!isRecord(element) || typeof element.ref !== 'string' || !isRecord(element.bounds)) return fail(`elements[${i}] has no "ref" or "bounds"`);
    const { left, top, right, bottom } = element.bounds;
    if (![left, top, right, bottom].every((n) => typeof n === 'number' && Number.isFinite(n))) return fail(`elements[${i}].bounds are not four numbers`);
    elements.push({
      ref: element.ref,
      role: typeof element.role === 'string' ? element.role : '',
      label: typeof element.label === 'string' ? element.label : '',
      bounds: { left: left as number, top: top as number, right: right as number, bottom: bottom as number },
      ...(typeof element.window === 'string' ? { window: element.window } : {}),
    });
  }
  return { v: 1, width: json.width, height: json.height, elements };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function hash(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('hex').slice(0, 16);
}

async function readOrNull(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/** The promise for `key`, made on its first lookup: concurrent lookups of one file share one copy. */
function once<T>(memo: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let done = memo.get(key);
  if (!done) {
    done = make();
    memo.set(key, done);
  }
  return done;
}
