// Crash and ANR detection: a crash or ANR seen by a look, or a crash/ANR dialog on screen, ends the action.
import type { CallOptions, Driver } from '../../drivers/index.js';
import { situationReport, type LogRecord, type Observation, type SituationReport } from '../../observe/index.js';
import { describeDialog, dialogsOn } from './dialogs.js';
import { AppCrashed, AppNotResponding } from './errors.js';

/** The first crash and ANR this action's looks reported. */
export class FatalSignals {
  crash?: SituationReport['crash'];
  anr?: SituationReport['anr'];

  /** Keeps the first of each a look reported. */
  note(report: SituationReport): void {
    this.crash ??= report.crash;
    this.anr ??= report.anr;
  }

  /** What happened before this action was reported by the action that caused it. */
  forget(): void {
    this.crash = undefined;
    this.anr = undefined;
  }
}

/** What the check needs of the action in progress. */
export interface FatalScope {
  readonly driver: Driver;
  readonly call: CallOptions;
  readonly primitive: string;
  readonly fatal: FatalSignals;
  /** The action's log entries: the failure's evidence quotes the crash lines. */
  readonly logs: LogRecord[];
  finishWith(o: Observation): void;
}

/** A crash or ANR, from the logs or a dialog on screen, ends the action: the product failed. */
export async function failOnFatal(scope: FatalScope, o: Observation): Promise<void> {
  const fatal = dialogsOn(o.screen).find((d) => d.fatal);
  if (!scope.fatal.crash && !scope.fatal.anr && !fatal) return;
  let crash = scope.fatal.crash;
  let anr = scope.fatal.anr;
  if (!crash?.evidence.includes('log') && !anr?.evidence.includes('log')) {
    // Seen by its dialog only (it stayed up from earlier): find the cause in the recent log.
    const logs = await scope.driver.logs({ ...scope.call, limit: 500 });
    // Kept with the action's own entries: the failure's evidence quotes the crash lines.
    scope.logs.push(...logs);
    const report = situationReport({ recent: [], after: o, logs });
    crash = report.crash ?? crash;
    anr = report.anr ?? anr;
  }
  scope.finishWith(o);
  const dialog = fatal ? ` The dialog ${describeDialog(fatal)} is on screen.` : '';
  if (anr && (!crash || fatal?.fatal === 'anr')) {
    throw new AppNotResponding(
      `${anr.package || 'The app'} is not responding during ${scope.primitive}: ${anr.reason}.${dialog} This is a defect in the app; its log has the details.`,
    );
  }
  const c = crash ?? { package: fatal?.package ?? '', reason: fatal?.title ?? 'the app stopped' };
  throw new AppCrashed(
    `${c.package || 'The app'} crashed during ${scope.primitive}: ${c.reason}.${dialog} This is a defect in the app; its log has the stack trace.`,
  );
}
