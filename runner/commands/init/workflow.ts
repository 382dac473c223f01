// The GitHub Actions workflow for the project's package manager: one template (written for npm with a
// lockfile, itself a valid workflow) edited where the manager's row differs, keeping its comments.
import { isMap, isScalar, isSeq, parseDocument, type Document, type Scalar, type YAMLMap } from 'yaml';
import type { PackageManagerChoice } from './package-managers.js';
import { TemplateError } from './template-error.js';

export interface WorkflowOptions {
  packageManager: PackageManagerChoice;
  /** `.nvmrc` or `.node-version` to read Node's version from, else the Node major to install. */
  node: { file: string } | { major: number };
}

/** What the template says where a manager differs. */
const TEMPLATE_INSTALL = 'npm ci';
const TEMPLATE_EXEC = 'npx ';

interface SetupStep {
  step: Record<string, unknown>;
  comment?: string;
}

/** The step that puts the manager on the runner before setup-node looks for its cache folder. */
function managerSetupStep({ manager, pinned, runningVersion }: PackageManagerChoice): SetupStep | undefined {
  if (manager.setup === 'corepack') return { step: { run: 'corepack enable' } };
  if (manager.setup !== 'pnpm/action-setup') return undefined;
  // With packageManager in package.json the action reads the version there and refuses a second one.
  if (pinned) return { step: { uses: 'pnpm/action-setup@v4' } };
  return {
    step: { uses: 'pnpm/action-setup@v4', with: { version: runningVersion ? Number(runningVersion.split('.')[0]) : 'latest' } },
    comment: ' The pnpm to install; naming it in package.json ("packageManager": "pnpm@<version>") pins it for everyone (then drop `with:`).',
  };
}

function scalarIn(map: YAMLMap, key: string): Scalar | undefined {
  const node = map.get(key, true);
  return isScalar(node) ? node : undefined;
}

/** The template being edited, and where it was read from for its errors. */
interface EditedTemplate {
  doc: Document;
  where: string;
}

/** setup-node's `with:` settings: the Node version (or the file naming it) and the manager's cache. */
function editSetupNode(settings: YAMLMap, { doc, where }: EditedTemplate, { packageManager, node }: WorkflowOptions): void {
  const pair = settings.items.find((item) => isScalar(item.key) && item.key.value === 'node-version');
  if (!pair) throw new TemplateError(`${where}: actions/setup-node has no node-version to replace`);
  if ('file' in node) {
    pair.key = doc.createNode('node-version-file');
    pair.value = doc.createNode(node.file);
  } else {
    pair.value = doc.createNode(node.major);
  }
  const cache = scalarIn(settings, 'cache');
  // setup-node's cache hashes the lockfile, and fails the job when there is none.
  if (!packageManager.lockfile) settings.delete('cache');
  else if (cache) cache.value = packageManager.manager.cache;
}

function editRun(step: YAMLMap, { packageManager: { manager, lockfile } }: WorkflowOptions): void {
  const run = scalarIn(step, 'run');
  if (typeof run?.value !== 'string') return;
  // The scalar is changed in place, so the comments around it stay where they were.
  if (run.value === TEMPLATE_INSTALL) run.value = lockfile ? manager.install : manager.installWithoutLockfile;
  else if (run.value.startsWith(TEMPLATE_EXEC)) run.value = `${manager.exec} ${run.value.slice(TEMPLATE_EXEC.length)}`;
}

/** The workflow text for the project: every job that sets up Node installs and runs through its manager. */
export function renderWorkflow(template: string, where: string, options: WorkflowOptions): string {
  const doc = parseDocument(template);
  const jobs = doc.get('jobs');
  if (!isMap(jobs)) throw new TemplateError(`${where}: no jobs`);
  let edited = 0;
  for (const { value: job } of jobs.items) {
    const steps = isMap(job) ? job.get('steps') : undefined;
    if (!isSeq(steps)) continue;
    const items = steps.items.filter(isMap);
    const setupNode = items.findIndex((step) => String(step.get('uses') ?? '').startsWith('actions/setup-node@'));
    if (setupNode < 0) continue;
    const settings = items[setupNode].get('with');
    if (!isMap(settings)) throw new TemplateError(`${where}: actions/setup-node has no with:`);
    editSetupNode(settings, { doc, where }, options);
    for (const step of items) editRun(step, options);
    const setup = managerSetupStep(options.packageManager);
    if (setup) {
      const node = doc.createNode(setup.step);
      if (setup.comment) node.commentBefore = setup.comment;
      steps.items.splice(steps.items.indexOf(items[setupNode]), 0, node);
    }
    edited++;
  }
  if (edited === 0) throw new TemplateError(`${where}: no job sets up Node with actions/setup-node`);
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
