// Hashes of a screen: a signature for caching (same screen, whatever its data), and a content key
// for change detection (anything a person would notice, except a clock ticking).
import { createHash } from 'node:crypto';
import type { Screen } from './screen-types.js';

const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DAYS = 'mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?';
const UNITS = 's|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?|mo|months?|y|yrs?|years?';
/** Clock times, dates, weekdays and "3 min ago": they change while the screen stays the same. */
const VOLATILE = new RegExp(
  [
    String.raw`\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?\s?m\b\.?)?`,
    String.raw`\b(?:${MONTHS})\.? \d{1,2}(?:st|nd|rd|th)?(?:,? \d{4})?\b`,
    String.raw`\b\d{1,2} (?:${MONTHS})\b\.?(?: \d{4})?`,
    String.raw`\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b`,
    String.raw`\b\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?\b`,
    String.raw`\b(?:${DAYS})\b\.?`,
    String.raw`\b(?:\d+|an?|one)\s?(?:${UNITS})\s+ago\b`,
    String.raw`\b(?:just now|yesterday|today)\b`,
    String.raw`\d+\s*(?:秒|分钟|小时|天|周|个月|年)前|昨天|今天|刚刚`,
  ].join('|'),
  'gi',
);
const NUMBER = /\d+(?:[.,]\d+)*/g;

/** The label with clocks, dates and relative times replaced by '~'. */
export function maskVolatile(label: string): string {
  return label.replace(VOLATILE, '~');
}

/**
 * Identity of a screen for plan caching: window kinds, roles, labels and states, with clocks,
 * dates, relative times and every other number masked (a cart badge, a result count, a price),
 * typed text and toasts left out. Two visits to the same screen with other data agree.
 */
export function screenSignature(screen: Screen): string {
  const lines = [screen.foreground?.package ?? '', screen.foreground?.activity ?? ''];
  for (const e of screen.elements) {
    if (e.role === 'toast') continue;
    const label = e.role === 'input' ? e.resourceId : maskVolatile(e.label).replace(NUMBER, '#');
    const states = e.states.filter((s) => s !== 'focused').join(',');
    lines.push(`${screen.windows[e.window].kind}|${e.role}|${label}|${states}`);
  }
  return hash(lines);
}

/**
 * Everything a person would see change — labels, typed text, states, positions (a scroll) — except
 * clocks, dates and relative times, which tick on their own, and toasts, which come and go.
 */
export function contentKey(screen: Screen): string {
  const lines: string[] = [];
  for (const e of screen.elements) {
    if (e.role === 'toast') continue;
    const b = e.bounds;
    lines.push(
      `${screen.windows[e.window].kind}|${e.role}|${maskVolatile(e.label)}|${e.value ?? ''}|${e.states.join(',')}|${b.left},${b.top},${b.right},${b.bottom}`,
    );
  }
  return hash(lines);
}

function hash(lines: string[]): string {
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
}
