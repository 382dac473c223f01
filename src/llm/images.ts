// Images in a request: which models take them, and what one costs in input tokens as each provider bills
// it (by the picture's size, not its bytes). requestTokens counts the rest of the request as text.
import type { ProviderProfile } from './profiles.js';

/** A picture sent with a message: base64 data, its type and size (the size is what it is billed by). */
export interface ChatImage {
  mediaType: 'image/png' | 'image/jpeg';
  /** Base64, no data: prefix. */
  data: string;
  width: number;
  height: number;
}

/** OpenAI's tiled models: tokens for the picture plus tokens per 512 px tile, by model family. */
const OPENAI_TILES: Array<[RegExp, { base: number; tile: number }]> = [
  [/gpt-4o-mini/, { base: 2833, tile: 5667 }],
  [/^(?:[\w.-]+\/)?(?:o1|o3)(?!-mini)/, { base: 75, tile: 150 }],
  [/gpt-5(?!-mini|-nano)/, { base: 70, tile: 140 }],
];
/** OpenAI's patch models: 32 px patches (at most 1,536) times a multiplier. */
const OPENAI_PATCHES: Array<[RegExp, number]> = [
  [/gpt-4\.1-mini|gpt-5-mini/, 1.62],
  [/gpt-4\.1-nano|gpt-5-nano/, 2.46],
  [/o4-mini/, 1.72],
];
const MAX_PATCHES = 1536;

/** OpenAI at detail high: fit in 2048², shortest side to 768, then base + tiles of 512². */
function openAiTiled(model: string, width: number, height: number): number {
  const { base, tile } = OPENAI_TILES.find(([re]) => re.test(model))?.[1] ?? { base: 85, tile: 170 };
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / w, 2048 / h);
  w = Math.floor(w * fit);
  h = Math.floor(h * fit);
  const toShort = 768 / Math.min(w, h);
  w = Math.floor(w * toShort);
  h = Math.floor(h * toShort);
  return base + tile * Math.ceil(w / 512) * Math.ceil(h / 512);
}

function openAiPatched(multiplier: number, width: number, height: number): number {
  let patches = Math.ceil(width / 32) * Math.ceil(height / 32);
  if (patches > MAX_PATCHES) {
    let r = Math.sqrt((32 * 32 * MAX_PATCHES) / (width * height));
    r *= Math.min(Math.floor((width * r) / 32) / ((width * r) / 32), Math.floor((height * r) / 32) / ((height * r) / 32));
    patches = Math.ceil((width * r) / 32) * Math.ceil((height * r) / 32);
  }
  return Math.ceil(patches * multiplier);
}

/** Anthropic: scaled to a long edge of at most 1,568 px, then width × height / 750. */
function anthropicTokens(width: number, height: number): number {
  const fit = Math.min(1, 1568 / Math.max(width, height));
  return Math.ceil((Math.round(width * fit) * Math.round(height * fit)) / 750);
}

/** Gemini: 258 tokens for a picture up to 384 px, else 258 per 768 px tile. */
function geminiTokens(width: number, height: number): number {
  if (width <= 384 && height <= 384) return 258;
  return 258 * Math.ceil(width / 768) * Math.ceil(height / 768);
}

/** Input tokens one picture costs with this profile and model, as the provider bills it (a local server: OpenAI's count). */
export function imageTokens(profile: Pick<ProviderProfile, 'id'>, model: string, image: Pick<ChatImage, 'width' | 'height'>): number {
  const { width, height } = image;
  if (profile.id === 'anthropic') return anthropicTokens(width, height);
  if (profile.id === 'gemini') return geminiTokens(width, height);
  const multiplier = OPENAI_PATCHES.find(([re]) => re.test(model))?.[1];
  return multiplier === undefined ? openAiTiled(model, width, height) : openAiPatched(multiplier, width, height);
}

/** Models known to take no images on APIs whose models mostly do. */
const TEXT_ONLY = /gpt-3\.5|^(?:[\w.-]+\/)?gpt-4(?:-\d{4}|-32k)?$|o1-mini|o1-preview|o3-mini|-audio|-realtime|-search|embedding|claude-2|claude-instant/i;
/** Open models that see, by the names their servers give them. */
const SEEING_OPEN_MODELS =
  /vl|vision|llava|pixtral|gemma-?3|minicpm-v|moondream|internvl|idefics|smolvlm|molmo|phi-?[34](?:\.\d)?-(?:multimodal|vision)|mistral-small-3\.[12]|llama-?4|gpt-4o|gpt-4\.1|claude|gemini/i;

/** Whether a model takes images: by its provider and name; a local server's model only when its name says it sees. */
export function modelTakesImages(profile: Pick<ProviderProfile, 'id'>, model: string): boolean {
  if (profile.id === 'local' || profile.id === 'openai-compatible') return SEEING_OPEN_MODELS.test(model);
  return !TEXT_ONLY.test(model);
}

/** The request body with each picture's data left out, for counting its text (pictures are billed by size). */
export function withoutImageData(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body, function (this: Record<string, unknown>, key, value: unknown) {
      if (typeof value !== 'string') return value;
      if (key === 'url' && value.startsWith('data:image/')) return '';
      if (key === 'data' && this.type === 'base64') return '';
      return value;
    }),
  );
}
