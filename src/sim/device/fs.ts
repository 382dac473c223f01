import type { FileStat, FsResult, VirtualFs } from '../types.js';
import { procNetTcp, procNetTcp6, procStat, procUptime, type ProcClock } from './proc.js';

/** File type bits as stat(2) reports them; FileStat.mode carries them with the permission bits. */
export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;

/** Largest single file the phone accepts, and the whole writable storage. */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 1024 * 1024 * 1024;

interface FileNode {
  kind: 'file';
  data: Buffer;
  mode: number;
  mtime: number;
  generate?: () => Buffer;
}
interface DirNode {
  kind: 'dir';
  children: Map<string, Node>;
  mode: number;
  mtime: number;
  readable: boolean;
}
type Node = FileNode | DirNode;

/** Paths that resolve elsewhere, as the device's symlinks do (longest first). */
const ALIASES: Array<[string, string]> = [
  ['/storage/self/primary', '/storage/emulated/0'],
  ['/sdcard', '/storage/emulated/0'],
  ['/mnt/sdcard', '/storage/emulated/0'],
];

/** Where the shell user may write; everything else is read-only or not its own. */
const WRITABLE_ROOTS = ['/storage/emulated/0', '/data/local/tmp'];
const READ_ONLY_ROOTS = ['/system', '/system_ext', '/vendor', '/product', '/odm', '/oem', '/apex', '/etc', '/bin', '/proc', '/sys'];
const DISCARDING = new Set(['/dev/null', '/dev/zero']);

/** Toybox applets and Android tools found in /system/bin, as `ls /system/bin` lists them. */
const SYSTEM_BIN = [
  'am',
  'app_process64',
  'appops',
  'atrace',
  'base64',
  'basename',
  'bugreport',
  'cat',
  'chmod',
  'cmd',
  'content',
  'cp',
  'cut',
  'date',
  'dd',
  'df',
  'dirname',
  'du',
  'dumpsys',
  'echo',
  'env',
  'false',
  'find',
  'getprop',
  'grep',
  'head',
  'id',
  'ime',
  'input',
  'kill',
  'ln',
  'locksettings',
  'log',
  'logcat',
  'ls',
  'md5sum',
  'mkdir',
  'monkey',
  'mv',
  'pgrep',
  'pidof',
  'pkill',
  'pm',
  'ps',
  'pwd',
  'readlink',
  'realpath',
  'rm',
  'rmdir',
  'run-as',
  'screencap',
  'screenrecord',
  'sed',
  'service',
  'setprop',
  'settings',
  'sh',
  'sha1sum',
  'sha256sum',
  'sleep',
  'sort',
  'stat',
  'svc',
  'tail',
  'tee',
  'test',
  'toybox',
  'touch',
  'tr',
  'true',
  'uiautomator',
  'uname',
  'uniq',
  'uptime',
  'wc',
  'which',
  'whoami',
  'wm',
  'xargs',
];

const STORAGE_DIRS = [
  'Alarms',
  'Android',
  'Audiobooks',
  'DCIM',
  'Documents',
  'Download',
  'Movies',
  'Music',
  'Notifications',
  'Pictures',
  'Podcasts',
  'Recordings',
  'Ringtones',
];

/** Splits a path into its components, resolving '.', '..' (never above '/') and the storage aliases. */
export function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  let full = '/' + parts.join('/');
  for (const [alias, target] of ALIASES) {
    if (full === alias || full.startsWith(alias + '/')) {
      full = target + full.slice(alias.length);
      break;
    }
  }
  return full;
}

function under(path: string, root: string): boolean {
  return path === root || path.startsWith(root + '/');
}

function dir(mode: number, now: number, readable = true): DirNode {
  return { kind: 'dir', children: new Map(), mode: S_IFDIR | mode, mtime: now, readable };
}

/** The in-memory filesystem of one phone, laid out like an Android 14 device. */
class PhoneFs implements VirtualFs {
  private readonly root: DirNode;
  private used = 0;

