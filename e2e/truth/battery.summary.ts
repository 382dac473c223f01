// After every goal of the truth battery ran: one table of what each step said against what adb said,
// the summary line, and the battery's one rule: no false passes.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROWS_FOLDER, type Row, type Verdict } from './battery.js';

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

function clip(text: string, width: number): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > width ? `${one.slice(0, width - 1)}…` : one;
}

function table(rows: Row[]): string {
  const head = ['app', 'goal', 'from', 'step', 'adb: done?', 'ms', 'verdict', 'what adb said / why the step failed'];
  const body = rows.map((r) => [
    r.app,
    clip(r.goal, 44),
    clip(r.from, 34),
    r.step,
    r.done ? 'done' : 'not done',
    String(r.ms),
    r.verdict,
    clip(r.verdict === 'honest failure' ? r.said.replace(/^ai\.step ".*?" failed \(\w+\): /, '') : r.adb, 110),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 5 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join(' | ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

test('the truth battery: no agent step passes without its goal done', async () => {
  const folder = path.join(test.info().project.outputDir, ROWS_FOLDER);
  const files = (await readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  expect(files.length, `no goal rows in ${folder}: run the "truth" project (this one is its teardown)`).toBeGreaterThan(0);
  const rows: Row[] = [];
  for (const file of files) rows.push(JSON.parse(await readFile(path.join(folder, file), 'utf8')) as Row);
  rows.sort((a, b) => a.app.localeCompare(b.app) || a.index - b.index);

  const count = (v: Verdict) => rows.filter((r) => r.verdict === v).length;
  const failed = rows.filter((r) => r.step !== 'passed').map((r) => r.ms);
  const summary =
    `truth battery: ${rows.length} goals, ${count('pass')} passes, ${count('honest failure')} honest failures, ` +
    `${count('false pass')} false passes, ${count('false failure')} false failures, median time to fail ${median(failed) ?? '-'} ms`;
  const wrong = rows
    .filter((r) => r.verdict === 'false pass' || r.verdict === 'false failure')
    .map((r) => `${r.verdict}: ${r.app} "${r.goal}" from ${r.from}${r.trap ? ` (${r.trap})` : ''}\n  the step said: ${r.said}\n  adb said: ${r.adb}`);
  const report = [table(rows), ...wrong, summary].join('\n\n');
  console.log(report);
  await test.info().attach('truth-battery.txt', { body: `${report}\n`, contentType: 'text/plain' });
  expect(
    rows.filter((r) => r.verdict === 'false pass').map((r) => `${r.app} "${r.goal}" from ${r.from}`),
    summary,
  ).toEqual([]);
});
