// Text normalisation and similarity used by the locator's rules.

/** Lower case, compatibility forms folded, punctuation and runs of space turned into one space. */
export function normalise(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words of a normalised string; CJK text without spaces stays one token per run. */
export function tokens(s: string): string[] {
  const n = normalise(s);
  return n === '' ? [] : n.split(' ');
}

/** Words of a resource id: 'com.example:id/login_button' → ['login', 'button']; camelCase is split too. */
export function idWords(resourceId: string): string[] {
  const tail = resourceId.slice(resourceId.lastIndexOf('/') + 1);
  return tail
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9\p{L}]+/u)
    .filter((w) => w !== '');
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/** 0..1: how alike two strings are after normalisation (1 = same). */
export function similarity(a: string, b: string): number {
  const x = normalise(a);
  const y = normalise(b);
  const len = Math.max(x.length, y.length);
  if (len === 0) return 0;
  return 1 - editDistance(x, y) / len;
}
