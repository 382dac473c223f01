import { isMap, isScalar, isSeq, type LineCounter, type Node, type Pair } from 'yaml';
import { closest } from '../../src/primitives/schema/suggest.js';
import type { SpecLocation, YamlProblem } from './errors.js';

/** A node or pair from the parsed document, or a raw source offset. */
export type Place = Node | Pair | number | null | undefined;

/** Collects the problems of one spec file, each placed at a line and column of its source. */
export class SpecReader {
  readonly problems: YamlProblem[] = [];

  constructor(
    readonly file: string,
    private readonly lines: LineCounter,
  ) {}

  at(place: Place): SpecLocation {
    const offset = offsetOf(place);
    const { line, col } = this.lines.linePos(offset);
    return { file: this.file, line, column: col };
  }

  problem(place: Place, reason: string): void {
    this.problems.push({ location: this.at(place), reason });
  }

  /** Reports keys of `map` outside `allowed`, with the closest allowed key as a hint. */
  unknownKeys(pairs: readonly Pair[], allowed: readonly string[], where: string): void {
    for (const pair of pairs) {
      const key = keyOf(pair);
      if (key !== undefined && allowed.includes(key)) continue;
      if (key === undefined) {
        this.problem(pair, `keys of ${where} should be plain words; allowed: ${allowed.join(', ')}`);
        continue;
      }
      const hint = closest(key, allowed);
      this.problem(pair, `unknown key \`${key}\` in ${where}${hint ? `; did you mean \`${hint}\`?` : `; allowed: ${allowed.join(', ')}`}`);
    }
  }
}

function offsetOf(place: Place): number {
  if (typeof place === 'number') return place;
  if (!place) return 0;
  if ('range' in place && place.range) return place.range[0];
  const pair = place as Pair;
  return offsetOf((pair.key as Node | null) ?? (pair.value as Node | null));
}

/** The text of a pair's key when it is a plain scalar (`name:`), else undefined. */
export function keyOf(pair: Pair): string | undefined {
  return isScalar(pair.key) && typeof pair.key.value === 'string' ? pair.key.value : undefined;
}

/** A map's pair by key. */
export function pairOf(pairs: readonly Pair[], key: string): Pair | undefined {
  return pairs.find((pair) => keyOf(pair) === key);
}

/** What a node is, for messages: "a list", "a map", "number 5". */
export function describeNode(node: unknown): string {
  if (node === null || node === undefined) return 'nothing';
  if (isSeq(node)) return node.items.length === 0 ? 'an empty list' : 'a list';
  if (isMap(node)) return 'a map';
  if (isScalar(node)) {
    const value = node.value;
    if (value === null) return 'nothing';
    return typeof value === 'string' ? `text "${value}"` : `${typeof value} ${String(value)}`;
  }
  return 'something else';
}

/** A scalar's text, when the node is a non-empty string scalar. */
export function textOf(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' && node.value.trim() !== '' ? node.value : undefined;
}
