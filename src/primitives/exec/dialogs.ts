// System dialogs over the app: which one is up, whether it is a crash or ANR, and which button answers it.
import type { Screen, ScreenElement } from '../../observe/index.js';
import { normalise } from '../locator/index.js';

export interface ShownDialog {
  /** Index into screen.windows. */
  window: number;
  package: string;
  title: string;
  buttons: ScreenElement[];
  /** A crash or "isn't responding" dialog: never dismissed by policy. */
  fatal?: 'crash' | 'anr';
}

const ALLOW = ['Allow', 'While using the app', 'Only this time', 'OK'];
const DENY = ["Don't allow", 'Deny'];
const ACCEPT = [...ALLOW, 'Yes', 'Continue', 'Accept', 'Confirm'];
const DISMISS = [...DENY, 'Cancel', 'No', 'Dismiss', 'Close', 'Not now'];
const CRASH = /keeps stopping|has stopped/i;
const ANR = /isn['’]t responding|is not responding/i;

/** The dialogs on screen, topmost first; `foreignOnly` keeps those of another package than the app's (system prompts). */
export function dialogsOn(screen: Screen, options: { app?: string; foreignOnly?: boolean } = {}): ShownDialog[] {
  const app = options.app ?? screen.windows.find((w) => w.kind === 'app')?.package;
  const found: ShownDialog[] = [];
  screen.windows.forEach((w, index) => {
    if (w.kind !== 'dialog') return;
    if (options.foreignOnly && w.package === app) return;
    const inside = screen.elements.filter((e) => e.window === index);
    const own = inside.find((e) => e.role === 'dialog');
    const title = own?.label || inside.find((e) => e.role === 'text')?.label || '';
    const texts = inside.map((e) => e.label).join('\n');
    const fatal = ANR.test(texts) ? 'anr' : CRASH.test(texts) ? 'crash' : undefined;
    found.push({ window: index, package: w.package, title, buttons: inside.filter((e) => e.role === 'button'), ...(fatal ? { fatal } : {}) });
  });
  return found;
}

/** The button that gives `answer`, by the usual labels in order of preference. */
export function answerButton(dialog: ShownDialog, answer: 'allow' | 'deny' | 'accept' | 'dismiss'): ScreenElement | undefined {
  const labels = { allow: ALLOW, deny: DENY, accept: ACCEPT, dismiss: DISMISS }[answer].map(normalise);
  for (const label of labels) {
    const button = dialog.buttons.find((b) => normalise(b.label) === label);
    if (button) return button;
  }
  return undefined;
}

/** The button with this label, compared as the locator compares text. */
export function buttonLabelled(dialog: ShownDialog, label: string): ScreenElement | undefined {
  const want = normalise(label);
  return dialog.buttons.find((b) => normalise(b.label) === want);
}

export function describeDialog(dialog: ShownDialog): string {
  const buttons = dialog.buttons.map((b) => `"${b.label}"`).join(', ');
  return `"${dialog.title}" (${dialog.package}${buttons ? `; buttons ${buttons}` : ''})`;
}
