// The package managers `mobiletest init` writes commands for: one row each of what differs between
// them, from which the "Next:" lines and the GitHub Actions workflow are both derived.
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface PackageManager {
  /** How the output names it. */
  label: string;
  /** The lockfiles it writes; setup-node's cache and the frozen install need one. */
  lockfiles: readonly string[];
  /** The CI install that fails when the lockfile is out of date. */
  install: string;
  /** The install when the project has no lockfile yet. */
  installWithoutLockfile: string;
  /** The prefix that runs a package's binary: `npx mobiletest test`. */
  exec: string;
  /** Adds dev dependencies: `npm install -D mobiletest`. */
  addDev: string;
  /** setup-node's `cache:` value. */
  cache: string;
  /** A step the workflow needs before setup-node so that the manager (and its cache folder) exist. */
  setup?: 'pnpm/action-setup' | 'corepack';
}

export const PACKAGE_MANAGERS = {
  npm: {
    label: 'npm',
    lockfiles: ['package-lock.json', 'npm-shrinkwrap.json'],
    install: 'npm ci',
    installWithoutLockfile: 'npm install',
    exec: 'npx',
    addDev: 'npm install -D',
    cache: 'npm',
  },
  pnpm: {
    label: 'pnpm',
    lockfiles: ['pnpm-lock.yaml'],
    install: 'pnpm install --frozen-lockfile',
    installWithoutLockfile: 'pnpm install --no-frozen-lockfile',
    exec: 'pnpm exec',
    addDev: 'pnpm add -D',
    cache: 'pnpm',
    setup: 'pnpm/action-setup',
  },
  yarn: {
    label: 'Yarn classic',
    lockfiles: ['yarn.lock'],
    install: 'yarn install --frozen-lockfile',
    installWithoutLockfile: 'yarn install',
    exec: 'yarn',
    addDev: 'yarn add -D',
    cache: 'yarn',
  },
  // Yarn 2+ is not on the runners: corepack installs the version packageManager names.
  'yarn-berry': {
    label: 'Yarn 2+',
    lockfiles: ['yarn.lock'],
    install: 'yarn install --immutable',
    installWithoutLockfile: 'yarn install --no-immutable',
    exec: 'yarn',
    addDev: 'yarn add -D',
    cache: 'yarn',
    setup: 'corepack',
  },
} as const satisfies Record<string, PackageManager>;

export type PackageManagerName = keyof typeof PACKAGE_MANAGERS;

export interface PackageManagerChoice {
  name: PackageManagerName;
  manager: PackageManager;
  /** The lockfile of that manager in the project, relative to its root; undefined when there is none yet. */
  lockfile?: string;
  /** True when package.json's packageManager names the manager and its version (tools then read it there). */
  pinned: boolean;
  /** The manager's version running `mobiletest init` (from npm_config_user_agent), when it is this manager. */
  runningVersion?: string;
  /** Why this manager: `packageManager in package.json`, `pnpm-lock.yaml`, `no lockfile`. */
  reason: string;
}

export interface DetectOptions {
  /** The folder holding the project's package.json. */
  root: string;
  /** package.json's packageManager, such as `pnpm@9.12.0+sha512...`. */
  packageManagerField?: string;
  /** npm_config_user_agent of the process, such as `pnpm/9.12.0 npm/? node/v20.19.0 linux x64`. */
  userAgent?: string;
}

/** `pnpm@9.12.0+sha512...` or `pnpm/9.12.0` → pnpm, 9.12.0 (Yarn 2 and later as yarn-berry). */
function parseNameVersion(text: string, separator: '@' | '/'): { name: PackageManagerName; version: string } | undefined {
  const match = new RegExp(`^(npm|pnpm|yarn)${separator}((\\d+)[^+\\s]*)`).exec(text.trim());
  if (!match) return undefined;
  const name = match[1] === 'yarn' && Number(match[3]) >= 2 ? 'yarn-berry' : (match[1] as PackageManagerName);
  return { name, version: match[2] };
}

/** package.json's packageManager first, else the lockfile in the project's folder, else npm with no lockfile. */
export function detectPackageManager({ root, packageManagerField, userAgent }: DetectOptions): PackageManagerChoice {
  const has = (file: string): boolean => existsSync(path.join(root, file));
  const declared = packageManagerField ? parseNameVersion(packageManagerField, '@') : undefined;
  let name: PackageManagerName = declared?.name ?? 'npm';
  let reason = declared ? 'packageManager in package.json' : 'no lockfile';
  if (!declared) {
    const found = (['npm', 'pnpm', 'yarn'] as const)
      .map((candidate) => ({ candidate, lockfile: PACKAGE_MANAGERS[candidate].lockfiles.find(has) }))
      .find((entry) => entry.lockfile);
    if (found) {
      name = found.candidate === 'yarn' && has('.yarnrc.yml') ? 'yarn-berry' : found.candidate;
      reason = found.lockfile as string;
    }
  }
  const manager = PACKAGE_MANAGERS[name];
  const running = userAgent ? parseNameVersion(userAgent, '/') : undefined;
  return {
    name,
    manager,
    reason,
    lockfile: manager.lockfiles.find(has),
    pinned: declared !== undefined,
    ...(running?.name === name ? { runningVersion: running.version } : {}),
  };
}
