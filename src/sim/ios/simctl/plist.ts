// Property lists as simctl meets them: an app's Info.plist (XML) read at install, and the old-style text
// plist that `simctl appinfo` and `listapps` print.

/** The string values of an XML plist's top-level dictionary; undefined when the text is no XML plist. */
export function readXmlPlistStrings(xml: string): Record<string, string> | undefined {
  if (!/<plist[\s>]/.test(xml)) return undefined;
  const values: Record<string, string> = {};
  const pair = /<key>([^<]*)<\/key>\s*<string>([^<]*)<\/string>/g;
  for (let match = pair.exec(xml); match; match = pair.exec(xml)) values[unescapeXml(match[1])] = unescapeXml(match[2]);
  return values;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

/** Old-style (NeXTSTEP) plist text, as NSDictionary's description prints it: bare words unquoted, four-space indents. */
export function oldStylePlist(value: PlistValue, indent = ''): string {
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '(\n' + `${indent})`;
    return `(\n${value.map((item) => inner + oldStylePlist(item, inner)).join(',\n')}\n${indent})`;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort();
    if (keys.length === 0) return `{\n${indent}}`;
    const lines = keys.map((key) => `${inner}${word(key)} = ${oldStylePlist(value[key], inner)};`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  if (typeof value === 'boolean') return value ? '1' : '0';
  return word(String(value));
}

function word(text: string): string {
  return /^[A-Za-z0-9_$+/:.-]+$/.test(text) ? text : `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Parses old-style plist text back into values (for the plutil stand-in); throws on malformed text. */
export function parseOldStylePlist(text: string): PlistValue {
  let at = 0;
  const skip = () => {
    while (at < text.length && /\s/.test(text[at])) at++;
  };
  const fail = (what: string): never => {
    throw new Error(`Unexpected character ${JSON.stringify(text[at] ?? 'end of input')} at ${at}: expected ${what}`);
  };
  const scalar = (): string => {
    skip();
    if (text[at] === '"') {
      let out = '';
      for (at++; at < text.length && text[at] !== '"'; at++) out += text[at] === '\\' ? text[++at] : text[at];
      if (text[at++] !== '"') fail('"');
      return out;
    }
    const start = at;
    while (at < text.length && /[A-Za-z0-9_$+/:.-]/.test(text[at])) at++;
    if (start === at) fail('a value');
    return text.slice(start, at);
  };
  const value = (): PlistValue => {
    skip();
    if (text[at] === '{') {
      at++;
      const dict: Record<string, PlistValue> = {};
      for (skip(); text[at] !== '}'; skip()) {
        const key = scalar();
        skip();
        if (text[at++] !== '=') fail('=');
        dict[key] = value();
        skip();
        if (text[at++] !== ';') fail(';');
      }
      at++;
      return dict;
    }
    if (text[at] === '(') {
      at++;
      const list: PlistValue[] = [];
      for (skip(); text[at] !== ')'; skip()) {
        list.push(value());
        skip();
        if (text[at] === ',') at++;
      }
      at++;
      return list;
    }
    return scalar();
  };
  const result = value();
  skip();
  if (at < text.length) fail('end of input');
  return result;
}
