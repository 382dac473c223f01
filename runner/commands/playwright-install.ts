// Finds the @playwright/test that runs a user's tests: the project's own copy first, then the one
// mobiletest imports. Playwright refuses test files that load it through two copies, so two
// different copies are reported before anything runs.
import { realpathSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';

export interface PlaywrightInstall {
  /** The folder of the @playwright/test package (real path). */
  root: string;
  /** Its command-line entry, `cli.js`. */
  cli: string;
  version: string;
  /** Whether the project has its own copy or borrows the one mobiletest imports. */
  from: 'project' | 'mobiletest';
}

/** The project and mobiletest resolve @playwright/test to two different folders. */
export class PlaywrightCopies extends Error {
  override name = 'PlaywrightCopies';

  readonly problem: string;
  readonly fix =
    'keep one: install mobiletest and @playwright/test side by side in the project (npm install -D mobiletest @playwright/test), ' +
    'then check with `npm ls @playwright/test` that only one folder is listed';

  constructor(
    readonly project: PlaywrightInstall,
    readonly own: PlaywrightInstall,
  ) {
    const problem =
      `two copies of @playwright/test: the project's ${project.version} at ${project.root}, and ${own.version} at ${own.root}, ` +
      'which mobiletest imports; Playwright cannot run test files that load it through two copies';
    super(problem);
    this.problem = problem;
    this.message = `${problem}. Fix: ${this.fix}.`;
  }
}

/** Neither the project nor mobiletest can load @playwright/test. */
export class PlaywrightMissing extends Error {
  override name = 'PlaywrightMissing';

  readonly problem: string;
  readonly fix = 'npm install -D @playwright/test';

  constructor(cwd: string) {
    const problem = `@playwright/test is not installed for ${cwd}, and mobiletest runs tests with it`;
    super(problem);
    this.problem = problem;
    this.message = `${problem}. Fix: ${this.fix}.`;
  }
}

function locate(from: string, origin: PlaywrightInstall['from']): PlaywrightInstall | undefined {
  let manifest: string;
  try {
    manifest = realpathSync(createRequire(from).resolve('@playwright/test/package.json'));
  } catch {
    return undefined;
  }
  const root = path.dirname(manifest);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { root, cli: path.join(root, 'cli.js'), version, from: origin };
}

/** The copy of @playwright/test mobiletest itself imports (undefined when it has none). */
export function ownPlaywright(): PlaywrightInstall | undefined {
  return locate(path.join(PACKAGE_ROOT, 'package.json'), 'mobiletest');
}

/** The single @playwright/test to run the project in `cwd` with; throws when there are two or none. */
export function resolvePlaywright(cwd: string): PlaywrightInstall {
  const project = locate(path.join(cwd, 'package.json'), 'project');
  const own = ownPlaywright();
  if (project && own && project.root !== own.root) throw new PlaywrightCopies(project, own);
  const found = project ?? own;
  if (!found) throw new PlaywrightMissing(cwd);
  return found;
}
