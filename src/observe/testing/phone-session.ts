// For tests: looks at a virtual phone the way the agent will — observations with carried-over refs —
// and touches elements by label. Typed structurally, so observe never imports the phone's code.
import type { LogRecord } from '../log-signals.js';
import { observeXml, type Observation } from '../observation.js';
import { RefRegistry } from '../refs.js';
import { centre } from '../geometry.js';
import type { ScreenElement } from '../screen-types.js';
import { situationReport, type SituationReport } from '../situation.js';

export interface PhoneLike {
  ui: {
    dumpXml(): string;
    tap(x: number, y: number): void;
    typeText(text: string): void;
    keyEvent(code: number): void;
    swipe(options: { x1: number; y1: number; x2: number; y2: number; durationMs: number }): void;
    launch(pkg: string): unknown;
    foreground(): { package: string; activity: string };
    keyboardShown(): boolean;
    frame(): { size: { width: number; height: number } };
    processes(): Array<{ package: string }>;
  };
  logcat: { entries(options?: { since?: number }): Array<LogRecord & { time: number }> };
  clock: { now(): number; advance(ms: number): void };
  screenshotPng(): Promise<Buffer>;
}

export const KEY_BACK = 4;
export const KEY_ENTER = 66;

export class PhoneSession {
  readonly refs = new RefRegistry();
  readonly history: Observation[] = [];
  private logMark: number;

  constructor(readonly phone: PhoneLike) {
    this.logMark = phone.clock.now();
  }

  /** Dumps and observes the screen (with a screenshot when asked), remembering it for the next report. */
  async look(options: { screenshot?: boolean } = {}): Promise<Observation> {
    const ui = this.phone.ui;
    const { size } = ui.frame();
    const observation = observeXml(ui.dumpXml(), {
      refs: this.refs,
      foreground: ui.foreground(),
      keyboard: ui.keyboardShown(),
      // The display's size, as the driver reads it with `wm size`: a plain dump of a dialog spans the dialog only.
      size: { width: size.width, height: size.height },
      at: this.phone.clock.now(),
      screenshot: options.screenshot ? await this.phone.screenshotPng() : undefined,
    });
    this.history.push(observation);
    return observation;
  }

  /** Observes, then reports what changed since the previous observation (logs since then included). */
  async report(options: { screenshot?: boolean; app?: string } = {}): Promise<SituationReport> {
    const recent = [...this.history];
    const after = await this.look(options);
    const logs = this.phone.logcat.entries({ since: this.logMark });
    this.logMark = this.phone.clock.now() + 1;
    const app = options.app ? { package: options.app, running: this.phone.ui.processes().some((p) => p.package === options.app) } : undefined;
    return situationReport({ recent, after, logs, app });
  }

  /** The element whose label is `label` (or matches it) on the last observation. */
  element(label: string | RegExp, observation = this.last()): ScreenElement {
    const found = observation.screen.elements.find((e) => (typeof label === 'string' ? e.label === label : label.test(e.label)));
    if (!found)
      throw new Error(`no element labelled ${String(label)} on screen:\n${observation.screen.elements.map((e) => `${e.ref} ${e.role} ${e.label}`).join('\n')}`);
    return found;
  }

  /** Taps the centre of the element labelled `label` on a fresh observation. */
  async tap(label: string | RegExp): Promise<void> {
    const e = this.element(label, await this.look());
    const c = centre(e.bounds);
    this.phone.ui.tap(c.x, c.y);
  }

  async fill(label: string | RegExp, text: string): Promise<void> {
    await this.tap(label);
    this.phone.ui.typeText(text);
  }

  last(): Observation {
    const o = this.history[this.history.length - 1];
    if (!o) throw new Error('nothing observed yet');
    return o;
  }
}