  constructor(
    private readonly now: () => number,
    bootClock?: BootClock,
  ) {
    const t = now();
    this.root = dir(0o755, t);
    for (const d of [
      '/acct',
      '/apex',
      '/config',
      '/d',
      '/debug_ramdisk',
      '/metadata',
      '/mnt',
      '/odm',
      '/oem',
      '/product',
      '/storage/emulated',
      '/sys',
      '/vendor',
    ])
      this.seedDir(d, 0o755);
    for (const d of ['/data', '/cache']) this.seedDir(d, 0o771, false);
    this.seedDir('/data/local', 0o751, false);
    this.seedDir('/data/local/tmp', 0o771);
    this.seedDir('/storage/emulated/0', 0o2770);
    for (const d of STORAGE_DIRS) this.seedDir(`/storage/emulated/0/${d}`, 0o2770);
    this.seedDir('/storage/emulated/0/Android/data', 0o2770);
    this.seedDir('/storage/emulated/0/Android/media', 0o2770);
    for (const name of SYSTEM_BIN) this.seedFile(`/system/bin/${name}`, { data: Buffer.alloc(0), mode: 0o755 });
    this.seedFile('/system/build.prop', { data: Buffer.from('# begin build properties\nro.build.version.sdk=34\nro.build.version.release=14\n'), mode: 0o644 });
    this.seedFile('/proc/version', {
      data: Buffer.from('Linux version 6.1.23-android14-4 (build-user@build-host) #1 SMP PREEMPT Mon Jan 8 00:00:00 UTC 2024\n'),
      mode: 0o444,
    });
    this.seedFile('/proc/cpuinfo', {
      data: Buffer.from(
        'processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: mobiletest virtual CPU\n\nprocessor\t: 1\nvendor_id\t: GenuineIntel\nmodel name\t: mobiletest virtual CPU\n\n',
      ),
      mode: 0o444,
    });
    this.seedFile('/proc/meminfo', {
      data: Buffer.from('MemTotal:        8039536 kB\nMemFree:         3121408 kB\nMemAvailable:    5423104 kB\n'),
      mode: 0o444,
    });
    // /proc reads the phone's clock when it has one, so uptime, btime and `date` agree.
    const clock = (): ProcClock => (bootClock ? { now: bootClock.now(), uptime: bootClock.uptime() / 1000 } : { now: now(), uptime: process.uptime() });
    this.seedFile('/proc/uptime', { data: Buffer.alloc(0), mode: 0o444, generate: () => Buffer.from(procUptime(clock())) });
    this.seedFile('/proc/stat', { data: Buffer.alloc(0), mode: 0o444, generate: () => Buffer.from(procStat(clock())) });
    this.seedFile('/proc/net/tcp', { data: Buffer.alloc(0), mode: 0o444, generate: () => Buffer.from(procNetTcp()) });
    this.seedFile('/proc/net/tcp6', { data: Buffer.alloc(0), mode: 0o444, generate: () => Buffer.from(procNetTcp6()) });
    this.seedFile('/dev/null', { data: Buffer.alloc(0), mode: 0o666 });
    this.seedFile('/dev/zero', { data: Buffer.alloc(0), mode: 0o666 });
    this.seedFile('/dev/tty', { data: Buffer.alloc(0), mode: 0o666 });
    this.seedFile('/dev/urandom', { data: Buffer.alloc(0), mode: 0o666 });
    // The aliases are real directories in the parent listing, pointing at the same storage.
    this.seedDir('/sdcard', 0o2770);
    this.seedDir('/storage/self', 0o755);
  }

  stat(path: string): FileStat | undefined {
    const node = this.lookup(normalizePath(path));
    if (!node) return undefined;
    return this.statOf(node);
  }

