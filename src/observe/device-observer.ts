// Observing a live device: one call takes the hierarchy, foreground app, screen size, whether the
// soft keyboard is up, a screenshot and the log since the previous look, and reports what changed.
// A plain uiautomator dump holds the active window alone, so the keyboard's state comes from the
// input method service, not from the dump. The driver is passed in, so this
// layer still knows drivers only by their types.
import type { CallOptions, Driver, LogMark } from '../drivers/index.js';
import { foregroundApp } from './foreground.js';
import { observeScreen, type Observation } from './observation.js';
import { thumbnail } from './frames.js';
import { RefRegistry } from './refs.js';
import { buildScreen } from './screen.js';
import { situationReport, STUCK_AFTER, type LogRecord, type SituationReport } from './situation.js';
import { parseUiautomatorXml } from './uiautomator.js';
import { HierarchyParseError } from './hierarchy-error.js';

export interface DeviceObserverOptions {
  /** Take a screenshot with every look (needed to tell a stuck screen by its pixels). Default true. */
  screenshots?: boolean;
  /** Identical frames in a row that count as stuck. */
  stuckAfter?: number;
}

export interface Look {
  observation: Observation;
  /** What changed since the previous look (everything is new on the first). */
  report: SituationReport;
  /** Log entries since the previous look. */
  logs: LogRecord[];
}

/** Looks at one device again and again, keeping refs stable and reporting each change. */
export class DeviceObserver {
  private readonly refs = new RefRegistry();
  private readonly recent: Observation[] = [];
  private mark: LogMark | undefined;
  /** The last dump and what it was built with: an identical dump is not parsed again. */
  private last: { xml: string; inputs: string; observation: Observation } | undefined;

  constructor(private readonly driver: Driver, private readonly options: DeviceObserverOptions = {}) {}

  async look(call: CallOptions = {}): Promise<Look> {
    const since = this.mark;
    const nextMark = await this.driver.mark(call);
    const [hierarchy, foreground, size, keyboard, screenshot, logs] = await Promise.all([
      this.driver.hierarchy(call),
      this.driver.foreground(call),
      this.driver.screenSize(call),
      this.driver.keyboardShown(call),
      this.options.screenshots === false ? Promise.resolve(undefined) : this.driver.screenshot(call),
      since ? this.driver.logs({ ...call, since }) : Promise.resolve([]),
    ]);
    this.mark = nextMark;
    if (hierarchy.format !== 'uiautomator-xml') {
      throw new HierarchyParseError({ source: `${this.driver.id} dump`, problem: `${hierarchy.format} hierarchies are not read yet`, hint: 'Only uiautomator dumps (Android) are observed today.' });
    }
    const inputs = JSON.stringify([foreground, size, keyboard]);
    const observation = this.last?.xml === hierarchy.xml && this.last.inputs === inputs
      ? { ...this.last.observation, at: Date.now(), frame: screenshot ? thumbnail(screenshot) : undefined }
      : observeScreen(buildScreen(parseUiautomatorXml(hierarchy.xml, { source: `${this.driver.id} dump` }), { foreground: foregroundApp(foreground), size, keyboard, refs: this.refs }), { screenshot });
    if (!observation.frame) delete observation.frame;
    this.last = { xml: hierarchy.xml, inputs, observation };
    const stuckAfter = this.options.stuckAfter ?? STUCK_AFTER;
    const report = situationReport({ recent: this.recent, after: observation, logs, stuckAfter });
    this.recent.push(observation);
    if (this.recent.length > stuckAfter) this.recent.shift();
    return { observation, report, logs };
  }
}
