// How a schema problem names its place and the value found there, one way for every check of untrusted
// JSON (a primitive call, a model's answer, a file read back): `actions[0].params`, `string "maybe"`.

/** `['actions', 0, 'params']` (a zod issue's path) → `actions[0].params`. */
export function dotted(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((path, s) => (typeof s === 'number' ? `${path}[${s}]` : path ? `${path}.${String(s)}` : String(s)), '');
}

/** `/actions/0/params` (an ajv error's instancePath) → `actions[0].params`. */
export function pathOf(instancePath: string): string {
  const segments = instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  return dotted(segments);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** The value's JSON, cut to 60 characters. */
export function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** What a wrong value was, for messages: its kind and, when it has one, its JSON (`string "maybe"`, `null`). */
export function given(value: unknown): string {
  return value === undefined || value === null ? String(value) : `${kindOf(value)} ${preview(value)}`;
}
