// Installs the built package into a TempProject as a copy inside its node_modules, as npm would.
// Playwright compiles every file outside node_modules as the user's own code, so the linked package
// (whose real path is the checkout) would be compiled to CommonJS as a spec is; a copy loads as installed.
import { cp, mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT, type TempProject } from './project.js';

export async function installPackageCopy(project: TempProject): Promise<void> {
  const target = project.path('node_modules', 'mobiletest');
  await rm(target, { force: true });
  await mkdir(target);
  await cp(path.join(PACKAGE_ROOT, 'package.json'), path.join(target, 'package.json'));
  await cp(path.join(PACKAGE_ROOT, 'templates'), path.join(target, 'templates'), { recursive: true });
  await cp(path.join(PACKAGE_ROOT, 'dist'), path.join(target, 'dist'), { recursive: true, filter: (file) => !file.endsWith('.map') });
  // Its dependencies, @playwright/test among them, stay the checkout's single copy.
  await symlink(path.join(PACKAGE_ROOT, 'node_modules'), path.join(target, 'node_modules'), 'dir');
}
