// Values a goal gives in its own words: where a cached secret is taken from on replay, so the cache file
// never holds it.

const QUOTED = /"([^"]*)"|'([^']*)'|“([^”]*)”|‘([^’]*)’/g;
const AFTER_PASSWORD = /\b(?:with\s+)?(?:password|passcode|pass)\s*(?::|is)?\s+(?!["'“‘])(\S+)/gi;

function stripEnds(word: string): string {
  return word.replace(/^[("'“‘]+/, '').replace(/[)"'”’,.;:!?]+$/, '');
}

/** Quoted values ("…", '…', “…”, ‘…’) in order, then the unquoted word after "password" / "with password". */
export function quotedValues(text: string): string[] {
  const values: string[] = [];
  for (const m of text.matchAll(QUOTED)) values.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  for (const m of text.matchAll(AFTER_PASSWORD)) {
    const word = stripEnds(m[1]);
    if (word !== '') values.push(word);
  }
  return values;
}

/**
 * What a cached secret's slot indexes: `quotedValues(text)`, then every word of the goal (punctuation
 * around it dropped), so "log in with alice@example.com and pass123" can also give its password.
 */
export function goalValues(text: string): string[] {
  const words = text
    .split(/\s+/)
    .map(stripEnds)
    .filter((w) => w !== '');
  return [...quotedValues(text), ...words];
}

/** The slot of `secret` in the goal's values, or undefined when the goal does not give it. */
export function secretSlot(goal: string, secret: string): number | undefined {
  const at = goalValues(goal).indexOf(secret);
  return at < 0 ? undefined : at;
}
