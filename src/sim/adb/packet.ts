import { ByteQueue } from './byte-queue.js';
import { MalformedPacketError } from './errors.js';

export const A_SYNC = 0x434e5953;
export const A_CNXN = 0x4e584e43;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_CLSE = 0x45534c43;
export const A_WRTE = 0x45545257;
export const A_AUTH = 0x48545541;
export const A_STLS = 0x534c5453;

/** Protocol version that lets both sides skip the data checksum. */
export const A_VERSION_SKIP_CHECKSUM = 0x01000001;
export const A_VERSION_MIN = 0x01000000;
/** Largest payload this device announces in CNXN and sends. */
export const DEVICE_MAX_DATA = 256 * 1024;
/** Largest payload accepted from a peer, as adbd's MAX_PAYLOAD (an OPEN may carry a long command line). */
export const ACCEPT_MAX_DATA = 1024 * 1024;
export const HEADER_SIZE = 24;

export const AUTH_TOKEN = 1;
export const AUTH_SIGNATURE = 2;
export const AUTH_RSAPUBLICKEY = 3;

export interface AdbPacket {
  command: number;
  arg0: number;
  arg1: number;
  data: Buffer;
}

/** What a sender gives for a packet besides its command; no data means an empty payload. */
export interface PacketFields {
  arg0: number;
  arg1: number;
  data?: Buffer;
}

const NAMES: Record<number, string> = {
  [A_SYNC]: 'SYNC',
  [A_CNXN]: 'CNXN',
  [A_OPEN]: 'OPEN',
  [A_OKAY]: 'OKAY',
  [A_CLSE]: 'CLSE',
  [A_WRTE]: 'WRTE',
  [A_AUTH]: 'AUTH',
  [A_STLS]: 'STLS',
};

export function commandName(command: number): string {
  return NAMES[command] ?? `0x${command.toString(16).padStart(8, '0')}`;
}

export function dataChecksum(data: Buffer): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += data[i];
  return sum >>> 0;
}

/** The 24-byte header; the data follows it on the wire. */
export function encodeHeader(packet: AdbPacket, withChecksum: boolean): Buffer {
  const header = Buffer.allocUnsafe(HEADER_SIZE);
  header.writeUInt32LE(packet.command >>> 0, 0);
  header.writeUInt32LE(packet.arg0 >>> 0, 4);
  header.writeUInt32LE(packet.arg1 >>> 0, 8);
  header.writeUInt32LE(packet.data.length, 12);
  header.writeUInt32LE(withChecksum ? dataChecksum(packet.data) : 0, 16);
  header.writeUInt32LE((packet.command ^ 0xffffffff) >>> 0, 20);
  return header;
}

export function encodePacket(packet: AdbPacket, withChecksum = true): Buffer {
  return Buffer.concat([encodeHeader(packet, withChecksum), packet.data]);
}

/**
 * Streaming packet parser: feed it TCP chunks as they come, get whole packets back. Throws
 * MalformedPacketError on a bad magic, an oversized length or a wrong checksum.
 */
export class PacketParser {
  private readonly queue = new ByteQueue();
  private header: { command: number; arg0: number; arg1: number; length: number; check: number } | undefined;

  constructor(private readonly options: { maxData: number; verifyChecksum: () => boolean }) {}

  push(chunk: Buffer): AdbPacket[] {
    this.queue.push(chunk);
    const packets: AdbPacket[] = [];
    for (;;) {
      if (!this.header) {
        if (this.queue.length < HEADER_SIZE) break;
        this.header = this.readHeader(this.queue.take(HEADER_SIZE));
      }
      if (this.queue.length < this.header.length) break;
      const { command, arg0, arg1, length, check } = this.header;
      this.header = undefined;
      const data = length === 0 ? Buffer.alloc(0) : this.queue.take(length);
      if (check !== 0 && this.options.verifyChecksum() && dataChecksum(data) !== check) {
        throw new MalformedPacketError(`${commandName(command)} data checksum ${check} does not match the data (${dataChecksum(data)})`);
      }
      packets.push({ command, arg0, arg1, data });
    }
    return packets;
  }

  private readHeader(bytes: Buffer) {
    const command = bytes.readUInt32LE(0);
    const magic = bytes.readUInt32LE(20);
    if (magic !== (command ^ 0xffffffff) >>> 0) {
      throw new MalformedPacketError(`bad magic 0x${magic.toString(16)} for command ${commandName(command)}`);
    }
    const length = bytes.readUInt32LE(12);
    if (length > this.options.maxData) {
      throw new MalformedPacketError(`${commandName(command)} claims ${length} bytes of data, more than maxdata ${this.options.maxData}`);
    }
    return { command, arg0: bytes.readUInt32LE(4), arg1: bytes.readUInt32LE(8), length, check: bytes.readUInt32LE(16) };
  }
}
