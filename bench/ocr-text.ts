// Part of `npm run bench -- ocr`: what the planner reads once the pixel layers ran, on the virtual
// phone's screens as the runner observes them (the Android driver, the DeviceObserver with the OCR):
// the text form's tokens (o200k), and whether the screen would still be escalated to a vision model
// (needsVision). Canvas's screens are pixels only; the other sample apps' carry their text in the tree.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import {
  AndroidDriver,
  DeviceObserver,
  meteredDriver,
  needsVision,
  screenText,
  startSim,
  textCoverage,
  type OcrEngine,
  type Screen,
  type Sim,
} from '../runner/index.js';

const CANVAS = 'com.example.canvas';

interface TextForm {
  name: string;
  tokens: number;
  elements: number;
  /** Share of the app's elements that carry text: the tree's alone, then with what OCR read. */
  treeCoverage: number;
  coverage: number;
  ocrLines: number;
  vision: boolean;
}

/** One screen the phone shows, and how to bring it up from the one before. */
interface PhoneStep {
  name: string;
  app: string;
  go: (sim: Sim, shown: Screen) => void;
}

/** The centre of the element labelled `label` on `screen` (drawn text read by OCR included), tapped on the phone. */
function tapLabel(sim: Sim, screen: Screen, label: string | RegExp): void {
  const e = screen.elements.find((x) => (typeof label === 'string' ? x.label === label : label.test(x.label)));
  if (!e)
    throw new Error(`bench ocr: no "${String(label)}" on ${screen.foreground?.package ?? 'the screen'}: ${screen.elements.map((x) => x.label).join(', ')}`);
  sim.phone.ui.tap(Math.floor((e.bounds.left + e.bounds.right) / 2), Math.floor((e.bounds.top + e.bounds.bottom) / 2));
}

const TEXT_RICH: PhoneStep[] = [
  { name: 'launcher', app: 'com.google.android.apps.nexuslauncher', go: () => undefined },
  { name: 'shop permission dialog', app: 'com.example.shop', go: (sim) => void sim.phone.ui.launch('com.example.shop') },
  { name: 'shop login', app: 'com.example.shop', go: (sim, shown) => tapLabel(sim, shown, 'Allow') },
  { name: 'settings', app: 'com.android.settings', go: (sim) => void sim.phone.ui.launch('com.android.settings') },
  { name: 'settings network', app: 'com.android.settings', go: (sim, shown) => tapLabel(sim, shown, /^Network & internet/) },
  { name: 'notes', app: 'com.example.notes', go: (sim) => void sim.phone.ui.launch('com.example.notes') },
];

const CANVAS_SCREENS: PhoneStep[] = [
  { name: 'canvas game start', app: CANVAS, go: (sim) => void sim.phone.ui.launch(CANVAS) },
  { name: 'canvas game', app: CANVAS, go: (sim, shown) => tapLabel(sim, shown, 'Start') },
  { name: 'canvas game paused', app: CANVAS, go: (sim, shown) => tapLabel(sim, shown, 'Pause') },
  { name: 'canvas drawing toolbar', app: CANVAS, go: (sim) => void sim.phone.ui.launch(CANVAS, { activity: '.DrawActivity' }) },
  { name: 'canvas sign-up', app: CANVAS, go: (sim) => void sim.phone.ui.launch(CANVAS, { activity: '.SignUpActivity' }) },
  { name: 'canvas photo', app: CANVAS, go: (sim) => void sim.phone.ui.launch(CANVAS, { activity: '.PhotoActivity' }) },
];

/** Each step's screen as the runner observes it, with the OCR where its tree names too few elements. */
async function observeAll(engine: OcrEngine): Promise<{ textRich: TextForm[]; canvas: TextForm[] }> {
  const sim = await startSim({ serverPort: 0, seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) });
  const driver = await AndroidDriver.connect({ port: sim.serverPort as number });
  const tree = new DeviceObserver(meteredDriver(driver), { screenshots: false });
  const observer = new DeviceObserver(meteredDriver(driver), { screenshots: false, pixels: { reader: engine } });
  try {
    let shown: Screen | undefined;
    const walk = async (steps: PhoneStep[]): Promise<TextForm[]> => {
      const out: TextForm[] = [];
      for (const step of steps) {
        step.go(sim, shown as Screen);
        const bare = (await tree.look({ app: step.app })).observation.screen;
        const screen = (await observer.look({ app: step.app })).observation.screen;
        shown = screen;
        out.push({
          name: step.name,
          tokens: countTokens(screenText(screen)),
          elements: screen.elements.length,
          treeCoverage: textCoverage(bare),
          coverage: textCoverage(screen),
          ocrLines: observer.lastOcr?.lines ?? 0,
          vision: needsVision(screen),
        });
      }
      return out;
    };
    return { textRich: await walk(TEXT_RICH), canvas: await walk(CANVAS_SCREENS) };
  } finally {
    await driver.close();
    await sim.stop();
  }
}

const pct = (x: number) => `${Math.round(100 * x)}%`.padStart(5);

function table(title: string, rows: TextForm[]): void {
  console.log(`\n${title}`);
  console.log(`${'screen'.padEnd(26)} tokens  elements  tree text  after OCR  OCR lines  vision`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(26)} ${String(r.tokens).padStart(6)}  ${String(r.elements).padStart(8)}      ${pct(r.treeCoverage)}      ${pct(r.coverage)}  ${String(r.ocrLines).padStart(9)}  ${r.vision ? 'yes' : 'no'}`,
    );
  }
  const tokens = rows.map((r) => r.tokens);
  console.log(`${'mean'.padEnd(26)} ${String(Math.round(tokens.reduce((a, b) => a + b, 0) / Math.max(1, rows.length))).padStart(6)}`);
}

/** Prints the text form's tokens and the vision escalation, text-rich screens first, then Canvas's. */
export async function printTextForm(engine: OcrEngine): Promise<void> {
  const { textRich, canvas } = await observeAll(engine);
  console.log(`\nthe screen as the planner reads it (screenText, o200k tokens), observed through the Android driver with the OCR on`);
  table('text-rich sample app screens', textRich);
  table('Canvas screens (pixels only)', canvas);
  const escalated = (rows: TextForm[]) => rows.filter((r) => r.vision).length;
  console.log(`\nvision escalation on text-rich screens: ${escalated(textRich)} of ${textRich.length}`);
  console.log(`vision escalation on Canvas screens: ${escalated(canvas)} of ${canvas.length}`);
}
