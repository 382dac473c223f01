// `mobiletest demo`: runs the example specs in e2e/examples/ on the virtual phone and iPhone, as a user runs
// their own (TypeScript and YAML, one failing on purpose), then says what the reports hold.
// `--screens` instead walks the Shop app step by step, printing each screen as the agent reads it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { runScreensDemo } from './demo-screens.js';

const USAGE = `Usage: mobiletest demo [--screens [--out DIR] [--seed N]]

Runs the example specs in e2e/examples/ on the virtual phone and the virtual iPhone (one project
per platform) with "mobiletest test": a TypeScript
and a YAML spec that log in to the Shop app, search, scroll to a product, add it to the cart and
check the badge, and one spec that fails on purpose on the app's crash, to show a failure report.
Reports go to e2e/examples/mobiletest-report/ (results.json, junit.xml).

  --screens   Instead, walk the Shop app step by step through the driver and print each screen as
              the agent reads it, with what changed; screenshots go to DIR (default .mobiletest/demo).`;

/** Titles of example tests that are meant to fail, to show what a failure report looks like. */
const ON_PURPOSE = /\(fails on purpose\)/;

const EXAMPLES = path.join(PACKAGE_ROOT, 'e2e', 'examples');
const CLI = path.join(PACKAGE_ROOT, 'dist', 'runner', 'cli.js');

interface ResultStep {
  status: string;
  agent?: { path: string };
}
interface ResultTest {
  title: string;
  project: string;
  file: string;
  line: number;
  status: string;
  device?: string;
  /** A team test's devices by role. */
  devices?: Record<string, { serial: string }>;
  steps: ResultStep[];
  failure?: { category?: string; message?: string; step?: string | null; suggestion?: string };
  agent?: { llm_calls: number };
}

/** `4 agent steps (4 by the offline rules), 0 model calls`, or '' for a test without agent steps. */
function agentSummary(t: ResultTest): string {
  const calls = t.steps.filter((s) => s.agent);
  if (calls.length === 0) return '';
  const paths = new Map<string, number>();
  for (const s of calls) paths.set(s.agent!.path, (paths.get(s.agent!.path) ?? 0) + 1);
  const names: Record<string, string> = { rules: 'by the offline rules', cache: 'replayed from the cache', model: 'by the model' };
  const by = [...paths].map(([path, n]) => `${n} ${names[path] ?? path}`).join(', ');
  return `; ${calls.length} agent steps (${by}), ${t.agent?.llm_calls ?? 0} model calls`;
}

export async function runDemoCommand(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { screens: { type: 'boolean' }, out: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.screens) return runScreensDemo({ outDir: values.out ?? '.mobiletest/demo', seed: values.seed === undefined ? 1 : Number(values.seed) });
  if (values.out !== undefined || values.seed !== undefined) throw new UsageError(`--out and --seed go with --screens.\n\n${USAGE}`);
  return runExamples();
}

async function runExamples(): Promise<number> {
  if (!existsSync(path.join(EXAMPLES, 'mobiletest.config.ts'))) {
    throw new UsageError(`The demo's example specs are not here (${EXAMPLES}); they ship with mobiletest's source checkout.`);
  }
  const relative = path.relative(process.cwd(), EXAMPLES) || '.';
  console.log(
    `Running the example specs in ${relative}/ on the virtual phone and iPhone: mobiletest test --config ${relative}/mobiletest.config.ts --output list,json,junit,html\n`,
  );
  await new Promise<number | null>((resolve, reject) => {
    const args = [CLI, 'test', '--config', path.join(EXAMPLES, 'mobiletest.config.ts'), '--output', 'list,json,junit,html'];
    const child = spawn(process.execPath, args, { cwd: EXAMPLES, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', resolve);
  });
  const reportDir = path.join(EXAMPLES, 'mobiletest-report');
  const results = JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')) as { tests: ResultTest[] };
  console.log('\nWhat the demo showed:');
  let asExpected = results.tests.length > 0;
  for (const t of results.tests) {
    const purpose = ON_PURPOSE.test(t.title);
    const ok = purpose ? t.status === 'failed' && t.failure?.category === 'product' : t.status === 'passed';
    asExpected &&= ok;
    const mark = t.status === 'passed' ? '✓' : '✗';
    const where = `${t.file}:${t.line}`;
    const on = t.devices
      ? Object.entries(t.devices)
          .map(([role, d]) => `${role} ${d.serial}`)
          .join(' and ')
      : (t.device ?? 'no device');
    const steps = `${t.steps.filter((s) => !s.agent).length} device actions on ${on}${agentSummary(t)}`;
    console.log(`  ${mark} ${t.project ? `[${t.project}] ` : ''}${t.title} (${where}, ${steps})`);
    if (t.failure) {
      console.log(
        `      ${t.failure.category ?? 'unclassified'} failure${t.failure.step ? ` in ${t.failure.step}` : ''}: ${firstLine(t.failure.message ?? '')}`,
      );
      if (t.failure.suggestion) console.log(`      suggestion: ${t.failure.suggestion}`);
    }
    if (!ok) console.log(purpose ? '      expected this test to fail as a product defect' : '      expected this test to pass');
  }
  console.log(`\nReports: ${path.join(relative, 'mobiletest-report', 'results.json')} and ${path.join(relative, 'mobiletest-report', 'junit.xml')}`);
  console.log(
    `Trace viewer: ${path.join(relative, 'mobiletest-report', 'html', 'index.html')} (or: npx mobiletest show-report ${path.join(relative, 'mobiletest-report')})`,
  );
  console.log(asExpected ? 'The demo ran as expected: the failing test fails on purpose.' : 'The demo did not run as expected (see above).');
  return asExpected ? 0 : 1;
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/^ActionFailed: /, '');
}
