// What the phone says about itself through the adb CLI alone: settings, the focused window, the
// keyboard, the app's log, and a fresh uiautomator dump read with a plain XML regex. Nothing here
// goes through mobiletest's driver or observer, so it can tell whether an agent step told the truth.
import type { AdbPhone } from '../support/adb.js';

/** One node of a uiautomator dump, as the XML spells it. */
export interface DumpNode {
  text: string;
  desc: string;
  /** The resource-id without its `package:id/` prefix. */
  id: string;
  cls: string;
  pkg: string;
  checked: boolean;
  clickable: boolean;
  longClickable: boolean;
  enabled: boolean;
  focused: boolean;
  selected: boolean;
  password: boolean;
  bounds: { left: number; top: number; right: number; bottom: number };
}

/** A fresh `uiautomator dump`, parsed node by node. */
export class Dump {
  readonly nodes: DumpNode[];

  constructor(readonly xml: string) {
    this.nodes = [...xml.matchAll(/<node [^>]*?\/?>/g)].map(([node]) => parseNode(node));
  }

  /** Nodes whose text or content-desc is `label` (a string matches whole, a RegExp anywhere). */
  all(label: string | RegExp): DumpNode[] {
    const matches = (v: string) => (typeof label === 'string' ? v === label : label.test(v));
    return this.nodes.filter((n) => matches(n.text) || matches(n.desc));
  }

  has(label: string | RegExp): boolean {
    return this.all(label).length > 0;
  }

  byId(id: string): DumpNode | undefined {
    return this.nodes.find((n) => n.id === id);
  }

  /** Labelled nodes wholly inside the app's viewport. */
  onScreen(label: string | RegExp): DumpNode[] {
    return this.all(label).filter((n) => this.inViewport(n));
  }

  /** Whether `node` lies wholly below the status bar and above the navigation bar, and is not clipped to nothing. */
  inViewport(node: DumpNode): boolean {
    const bar = this.nodes.find((n) => n.id === 'navigationBarBackground')?.bounds.top ?? 2337;
    return node.bounds.top >= 63 && node.bounds.bottom <= bar && node.bounds.bottom > node.bounds.top;
  }

  /** The labels a person reads, in dump order. */
  labels(): string[] {
    return this.nodes.flatMap((n) => [n.text, n.desc]).filter((l) => l !== '');
  }

  /** A short account of the screen for a report: its first labels. */
  summary(max = 8): string {
    const labels = this.labels();
    return `[${labels
      .slice(0, max)
      .map((l) => `"${l}"`)
      .join(', ')}${labels.length > max ? ', …' : ''}]`;
  }

  /** A checkable node (a Switch, a CheckBox) on the same row as a title matching `title`. */
  switchBeside(title: RegExp): DumpNode | undefined {
    const titles = this.nodes.filter((n) => title.test(n.text));
    return this.nodes.find(
      (n) => /Switch|CheckBox/.test(n.cls) && titles.some((t) => n.bounds.top < t.bounds.bottom + 60 && n.bounds.bottom > t.bounds.top - 60),
    );
  }
}

function parseNode(node: string): DumpNode {
  const attr = (name: string) => unescapeXml(new RegExp(` ${name}="([^"]*)"`).exec(node)?.[1] ?? '');
  const b = /bounds="\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]"/.exec(node);
  return {
    text: attr('text'),
    desc: attr('content-desc'),
    id: attr('resource-id').replace(/^.*:id\//, ''),
    cls: attr('class'),
    pkg: attr('package'),
    checked: attr('checked') === 'true',
    clickable: attr('clickable') === 'true',
    longClickable: attr('long-clickable') === 'true',
    enabled: attr('enabled') === 'true',
    focused: attr('focused') === 'true',
    selected: attr('selected') === 'true',
    password: attr('password') === 'true',
    bounds: b ? { left: +b[1], top: +b[2], right: +b[3], bottom: +b[4] } : { left: 0, top: 0, right: 0, bottom: 0 },
  };
}

function unescapeXml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#10;/g, '\n')
    .replace(/&amp;/g, '&');
}

/** The phone's own answers, each from one adb command. */
export class AdbTruth {
  constructor(readonly phone: AdbPhone) {}

  /** `settings get NS KEY`: the stored value, or 'null' when never set. */
  async setting(ns: 'global' | 'system' | 'secure', key: string): Promise<string> {
    return (await this.phone.shell(`settings get ${ns} ${key}`)).trim();
  }

  /** The focused window's component from `dumpsys window`: `com.android.settings/.SubSettings`. */
  async focus(): Promise<string> {
    const line = /mCurrentFocus=Window\{\S+ \S+ ([^}\s]+)\}/.exec(await this.phone.shell('dumpsys window windows'));
    return line?.[1] ?? 'none';
  }

  /** The resumed activity from `dumpsys activity activities`: `com.example.shop/.CartActivity`. */
  async resumed(): Promise<string> {
    const line = /mResumedActivity: ActivityRecord\{\S+ \S+ (\S+)/.exec(await this.phone.shell('dumpsys activity activities'));
    return line?.[1] ?? 'none';
  }

  /** Whether `dumpsys input_method` says the keyboard is shown. */
  async keyboardShown(): Promise<boolean> {
    return /mInputShown=true/.test(await this.phone.shell('dumpsys input_method'));
  }

  async screen(): Promise<Dump> {
    return new Dump(await this.phone.dump());
  }

  /** The app log since the goal's setup cleared it: `logcat -d`. */
  async log(): Promise<string> {
    return this.phone.shell('logcat -d');
  }
}
