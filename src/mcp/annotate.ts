// An annotated screenshot for `look`, when the text alone is not enough to act on (a game, a map, a
// canvas): each element's box with its ref, so a model can point at what it sees. Secrets on screen
// are painted over first, as in the trace.
import sharp from 'sharp';
import type { Screen } from '../observe/index.js';
import { maskSecrets } from '../primitives/index.js';

/** Fewer elements with a name than this, and the screen text is too thin to act on. */
export const MIN_NAMED_ELEMENTS = 3;
/** Width the image is scaled to: enough to read, few image tokens. */
export const IMAGE_WIDTH = 540;
const BOX_COLOUR = '#e8336b';

export function tooLittleText(screen: Screen): boolean {
  return screen.elements.filter((e) => e.label.trim() !== '').length < MIN_NAMED_ELEMENTS;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The screenshot, secrets masked, each element boxed and tagged with its ref; PNG at IMAGE_WIDTH. */
export async function annotatedScreenshot(png: Buffer, screen: Screen, secretFields: ReadonlySet<string>): Promise<Buffer> {
  const masked = await maskSecrets(png, screen, { fields: secretFields });
  const { width = screen.width, height = screen.height } = await sharp(masked).metadata();
  const sx = screen.width > 0 ? width / screen.width : 1;
  const sy = screen.height > 0 ? height / screen.height : 1;
  const font = Math.max(14, Math.round(width / 40));
  const marks = screen.elements.map((e) => {
    const x = Math.round(e.bounds.left * sx);
    const y = Math.round(e.bounds.top * sy);
    const w = Math.max(1, Math.round((e.bounds.right - e.bounds.left) * sx));
    const h = Math.max(1, Math.round((e.bounds.bottom - e.bounds.top) * sy));
    const tag = escapeXml(e.ref);
    const tagWidth = Math.round(font * 0.62 * e.ref.length + font * 0.5);
    return (
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${BOX_COLOUR}" stroke-width="3"/>` +
      `<rect x="${x}" y="${y}" width="${tagWidth}" height="${font + 6}" fill="${BOX_COLOUR}"/>` +
      `<text x="${x + font * 0.25}" y="${y + font}" font-family="DejaVu Sans Mono, monospace" font-size="${font}" fill="#fff">${tag}</text>`
    );
  });
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${marks.join('')}</svg>`);
  // Composited first, then scaled: in one pipeline sharp would scale before compositing.
  const { data, info } = await sharp(masked)
    .composite([{ input: svg, left: 0, top: 0 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize({ width: Math.min(IMAGE_WIDTH, width) })
    .png()
    .toBuffer();
}