  list(path: string): Array<{ name: string; stat: FileStat }> | undefined {
    const full = normalizePath(path);
    const node = this.lookup(full);
    if (!node || node.kind !== 'dir' || !node.readable) return undefined;
    return [...node.children.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, child]) => ({ name, stat: this.statOf(child) }));
  }

  read(path: string): Buffer | undefined {
    const full = normalizePath(path);
    const node = this.lookup(full);
    if (!node || node.kind !== 'file') return undefined;
    if (node.generate) return node.generate();
    return node.data;
  }

  write(path: string, data: Buffer, options: { mode?: number; mtime?: number } = {}): FsResult {
    const full = normalizePath(path);
    if (DISCARDING.has(full)) return undefined;
    const denied = this.writeDenied(full);
    if (denied) {
      const existing = this.lookup(full);
      return existing?.kind === 'dir' ? 'EISDIR' : denied;
    }
    const parent = this.lookup(parentOf(full));
    if (!parent) return 'ENOENT';
    if (parent.kind !== 'dir') return 'ENOTDIR';
    const name = baseOf(full);
    const existing = parent.children.get(name);
    if (existing?.kind === 'dir') return 'EISDIR';
    const previous = existing?.kind === 'file' ? existing.data.length : 0;
    if (data.length > MAX_FILE_BYTES || this.used - previous + data.length > MAX_TOTAL_BYTES) return 'ENOSPC';
    this.used += data.length - previous;
    // Shared storage is a FUSE mount that ignores requested modes, as on a device.
    const requested = options.mode !== undefined && !under(full, '/storage/emulated') ? options.mode : undefined;
    const permissions = requested !== undefined ? requested & 0o7777 : (existing?.mode ?? (under(full, '/storage/emulated') ? 0o660 : 0o666)) & 0o7777;
    const mtime = options.mtime ?? this.now();
    parent.children.set(name, { kind: 'file', data, mode: S_IFREG | permissions, mtime });
    parent.mtime = mtime;
    return undefined;
  }

  mkdir(path: string, options: { parents?: boolean } = {}): FsResult {
    const full = normalizePath(path);
    if (full === '/') return options.parents ? undefined : 'EEXIST';
    const existing = this.lookup(full);
    if (existing) return existing.kind === 'dir' && options.parents ? undefined : 'EEXIST';
    const denied = this.writeDenied(full);
    if (denied) return denied;
    const parentPath = parentOf(full);
    let parent = this.lookup(parentPath);
    if (!parent) {
      if (!options.parents) return 'ENOENT';
      const made = this.mkdir(parentPath, options);
      if (made) return made;
      parent = this.lookup(parentPath);
    }
    if (!parent || parent.kind !== 'dir') return 'ENOTDIR';
    const t = this.now();
    parent.children.set(baseOf(full), dir(under(full, '/data/local/tmp') ? 0o775 : 0o2770, t));
    parent.mtime = t;
    return undefined;
  }

  remove(path: string, options: { recursive?: boolean } = {}): FsResult {
    const full = normalizePath(path);
    const node = this.lookup(full);
    if (!node) return 'ENOENT';
    const denied = this.writeDenied(full) ?? (WRITABLE_ROOTS.includes(full) ? 'EACCES' : undefined);
    if (denied) return denied;
    if (node.kind === 'dir' && !options.recursive) return 'EISDIR';
    const parent = this.lookup(parentOf(full));
    if (!parent || parent.kind !== 'dir') return 'ENOENT';
    this.used -= sizeOf(node);
    parent.children.delete(baseOf(full));
    parent.mtime = this.now();
    return undefined;
  }

  private statOf(node: Node): FileStat {
    if (node.kind === 'dir') return { mode: node.mode, size: 4096, mtime: node.mtime, type: 'dir' };
    return { mode: node.mode, size: node.data.length, mtime: node.mtime, type: 'file' };
  }

  private writeDenied(full: string): FsResult {
    if (WRITABLE_ROOTS.some((root) => under(full, root))) return undefined;
    // The root itself is the read-only system image; /data and the rest belong to other users.
    if (parentOf(full) === '/' || READ_ONLY_ROOTS.some((root) => under(full, root))) return 'EROFS';
    return 'EACCES';
  }

  private lookup(full: string): Node | undefined {
    let node: Node = this.root;
    for (const part of full.split('/')) {
      if (part === '') continue;
      if (node.kind !== 'dir') return undefined;
      const next: Node | undefined = node.children.get(part);
      if (!next) return undefined;
      node = next;
    }
    return node;
  }

  private seedDir(path: string, mode: number, readable = true): void {
    let node = this.root;
    for (const part of path.split('/').filter(Boolean)) {
      let next = node.children.get(part);
      if (!next) {
        next = dir(0o755, this.now());
        node.children.set(part, next);
      }
      if (next.kind !== 'dir') throw new Error(`Cannot seed directory ${path}: ${part} is a file`);
      node = next;
    }
    node.mode = S_IFDIR | mode;
    node.readable = readable;
  }

  private seedFile(path: string, { data, mode, generate }: SeedFile): void {
    this.seedDir(parentOf(path), 0o755);
    const parent = this.lookup(parentOf(path));
    if (parent?.kind !== 'dir') throw new Error(`Cannot seed file ${path}`);
    parent.children.set(baseOf(path), { kind: 'file', data, mode: S_IFREG | mode, mtime: this.now(), generate });
  }
}

/** A file laid down at boot: its bytes, permission bits, and what produces its bytes on each read when they change. */
interface SeedFile {
  data: Buffer;
  mode: number;
  generate?: () => Buffer;
}

function sizeOf(node: Node): number {
  if (node.kind === 'file') return node.data.length;
  let total = 0;
  for (const child of node.children.values()) total += sizeOf(child);
  return total;
}

function parentOf(full: string): string {
  const i = full.lastIndexOf('/');
  return i <= 0 ? '/' : full.slice(0, i);
}

function baseOf(full: string): string {
  return full.slice(full.lastIndexOf('/') + 1);
}

/** A fresh filesystem: shared storage and /data/local/tmp writable, the system read-only. */
/** The phone clock /proc answers from: wall time and milliseconds since boot. */
export interface BootClock {
  now(): number;
  uptime(): number;
}

export function createFs(options: { now?: () => number; clock?: BootClock } = {}): VirtualFs {
  return new PhoneFs(options.now ?? Date.now, options.clock);
}
