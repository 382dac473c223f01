// Playwright collects test files by testMatch but first drops any file whose extension is not a
// JavaScript or TypeScript one, with no option to widen that list. This shim answers `.js` for a YAML
// spec to that one check only (the caller is recognised by its function name in Playwright's source);
// every other caller of path.extname still gets `.yml`. The runner tests list YAML specs through a
// real Playwright run, so a Playwright release that renames the check fails them instead of passing.
import path from 'node:path';
import { isYamlSpecFile } from '../spec-files.js';

/** Playwright's test-file filter (`collectFilesForProject` in runner/loadUtils.ts). */
const COLLECTORS = new Set(['testFileExtension', 'collectFilesForProject']);

function calledByCollector(): boolean {
  const prepare = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  const holder: { stack?: NodeJS.CallSite[] } = {};
  try {
    Error.prepareStackTrace = (_error, frames) => frames;
    Error.stackTraceLimit = 4;
    Error.captureStackTrace(holder, extnameForCollectors);
    return (holder.stack ?? []).some((frame) => COLLECTORS.has(frame.getFunctionName() ?? ''));
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
}

const originalExtname = path.extname;

function extnameForCollectors(file: string): string {
  return isYamlSpecFile(file) && calledByCollector() ? '.js' : originalExtname(file);
}

/** Lets Playwright's file collection keep `*.test.yml` / `*.test.yaml` files that testMatch selects. */
export function acceptYamlTestFiles(): void {
  if (path.extname !== extnameForCollectors) path.extname = extnameForCollectors;
}
