// "App not installed" as a user needs to hear it: which app, which device, and what is installed that looks close.
import type { DeviceLease } from './lease/pool.js';

/** The configured app is not on the device; lists installed packages that look like it. */
export class AppNotInstalled extends Error {
  override name = 'AppNotInstalled';
  readonly category = 'environment' as const;

  constructor(
    readonly app: string,
    readonly device: string,
    readonly similar: string[],
  ) {
    const close = similar.length > 0 ? `; installed packages that look close: ${similar.join(', ')}` : '';
    super(`App ${app} is not installed on ${device}${close}; check \`app\` in your config or install the app (adb -s ${device} install app.apk)`);
  }
}

function words(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[._]/)
    .filter((w) => w.length > 1 && !['com', 'org', 'net', 'android', 'app', 'example'].includes(w));
}

/** Packages sharing a word with `app`, or differing from it by a few letters; closest first. */
export function similarPackages(app: string, installed: string[]): string[] {
  const wanted = new Set(words(app));
  const scored = installed.map((pkg) => {
    const shared = words(pkg).filter((w) => wanted.has(w) || [...wanted].some((x) => x.length > 3 && (w.includes(x) || x.includes(w)))).length;
    const prefix = commonPrefix(pkg, app) / Math.max(pkg.length, app.length);
    return { pkg, score: shared + prefix };
  });
  return scored
    .filter((s) => s.score >= 0.6)
    .sort((a, b) => b.score - a.score)
    .slice(0, 5)
    .map((s) => s.pkg);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** AppNotInstalled when `app` is missing from the device; undefined when it is there (or the device cannot say). */
export async function missingApp(lease: DeviceLease, app: string): Promise<AppNotInstalled | undefined> {
  const installed = await lease.installedApps().catch(() => undefined);
  if (installed === undefined || installed.includes(app)) return undefined;
  return new AppNotInstalled(app, lease.serial, similarPackages(app, installed));
}
