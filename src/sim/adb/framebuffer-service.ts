import type { Phone, PhoneShell, ServiceStream } from '../types.js';

/** The header version of adbd's framebuffer service (DDMS raw image, version 2: with colour space). */
const RAWIMAGE_VERSION = 2;
const SCREENCAP_HEADER = 16;

/** Bits per pixel and channel layout (offset, length) for screencap's pixel formats, in fbinfo's field order. */
const LAYOUTS: Record<number, { bpp: number; red: [number, number]; blue: [number, number]; green: [number, number]; alpha: [number, number] }> = {
  1: { bpp: 32, red: [0, 8], blue: [16, 8], green: [8, 8], alpha: [24, 8] }, // RGBA_8888
  2: { bpp: 32, red: [0, 8], blue: [16, 8], green: [8, 8], alpha: [24, 0] }, // RGBX_8888
  3: { bpp: 24, red: [0, 8], blue: [16, 8], green: [8, 8], alpha: [24, 0] }, // RGB_888
  4: { bpp: 16, red: [11, 5], blue: [0, 5], green: [5, 6], alpha: [0, 0] }, // RGB_565
  5: { bpp: 32, red: [16, 8], blue: [0, 8], green: [8, 8], alpha: [24, 8] }, // BGRA_8888
};

/**
 * `framebuffer:`: adbd runs `screencap` (raw) and turns its 16-byte header into the 56-byte fbinfo
 * header, then relays the pixels. When screencap fails there is no header, and the stream just closes.
 */
export function serveFramebuffer(options: { phone: Phone; shell: PhoneShell; stream: ServiceStream }): void {
  const { phone, shell, stream } = options;
  const controller = new AbortController();
  stream.once('close', () => controller.abort());
  stream.resume();
  const chunks: Buffer[] = [];
  const io = {
    stdout: (chunk: Buffer | string) => {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    },
    // screencap's stderr goes nowhere: adbd only reads its stdout.
    stderr: () => undefined,
    signal: controller.signal,
  };
  shell
    .run(phone, 'screencap', io)
    .then(() => {
      if (stream.destroyed) return;
      const raw = Buffer.concat(chunks);
      const header = raw.length >= SCREENCAP_HEADER ? fbinfoHeader(raw) : undefined;
      if (!header) {
        stream.end();
        return;
      }
      stream.write(header.bytes);
      stream.end(raw.subarray(SCREENCAP_HEADER, SCREENCAP_HEADER + header.size));
    })
    .catch((error: Error) => stream.destroy(error));
}

/** fbinfo for screencap's header (width, height, format, colour space); undefined for a format adbd does not know. */
function fbinfoHeader(raw: Buffer): { bytes: Buffer; size: number } | undefined {
  const width = raw.readUInt32LE(0);
  const height = raw.readUInt32LE(4);
  const layout = LAYOUTS[raw.readUInt32LE(8)];
  if (!layout) return undefined;
  const size = width * height * (layout.bpp / 8);
  const fields = [RAWIMAGE_VERSION, layout.bpp, raw.readUInt32LE(12), size, width, height, ...layout.red, ...layout.blue, ...layout.green, ...layout.alpha];
  const bytes = Buffer.alloc(fields.length * 4);
  fields.forEach((value, i) => bytes.writeUInt32LE(value >>> 0, i * 4));
  return { bytes, size };
}
