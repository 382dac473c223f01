import type { AppVersion, Foreground, ScreenSize } from '../types.js';

/** `pkg/.Activity` or `pkg/full.Activity` as ActivityRecord and Window titles print a component. */
function component(text: string): { app: string; activity: string } | undefined {
  const match = /^([\w.]+)\/([\w.$]+)$/.exec(text);
  if (!match) return undefined;
  const [, app, activity] = match;
  return { app, activity: activity.startsWith('.') ? `${app}${activity}` : activity };
}

/** The record inside `ActivityRecord{hash u0 pkg/.Activity t12}` or `Window{hash u0 title}`. */
function recordTitle(line: string | undefined): string | undefined {
  const match = line === undefined ? null : /\{[0-9a-f]+ u\d+ ([^}]*?)(?: t\d+)?\}/.exec(line);
  return match?.[1].trim();
}

/**
 * Foreground app and activity from `dumpsys window` focus lines (mFocusedApp, mCurrentFocus), falling
 * back to `dumpsys activity activities` (mResumedActivity / ResumedActivity). The focused window is
 * reported only when it is not the app's own, e.g. a permission prompt or an ANR dialog.
 */
export function parseForeground(windowDump: string, activityDump = ''): Foreground | undefined {
  const lines = (pattern: RegExp, text: string) => text.split('\n').find((line) => pattern.test(line));
  const appRecord = recordTitle(lines(/mFocusedApp=/, windowDump)) ?? recordTitle(lines(/mResumedActivity|ResumedActivity:|topResumedActivity=/, activityDump));
  const focusLine = lines(/mCurrentFocus=/, windowDump);
  const focusTitle = focusLine !== undefined && !/mCurrentFocus=null/.test(focusLine) ? recordTitle(focusLine) : undefined;
  const app = appRecord === undefined ? undefined : component(appRecord.split(' ')[0]);
  const focused = focusTitle === undefined ? undefined : component(focusTitle);
  const owner = app ?? focused;
  // Only a system window has focus (lock screen, shade): no app is in front.
  if (!owner) return focusTitle === undefined ? undefined : { app: '', activity: undefined, focusedWindow: focusTitle };
  const own = focused !== undefined && focused.app === owner.app && focused.activity === owner.activity;
  return { app: owner.app, activity: owner.activity, focusedWindow: focusTitle === undefined || own ? undefined : focusTitle };
}

/** `mInputShown=true` in `dumpsys input_method`: the soft keyboard is on screen. */
export function parseKeyboardShown(inputMethodDump: string): boolean {
  return /\bmInputShown=true\b/.test(inputMethodDump);
}

/** `wm size` and `wm density`: the override when one is set (it is what apps lay out for), else the physical value. */
export function parseScreenSize(text: string): ScreenSize | undefined {
  const size = /Override size: (\d+)x(\d+)/.exec(text) ?? /Physical size: (\d+)x(\d+)/.exec(text);
  if (!size) return undefined;
  const density = /Override density: (\d+)/.exec(text) ?? /Physical density: (\d+)/.exec(text);
  return { width: Number(size[1]), height: Number(size[2]), density: density ? Number(density[1]) : undefined };
}

/** `getprop` output (`[key]: [value]` per line) as a map. */
export function parseProperties(text: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const match of text.matchAll(/^\[([^\]]+)\]: \[([^\]]*)\]$/gm)) properties.set(match[1], match[2]);
  return properties;
}

/** The lines indented under a `header:` line of a dumpsys section. */
function sectionLines(dump: string, header: string): string[] {
  const lines = dump.split('\n');
  const at = lines.findIndex((line) => line.trim() === header);
  if (at < 0) return [];
  const indent = (line: string): number => line.length - line.trimStart().length;
  const own = indent(lines[at]);
  const body: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() === '' || indent(line) <= own) break;
    body.push(line.trim());
  }
  return body;
}

/**
 * The installed version in `dumpsys package PKG`: that package's first entry (an updated system app
 * lists the update first, then the hidden original). Undefined when the package is not listed.
 */
export function parseAppVersion(packageDump: string, appId: string): AppVersion | undefined {
  const at = packageDump.indexOf(`Package [${appId}]`);
  if (at < 0) return undefined;
  const next = packageDump.indexOf('Package [', at + 1);
  const entry = packageDump.slice(at, next < 0 ? undefined : next);
  const name = /^\s*versionName=(.*)$/m.exec(entry)?.[1].trim();
  const code = /\bversionCode=(\d+)/.exec(entry)?.[1];
  if (name === undefined && code === undefined) return undefined;
  return { name: name ?? '', code: code === undefined ? undefined : Number(code) };
}

/** Runtime permissions `dumpsys package PKG` lists for user 0, with whether each is granted. */
export function parseRuntimePermissions(packageDump: string): Array<{ name: string; granted: boolean }> {
  return sectionLines(packageDump, 'runtime permissions:').flatMap((line) => {
    const match = /^([\w.]+): granted=(\w+)/.exec(line);
    return match ? [{ name: match[1], granted: match[2] === 'true' }] : [];
  });
}

/** The permissions a package asks for (`requested permissions:` in `dumpsys package PKG`). */
export function parseRequestedPermissions(packageDump: string): string[] {
  return sectionLines(packageDump, 'requested permissions:').flatMap((line) => /^[\w.]+/.exec(line)?.[0] ?? []);
}
