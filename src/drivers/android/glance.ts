// One shell call for the cheap facts a look needs besides the hierarchy: the log's position (the
// device's date), the focused app and window, whether the soft keyboard is up, how long ago the last
// input event was dispatched, and the process id of each app asked about. On a phone each shell call costs its own start (~25 ms) and dumpsys its binder
// round trip, so four facts in one command cost one start instead of four.
import type { Glance } from '../types.js';
import { parseForeground, parseKeyboardShown } from './dumpsys.js';
import { MARK_COMMAND, parseMark } from './logcat.js';

const SECTION = '__MOBILETEST_GLANCE__';
const FOCUS_LINES = "dumpsys window windows | grep -E 'mCurrentFocus|mFocusedApp'";
const IME_LINE = 'dumpsys input_method | grep mInputShown';
// InputDispatcher's RecentQueue (and any pending or inbound event): one line an event, ending in its age.
const INPUT_LINES = "dumpsys input | grep -E 'Event.*age=[0-9.]+ms$'";

/** The glance's command; `apps` must be checked package names (checkAppId). */
export function glanceCommand(apps: readonly string[]): string {
  const pids = apps.map((app) => `echo "${SECTION}pid ${app} $(pidof ${app})"`);
  return [
    MARK_COMMAND,
    `echo ${SECTION}focus`,
    FOCUS_LINES,
    `echo ${SECTION}ime`,
    IME_LINE,
    `echo ${SECTION}input`,
    INPUT_LINES,
    ...pids,
    `echo ${SECTION}end`,
  ].join('; ');
}

/** What glanceCommand printed; undefined parts are missing from the output (a device that printed no focus). */
export function parseGlance(text: string, apps: readonly string[]): Partial<Glance> & Pick<Glance, 'pids' | 'inputAgeMs'> {
  const [head, ...sections] = text.split(SECTION);
  const body = (name: string) => sections.find((s) => s.startsWith(`${name}\n`))?.slice(name.length + 1) ?? '';
  const pids: Record<string, number | undefined> = {};
  for (const app of apps) pids[app] = undefined;
  for (const section of sections) {
    const match = /^pid (\S+) ?(\d+)?/.exec(section);
    if (match && match[1] in pids) pids[match[1]] = match[2] === undefined ? undefined : Number(match[2]);
  }
  const mark = parseMark(head);
  const foreground = parseForeground(body('focus'));
  const ages = [...body('input').matchAll(/age=([0-9.]+)ms$/gm)].map((m) => Number(m[1]));
  return {
    inputAgeMs: ages.length > 0 ? Math.min(...ages) : undefined,
    ...(mark ? { mark } : {}),
    ...(foreground ? { foreground } : {}),
    ...(sections.some((s) => s.startsWith('ime\n')) ? { keyboardShown: parseKeyboardShown(body('ime')) } : {}),
    pids,
  };
}
