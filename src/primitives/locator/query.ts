// A target turned into what the rules look for: words, a role, an ordinal, id, ref.
import type { Role } from '../../observe/index.js';
import { isPoint, type Target } from './target.js';

export interface Query {
  ref?: string;
  /** A point in device pixels: the element there, touched at that very point. */
  point?: { x: number; y: number };
  /** Text to match against labels, values, ids; '' when the target names only a role or an ordinal. */
  text: string;
  /** The whole phrase as written, matched too in case a role word is part of a label ("Sign up button"). */
  phrase?: string;
  /** Exact label text the caller gave (only object targets distinguish it from `text`). */
  desc?: string;
  id?: string;
  roles?: Role[];
  /** The whole target was one role word ("Title", "Photo"): a label saying exactly that comes first. */
  roleWord?: string;
  /** 1-based from the start, or -1 for the last. */
  ordinal?: number;
  /** The ordinal counts list rows ("first result") rather than text matches. */
  ordinalOverList?: boolean;
  index?: number;
  near?: Target;
}

const ROLE_WORDS: Array<[RegExp, Role[]]> = [
  [/^(button|btn|link|icon button)$/, ['button', 'tab', 'item']],
  [/^(field|input|text field|text box|textbox|box|edit text|search box|search bar|bar)$/, ['input']],
  [/^(switch|toggle)$/, ['toggle', 'checkbox']],
  [/^(checkbox|check box|chip)$/, ['checkbox', 'toggle']],
  [/^(tab)$/, ['tab']],
  [/^(icon|image|picture|photo|logo)$/, ['image', 'button']],
  [/^(text|label|title|heading)$/, ['text']],
  [/^(dialog|popup|alert)$/, ['dialog']],
  [/^(list)$/, ['list']],
  [/^(row|item|entry|result)$/, ['item']],
];
const LIST_NOUNS =
  /^(results?|items?|products?|rows?|entr(y|ies)|cards?|notes?|messages?|chats?|one|elements?|options?|contacts?|videos?|posts?|tasks?|files?|songs?|emails?|orders?)$/;
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, last: -1 };

function roleOf(words: string): Role[] | undefined {
  return ROLE_WORDS.find(([re]) => re.test(words))?.[1];
}

/** Splits "the first checkbox", "Log in button", "e5" into the query the rules use. */
export function parseTarget(target: Target): Query {
  if (isPoint(target)) return { point: { x: target.x, y: target.y }, text: '' };
  if (typeof target !== 'string') {
    const roles = target.role === undefined ? undefined : (roleOf(target.role.toLowerCase()) ?? [target.role as Role]);
    return { text: target.text ?? '', desc: target.desc, id: target.id, roles, index: target.index, near: target.near };
  }
  const raw = target.trim();
  if (/^e\d+$/.test(raw)) return { ref: raw, text: '' };
  let rest = raw.replace(/^(the|a|an)\s+/i, '');
  const query: Query = { text: rest };
  const ord = /^(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|(\d+)(?:st|nd|rd|th))\b\s*/i.exec(rest);
  if (ord) {
    query.ordinal = ord[2] !== undefined ? Number(ord[2]) : ORDINALS[ord[1].toLowerCase()];
    rest = rest.slice(ord[0].length);
    if (rest === '' || LIST_NOUNS.test(rest.toLowerCase())) {
      query.ordinalOverList = true;
      query.text = '';
      return query;
    }
  }
  const whole = roleOf(rest.toLowerCase());
  if (whole) return { ...query, text: '', roles: whole, ...(query.ordinal === undefined ? { roleWord: rest } : {}) };
  const tail = /^(.*?)\s+(icon button|text field|text box|check box|search box|search bar|edit text|[\p{L}]+)$/iu.exec(rest);
  const roles = tail ? roleOf(tail[2].toLowerCase()) : undefined;
  if (tail && roles) return { ...query, text: tail[1], phrase: rest, roles };
  return { ...query, text: rest };
}
