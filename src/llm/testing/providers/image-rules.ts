// Pictures in requests, as the providers take them: which models refuse them, what a picture that is not
// an image gets, and what one costs in input tokens (billed by its size, as src/llm/images.ts counts it).
import { imageTokens } from '../../images.js';
import { messagesOf } from './provider-server.js';

/** A picture found in a request: where it sits, its bytes and declared type. */
export interface SentPicture {
  message: number;
  part: number;
  mediaType: string;
  bytes: Buffer;
}

/** The pictures of a request: OpenAI's image_url parts (data URLs) and Anthropic's base64 image blocks. */
export function picturesOf(body: Record<string, unknown>): SentPicture[] {
  const out: SentPicture[] = [];
  messagesOf(body).forEach((message, m) => {
    if (!Array.isArray(message.content)) return;
    (message.content as Array<Record<string, unknown>>).forEach((part, p) => {
      const url = (part.image_url as { url?: unknown } | undefined)?.url;
      if (part.type === 'image_url' && typeof url === 'string') {
        const parsed = /^data:([^;,]+);base64,(.*)$/s.exec(url);
        out.push({ message: m, part: p, mediaType: parsed?.[1] ?? '', bytes: Buffer.from(parsed?.[2] ?? '', 'base64') });
      }
      const source = part.source as { type?: unknown; media_type?: unknown; data?: unknown } | undefined;
      if (part.type === 'image' && source?.type === 'base64') {
        out.push({ message: m, part: p, mediaType: String(source.media_type ?? ''), bytes: Buffer.from(String(source.data ?? ''), 'base64') });
      }
    });
  });
  return out;
}

/** The format the bytes are in, by their magic numbers; undefined for anything else. */
export function formatOf(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

/** A PNG's width and height, from its IHDR chunk (0 × 0 for anything else). */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  return formatOf(bytes) === 'image/png' && bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : { width: 0, height: 0 };
}

/** Input tokens of a request's pictures, as the provider of `profile` bills them for `model`. */
export function pictureTokens(body: Record<string, unknown>, profile: 'openai' | 'anthropic'): number {
  const model = String(body.model ?? '');
  return picturesOf(body).reduce((sum, p) => sum + imageTokens({ id: profile }, model, pngSize(p.bytes)), 0);
}
