// `mobiletest merge-reports`: Playwright's merge-reports over the shards' blob reports, with
// mobiletest's reporters, so a sharded run ends with the same results.json, junit.xml and HTML
// report as one run (the device fixture attaches the files beside each events log to a blob run).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { reportDir } from '../../src/events/index.js';
import { UsageError } from '../errors.js';
import { resolvePlaywright } from './playwright-install.js';

/** The built reporters, beside this command in the package (dist/reporters/). */
const REPORTERS_DIR = fileURLToPath(new URL('../../reporters/', import.meta.url));

/** Each report the merge can write, as Playwright's --reporter takes it. */
const MERGE_OUTPUTS: Record<string, () => string> = {
  json: () => path.join(REPORTERS_DIR, 'json.js'),
  junit: () => path.join(REPORTERS_DIR, 'junit.js'),
  html: () => path.join(REPORTERS_DIR, 'html.js'),
  list: () => 'list',
};

export const MERGE_REPORTS_USAGE = `Usage: mobiletest merge-reports [blob-dir...] [--output json,junit]

Merges the blob reports of a sharded run (\`mobiletest test --shard i/n\` on each machine) into the
reports one unsharded run writes, in mobiletest-report/ (or MOBILETEST_REPORT_DIR).

Arguments:
  blob-dir        folders holding the shards' blob reports (*.zip), e.g. one per downloaded CI
                  artifact (default: mobiletest-report/blob)

Options:
  --output LIST   reports to write, comma-separated: ${Object.keys(MERGE_OUTPUTS).join(', ')} (default json,junit);
                  html is the trace viewer of the whole run, with each test's screenshots and prompts,
                  which the shards' blob reports carry`;

interface MergeArgs {
  dirs: string[];
  outputs: string[];
}

function parseMergeArgs(argv: string[]): MergeArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { output: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError(`merge-reports: ${(error as Error).message}\n\n${MERGE_REPORTS_USAGE}`);
  }
  if (parsed.values.help) return 'help';
  const outputs = (parsed.values.output ?? 'json,junit')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const output of outputs) {
    if (!(output in MERGE_OUTPUTS))
      throw new UsageError(
        `merge-reports: --output ${parsed.values.output}: "${output}" is not a report; choose from ${Object.keys(MERGE_OUTPUTS).join(', ')}.`,
      );
    if (output !== 'list' && !existsSync(MERGE_OUTPUTS[output]()))
      throw new UsageError(`merge-reports: --output ${output}: this build of mobiletest has no ${output} reporter (${MERGE_OUTPUTS[output]()}).`);
  }
  if (outputs.length === 0) throw new UsageError(`merge-reports: --output needs at least one report: ${Object.keys(MERGE_OUTPUTS).join(', ')}.`);
  return { dirs: parsed.positionals, outputs: [...new Set(outputs)] };
}

/**
 * The blob reports in each folder and its subfolders one level down (a CI download keeps one
 * folder per artifact); a folder that is missing or holds none is a usage error naming it.
 */
async function blobReports(dirs: string[]): Promise<string[]> {
  const zips: string[] = [];
  for (const dir of dirs) {
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory())
      throw new UsageError(`merge-reports: ${dir} is not a folder. Give the folders that hold the shards' blob reports (*.zip), e.g. mobiletest-report/blob.`);
    const found: string[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isFile() && entry.name.endsWith('.zip')) found.push(full);
      else if (entry.isDirectory()) found.push(...(await readdir(full)).filter((name) => name.endsWith('.zip')).map((name) => path.join(full, name)));
    }
    if (found.length === 0)
      throw new UsageError(
        `merge-reports: no blob reports (*.zip) in ${dir}. Each \`mobiletest test --shard i/n\` writes one to mobiletest-report/blob; collect them there (or name their folders) and run merge-reports again.`,
      );
    zips.push(...found.sort());
  }
  return zips;
}

export async function runMergeReportsCommand(argv: string[]): Promise<number> {
  const args = parseMergeArgs(argv);
  if (args === 'help') {
    console.log(MERGE_REPORTS_USAGE);
    return 0;
  }
  const cwd = process.cwd();
  const reports = reportDir(cwd);
  const dirs = args.dirs.length > 0 ? args.dirs.map((dir) => path.resolve(cwd, dir)) : [path.join(reports, 'blob')];
  const zips = await blobReports(dirs);
  let playwright;
  try {
    playwright = resolvePlaywright(cwd);
  } catch (error) {
    console.error(`mobiletest merge-reports: ${(error as Error).message}`);
    return 1;
  }
  // Playwright merges one folder and unpacks into it: gather the shards in a scratch folder, so
  // several artifact folders merge at once and the users' folders stay as they were.
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-merge-'));
  try {
    await Promise.all(zips.map((zip, index) => copyFile(zip, path.join(scratch, `${String(index + 1).padStart(3, '0')}-${path.basename(zip)}`))));
    const reporters = args.outputs.map((output) => MERGE_OUTPUTS[output]()).join(',');
    return await runChild(playwright.cli, ['merge-reports', scratch, '--reporter', reporters], { ...process.env, MOBILETEST_REPORT_DIR: reports });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function runChild(cli: string, argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...argv], { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
