// Observing a live device. A look is one hierarchy read plus one glance (the foreground, whether the
// soft keyboard is up, the log's position and the app's process, in one shell call), and reports what
// changed. What is cheap to keep is kept: the screen size until the screen turns, and the last look
// itself while nothing has acted on the device (`held`). The log is read only when a crash or ANR is
// suspected: the app's process gone or replaced, the app no longer in front, a window not its own
// focused, or an error dialog on screen. The driver is passed in, so this layer knows drivers only by
// their types.
import type { CallOptions, Driver, Glance, LogMark, RawImage, ScreenSize } from '../drivers/index.js';
import { foregroundApp } from './foreground.js';
import { observeScreen, type Observation } from './observation.js';
import { thumbnail, type RgbaImage } from './frames.js';
import { RefRegistry } from './refs.js';
import { pixelsOf } from './greyed.js';
import { markDrawn, needsOcr, pixelsShown, withPixelLayers, type OcrRun, type PixelLayerOptions } from './pixel-layers.js';
import { buildScreen } from './screen.js';
import { DEFAULT_MIN_TEXT_COVERAGE, type ReadText } from './read-text.js';
import type { Screen } from './screen-types.js';
import { situationReport, STUCK_AFTER, type LogRecord, type SituationReport } from './situation.js';
import { parseHierarchy } from './hierarchy.js';
import type { UiHierarchy } from './ui-node.js';
import { screenState } from './wait.js';

export interface DeviceObserverOptions {
  /**
   * Take a screenshot when a look finds the same tree as the one before (to tell a stuck screen by its
   * pixels from one that moves under an unchanged tree). Default true.
   */
  screenshots?: boolean;
  /** Identical frames in a row that count as stuck. */
  stuckAfter?: number;
  /**
   * Reading the pixels: with an OCR, a screen whose tree names too few of its elements is also read off
   * a screenshot (one more device call, on those screens only), and controls drawn greyed out are marked.
   * judgePixels reads them for any screen, when asked.
   */
  pixels?: PixelLayerOptions;
}

export interface LookOptions extends CallOptions {
  /** The app under test: its process is watched, and losing it makes the log worth reading. */
  app?: string;
}

export interface Look {
  observation: Observation;
  /** What changed since the previous look (everything is new on the first). */
  report: SituationReport;
  /** Log entries since the log was last read, when this look suspected a crash or ANR; none otherwise. */
  logs: LogRecord[];
}

/** A screen with its pixels read against its tree (DeviceObserver.judgePixels). */
export interface PixelVerdict {
  observation: Observation;
  /** What the pixels showed for each element marked covered or looks-disabled, by ref. */
  shown: Map<string, string>;
  /** The screenshot read, when one was taken (the trace may keep it as the frame before acting). */
  image?: RawImage;
}

/** How long a settled screen is taken as still current when nothing has acted on the device since. */
export const HOLD_MS = 5_000;
/** What a hierarchy read is assumed to take before the first one is timed. */
const FIRST_READ_MS = 50;

/** Looks at one device again and again, keeping refs stable and reporting each change. */
export class DeviceObserver {
  private readonly refs = new RefRegistry();
  private readonly recent: Observation[] = [];
  /** The log was last read up to here (or the first look's position): the next read starts here. */
  private logMark: LogMark | undefined;
  private lastGlance: Glance | undefined;
  /** The screen size and the rotation it was read at: read again when the screen turns. */
  private size: { value: ScreenSize; rotation: number } | undefined;
  /** The last dump (with its scale and app) and what it was built with: an identical dump is not parsed again (unless its screen was read off pixels, which may have changed under it). */
  private last: { xml: string; inputs: string; observation: Observation; ocr?: OcrRun } | undefined;
  /** What the OCR did on the last look, if it ran. */
  lastOcr: OcrRun | undefined;
  /** Why OCR cannot run on this machine (tesseract.js not installed): looks then read the tree only. */
  ocrUnavailable: string | undefined;
  /** The last screenshot a look took (for OCR, or to compare frames), and the observation it belongs to. */
  private shot: { observation: Observation; png: Buffer } | undefined;
  /** The last look, its glance and watched app, the driver's change count when it began, and whether it was seen settled. */
  private latest: { look: Look; glance: Glance; watched: string | undefined; changeCount: number; settled: boolean; at: number } | undefined;
  private readTimes = 0;
  private readTotal = 0;
  /** Observations whose screen was read with its pixels at the look: judging them again needs no screenshot. */
  private readonly drawn = new WeakSet<Observation>();

  constructor(
    private readonly driver: Driver,
    private readonly options: DeviceObserverOptions = {},
  ) {}

