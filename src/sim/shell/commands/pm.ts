import type { InstalledPackage } from '../../types.js';
import { packageNameInApk } from '../../device/packages.js';
import { queryActivities, resolveActivity } from './intents.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand } from './framework.js';
import { readAll } from '../streams.js';
import { javaException, SHELL_COMMAND_FRAMES } from './java.js';
import { uidOf } from './names.js';

const PM_FRAMES = ['com.android.server.pm.PackageManagerShellCommand.onCommand(PackageManagerShellCommand.java:245)', ...SHELL_COMMAND_FRAMES];

function listPackages(ctx: CommandContext, args: string[]): number {
  const flags = new Set<string>();
  let filter = '';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--user' || arg === '--uid') i++;
    else if (arg === '--show-versioncode') flags.add('versioncode');
    else if (arg.startsWith('-')) for (const f of arg.slice(1)) flags.add(f);
    else filter = arg;
  }
  const packages = ctx.phone.packages
    .list()
    .filter((p) => !flags.has('3') || !p.system)
    .filter((p) => !flags.has('s') || p.system)
    .filter((p) => p.name.includes(filter))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const p of packages) {
    let line = flags.has('f') ? `package:${p.apkPath}=${p.name}` : `package:${p.name}`;
    if (flags.has('versioncode')) line += ` versionCode:${p.versionCode}`;
    if (flags.has('U')) line += ` uid:${uidOf(p.name, p.system)}`;
    ctx.stdout(`${line}\n`);
  }
  return 0;
}

async function install(ctx: CommandContext, args: string[]): Promise<number> {
  let size: number | undefined;
  let grantAll = false;
  let path: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '-S') size = Number(args[++i]);
    else if (arg === '-g') grantAll = true;
    else if (arg === '-i' || arg === '--user' || arg === '--install-location' || arg === '-p' || arg === '--abi') i++;
    else if (!arg.startsWith('-')) path = arg;
  }
  let apk: Buffer | undefined;
  if (size !== undefined) {
    // Streamed install (`adb install` over `cmd package install -S SIZE`): the APK arrives on stdin.
    apk = (await readAll(ctx.stdin, ctx.signal, size)).subarray(0, size);
    if (apk.length < size) {
      ctx.stderr(`Failure [INSTALL_FAILED_INVALID_APK: Failed to read ${size} bytes from stdin, got ${apk.length}]\n`);
      return 1;
    }
  } else if (path !== undefined) {
    apk = ctx.phone.fs.read(ctx.resolve(path));
    if (!apk)
      return javaException(ctx, { command: 'install', exception: `java.lang.IllegalArgumentException: Error: Can't open file: ${path}`, frames: PM_FRAMES });
  } else {
    return javaException(ctx, {
      command: 'install',
      exception: 'java.lang.IllegalArgumentException: Error: must either specify a package size or an APK file',
      frames: PM_FRAMES,
    });
  }
  const fromName = path !== undefined ? /([A-Za-z][\w]*(?:\.[A-Za-z][\w]*)+)\.apk$/.exec(path.slice(path.lastIndexOf('/') + 1))?.[1] : undefined;
  const result = ctx.phone.packages.install(apk, { name: packageNameInApk(apk) ?? fromName });
  if (!result.ok) {
    ctx.stderr(`Failure [${result.error}]\n`);
    return 1;
  }
  if (grantAll) {
    const pkg = ctx.phone.packages.get(result.name);
    for (const permission of pkg?.declared ?? []) ctx.phone.packages.grant(result.name, permission);
  }
  ctx.stdout('Success\n');
  return 0;
}

function permission(ctx: CommandContext, verb: 'grant' | 'revoke', args: string[]): number {
  const [pkg, perm] = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--user');
  if (pkg === undefined || perm === undefined) {
    return javaException(ctx, {
      command: verb,
      exception: `java.lang.IllegalArgumentException: Error: no ${pkg === undefined ? 'package' : 'permission'} specified`,
      frames: PM_FRAMES,
    });
  }
  const problem = ctx.phone.packages[verb](pkg, perm);
  if (problem) return javaException(ctx, { command: verb, exception: problem, frames: PM_FRAMES });
  return 0;
}

function pkgArg(args: string[]): string | undefined {
  return args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--user')[0];
}

