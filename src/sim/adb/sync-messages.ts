import type { FileStat, FsResult } from '../types.js';

/** Largest DATA chunk of the sync protocol (SYNC_DATA_MAX). */
export const SYNC_DATA_MAX = 64 * 1024;
/** Longest path adbd takes in a sync request. */
export const SYNC_PATH_MAX = 1024;

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const SHELL_UID = 2000;

export const ERRNO: Record<Exclude<FsResult, undefined>, number> = {
  ENOENT: 2,
  EACCES: 13,
  EEXIST: 17,
  ENOTDIR: 20,
  EISDIR: 21,
  EROFS: 30,
  ENOTEMPTY: 39,
  ENOSPC: 28,
};

export const STRERROR: Record<Exclude<FsResult, undefined>, string> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EEXIST: 'File exists',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EROFS: 'Read-only file system',
  ENOTEMPTY: 'Directory not empty',
  ENOSPC: 'No space left on device',
};

/** st_mode with the file type bits, as lstat reports it. */
export function fullMode(stat: FileStat): number {
  if (stat.mode & S_IFMT) return stat.mode;
  return (stat.type === 'dir' ? S_IFDIR : S_IFREG) | (stat.mode & 0o7777);
}

/** FileStat.mtime is epoch milliseconds; the sync protocol speaks seconds. */
export function mtimeSeconds(stat: FileStat): number {
  return Math.max(0, Math.floor(stat.mtime / 1000));
}

export function idMessage(id: string, value: number): Buffer {
  const out = Buffer.alloc(8);
  out.write(id, 0, 'latin1');
  out.writeUInt32LE(value >>> 0, 4);
  return out;
}

export function failMessage(message: string): Buffer {
  const text = Buffer.from(message, 'utf8');
  return Buffer.concat([idMessage('FAIL', text.length), text]);
}

/** STAT reply (v1): mode, size, mtime; all zero when the path cannot be stat'ed. */
export function statV1(stat: FileStat | undefined): Buffer {
  const out = Buffer.alloc(16);
  out.write('STAT', 0, 'latin1');
  if (stat) {
    out.writeUInt32LE(fullMode(stat) >>> 0, 4);
    out.writeUInt32LE(Math.min(stat.size, 0xffffffff), 8);
    out.writeUInt32LE(mtimeSeconds(stat), 12);
  }
  return out;
}

/** What a v2 stat or listing entry reports: the path (for its inode), its stat, and the errno when there is none. */
export interface StatV2Entry {
  path: string;
  stat: FileStat | undefined;
  errno: number;
}

/** The body of sync_stat_v2 / sync_dent_v2 after the id: error, dev, ino, mode, nlink, uid, gid, size, atime, mtime, ctime. */
function statV2Fields(out: Buffer, offset: number, { path, stat, errno }: StatV2Entry): void {
  out.writeUInt32LE(stat ? 0 : errno, offset);
  if (!stat) return;
  out.writeBigUInt64LE(0xfd05n, offset + 4);
  out.writeBigUInt64LE(BigInt(inodeOf(path)), offset + 12);
  out.writeUInt32LE(fullMode(stat) >>> 0, offset + 20);
  out.writeUInt32LE(stat.type === 'dir' ? 2 : 1, offset + 24);
  out.writeUInt32LE(SHELL_UID, offset + 28);
  out.writeUInt32LE(SHELL_UID, offset + 32);
  out.writeBigUInt64LE(BigInt(stat.size), offset + 36);
  const seconds = BigInt(mtimeSeconds(stat));
  out.writeBigInt64LE(seconds, offset + 44);
  out.writeBigInt64LE(seconds, offset + 52);
  out.writeBigInt64LE(seconds, offset + 60);
}

/** STA2 / LST2 reply: 72 bytes. */
export function statV2(id: 'STA2' | 'LST2', entry: StatV2Entry): Buffer {
  const out = Buffer.alloc(72);
  out.write(id, 0, 'latin1');
  statV2Fields(out, 4, entry);
  return out;
}

/** DENT entry of LIST (v1). */
export function dentV1(name: string, stat: FileStat): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const out = Buffer.alloc(20 + nameBytes.length);
  out.write('DENT', 0, 'latin1');
  out.writeUInt32LE(fullMode(stat) >>> 0, 4);
  out.writeUInt32LE(Math.min(stat.size, 0xffffffff), 8);
  out.writeUInt32LE(mtimeSeconds(stat), 12);
  out.writeUInt32LE(nameBytes.length, 16);
  nameBytes.copy(out, 20);
  return out;
}

/** DNT2 entry of LIS2: sync_dent_v2 (76 bytes) then the name. */
export function dentV2(path: string, name: string, stat: FileStat): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const out = Buffer.alloc(76 + nameBytes.length);
  out.write('DNT2', 0, 'latin1');
  statV2Fields(out, 4, { path, stat, errno: 0 });
  out.writeUInt32LE(nameBytes.length, 72);
  nameBytes.copy(out, 76);
  return out;
}

/** The DONE that ends a listing has the size of one entry, all zero but the id. */
export function listDone(version: 1 | 2): Buffer {
  const out = Buffer.alloc(version === 1 ? 20 : 76);
  out.write('DONE', 0, 'latin1');
  return out;
}

function inodeOf(path: string): number {
  let hash = 2166136261;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 16777619) >>> 0;
  return hash;
}
