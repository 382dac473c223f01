// Text as an LLM should read it: trimmed, one line, no invisible characters, bounded length.

/** Longest label kept whole; longer ones end in an ellipsis (a chat message, a product description). */
export const MAX_LABEL = 100;
/** Longest input value kept: the screen text shows it shortened like a label, input_text reads it whole. */
export const MAX_VALUE = 10_000;

const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g;
const SPACES = /[\s\u00a0\u3000]+/g;

export function cleanText(raw: string): string {
  if (raw === '') return '';
  return raw.replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

export function truncate(label: string, max = MAX_LABEL): string {
  return label.length <= max ? label : `${label.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Joins texts in reading order, skipping words already said by an earlier one (a title repeated in
 * a content-desc). Texts with digits are always kept: in a table "0" and "-37.02" are columns.
 */
export function joinTexts(texts: string[]): string {
  const kept: string[] = [];
  for (const t of texts) {
    if (t === '' || (!/\d/.test(t) && kept.some((k) => k === t || (t.length >= 4 && k.includes(t))))) continue;
    kept.push(t);
  }
  return kept.join(' ');
}

/** 'com.example.shop:id/search_src_text' → 'search_src_text'. */
export function shortId(resourceId: string): string {
  const slash = resourceId.lastIndexOf('/');
  return slash >= 0 ? resourceId.slice(slash + 1) : resourceId;
}
