import { expect, test } from '@playwright/test';
import { MalformedPacketError } from './errors.js';
import { A_CNXN, A_OPEN, A_WRTE, PacketParser, dataChecksum, encodePacket, type AdbPacket } from './packet.js';
import { splitIntoPieces } from './service-socket.js';

const packets: AdbPacket[] = [
  { command: A_CNXN, arg0: 0x01000001, arg1: 4096, data: Buffer.from('host::features=shell_v2\0') },
  { command: A_OPEN, arg0: 7, arg1: 0, data: Buffer.from('shell:echo hi\0') },
  { command: A_WRTE, arg0: 7, arg1: 1, data: Buffer.alloc(0) },
  { command: A_WRTE, arg0: 7, arg1: 1, data: Buffer.from([0, 255, 10, 13]) },
];
const wire = Buffer.concat(packets.map((packet) => encodePacket(packet)));

function parser(options: { maxData?: number; verify?: boolean } = {}): PacketParser {
  return new PacketParser({ maxData: options.maxData ?? 1024 * 1024, verifyChecksum: () => options.verify ?? true });
}

test('packets come out whole whatever the TCP chunking', () => {
  expect(parser().push(wire)).toEqual(packets);
  for (let cut = 1; cut < wire.length; cut++) {
    const p = parser();
    expect([...p.push(wire.subarray(0, cut)), ...p.push(wire.subarray(cut))]).toEqual(packets);
  }
  const bytewise = parser();
  const out: AdbPacket[] = [];
  for (const byte of wire) out.push(...bytewise.push(Buffer.from([byte])));
  expect(out).toEqual(packets);
});

test('the header carries length, checksum (sum of bytes) and magic', () => {
  const encoded = encodePacket(packets[3]);
  expect(encoded.readUInt32LE(12)).toBe(4);
  expect(encoded.readUInt32LE(16)).toBe(0 + 255 + 10 + 13);
  expect(encoded.readUInt32LE(20)).toBe((A_WRTE ^ 0xffffffff) >>> 0);
  expect(encodePacket(packets[3], false).readUInt32LE(16)).toBe(0);
  expect(dataChecksum(Buffer.alloc(70000, 255))).toBe(70000 * 255);
});

test('bad magic, an oversized length or a wrong checksum are malformed', () => {
  const badMagic = encodePacket(packets[1]);
  badMagic.writeUInt32LE(0, 20);
  expect(() => parser().push(badMagic)).toThrow(MalformedPacketError);
  expect(() => parser().push(badMagic)).toThrow(/bad magic 0x0 for command OPEN/);
  expect(() => parser({ maxData: 8 }).push(encodePacket(packets[1]))).toThrow(/OPEN claims 14 bytes of data, more than maxdata 8/);
  const badSum = encodePacket(packets[1]);
  badSum.writeUInt32LE(1, 16);
  expect(() => parser().push(badSum)).toThrow(/checksum/);
  // A peer at version 0x01000001 sends no checksums, and a wrong one is not checked.
  expect(parser({ verify: false }).push(badSum)).toEqual([packets[1]]);
  expect(parser().push(encodePacket(packets[1], false))).toEqual([packets[1]]);
});

test('writes split into WRTE payloads of at most maxdata; big chunks are not copied', () => {
  const big = Buffer.alloc(10_000, 1);
  const pieces = splitIntoPieces([Buffer.from('ab'), Buffer.from('cd'), big, Buffer.from('ef')], 4096);
  expect(pieces.map((piece) => piece.length)).toEqual([4096, 4096, 1814]);
  expect(Buffer.concat(pieces)).toEqual(Buffer.concat([Buffer.from('abcd'), big, Buffer.from('ef')]));
  const [whole] = splitIntoPieces([big], 65536);
  expect(whole.buffer).toBe(big.buffer);
  expect(splitIntoPieces([Buffer.alloc(0)], 4096)).toEqual([]);
});
