// `mobiletest show-trace <trace>`: one test attempt's trace (its folder in mobiletest-report/test-results/, or its
// events.jsonl) as a one-test HTML report in a temporary folder, served on 127.0.0.1 as show-report
// serves a run's report; Ctrl-C stops the server and removes the folder.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError } from '../errors.js';
import { parseServeArgs, serveUntilInterrupted } from './show-report.js';

const EVENTS_FILE = 'events.jsonl';
/** The built HTML writer, beside this command in the package (dist/reporters/): loaded by path, as merge-reports loads the reporters. */
const TRACE_REPORT = fileURLToPath(new URL('../../reporters/trace-report.js', import.meta.url));

interface TraceReportModule {
  writeTraceReport(options: { eventsFile: string; outDir: string; rootDir: string }): Promise<{ title: string; steps: number; frames: number }>;
}

export const SHOW_TRACE_USAGE = `Usage: mobiletest show-trace <trace> [options]

Serves one test attempt's trace as an HTML report on http://127.0.0.1 and prints its URL; Ctrl-C stops
and removes the report. <trace> is the attempt's folder, mobiletest-report/test-results/<test>/ (its
${EVENTS_FILE} with the screenshots and prompts beside it), or that ${EVENTS_FILE} itself.

Options:
  --port N    port to listen on (default: a free one)
  --host H    address to listen on (default 127.0.0.1)`;

/** The events log a trace argument names: the file itself, or the events.jsonl in the folder. */
export async function findEventsLog(trace: string): Promise<string> {
  const info = await stat(trace).catch(() => undefined);
  if (!info)
    throw new UsageError(
      `show-trace: no such file or folder: ${trace}. Give a test's trace folder (mobiletest-report/test-results/<test>/) or its ${EVENTS_FILE}.`,
    );
  if (info.isFile()) return trace;
  const file = path.join(trace, EVENTS_FILE);
  if (existsSync(file)) return file;
  const inside = await tracesIn(trace);
  const hint =
    inside.length > 0
      ? ` It holds ${inside.length} trace folder(s), e.g. ${inside
          .slice(0, 3)
          .map((dir) => path.relative(process.cwd(), dir) || dir)
          .join(', ')}: give one of them.`
      : ` A test's trace lives in mobiletest-report/test-results/<test>/ (the config's outputDir), written by a test that used the device fixture.`;
  throw new UsageError(`show-trace: no events log in ${trace}: looked for ${file}.${hint}`);
}

/** Trace folders in `dir` or in its test-results/ (the user gave the report or test-results folder itself). */
async function tracesIn(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const parent of [dir, path.join(dir, 'test-results')]) {
    const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
    found.push(
      ...entries.filter((entry) => entry.isDirectory() && existsSync(path.join(parent, entry.name, EVENTS_FILE))).map((entry) => path.join(parent, entry.name)),
    );
  }
  return found.sort();
}

export async function runShowTraceCommand(args: string[]): Promise<number> {
  const parsed = parseServeArgs(args, SHOW_TRACE_USAGE);
  if (parsed === 'help') return 0;
  const { positionals, port, host } = parsed;
  if (positionals.length !== 1)
    throw new UsageError(
      `show-trace takes one trace (a mobiletest-report/test-results/<test>/ folder or its ${EVENTS_FILE}), got ${positionals.length}${positionals.length ? `: ${positionals.join(' ')}` : ''}.\n\n${SHOW_TRACE_USAGE}`,
    );
  const eventsFile = await findEventsLog(path.resolve(positionals[0]));
  if ((await stat(eventsFile)).size === 0)
    throw new UsageError(`show-trace: ${eventsFile} is empty: the test wrote no events (it may not use the device fixture).`);
  if (!existsSync(TRACE_REPORT)) throw new UsageError(`show-trace: this build of mobiletest has no HTML writer (${TRACE_REPORT}); run npm run build.`);
  const { writeTraceReport } = (await import(pathToFileURL(TRACE_REPORT).href)) as TraceReportModule;
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-trace-'));
  try {
    const written = await writeTraceReport({ eventsFile, outDir, rootDir: process.cwd() }).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'EventLogCorruptError') throw new UsageError(`show-trace: ${error.message}`);
      throw error;
    });
    await serveUntilInterrupted(outDir, {
      port,
      host,
      banner: [
        `mobiletest show-trace: "${written.title}", ${written.steps} step(s), ${written.frames} screenshot(s), from ${eventsFile}`,
        `  report in ${outDir} (removed when you stop)`,
      ],
    });
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return 0;
}
