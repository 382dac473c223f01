// Android `uiautomator dump` XML → UiHierarchy.
//
// Parser chosen by measurement (Node 20, 2-core EPYC VM, a 425 KB dump of 1,027 real nodes, 200 runs,
// each parser building the same tree; min / median ms): saxes 4.0 / 7.3, txml 4.3 / 7.4,
// fast-xml-parser 15.9 / 25.5 (29 with its validator). txml is as fast but accepts truncated and
// malformed XML without a word; saxes is strict and says at which line and column a dump breaks.
// saxes alone leaves no room in the 5 ms budget for parse + compress of a 1,000-node dump, so the
// well-formed subset uiautomator writes goes through a scanner (xml-scan.ts: 2.4 ms for that dump,
// nodes built) and everything else through saxes; both feed one builder, and tests hold them equal.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { HierarchyParseError, type DumpPosition } from './hierarchy-error.js';
import { scanXml } from './xml-scan.js';
import { HierarchyBuilder } from './hierarchy-builder.js';
import type { UiHierarchy } from './ui-node.js';

export { MAX_DEPTH } from './hierarchy-builder.js';
// `uiautomator dump /dev/tty` prints this after the XML (Android's spelling).
const DUMP_TRAILER = /^\s*UI hier[a-z]* dumped to:[^\n]*\s*$/;

export interface ParseOptions {
  /** Names the dump in errors: a file path, or 'emulator-5554 dump'. */
  source?: string;
  /** Skip the fast path and read the dump with the strict parser only (tests compare the two). */
  strict?: boolean;
}

/** Parses a uiautomator dump; throws HierarchyParseError naming what is wrong and where. */
export function parseUiautomatorXml(xml: string, options: ParseOptions = {}): UiHierarchy {
  const source = options.source;
  const text = withoutTrailer(xml);
  const first = text.search(/\S/);
  if (first < 0) {
    throw new HierarchyParseError({ problem: 'the dump is empty (no XML at all)', source });
  }
  if (text[first] !== '<') {
    const firstLine = text
      .slice(first, first + 200)
      .split('\n', 1)[0]
      .slice(0, 80);
    throw new HierarchyParseError({
      problem: `not a uiautomator dump: it starts with "${firstLine}"`,
      source,
      position: { line: 1, column: 1, offset: 0 },
      hint: /idle state/.test(firstLine)
        ? 'The device was busy animating; retry the dump, or disable animations (settings put global animator_duration_scale 0).'
        : undefined,
    });
  }
  if (!options.strict) {
    const fast = new HierarchyBuilder(() => undefined, source);
    try {
      if (scanXml(text, fast) && fast.done()) return fast.hierarchy;
    } catch (error) {
      // A bad attribute found on the fast path: the strict parser reports it with its line and column.
      if (!(error instanceof HierarchyParseError)) throw error;
    }
  }
  return parseStrict(text, source);
}

function parseStrict(text: string, source: string | undefined): UiHierarchy {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const here = (): DumpPosition => positionAt(text, parser.line, parser.column + 1);
  const builder = new HierarchyBuilder(here, source);
  parser.on('error', (error) => builder.fail(error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '').replace(/\.$/, '')));
  parser.on('opentag', (tag: SaxesTagPlain) => builder.element(tag.name, tag.attributes));
  parser.on('closetag', () => builder.close());
  parser.write(text);
  const open = builder.openElements();
  if (open > 0) {
    const midTag = !text.trimEnd().endsWith('>');
    builder.fail(
      `the dump is truncated: it ends ${midTag ? 'in the middle of a tag ' : ''}inside ${open === 1 ? '<hierarchy>' : `<node> (${open - 1} nodes left open)`}`,
    );
  }
  parser.close();
  if (!builder.done()) builder.fail('no <hierarchy> element in the dump');
  return builder.hierarchy;
}

/** Line and column as saxes counts them, with the character offset most dumps (one long line) need. */
function positionAt(text: string, line: number, column: number): DumpPosition {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
  return { line, column, offset: offset + column - 1 };
}

/** The dump without the line `uiautomator dump /dev/tty` prints after the XML; only the tail is looked at. */
function withoutTrailer(xml: string): string {
  const end = xml.lastIndexOf('>');
  return end >= 0 && end < xml.length - 1 && DUMP_TRAILER.test(xml.slice(end + 1)) ? xml.slice(0, end + 1) : xml;
}