  /** Below this share of its elements named in text, a screen is read with OCR, and then also shown as a picture. */
  get minTextCoverage(): number {
    return this.options.pixels?.minTextCoverage ?? DEFAULT_MIN_TEXT_COVERAGE;
  }

  /** The screenshot taken with `observation`, when its look took one (a screen read with OCR does): no second capture for its picture. */
  screenshotOf(observation: Observation): Buffer | undefined {
    return this.shot?.observation === observation ? this.shot.png : undefined;
  }

  /** The mean time a hierarchy read has taken on this device. */
  get readMs(): number {
    return this.readTimes === 0 ? FIRST_READ_MS : this.readTotal / this.readTimes;
  }

  /**
   * The last look while it is still the screen: it was seen settled, nothing has acted on the device
   * through this driver since it began, it is at most `maxAgeMs` old, and a glance (one cheap shell
   * call) finds the same app, activity, focused window, keyboard and process, so a change made from
   * outside (another tool, adb in a script) is not missed when it moved any of those. The app may still
   * change the screen on its own; whoever acts on a held screen reads the screen after acting.
   */
  async held(call: CallOptions = {}, maxAgeMs = HOLD_MS): Promise<Look | undefined> {
    const latest = this.latest;
    if (!latest?.settled || latest.changeCount !== this.driver.changeCount || performance.now() - latest.at > maxAgeMs) return undefined;
    const now = await this.driver.glance({ ...call, apps: latest.watched ? [latest.watched] : [] });
    return sameState(latest.glance, now) && this.latest === latest ? latest.look : undefined;
  }

  /** The held look, else a fresh one: for whoever needs the screen as it is now, once. */
  async current(options: LookOptions = {}): Promise<Look> {
    const { app: _app, ...call } = options;
    return (await this.held(call)) ?? (await this.look(options));
  }

  /** Marks `observation` as settled (two equal reads, or a read that showed the expected outcome); held() can then return it. */
  settled(observation: Observation): void {
    if (this.latest?.look.observation === observation) this.latest.settled = true;
  }

  async look(options: LookOptions = {}): Promise<Look> {
    const { app, ...call } = options;
    const changeCount = this.driver.changeCount;
    const watched = app ?? this.lastGlance?.foreground.app;
    const readStart = performance.now();
    const timedRead = this.driver.hierarchy(call).then((h) => {
      this.readTimes++;
      this.readTotal += performance.now() - readStart;
      return h;
    });
    const [hierarchy, glance, knownSize] = await Promise.all([
      timedRead,
      this.driver.glance({ ...call, apps: watched ? [watched] : [] }),
      this.size ? Promise.resolve(undefined) : this.driver.screenSize(call),
    ]);
    const source = `${this.driver.id} ${hierarchy.format === 'uiautomator-xml' ? 'dump' : 'source'}`;
    // The same text read at another scale or for another app is another tree.
    const key = `${hierarchy.scale ?? 1} ${hierarchy.app ?? ''} ${hierarchy.xml}`;
    const unchanged = this.last?.xml === key && !this.last.ocr ? this.last : undefined;
    // Pixels are compared only once the tree has stayed the same: a changed tree says enough.
    const screenshot = unchanged && this.options.screenshots !== false ? await this.driver.screenshot(call) : undefined;
    const parsed = unchanged ? undefined : parseHierarchy(hierarchy, { source });
    const size = await this.sizeFor(parsed, knownSize, call);
    const inputs = JSON.stringify([glance.foreground, size, glance.keyboardShown]);
    let ocr: OcrRun | undefined;
    let observation: Observation;
    let png = screenshot;
    if (unchanged && unchanged.inputs === inputs) {
      observation = { ...unchanged.observation, at: Date.now(), frame: screenshot ? thumbnail(screenshot) : undefined };
    } else {
      const tree = parsed ?? parseHierarchy(hierarchy, { source });
      const build = (readText?: ReadText[]) =>
        buildScreen(tree, { foreground: foregroundApp(glance.foreground), size, keyboard: glance.keyboardShown, refs: this.refs, readText });
      let screen = build();
      let shot: Buffer | RgbaImage | undefined = screenshot;
      const pixels = this.options.pixels;
      if (pixels && this.ocrUnavailable === undefined && needsOcr(screen, pixels)) {
        png = screenshot ?? (await this.driver.screenshot(call));
        // The screen with its read text takes the tree-only screen's place, refs included: the text read
        // on the last look keeps its refs (Start stays e5) rather than looking new beside the tree.
        const rebuild = (readText: ReadText[]) => {
          this.refs.retract();
          return build(readText);
        };
        const read = await withPixelLayers({ tree: screen, build: rebuild, screenshot: png, source: this.driver.id }, pixels);
        ({ screen, ocr } = read);
        // Decoded once: the observation's thumbnail is made from the same pixels.
        shot = read.pixels;
        this.ocrUnavailable = read.unavailable;
      }
      observation = observeScreen(screen, { screenshot: shot });
      if (ocr || shot !== screenshot) this.drawn.add(observation);
    }
    if (!observation.frame) delete observation.frame;
    this.last = { xml: key, inputs, observation, ...(ocr ? { ocr } : {}) };
    this.shot = png ? { observation, png } : undefined;
    this.lastOcr = ocr;

    const logs = await this.logsIfSuspected({ glance, screen: observation.screen, app: watched }, call);
    this.lastGlance = glance;
    const stuckAfter = this.options.stuckAfter ?? STUCK_AFTER;
    const report = situationReport({ recent: this.recent, after: observation, logs, stuckAfter });
    this.recent.push(observation);
    if (this.recent.length > stuckAfter) this.recent.shift();
    const look = { observation, report, logs };
    this.latest = { look, glance, watched, changeCount, settled: false, at: performance.now() };
    return look;
  }

