const UNIT_MS = { ms: 1, s: 1000, m: 60_000 } as const;
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m)$/;

/** The longest timeout a spec may ask for: one hour. */
export const MAX_TIMEOUT_MS = 3_600_000;

/**
 * Reads a spec timeout: a number of milliseconds or a string such as "90s", "2m" or "1500ms".
 * Returns the milliseconds, or why the value is not a timeout.
 */
export function parseDuration(value: unknown): { ms: number } | { reason: string } {
  const expected = 'a number of milliseconds (60000) or a duration such as "90s", "2m", "1500ms"';
  let ms: number;
  if (typeof value === 'number') {
    ms = value;
  } else if (typeof value === 'string') {
    const match = DURATION.exec(value.trim());
    if (!match) return { reason: `timeout should be ${expected}; got "${value}"` };
    ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  } else {
    return { reason: `timeout should be ${expected}; got ${value === null ? 'nothing' : typeof value}` };
  }
  if (!Number.isFinite(ms) || ms <= 0) return { reason: `timeout should be more than 0; got ${JSON.stringify(value)}` };
  if (ms > MAX_TIMEOUT_MS) return { reason: `timeout should be at most 1 hour (3600000 ms); got ${JSON.stringify(value)}` };
  return { ms: Math.round(ms) };
}
