// A folder per tool version under the OS temp dir, filled once and shared by every test worker.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The folder of an installed npm package (found through its main entry, since `exports` may hide package.json). */
export function packageFolder(name: string): string {
  let folder = dirname(require.resolve(name));
  while (!folder.endsWith(join('node_modules', name))) {
    const up = dirname(folder);
    if (up === folder) throw new Error(`Cannot find the folder of the npm package ${name}: run npm ci`);
    folder = up;
  }
  return folder;
}

/** sha256 of a file, in hex. */
export function fileHash(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** `<os temp>/mobiletest-conformance/<key>`, created if missing. */
export async function cacheFolder(key: string): Promise<string> {
  const folder = join(tmpdir(), 'mobiletest-conformance', key);
  await mkdir(folder, { recursive: true });
  return folder;
}

/**
 * Returns `file` inside `folder`, writing it with `make()` when it is not there yet. The content is written to a
 * unique name then renamed, so two workers filling the cache at once both end with a whole file.
 */
export async function cachedFile(folder: string, file: string, make: () => Promise<string | Uint8Array>): Promise<string> {
  const path = join(folder, file);
  try {
    await access(path);
    return path;
  } catch {
    const partial = join(folder, `.${file}.${process.pid}.${randomUUID()}`);
    await writeFile(partial, await make());
    await rename(partial, path);
    return path;
  }
}