  /**
   * `observation` with what a screenshot taken now says against its tree: controls drawn greyed out and
   * elements an overlay the tree does not show covers (pixel-layers.ts), for whoever is about to touch
   * one of them. One screenshot; none when this observer reads no pixels or the look already read them.
   */
  async judgePixels(observation: Observation, call: CallOptions = {}): Promise<PixelVerdict> {
    if (!this.options.pixels || this.drawn.has(observation)) return { observation, shown: new Map() };
    // A raw capture: no PNG to encode on the device and decode here.
    const image = await this.driver.capture(call);
    const pixels = pixelsOf(image, observation.screen);
    const screen = markDrawn(observation.screen, pixels);
    if (screen === observation.screen) return { observation, shown: new Map(), image };
    return { observation: { ...observation, screen }, shown: pixelsShown(screen, pixels), image };
  }

  /** The screen size for this dump: the one kept, unless the screen has turned since it was read. */
  private async sizeFor(parsed: UiHierarchy | undefined, fresh: ScreenSize | undefined, call: CallOptions): Promise<ScreenSize> {
    const rotation = parsed?.rotation ?? this.size?.rotation ?? 0;
    if (fresh) this.size = { value: fresh, rotation };
    else if (this.size && this.size.rotation !== rotation) this.size = { value: await this.driver.screenSize(call), rotation };
    return (this.size as { value: ScreenSize }).value;
  }

  /** The log since it was last read, when this look gives reason to suspect a crash or an ANR. */
  private async logsIfSuspected(seen: SeenNow, call: CallOptions): Promise<LogRecord[]> {
    const { glance } = seen;
    const since = this.logMark;
    if (!since) {
      this.logMark = glance.mark;
      return [];
    }
    if (!suspicious(this.lastGlance, seen)) return [];
    const logs = await this.driver.logs({ ...call, since });
    this.logMark = glance.mark;
    return logs;
  }
}

/** What one look saw: the glance, the screen, and the app it watches. */
interface SeenNow {
  glance: Glance;
  screen: Screen;
  app: string | undefined;
}

/** Two glances' clocks and the input's ages differ by a few ms of shell time: an input newer than this is someone's touch. */
const INPUT_SLACK_MS = 50;

/** Whether two glances show the same app, activity, focused window, keyboard and processes, and no input between them. */
function sameState(a: Glance, b: Glance): boolean {
  if (JSON.stringify([a.foreground, a.keyboardShown, a.pids]) !== JSON.stringify([b.foreground, b.keyboardShown, b.pids])) return false;
  const inputAt = (g: Glance) => (g.inputAgeMs === undefined ? undefined : Date.parse(`${g.mark.deviceTime.replace(' ', 'T')}Z`) - g.inputAgeMs);
  const was = inputAt(a);
  const is = inputAt(b);
  return is === undefined || (was !== undefined && is - was <= INPUT_SLACK_MS);
}

/** Whether a crash or ANR may have happened since the previous glance. */
function suspicious(previous: Glance | undefined, { glance: now, screen, app }: SeenNow): boolean {
  if (now.foreground.focusedWindow !== undefined || screenState(screen) === 'error') return true;
  if (!previous || !app) return false;
  const processChanged = app in previous.pids && previous.pids[app] !== now.pids[app];
  const leftApp = previous.foreground.app === app && now.foreground.app !== app;
  return processChanged || leftApp;
}
