import { createHash } from 'node:crypto';

/** Activity class with its package: '.MainActivity' becomes 'com.example.shop.MainActivity'. */
export function fullActivity(pkg: string, activity: string): string {
  return activity.startsWith('.') ? pkg + activity : activity;
}

/** Component as ComponentName.toShortString prints it: 'com.example.shop/.MainActivity'. */
export function shortComponent(pkg: string, activity: string): string {
  const full = fullActivity(pkg, activity);
  return `${pkg}/${full.startsWith(`${pkg}.`) ? full.slice(pkg.length) : full}`;
}

/** Component with the full class name: 'com.example.shop/com.example.shop.MainActivity'. */
export function longComponent(pkg: string, activity: string): string {
  return `${pkg}/${fullActivity(pkg, activity)}`;
}

function hash(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

/** The identity hash Android prints in Window{…}/ActivityRecord{…}: stable per thing, 7 hex digits. */
export function identity(text: string): string {
  return (hash(text) & 0xfffffff).toString(16).padStart(7, '0');
}

/** A task id that stays the same for an app across dumps. */
export function taskId(pkg: string): number {
  return 10 + (hash(`task:${pkg}`) % 90);
}

/** Linux uid of a package: 10000+ for apps, 1000 for the core system. */
export function uidOf(pkg: string, system: boolean): number {
  if (pkg === 'android') return 1000;
  if (pkg === 'com.android.shell') return 2000;
  return system ? 10000 + (hash(pkg) % 100) : 10100 + (hash(pkg) % 300);
}

/** A figure (ms) that looks measured but is the same on every run for the same input. */
export function steadyMs(seed: string, base: number, spread: number): number {
  return base + (hash(seed) % spread);
}
