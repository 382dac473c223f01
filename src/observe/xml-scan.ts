// Fast path for the XML that uiautomator writes: elements, double-quoted attributes, the five
// entities and character references, whitespace between tags. Anything else (comments, CDATA,
// single quotes, stray text, a truncated or malformed dump) returns false, and the strict parser
// (saxes) reads the dump instead and says where it breaks. About twice as fast as saxes on real dumps.

/** Receives a document as a stream: a start tag, its attributes one by one, its end. */
export interface TagSink {
  startTag(name: string): void;
  /** False when the tag already had this attribute: the strict parser takes over. */
  attribute(name: string, value: string): boolean;
  /** After the last attribute of a start tag. */
  endStartTag(): void;
  close(): void;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Feeds the elements of `xml` to `sink`; false (having fed some) when the dump needs the strict parser. */
export function scanXml(xml: string, sink: TagSink): boolean {
  const n = xml.length;
  const open: string[] = [];
  // Where the next '<', '&', line break and tab are: each found once and passed lazily, not per attribute.
  let lt = -1;
  let amp = -1;
  let nl = -1;
  let cr = -1;
  let tab = -1;
  let i = skipSpace(xml, 0);
  if (xml.startsWith('<?xml', i)) {
    const end = xml.indexOf('?>', i);
    if (end < 0) return false;
    i = end + 2;
  }
  let seenRoot = false;
  for (;;) {
    i = skipSpace(xml, i);
    if (i >= n) return open.length === 0 && seenRoot;
    if (xml.charCodeAt(i) !== 60 /* < */) return false;
    if (xml.charCodeAt(i + 1) === 47 /* / */) {
      const gt = xml.indexOf('>', i);
      if (gt < 0 || xml.slice(i + 2, gt).trim() !== open.pop()) return false;
      sink.close();
      i = gt + 1;
      continue;
    }
    let j = nameEnd(xml, i + 1);
    if (j === i + 1 || isDigitDashDot(xml.charCodeAt(i + 1)) || (seenRoot && open.length === 0)) return false;
    const name = xml.slice(i + 1, j);
    sink.startTag(name);
    for (;;) {
      const k = skipSpace(xml, j);
      const ch = xml.charCodeAt(k);
      if (ch === 62 /* > */) {
        sink.endStartTag();
        open.push(name);
        i = k + 1;
        break;
      }
      if (ch === 47 /* / */) {
        if (xml.charCodeAt(k + 1) !== 62) return false;
        sink.endStartTag();
        sink.close();
        i = k + 2;
        break;
      }
      const e = nameEnd(xml, k);
      if (k === j || e === k || isDigitDashDot(ch) || xml.charCodeAt(e) !== 61 /* = */ || xml.charCodeAt(e + 1) !== 34 /* " */) return false;
      const q = xml.indexOf('"', e + 2);
      if (q < 0) return false;
      if (lt < e) lt = indexOr(xml, '<', e);
      if (lt < q) return false;
      let value = xml.slice(e + 2, q);
      if (nl < e) nl = indexOr(xml, '\n', e);
      if (cr < e) cr = indexOr(xml, '\r', e);
      if (tab < e) tab = indexOr(xml, '\t', e);
      // XML normalises literal line breaks and tabs in attribute values to spaces.
      if (nl < q || cr < q || tab < q) value = value.replace(/\r\n|[\n\r\t]/g, ' ');
      if (amp < e) amp = indexOr(xml, '&', e);
      if (amp < q) {
        const decoded = decode(value);
        if (decoded === undefined) return false;
        value = decoded;
      }
      if (!sink.attribute(xml.slice(k, e), value)) return false;
      j = q + 1;
    }
    seenRoot = true;
  }
}

function indexOr(s: string, c: string, from: number): number {
  const at = s.indexOf(c, from);
  return at < 0 ? s.length : at;
}

function nameEnd(s: string, j: number): number {
  let c = s.charCodeAt(j);
  while ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 58 || c === 45 || c === 46) c = s.charCodeAt(++j);
  return j;
}

function isDigitDashDot(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 45 || c === 46;
}

function skipSpace(s: string, i: number): number {
  let c = s.charCodeAt(i);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = s.charCodeAt(++i);
  return i;
}

/** Entities and character references of an attribute value; undefined for one XML does not know. */
function decode(value: string): string | undefined {
  let bad = false;
  const out = value.replace(/&([^;&]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) bad = true;
    if (ref.startsWith('#')) {
      const code = /^#\d+$/.test(ref) ? parseInt(ref.slice(1), 10) : /^#x[0-9a-fA-F]+$/.test(ref) ? parseInt(ref.slice(2), 16) : NaN;
      if (!(code > 0 && code <= 0x10ffff)) bad = true;
      return bad ? '' : String.fromCodePoint(code);
    }
    const entity = ENTITIES[ref];
    if (entity === undefined) bad = true;
    return entity ?? '';
  });
  return bad ? undefined : out;
}
