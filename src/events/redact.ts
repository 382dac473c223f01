// Secrets never reach an event: typed secret text and known secret values are masked before writing.

export const MASK = '•••';
/** Shorter values would mask ordinary words all over the screen text. */
export const MIN_SECRET_LENGTH = 4;
const MIN_ENV_SECRET_LENGTH = 8;

const NAMED_ENV_KEYS = ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'MOBILETEST_LLM_API_KEY'];
const SECRET_ENV_NAME = /(_API_KEY|_TOKEN)$/;

const registered = new Set<string>();

/** Masks `value` in every event written from now on, in this process. */
export function registerSecret(value: string): void {
  if (value.length >= MIN_SECRET_LENGTH) registered.add(value);
}

/** Secret values taken from the environment: the named LLM keys and any *_API_KEY / *_TOKEN of 8+ chars. */
export function envSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (NAMED_ENV_KEYS.includes(name) && value.length >= MIN_SECRET_LENGTH) found.push(value);
    else if (SECRET_ENV_NAME.test(name) && value.length >= MIN_ENV_SECRET_LENGTH) found.push(value);
  }
  return found;
}

/** Every secret known now, longest first so a secret containing another is masked whole. */
export function knownSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...new Set([...envSecrets(env), ...registered])].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of each secret in `text` with the mask. */
export function redactText(text: string, secrets: readonly string[] = knownSecrets()): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(MASK);
  return out;
}

/** Deep copy of `value` with every string (and object key) masked. */
export function redactDeep<T>(value: T, secrets: readonly string[] = knownSecrets()): T {
  return walk(value, secrets) as T;
}

function walk(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => walk(item, secrets));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[redactText(key, secrets)] = walk(item, secrets);
    return out;
  }
  return value;
}

// Parameter fields that carry typed text when a primitive is marked `secret: true`.
const SECRET_TEXT_FIELDS = ['text', 'value'];

/**
 * Registers the typed text of every `secret: true` object inside `value` (a model's answer, parsed):
 * the answer is kept before its actions run, so their secrets must be known first.
 */
export function registerMarkedSecrets(value: unknown): void {
  if (Array.isArray(value)) for (const item of value) registerMarkedSecrets(item);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (record.secret === true) for (const field of SECRET_TEXT_FIELDS) if (typeof record[field] === 'string') registerSecret(record[field]);
    for (const item of Object.values(record)) registerMarkedSecrets(item);
  }
}

/**
 * Masks the typed text of a `secret: true` primitive, keeping only its length, and registers it
 * so it is masked wherever else it shows up (screen text, prompts).
 */
export function redactSecretParams(params: Record<string, unknown>): Record<string, unknown> {
  if (params.secret !== true) return params;
  const out: Record<string, unknown> = { ...params };
  for (const field of SECRET_TEXT_FIELDS) {
    const text = params[field];
    if (typeof text !== 'string') continue;
    registerSecret(text);
    out[field] = MASK;
    out[`${field}_length`] = text.length;
  }
  return out;
}
