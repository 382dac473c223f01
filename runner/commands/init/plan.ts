// Which files `mobiletest init` writes into a project, in which form and folder, and which it keeps:
// the same answer on every run, so a second run finds the first run's files and writes nothing.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fill } from '../../../src/agent/roles/templates.js';
import { PACKAGE_ROOT } from '../../package-root.js';
import { CODE_SPEC_EXTENSIONS, YAML_SPEC_EXTENSIONS } from '../../spec-files.js';
import { CONFIG_NAMES } from '../config-file.js';
import { codeForm, type CodeForm } from './forms.js';
import type { ProjectFacts } from './project.js';
import { renderWorkflow } from './workflow.js';

/** templates/init/ in the package (this file runs from dist/runner/commands/init/). */
const TEMPLATES = path.join(PACKAGE_ROOT, 'templates', 'init');

const MOBILETEST_CONFIGS = CONFIG_NAMES.filter((name) => name.startsWith('mobiletest.'));
const PLAYWRIGHT_CONFIGS = CONFIG_NAMES.filter((name) => name.startsWith('playwright.'));
/** Where the examples go: tests/, unless it holds other tests, then the next folder. */
const SPEC_DIRS = ['tests', 'mobile-tests'] as const;
const EXAMPLE = 'shop.test';

export interface PlannedFile {
  /** Relative to the current folder, with `/`. */
  target: string;
  what: string;
  /** True when a file of this kind is already there; it is kept and `render` is not called. */
  exists: boolean;
  render: () => string;
}

export interface InitPlan {
  form: CodeForm;
  /** The folder the config's testDir names, relative to the current folder. */
  specDir: string;
  /** The mobiletest config and the code example, written or kept. */
  config: string;
  codeSpec: string;
  files: PlannedFile[];
  /** The Playwright config already in the folder, which init leaves alone. */
  playwrightConfig?: string;
  /** Set when Playwright's config would also run the examples: the reason, in words. */
  playwrightPicksUp?: string;
}

/** Every string literal given as `testDir:` in a config's text. */
function testDirsIn(text: string): string[] {
  return [...text.matchAll(/\btestDir\s*:\s*(['"`])([^'"`]*)\1/g)].map((match) => match[2]);
}

function normalise(dir: string): string {
  return path.posix.normalize(dir.replace(/\\/g, '/')).replace(/\/$/, '') || '.';
}

/** The existing config's testDir when it names a folder inside this one, else tests/ or the next free folder. */
function chooseSpecDir(cwd: string, config: string | undefined): string {
  const named = config ? testDirsIn(readFileSync(path.join(cwd, config), 'utf8')).map(normalise)[0] : undefined;
  if (named !== undefined && !named.startsWith('..') && !path.isAbsolute(named)) return named;
  const isFolder = (dir: string): boolean => existsSync(path.join(cwd, dir)) && statSync(path.join(cwd, dir)).isDirectory();
  const holdsExample = (dir: string): boolean => isFolder(dir) && readdirSync(path.join(cwd, dir)).some((name) => name.startsWith(`${EXAMPLE}.`));
  return SPEC_DIRS.find(holdsExample) ?? SPEC_DIRS.find((dir) => !existsSync(path.join(cwd, dir))) ?? SPEC_DIRS[SPEC_DIRS.length - 1];
}

/** Why `playwright test` with this config would run the examples in `specDir`, or undefined when it would not. */
function playwrightPicksUp(cwd: string, config: string, specDir: string): string | undefined {
  const text = readFileSync(path.join(cwd, config), 'utf8');
  // The fix init suggests: a testIgnore naming the folder.
  if (/\btestIgnore\b/.test(text) && text.includes(`${specDir}/`)) return undefined;
  if (!/\btestDir\b/.test(text)) return `${config} sets no testDir (Playwright then looks in the config's own folder)`;
  const target = path.resolve(cwd, specDir);
  const holding = testDirsIn(text).find((dir) => {
    const relative = path.relative(path.resolve(cwd, dir), target);
    return !relative.startsWith('..') && !path.isAbsolute(relative);
  });
  return holding === undefined ? undefined : `the testDir '${holding}' of ${config} holds ${specDir}/`;
}

function template(name: string): string {
  return readFileSync(path.join(TEMPLATES, name), 'utf8');
}

export function planInit(cwd: string, facts: ProjectFacts): InitPlan {
  const has = (file: string): boolean => existsSync(path.join(cwd, file));
  const form = codeForm(facts.language, facts.moduleType);
  const config = MOBILETEST_CONFIGS.find(has);
  const specDir = chooseSpecDir(cwd, config);
  const inSpecDir = (name: string): string => (specDir === '.' ? name : `${specDir}/${name}`);
  const existing = (names: string[]): string | undefined => names.find(has);
  const codeSpec = existing(CODE_SPEC_EXTENSIONS.map((ext) => inSpecDir(`${EXAMPLE}.${ext}`))) ?? inSpecDir(`${EXAMPLE}.${form.extension}`);
  const yamlSpec = existing(YAML_SPEC_EXTENSIONS.map((ext) => inSpecDir(`${EXAMPLE}.${ext}`))) ?? inSpecDir(`${EXAMPLE}.yml`);
  const workflow = existing(['.github/workflows/mobiletest.yml', '.github/workflows/mobiletest.yaml']) ?? '.github/workflows/mobiletest.yml';
  const configFile = config ?? `mobiletest.config.${form.extension}`;
  const values = { specDir, codeSpec, test: `${facts.packageManager.manager.exec} mobiletest test` };
  const code = (name: string): string => form.render(fill(template(name), values, name), name);
  const playwrightConfig = PLAYWRIGHT_CONFIGS.find(has);
  const picksUp = playwrightConfig ? playwrightPicksUp(cwd, playwrightConfig, specDir) : undefined;
  return {
    form,
    specDir,
    config: configFile,
    codeSpec,
    ...(playwrightConfig ? { playwrightConfig } : {}),
    ...(picksUp ? { playwrightPicksUp: picksUp } : {}),
    files: [
      {
        target: configFile,
        exists: config !== undefined,
        what: `the config in ${form.label}, running the specs in ${specDir}/`,
        render: () => code('mobiletest.config.ts'),
      },
      { target: codeSpec, exists: has(codeSpec), what: `an example spec in ${form.label}`, render: () => code('tests/shop.test.ts') },
      {
        target: yamlSpec,
        exists: has(yamlSpec),
        what: 'an example spec in YAML',
        render: () => fill(template('tests/shop.test.yml'), values, 'tests/shop.test.yml'),
      },
      {
        target: workflow,
        exists: has(workflow),
        what: `a GitHub Actions workflow with shards and a merge job, installing with ${facts.packageManager.manager.label}`,
        // `github/` is stored without its dot so packaging keeps it.
        render: () =>
          renderWorkflow(template('github/workflows/mobiletest.yml'), 'github/workflows/mobiletest.yml', {
            packageManager: facts.packageManager,
            node: facts.nodeVersionFile ? { file: facts.nodeVersionFile } : { major: Number(process.versions.node.split('.')[0]) },
          }),
      },
    ],
  };
}
