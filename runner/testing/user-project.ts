// A newcomer's project, made as they make it: `npm init -y` in an empty folder, then mobiletest
// installed from the packed tarball with npm, pnpm or yarn, and its CLI run through that manager
// under the Node the project uses. The install tests drive it; it shares PACKAGING_DIR's caches.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ProjectFolder, run, type RunOptions, type RunResult } from './project.js';
import { CACHES, NPM_CLI, NPX_CLI, OTHER_NODES, PNPM, TARBALL, YARN_CLI, nodeBinary, succeeded, userEnv, type OtherNode } from './packed.js';

export type PackageManager = 'npm' | 'pnpm' | 'yarn';

export interface UserProjectOptions {
  manager: PackageManager;
  /** package.json's "type": `npm init -y` writes commonjs. */
  moduleType: 'commonjs' | 'module';
  /** A TypeScript project has `typescript` among its devDependencies. */
  language: 'typescript' | 'javascript';
  /** The Node the project runs on (installs and commands alike); this process's when unset. */
  node?: OtherNode;
}

/** What each manager runs for `add -D PACKAGES` and for one of the project's bins. */
const MANAGERS: Record<PackageManager, { add: (packages: string[]) => string[]; exec: (bin: string, args: string[]) => string[]; native?: boolean }> = {
  npm: {
    add: (packages) => [NPM_CLI, 'install', '-D', '--prefer-offline', ...packages],
    exec: (bin, args) => [NPX_CLI, bin, ...args],
  },
  pnpm: {
    add: (packages) => ['add', '-D', '--prefer-offline', '--store-dir', CACHES.pnpm, ...packages],
    exec: (bin, args) => ['exec', bin, ...args],
    native: true,
  },
  yarn: {
    add: (packages) => [YARN_CLI, 'add', '-D', '--prefer-offline', '--non-interactive', '--cache-folder', CACHES.yarn, ...packages],
    exec: (bin, args) => [YARN_CLI, '--silent', bin, ...args],
  },
};

export class UserProject extends ProjectFolder {
  private constructor(
    dir: string,
    readonly options: UserProjectOptions,
  ) {
    super(dir);
  }

  /** An empty folder with `npm init -y`'s package.json (and "type": "module" when asked). */
  static async create(options: UserProjectOptions): Promise<UserProject> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-user-'));
    const project = new UserProject(dir, options);
    succeeded('npm init -y', await project.node([NPM_CLI, 'init', '-y']));
    if (options.moduleType === 'module') succeeded('npm pkg set type=module', await project.node([NPM_CLI, 'pkg', 'set', 'type=module']));
    return project;
  }

  /** A short name for test titles: "npm · commonjs · typescript · Node 22.23.5". */
  static describe(options: UserProjectOptions): string {
    return [options.manager, options.moduleType, options.language, options.node ? `Node ${OTHER_NODES[options.node]}` : undefined].filter(Boolean).join(' · ');
  }

  /** The README's install line for this manager: mobiletest (the packed tarball) and @playwright/test, plus typescript in a TS project. */
  install(runOptions: RunOptions = {}): Promise<RunResult> {
    const packages = [TARBALL, '@playwright/test', ...(this.options.language === 'typescript' ? ['typescript'] : [])];
    return this.manager(MANAGERS[this.options.manager].add(packages), { timeoutMs: 300_000, ...runOptions });
  }

  /** `npx mobiletest ARGS`, `pnpm exec mobiletest ARGS` or `yarn mobiletest ARGS`. */
  mobiletest(args: string[], runOptions: RunOptions = {}): Promise<RunResult> {
    return this.exec('mobiletest', args, runOptions);
  }

  /** One of the project's bins, through its package manager. */
  exec(bin: string, args: string[], runOptions: RunOptions = {}): Promise<RunResult> {
    return this.manager(MANAGERS[this.options.manager].exec(bin, args), runOptions);
  }

  /** `node ARGS` in the project, with the project's Node (or another: `{ node: 'tooOld' }`). */
  node(args: string[], runOptions: RunOptions & { node?: OtherNode } = {}): Promise<RunResult> {
    const node = runOptions.node ?? this.options.node;
    return run(nodeBinary(node), args, { cwd: this.dir, ...runOptions, env: userEnv(node, runOptions.env) });
  }

  write(name: string, content: string): Promise<void> {
    return writeFile(this.path(name), content);
  }

  removeFile(name: string): Promise<void> {
    return rm(this.path(name), { force: true });
  }

  private manager(args: string[], runOptions: RunOptions): Promise<RunResult> {
    if (!MANAGERS[this.options.manager].native) return this.node(args, runOptions);
    return run(PNPM, args, { cwd: this.dir, ...runOptions, env: userEnv(this.options.node, runOptions.env) });
  }
}
