// What changed between two observations, and what went wrong: crash, ANR, a popup, a stuck screen.
// Inputs are plain data (observations, log entries, whether the app's process lives); no device calls.
import { sameFrame } from './frames.js';
import type { Observation } from './observation.js';
import type { Screen, ScreenElement } from './screen-types.js';
import { crashFromLogs, anrFromLogs, type LogRecord } from './log-signals.js';

export type { LogRecord } from './log-signals.js';

/** How many identical frames in a row make a screen stuck. */
export const STUCK_AFTER = 5;

export interface SituationInput {
  /** Observations before `after`, oldest first; the last is the one `after` is compared with. */
  recent: Observation[];
  after: Observation;
  /** Log entries since the previous observation (crash buffer and main). */
  logs?: LogRecord[];
  /** The app under test, and whether its process is alive now. */
  app?: { package: string; running: boolean };
  /** Identical frames in a row that count as stuck (default 5). */
  stuckAfter?: number;
}

export interface ElementSummary {
  ref: string;
  role: string;
  label: string;
}

export interface SituationReport {
  screen_changed: boolean;
  new_elements: ElementSummary[];
  disappeared_elements: ElementSummary[];
  /** Same ref, other state, value or label (a switch turned on, a field filled in). */
  changed_elements: Array<ElementSummary & { from: string; to: string }>;
  activity_changed?: { from: string; to: string };
  crash?: { package: string; reason: string; evidence: Array<'log' | 'dialog' | 'process'> };
  anr?: { package: string; reason: string; evidence: Array<'log' | 'dialog'> };
  /** The same frame this many times in a row. */
  stuck?: { frames: number };
  keyboard?: { shown: boolean; changed: boolean };
  /** A dialog or a window of another package over the app. */
  popup?: { package: string; title: string; ref?: string; appeared: boolean };
  toast?: string;
}

const CRASH_TITLE = /^(?:Unfortunately, )?(.+?) (?:keeps stopping|has stopped|isn['’]t responding|is not responding)\.?$/;
const ANR_TITLE = /isn['’]t responding|is not responding/;

/** Whether anything a person would notice changed: the screen, the activity, the keyboard, a toast, an element in place. */
export function reportChanged(r: SituationReport): boolean {
  return r.screen_changed || r.activity_changed !== undefined || r.keyboard?.changed === true || r.toast !== undefined || r.changed_elements.length > 0;
}

export function situationReport(input: SituationInput): SituationReport {
  const before = input.recent[input.recent.length - 1];
  const after = input.after;
  const report: SituationReport = {
    screen_changed: before ? before.contentKey !== after.contentKey : true,
    new_elements: [],
    disappeared_elements: [],
    changed_elements: [],
  };
  compareElements(before?.screen, after.screen, report);

  const from = before ? activityName(before.screen) : '';
  const to = activityName(after.screen);
  if (before && from !== to) report.activity_changed = { from, to };

  const titles = dialogTitles(after.screen);
  const crashTitle = titles.find((t) => CRASH_TITLE.test(t) && !ANR_TITLE.test(t));
  const anrTitle = titles.find((t) => ANR_TITLE.test(t));
  const logCrash = crashFromLogs(input.logs ?? []);
  const logAnr = anrFromLogs(input.logs ?? []);
  const gone = input.app !== undefined && !input.app.running && before?.screen.foreground?.package === input.app.package;
  if (crashTitle || logCrash || gone) {
    const evidence: Array<'log' | 'dialog' | 'process'> = [];
    if (logCrash) evidence.push('log');
    if (crashTitle) evidence.push('dialog');
    if (gone) evidence.push('process');
    report.crash = {
      package: logCrash?.package ?? input.app?.package ?? '',
      reason: logCrash?.exception ?? crashTitle ?? 'the app process is gone',
      evidence,
    };
  }
  if (anrTitle || logAnr) {
    const evidence: Array<'log' | 'dialog'> = [];
    if (logAnr) evidence.push('log');
    if (anrTitle) evidence.push('dialog');
    report.anr = { package: logAnr?.package ?? input.app?.package ?? '', reason: logAnr?.reason ?? anrTitle ?? '', evidence };
  }

  const stuck = stuckFrames([...input.recent, after]);
  if (stuck >= (input.stuckAfter ?? STUCK_AFTER)) report.stuck = { frames: stuck };

  const shown = hasKeyboard(after.screen);
  const wasShown = before ? hasKeyboard(before.screen) : false;
  if (shown || wasShown) report.keyboard = { shown, changed: shown !== wasShown };

  const popup = popupOf(after.screen);
  if (popup) {
    const earlier = before && popupOf(before.screen);
    report.popup = { ...popup, appeared: !earlier || earlier.title !== popup.title || earlier.package !== popup.package };
  }

  const toast = after.screen.elements.find((e) => e.role === 'toast');
  const oldToast = before?.screen.elements.find((e) => e.role === 'toast');
  if (toast && toast.label !== oldToast?.label) report.toast = toast.label;
  return report;
}

function compareElements(before: Screen | undefined, after: Screen, report: SituationReport): void {
  const old = new Map((before?.elements ?? []).map((e) => [e.ref, e]));
  const now = new Map(after.elements.map((e) => [e.ref, e]));
  for (const e of after.elements) {
    const was = old.get(e.ref);
    if (!was) report.new_elements.push(summary(e));
    else if (describe(was) !== describe(e)) report.changed_elements.push({ ...summary(e), from: describe(was), to: describe(e) });
  }
  for (const e of before?.elements ?? []) if (!now.has(e.ref)) report.disappeared_elements.push(summary(e));
}

function summary(e: ScreenElement): ElementSummary {
  return { ref: e.ref, role: e.role, label: e.label };
}

function describe(e: ScreenElement): string {
  const parts = [JSON.stringify(e.label)];
  if (e.value !== undefined) parts.push(`= ${JSON.stringify(e.value)}`);
  parts.push(...e.states.filter((s) => s !== 'long-clickable'));
  return parts.join(' ');
}

function activityName(screen: Screen): string {
  const fg = screen.foreground;
  if (!fg) return '';
  return fg.activity ? `${fg.package}/${fg.activity}` : fg.package;
}

function dialogTitles(screen: Screen): string[] {
  return screen.elements.filter((e) => e.role === 'dialog' || (e.role === 'text' && screen.windows[e.window].kind === 'dialog')).map((e) => e.label);
}

function hasKeyboard(screen: Screen): boolean {
  return screen.windows.some((w) => w.kind === 'keyboard');
}

function popupOf(screen: Screen): { package: string; title: string; ref?: string } | undefined {
  // Dialogs include other packages' windows over the app (the permission controller, a system alert).
  const index = screen.windows.findIndex((w) => w.kind === 'dialog' && w.hiddenElements === 0);
  if (index < 0) return undefined;
  const window = screen.windows[index];
  const own = screen.elements.find((e) => e.window === index && e.role === 'dialog');
  const title = own?.label || screen.elements.find((e) => e.window === index && e.role === 'text')?.label || '';
  return own ? { package: window.package, title, ref: own.ref } : { package: window.package, title };
}

/** How many observations at the end of `chain` show the same frame as the last one. */
function stuckFrames(chain: Observation[]): number {
  const last = chain[chain.length - 1];
  let count = 1;
  for (let i = chain.length - 2; i >= 0; i--) {
    const o = chain[i];
    if (o.contentKey !== last.contentKey) break;
    if (o.frame && last.frame && !sameFrame(o.frame, last.frame)) break;
    count++;
  }
  return count;
}
