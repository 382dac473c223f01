// install, uninstall, launch, terminate, openurl, appinfo, listapps, get_app_container and privacy.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { needsBoot, resolvePath, type Command, type CommandContext } from './command.js';
import { oldStylePlist, readXmlPlistStrings, type PlistValue } from './plist.js';
import { PRIVACY_USAGE, permissionsOf, type PrivacyAction } from './privacy.js';
import { simError, usage } from './sim-error.js';
import type { VirtualSimulator } from './simulator.js';

/** A zip's first bytes: the phone's package manager installs only what looks like a package archive. */
const ARCHIVE_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function installFailure(lines: string[], code = 2) {
  return simError({ domain: 'NSPOSIXErrorDomain', code, lines: ['Failed to install the requested application', ...lines] });
}

/** `install UDID PATH.app`: the bundle id comes from the bundle's Info.plist; the phone installs the app it knows by that id. */
const install: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  const [appPath] = ctx.args;
  if (!appPath) return usage('Usage: simctl install <device> <path>');
  const bundle = resolvePath(ctx, appPath);
  let plist: string;
  try {
    if (!statSync(bundle).isDirectory()) throw new Error('not a bundle');
    plist = readFileSync(path.join(bundle, 'Info.plist'), 'utf8');
  } catch {
    return installFailure(['An application bundle was not found at the provided path.', 'Provide a valid path to the desired application bundle.']);
  }
  const values = readXmlPlistStrings(plist) ?? {};
  const bundleId = values.CFBundleIdentifier;
  if (!bundleId) {
    const why = "Ensure that the application's Info.plist contains a value for CFBundleIdentifier.";
    return installFailure(['The bundle identifier of the application could not be determined.', why], 22);
  }
  const pkg = ctx.sim.bundles.packageOf(bundleId);
  const result = ctx.sim.phone.packages.install(Buffer.concat([ARCHIVE_MAGIC, Buffer.from(bundleId)]), { name: pkg });
  if (!result.ok) return installFailure([result.error], 1);
  ctx.sim.appInfo.set(bundleId, {
    name: values.CFBundleDisplayName ?? values.CFBundleName ?? path.basename(bundle, '.app'),
    version: values.CFBundleShortVersionString ?? ctx.sim.phone.packages.get(pkg)?.versionName ?? '1.0',
    build: values.CFBundleVersion ?? '1',
  });
  ctx.sim.makeContainer(bundleId);
  return 0;
};

/** `uninstall UDID BUNDLE`: succeeds quietly for an app that is not there, as simctl does. */
const uninstall: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  const [bundleId] = ctx.args;
  if (!bundleId) return usage('Usage: simctl uninstall <device> <app bundle identifier>');
  const pkg = ctx.sim.bundles.packageOf(bundleId);
  ctx.sim.phone.ui.forceStop(pkg);
  ctx.sim.phone.packages.uninstall(pkg);
  ctx.sim.appInfo.delete(bundleId);
  return 0;
};

const LAUNCH_FLAGS = new Set(['-w', '--wait-for-debugger', '--console', '--console-pty', '--terminate-running-process']);

/** `launch [options] UDID BUNDLE [argv...]`: prints `BUNDLE: PID`. */
const launch: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  const bundleId = ctx.args.find((word) => !isLaunchFlag(word));
  if (!bundleId)
    return usage(
      'Usage: simctl launch [-w | --wait-for-debugger] [--console|--console-pty] [--stdout=<path>] [--stderr=<path>] [--terminate-running-process] <device> <app bundle identifier> [<argv 1> <argv 2> ...]',
    );
  const { sim } = ctx;
  const pkg = sim.bundles.packageOf(bundleId);
  if (ctx.args.includes('--terminate-running-process')) sim.phone.ui.forceStop(pkg);
  const failure = simError({
    domain: 'FBSOpenApplicationServiceErrorDomain',
    code: 4,
    lines: [
      `Simulator device failed to launch ${bundleId}.`,
      `The request to open "${bundleId}" failed.`,
      'Underlying error (domain=FBSOpenApplicationErrorDomain, code=4):',
      `\tThe request to open "${bundleId}" failed.`,
      `\tApplication info provider (FBSApplicationLibrary) returned nil for "${bundleId}"`,
    ],
  });
  if (!sim.isInstalled(bundleId)) return failure;
  const result = sim.phone.ui.launch(pkg);
  const pid = sim.pidOf(bundleId);
  if (!result.ok || pid === undefined) return failure;
  ctx.io.out(`${bundleId}: ${pid}\n`);
  return 0;
};

function isLaunchFlag(word: string): boolean {
  return LAUNCH_FLAGS.has(word) || word.startsWith('--stdout=') || word.startsWith('--stderr=');
}

const terminate: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  const [bundleId] = ctx.args;
  if (!bundleId) return usage('Usage: simctl terminate <device> <app bundle identifier>');
  if (ctx.sim.pidOf(bundleId) === undefined) {
    return simError({
      domain: 'NSPOSIXErrorDomain',
      code: 3,
      lines: [
        `Simulator device failed to terminate ${bundleId}.`,
        'found nothing to terminate',
        'Underlying error (domain=NSPOSIXErrorDomain, code=3):',
        `\tThe request to terminate "${bundleId}" failed. found nothing to terminate`,
        '\tfound nothing to terminate',
      ],
    });
  }
  ctx.sim.phone.ui.forceStop(ctx.sim.bundles.packageOf(bundleId));
  return 0;
};

