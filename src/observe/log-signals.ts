// Crashes and ANRs as Android logs them (AndroidRuntime's FATAL EXCEPTION, ActivityManager's ANR in).

/** A log entry as any driver reports it; only tag and message are needed. */
export interface LogRecord {
  tag: string;
  message: string;
  priority?: string;
  /** 'main', 'system', 'crash', 'events'. */
  buffer?: string;
  pid?: number;
}

const PROCESS_LINE = /^Process: ([\w.]+), PID: (\d+)/;
const ANR_LINE = /^ANR in ([\w.:]+)/;

/** The first uncaught exception in the entries: its process and the exception line. */
export function crashFromLogs(entries: LogRecord[]): { package: string; exception: string } | undefined {
  const lines = entries.filter((e) => e.tag === 'AndroidRuntime' || e.buffer === 'crash').flatMap((e) => e.message.split('\n'));
  const start = lines.findIndex((l) => l.startsWith('FATAL EXCEPTION'));
  if (start < 0) return undefined;
  let pkg = '';
  let exception = '';
  for (const line of lines.slice(start + 1, start + 6)) {
    const m = PROCESS_LINE.exec(line);
    if (m) pkg = m[1];
    else if (pkg && !exception && !/^\s*at /.test(line)) exception = line.trim();
  }
  return { package: pkg, exception: exception || lines[start] };
}

export function anrFromLogs(entries: LogRecord[]): { package: string; reason: string } | undefined {
  for (const e of entries) {
    const line = e.message.split('\n', 1)[0];
    const m = ANR_LINE.exec(line);
    if (m) return { package: m[1].split(':')[0], reason: line };
  }
  return undefined;
}
