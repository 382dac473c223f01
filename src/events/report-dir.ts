// Where a run's reports go: the folder MOBILETEST_REPORT_DIR names, else mobiletest-report. The runner
// (its config, `test`, `merge-reports`, `show-report`) and the reporters all find it here.
import path from 'node:path';

export const DEFAULT_REPORT_DIR = 'mobiletest-report';

/** The report folder as set, relative to the config's folder unless absolute. */
export function reportDirSetting(env: Record<string, string | undefined> = process.env): string {
  return env.MOBILETEST_REPORT_DIR?.trim() || DEFAULT_REPORT_DIR;
}

/** The report folder, resolved against `base` (the config's folder, or the working directory). */
export function reportDir(base: string, env: Record<string, string | undefined> = process.env): string {
  return path.resolve(base, reportDirSetting(env));
}