const openurl: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  const [url] = ctx.args;
  if (!url) return usage('Usage: simctl openurl <device> <URL>');
  const result = ctx.sim.phone.ui.openUri(url);
  if (result.ok) return 0;
  const status = 'The operation couldn’t be completed. (OSStatus error -10814.)';
  return simError({
    domain: 'NSOSStatusErrorDomain',
    code: -10814,
    lines: [`Simulator device failed to open ${url}.`, status, 'Underlying error (domain=NSOSStatusErrorDomain, code=-10814):', `\t${status}`],
  });
};

/** What `appinfo` prints for one app. */
function appRecord(sim: VirtualSimulator, bundleId: string): Record<string, PlistValue> {
  const info = sim.appInfo.get(bundleId);
  const pkg = sim.phone.packages.get(sim.bundles.packageOf(bundleId));
  const system = bundleId.startsWith('com.apple.');
  return {
    ApplicationType: system ? 'System' : 'User',
    Bundle: `file://${sim.appPath(bundleId)}/`,
    CFBundleDisplayName: sim.appName(bundleId),
    CFBundleExecutable: sim.appName(bundleId),
    CFBundleIdentifier: bundleId,
    CFBundleName: sim.appName(bundleId),
    CFBundleShortVersionString: info?.version ?? pkg?.versionName ?? '1.0',
    CFBundleVersion: info?.build ?? String(pkg?.versionCode ?? 1),
    DataContainer: `file://${sim.dataContainer(bundleId)}/`,
    GroupContainers: {},
    Path: sim.appPath(bundleId),
    SBAppTags: [],
  };
}

const appinfo: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  const [bundleId] = ctx.args;
  if (!bundleId) return usage('Usage: simctl appinfo <device> <app bundle identifier>');
  // An app that is not installed prints a dictionary with its id alone (no ApplicationType).
  const record = ctx.sim.isInstalled(bundleId) ? appRecord(ctx.sim, bundleId) : { CFBundleIdentifier: bundleId };
  ctx.io.out(`${oldStylePlist(record)}\n`);
  return 0;
};

const listapps: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  const all = Object.fromEntries(ctx.sim.installedApps().map((app) => [app.bundleId, appRecord(ctx.sim, app.bundleId)]));
  ctx.io.out(`${oldStylePlist(all)}\n`);
  return 0;
};

const get_app_container: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  const [bundleId, kind = 'app'] = ctx.args;
  if (!bundleId) return usage('Usage: simctl get_app_container <device> <app bundle identifier> [<container>]');
  if (!ctx.sim.isInstalled(bundleId)) {
    return simError({ domain: 'NSPOSIXErrorDomain', code: 2, lines: ['No such file or directory'] });
  }
  if (kind === 'app') ctx.io.out(`${ctx.sim.appPath(bundleId)}\n`);
  else if (kind === 'data') ctx.io.out(`${ctx.sim.dataContainer(bundleId)}\n`);
  else if (kind === 'groups') ctx.io.out('');
  else if (kind.startsWith('group.')) return simError({ domain: 'NSPOSIXErrorDomain', code: 2, lines: ['No such file or directory'] });
  else return usage(`Unknown container type: ${kind}`);
  return 0;
};

/** `privacy UDID grant|revoke|reset SERVICE [BUNDLE]`: TCC grants any app any service, declared or not. */
const privacy: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  const [action, service, bundleId] = ctx.args;
  const permissions = service ? permissionsOf(service) : undefined;
  if (!isPrivacyAction(action) || !permissions || (action !== 'reset' && !bundleId)) return usage(PRIVACY_USAGE);
  const targets = bundleId ? [bundleId] : ctx.sim.installedApps().map((app) => app.bundleId);
  for (const target of targets) applyPrivacy(ctx, { action, bundleId: target, permissions });
  return 0;
};

function isPrivacyAction(action: string | undefined): action is PrivacyAction {
  return action === 'grant' || action === 'revoke' || action === 'reset';
}

function applyPrivacy(ctx: CommandContext, change: { action: PrivacyAction; bundleId: string; permissions: string[] }): void {
  const { sim } = ctx;
  const pkgName = sim.bundles.packageOf(change.bundleId);
  const pkg = sim.phone.packages.get(pkgName);
  if (!pkg) return; // TCC records grants for apps not (yet) installed; the phone has nowhere to keep them.
  for (const permission of change.permissions) {
    if (change.action === 'grant') {
      if (sim.phone.packages.grant(pkgName, permission)) pkg.granted.add(permission);
    } else if (sim.phone.packages.revoke(pkgName, permission)) {
      pkg.granted.delete(permission);
    }
  }
  // Taking a permission away ends the app, as iOS does.
  if (change.action === 'revoke') sim.phone.ui.forceStop(pkgName);
}

export const APP_COMMANDS: Record<string, Command> = {
  install,
  uninstall,
  launch,
  terminate,
  openurl,
  appinfo,
  listapps,
  get_app_container,
  privacy,
};