function needPackage(ctx: CommandContext, verb: string, args: string[]): InstalledPackage | undefined | number {
  const name = pkgArg(args);
  if (name === undefined)
    return javaException(ctx, { command: verb, exception: 'java.lang.IllegalArgumentException: Error: no package specified', frames: PM_FRAMES });
  return ctx.phone.packages.get(name);
}

const PM_USAGE = `Package manager (package) commands:
  help
    Print this help text.
  path [--user USER_ID] PACKAGE
    Print the path to the .apk of the given PACKAGE.
  list packages [-f] [-d] [-e] [-s] [-3] [-i] [-l] [-u] [-U] [--show-versioncode] [FILTER]
    Prints all packages; optionally only those whose name contains the text in FILTER.
  install [-r] [-g] [-S BYTES] [PATH|-]
    Install an application.
  uninstall [-k] [--user USER_ID] PACKAGE
    Remove the given package name from the system.
  clear [--user USER_ID] PACKAGE
    Deletes all data associated with a package.
  resolve-activity [--brief] [--components] [--user USER_ID] INTENT
    Prints the activity that resolves to the given INTENT.
  query-activities [--brief] [--components] [--user USER_ID] INTENT
    Prints all activities that can handle the given INTENT.
  grant [--user USER_ID] PACKAGE PERMISSION
  revoke [--user USER_ID] PACKAGE PERMISSION
    These commands either grant or revoke permissions to apps.
`;

async function pm(ctx: CommandContext): Promise<number> {
  const [verb, ...args] = ctx.args;
  switch (verb) {
    case 'list': {
      const [what, ...rest] = args;
      if (what === 'packages') return listPackages(ctx, rest);
      if (what === 'users') {
        ctx.stdout('Users:\n\tUserInfo{0:Owner:c13} running\n');
        return 0;
      }
      if (what === 'features') {
        ctx.stdout('feature:android.hardware.touchscreen\nfeature:android.hardware.wifi\nfeature:android.software.webview\n');
        return 0;
      }
      ctx.stderr(`Error: unknown list type '${what ?? ''}'\n`);
      return 255;
    }
    case 'path': {
      const found = needPackage(ctx, verb, args);
      if (typeof found === 'number') return found;
      if (!found) return 1;
      ctx.stdout(`package:${found.apkPath}\n`);
      return 0;
    }
    case 'install':
      return install(ctx, args);
    case 'uninstall': {
      const name = pkgArg(args);
      const system = name !== undefined && ctx.phone.packages.get(name)?.system;
      if (name !== undefined && !system) ctx.phone.ui.forceStop(name);
      if (name !== undefined && ctx.phone.packages.uninstall(name)) {
        ctx.stdout('Success\n');
        return 0;
      }
      ctx.stderr('Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
      return 1;
    }
    case 'clear': {
      const name = pkgArg(args);
      const installed = name === undefined ? undefined : ctx.phone.packages.get(name);
      if (name !== undefined && installed && ctx.phone.ui.clearData(name)) {
        // Clearing data also resets the app's runtime permissions, as on a device.
        for (const granted of [...installed.granted]) ctx.phone.packages.revoke(name, granted);
        ctx.stdout('Success\n');
        return 0;
      }
      ctx.stderr('Failed\n');
      return 1;
    }
    case 'grant':
    case 'revoke':
      return permission(ctx, verb, args);
    case 'dump':
      return ctx.sh(`dumpsys package ${pkgArg(args) ?? ''}`);
    case 'resolve-activity':
      return resolveActivity(ctx, args);
    case 'query-activities':
      return queryActivities(ctx, args);
    case 'enable':
    case 'disable':
    case 'disable-user': {
      const name = pkgArg(args);
      if (name === undefined || !ctx.phone.packages.get(name))
        return javaException(ctx, { command: verb, exception: `java.lang.IllegalArgumentException: Unknown package: ${name ?? ''}`, frames: PM_FRAMES });
      ctx.stdout(`Package ${name} new state: ${verb === 'enable' ? 'enabled' : 'disabled-user'}\n`);
      return 0;
    }
    default:
      // handleDefaultCommands: the help for no verb, `Unknown command` on stdout for a wrong one; both exit 255.
      return defaultCommand(ctx, verb, { help: PM_USAGE });
  }
}

export const packageCommands: CommandTable = { pm };
