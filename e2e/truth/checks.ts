// Truth checks several apps share, each read through adb alone (see adb-read.ts).
import type { AdbTruth, Dump, DumpNode } from './adb-read.js';
import type { Seen, Truth } from './battery.js';

export type Check = (read: AdbTruth, seen: Seen) => Promise<Truth>;

/** Done when every check is. */
export function allOf(...checks: Check[]): Check {
  return async (read, seen) => {
    const truths: Truth[] = [];
    for (const check of checks) truths.push(await check(read, seen));
    return { done: truths.every((t) => t.done), said: truths.map((t) => t.said).join('; ') };
  };
}

/** `label` lies wholly inside the viewport of a fresh dump. */
export function onScreen(label: string | RegExp): Check {
  return async (read) => {
    const shown = (await read.screen()).onScreen(label);
    return {
      done: shown.length > 0,
      said: shown.length
        ? `"${shown[0].text || shown[0].desc}" at y ${shown[0].bounds.top}–${shown[0].bounds.bottom}`
        : `${String(label)} not inside the viewport`,
    };
  };
}

export const launcherInFront: Check = async (read) => {
  const focus = await read.focus();
  return { done: focus.startsWith('com.google.android.apps.nexuslauncher/'), said: `mCurrentFocus ${focus}` };
};

/** `dumpsys activity activities` resumes `component` (`com.example.shop/.CartActivity`). */
export function resumed(component: string): Check {
  return async (read) => {
    const now = await read.resumed();
    return { done: now === component, said: `mResumedActivity ${now}` };
  };
}

/** The first field `which` picks holds exactly `text`. */
export function fieldHolds(which: (n: DumpNode) => boolean, text: string, name: string): Check {
  return async (read) => {
    const field = (await read.screen()).nodes.find(which);
    return { done: field?.text === text, said: field ? `${name} holds "${field.text}"` : `no ${name} in the dump` };
  };
}

/** `logcat -d` since the step began has (or, with `present` false, lacks) a line matching `line`. */
export function logged(line: RegExp, present = true): Check {
  return async (read) => {
    const found = (await read.log()).split('\n').find((l) => line.test(l));
    return { done: (found !== undefined) === present, said: found ? `logcat: ${found.replace(/^.*?: /, '').trim()}` : `logcat: nothing matches ${line}` };
  };
}

/** The first row `isRow` picks inside the viewport is another than before the step. */
export function scrolled(isRow: (n: DumpNode) => boolean): Check {
  return async (read, seen) => {
    const first = (d: Dump) => d.nodes.find((n) => isRow(n) && d.onScreen(n.text).length > 0)?.text ?? '(none)';
    const was = first(seen.before);
    const now = first(await read.screen());
    return { done: was !== now, said: `first row on screen "${was}" → "${now}"` };
  };
}

/** A precondition for a goal that starts with the keyboard up: `dumpsys input_method` must say it is shown. */
export async function keyboardIsUp(read: AdbTruth): Promise<void> {
  if (!(await read.keyboardShown()))
    throw new Error(`the goal starts with the keyboard shown, but dumpsys input_method on ${read.phone.serial} says mInputShown=false`);
}

/** Not a condition: what `dumpsys input_method` says of the keyboard now, for the report. */
export const keyboardNow: Check = async (read) => ({
  done: true,
  said: `keyboard ${(await read.keyboardShown()) ? 'shown' : 'hidden'} (dumpsys input_method)`,
});
