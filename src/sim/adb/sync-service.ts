import { posix } from 'node:path';
import type { FsResult, Phone, PhoneTiming, ServiceStream, VirtualFs } from '../types.js';
import { StreamReader } from './stream-reader.js';
import { ERRNO, STRERROR, SYNC_DATA_MAX, SYNC_PATH_MAX, dentV1, dentV2, failMessage, idMessage, listDone, statV1, statV2 } from './sync-messages.js';

type Errno = Exclude<FsResult, undefined>;

/** The `sync:` service (adb push/pull/ls): requests are read as a byte stream, however the host packs them into WRTEs. */
export function serveSync(phone: Phone, stream: ServiceStream): void {
  runSync(phone.fs, stream, phone.timing)
    .catch((error: Error) => {
      if (!stream.destroyed) stream.write(failMessage(`internal error: ${error.message}`));
    })
    .finally(() => {
      if (!stream.destroyed) stream.end();
    });
}

async function runSync(fs: VirtualFs, stream: ServiceStream, timing: PhoneTiming): Promise<void> {
  const reader = new StreamReader(stream);
  const send = (data: Buffer) => {
    if (!stream.destroyed && !stream.writableEnded) stream.write(data);
  };
  for (;;) {
    const header = await reader.read(8);
    if (!header) return;
    const id = header.toString('latin1', 0, 4);
    const length = header.readUInt32LE(4);
    if (id === 'QUIT') return;
    if (!['STAT', 'STA2', 'LST2', 'LIST', 'LIS2', 'RECV', 'SEND'].includes(id)) {
      send(failMessage(`unknown command ${header.readUInt32LE(0).toString(16).padStart(8, '0')}`));
      return;
    }
    if (length > SYNC_PATH_MAX) {
      send(failMessage('path too long'));
      return;
    }
    const pathBytes = await reader.read(length);
    if (!pathBytes) return;
    const path = pathBytes.toString('utf8');
    switch (id) {
      case 'STAT':
        send(statV1(fs.stat(path)));
        break;
      case 'STA2':
      case 'LST2': {
        const stat = fs.stat(path);
        send(statV2(id, { path, stat, errno: stat ? 0 : ERRNO[missingErrno(fs, path)] }));
        break;
      }
      case 'LIST':
      case 'LIS2':
        send(listing(fs, path, id === 'LIST' ? 1 : 2));
        break;
      case 'RECV':
        // A pull takes what its bytes take over USB.
        await timing.transfer(fs.stat(path)?.size ?? 0);
        if (!receive(fs, path, send)) return;
        break;
      case 'SEND':
        if (!(await store(fs, path, { reader, send }))) return;
        break;
    }
  }
}

/** LIST / LIS2: ".", ".." and the entries, then DONE; a directory that cannot be read lists nothing. */
function listing(fs: VirtualFs, path: string, version: 1 | 2): Buffer {
  const entries = fs.list(path);
  const self = fs.stat(path);
  const parts: Buffer[] = [];
  if (entries && self) {
    const parentPath = posix.dirname(path);
    const all = [{ name: '.', stat: self }, { name: '..', stat: fs.stat(parentPath) ?? self }, ...entries];
    for (const entry of all) {
      parts.push(version === 1 ? dentV1(entry.name, entry.stat) : dentV2(posix.join(path, entry.name), entry.name, entry.stat));
    }
  }
  parts.push(listDone(version));
  return Buffer.concat(parts);
}

/** RECV: DATA chunks of at most 64 KiB, then DONE. False when the request failed and the service must close. */
function receive(fs: VirtualFs, path: string, send: (data: Buffer) => void): boolean {
  const stat = fs.stat(path);
  if (stat?.type === 'dir') {
    send(failMessage(`read failed: ${STRERROR.EISDIR}`));
    return false;
  }
  const data = fs.read(path);
  if (!data) {
    send(failMessage(`open failed: ${STRERROR[missingErrno(fs, path)]}`));
    return false;
  }
  for (let offset = 0; offset < data.length; offset += SYNC_DATA_MAX) {
    const chunk = data.subarray(offset, offset + SYNC_DATA_MAX);
    send(idMessage('DATA', chunk.length));
    send(chunk);
  }
  send(idMessage('DONE', 0));
  return true;
}

/** SEND "path,mode": DATA chunks until DONE (with the mtime), then OKAY or FAIL with adbd's message. */
/** The sync stream a request is read from and its replies are written to. */
interface SyncChannel {
  reader: StreamReader;
  send: (data: Buffer) => void;
}

async function store(fs: VirtualFs, spec: string, { reader, send }: SyncChannel): Promise<boolean> {
  const comma = spec.lastIndexOf(',');
  if (comma < 0) {
    send(failMessage('missing , in ID_SEND'));
    return false;
  }
  const path = spec.slice(0, comma);
  const mode = parseMode(spec.slice(comma + 1));
  const chunks: Buffer[] = [];
  let mtime: number;
  for (;;) {
    const header = await reader.read(8);
    if (!header) return false;
    const id = header.toString('latin1', 0, 4);
    const value = header.readUInt32LE(4);
    if (id === 'DONE') {
      mtime = value;
      break;
    }
    if (id !== 'DATA') {
      send(failMessage(`invalid data message: expected ID_DATA, got ${id}`));
      return false;
    }
    if (value > SYNC_DATA_MAX) {
      send(failMessage(`oversize data message: ${value} bytes`));
      return false;
    }
    const chunk = await reader.read(value);
    if (!chunk) return false;
    chunks.push(Buffer.from(chunk));
  }
  const parent = posix.dirname(path);
  if (!fs.stat(parent)) {
    const made = fs.mkdir(parent, { parents: true });
    if (made) {
      send(failMessage(`secure_mkdirs failed: ${STRERROR[made]}`));
      return false;
    }
  }
  const written = fs.write(path, Buffer.concat(chunks), { mode: mode & 0o7777, mtime: mtime * 1000 });
  if (written) {
    send(failMessage(`couldn't create file: ${STRERROR[written]}`));
    return false;
  }
  send(idMessage('OKAY', 0));
  return true;
}

/** Why a path cannot be stat'ed: ENOENT below a readable directory, EACCES below one the shell user cannot read. */
export function missingErrno(fs: VirtualFs, path: string): Errno {
  const parent = posix.dirname(path);
  if (parent === path) return 'ENOENT';
  const stat = fs.stat(parent);
  if (!stat) return missingErrno(fs, parent);
  if (stat.type !== 'dir') return 'ENOTDIR';
  return fs.list(parent) ? 'ENOENT' : 'EACCES';
}

/** adbd reads the mode with strtoul(..., 0): decimal, 0-prefixed octal or 0x hex. */
function parseMode(text: string): number {
  const trimmed = text.trim();
  const value = /^0x/i.test(trimmed) ? parseInt(trimmed.slice(2), 16) : /^0\d/.test(trimmed) ? parseInt(trimmed, 8) : parseInt(trimmed, 10);
  return Number.isFinite(value) ? value : 0o644;
}
