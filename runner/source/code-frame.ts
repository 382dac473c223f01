// A few lines of a source file around one point, as Playwright prints its own code frames:
//   2 |
// > 3 | if (!process.env.PORT) throw new Error('set PORT');
//     |                              ^
import { readFileSync } from 'node:fs';
import type { SourcePoint } from './location.js';

const ABOVE = 2;
const BELOW = 2;

/** The lines around `point`, the line itself marked and a caret under its column; '' when the file cannot be read. */
export function codeFrame(point: SourcePoint, source?: string): string {
  let text = source;
  if (text === undefined) {
    try {
      text = readFileSync(point.file, 'utf8');
    } catch {
      return '';
    }
  }
  const lines = text.split(/\r?\n/);
  // A file's last newline ends its last line; it does not start one more.
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  if (point.line < 1 || point.line > lines.length) return '';
  const first = Math.max(1, point.line - ABOVE);
  const last = Math.min(lines.length, point.line + BELOW);
  const width = String(last).length;
  const frame: string[] = [];
  for (let n = first; n <= last; n += 1) {
    const code = lines[n - 1];
    frame.push(`${n === point.line ? '>' : ' '} ${String(n).padStart(width)} |${code ? ` ${code}` : ''}`);
    if (n === point.line) {
      // Tabs stay tabs so the caret lines up under the same column.
      const lead = code.slice(0, Math.max(0, point.column - 1)).replace(/[^\t]/g, ' ');
      frame.push(`  ${' '.repeat(width)} | ${lead}^`);
    }
  }
  return frame.join('\n');
}
