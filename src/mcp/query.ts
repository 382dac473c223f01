// `query`: reading the device without acting, allowlisted kinds only. Every answer is bounded.
import type { LogEntry } from '../drivers/index.js';
import { boundedDeep, boundedText } from './report.js';
import type { DeviceSession } from './session.js';
import type { QueryAnswer, QueryKind } from './outputs.js';
import { DEFAULT_LOG_LINES, DEFAULT_TRACE_STEPS } from './tools.js';

/** Log entries read to find the app's lines among the rest. */
const LOG_WINDOW = 2000;
/** A raw dump longer than this is cut (the screen text of `look` is the compact form). */
export const MAX_DUMP_CHARS = 200_000;

export async function runQuery(session: DeviceSession, kind: QueryKind, lines: number | undefined): Promise<QueryAnswer> {
  const { driver } = session;
  const device = session.device;
  switch (kind) {
    case 'logcat': {
      const limit = lines ?? DEFAULT_LOG_LINES;
      const entries = await driver.logs({ limit: LOG_WINDOW });
      const mine = session.app ? appEntries(entries, session.app) : entries;
      const shown = mine.slice(-limit);
      return {
        device,
        kind,
        app: session.app ?? null,
        lines: shown.map((e) => boundedText(`${e.time} ${e.pid} ${e.priority} ${e.tag}: ${e.message}`)),
        ...(mine.length > shown.length ? { omitted: mine.length - shown.length } : {}),
      };
    }
    case 'ui_dump': {
      const hierarchy = await driver.hierarchy();
      const cut = hierarchy.xml.length > MAX_DUMP_CHARS;
      return {
        device,
        kind,
        format: hierarchy.format,
        xml: cut ? hierarchy.xml.slice(0, MAX_DUMP_CHARS) : hierarchy.xml,
        ...(cut ? { truncated_from: hierarchy.xml.length } : {}),
      };
    }
    case 'app_state': {
      const foreground = await driver.foreground();
      // The version of the app under test, else of the app in front.
      const app = session.app ?? foreground.app;
      const version = await driver.appVersion(app);
      return {
        device,
        kind,
        foreground_app: foreground.app,
        activity: foreground.activity ?? null,
        focused_window: foreground.focusedWindow ?? null,
        ...(session.app ? { app_under_test: session.app, app_in_front: foreground.app === session.app } : {}),
        installed_version: version ? { app, version_name: version.name, version_code: version.code ?? null } : { app, installed: false },
      };
    }
    case 'device_info': {
      const [info, size] = await Promise.all([driver.deviceInfo(), driver.screenSize()]);
      return { device, kind, ...info, screen: { width: size.width, height: size.height, density: size.density ?? null } };
    }
    case 'trace':
      // A step keeps what the client typed, whatever its length: the answer shows it cut.
      return { device, kind, steps: boundedDeep(session.trace(lines ?? DEFAULT_TRACE_STEPS)) };
  }
}

const START_PROC = /^Start proc (\d+):([\w.]+)/;
const PROCESS_LINE = /Process: ([\w.]+), PID: (\d+)/;

/**
 * The app's own lines: those of its processes (known from ActivityManager's "Start proc" and the crash
 * header) and any line that names the package.
 */
export function appEntries(entries: LogEntry[], app: string): LogEntry[] {
  const pids = new Set<number>();
  for (const e of entries) {
    const start = START_PROC.exec(e.message);
    if (start && start[2] === app) pids.add(Number(start[1]));
    const crash = PROCESS_LINE.exec(e.message);
    if (crash && crash[1] === app) pids.add(Number(crash[2]));
  }
  return entries.filter((e) => pids.has(e.pid) || e.message.includes(app));
}
