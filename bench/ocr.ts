// `npm run bench -- ocr`: how much of the text drawn on phone screens the offline OCR reads back and
// how fast — word recall and box accuracy by face, size, contrast and filled buttons, and the time
// of a whole screen (cold and warm), of one region read alone, and of a cached frame; then what the
// planner reads of the virtual phone's screens after OCR, and how often a vision model would be asked.
import { OcrEngine, observeXml, parseUiautomatorXml, startSim, type OcrResult, type OcrWord, type Rect, type UiNode } from '../runner/index.js';
import {
  blankScreen,
  drawScreen,
  gameStartScreen,
  greyedButtonScreen,
  label,
  matchWords,
  settingsScreen,
  type DrawnScreen,
  type Face,
  type FilledBox,
  type TestScreen,
  type TextLine,
  type WordMatch,
} from '../src/observe/testing/ocr-screens.js';
import { printTextForm } from './ocr-text.js';
import { quantile } from './stats.js';

const W = 1080;
const H = 2400;
const FACES: Face[] = ['sans', 'sans-bold', 'serif', 'serif-bold', 'mono', 'mono-bold'];
const WORDS = [
  'Play now',
  'Continue',
  'Level 7',
  'Coins 2,450',
  'Daily reward',
  'Shop',
  'Profile',
  'Inventory',
  'Leaderboard',
  'Sign in',
  'Create account',
  'Forgot password?',
  'Search',
  'Cart',
  'Checkout',
  'Total 39.99',
  'Messages',
  'Friends',
  'Upgrade',
  'Restore purchases',
  'Privacy',
  'Terms',
  'Help centre',
  'Log out',
  'Back',
  'Next',
  'Skip',
  'Done',
];

interface Tagged extends TextLine {
  /** How the text is drawn, for the table's rows. */
  kind: string;
  button?: FilledBox;
}

interface BenchScreen {
  name: string;
  drawn: DrawnScreen;
  /** Category of each drawn word, in drawing order. */
  kinds: string[];
  buttons: FilledBox[];
}

/** One screen per face: dark on light at 24–64 px, light on dark at 28–110 px, low contrast, and three kinds of button. */
function variedScreen(face: Face, seed: number): { screen: TestScreen; lines: Tagged[] } {
  let next = seed;
  const word = () => WORDS[next++ % WORDS.length];
  const lines: Tagged[] = [];
  [24, 32, 44, 64].forEach((px, i) => lines.push({ text: word(), x: 60, y: 120 + i * 150, px, colour: '#202124', face, kind: `dark on light ${px} px` }));
  [28, 40, 56].forEach((px, i) => lines.push({ text: word(), x: 60, y: 960 + i * 140, px, colour: '#eeeeee', face, kind: `light on dark ${px} px` }));
  lines.push({ text: word().split(' ')[0], x: 60, y: 1500, px: 110, colour: '#eeeeee', face, kind: 'light on dark 110 px' });
  [36, 48].forEach((px, i) => lines.push({ text: word(), x: 60, y: 1720 + i * 110, px, colour: '#9e9e9e', face, kind: `low contrast ${px} px` }));
  const buttons: { box: FilledBox; colour: string; kind: string }[] = [
    { box: { left: 60, top: 1950, right: 500, bottom: 2080, fill: '#2e9d4f', radius: 65 }, colour: '#ffffff', kind: 'button light on colour' },
    { box: { left: 580, top: 1950, right: 1020, bottom: 2080, fill: '#d2e3fc', radius: 16 }, colour: '#174ea6', kind: 'button dark on tint' },
    { box: { left: 240, top: 2170, right: 840, bottom: 2300, fill: '#e4e4e4', radius: 20 }, colour: '#a9a9a9', kind: 'button greyed' },
  ];
  for (const b of buttons) lines.push({ ...label(b.box, { text: word().split(' ')[0], px: 44, colour: b.colour, face }), kind: b.kind, button: b.box });
  return {
    screen: {
      width: W,
      height: H,
      background: '#fafafa',
      boxes: [{ left: 0, top: 820, right: W, bottom: 1600, fill: '#121212' }, ...buttons.map((b) => b.box)],
      lines,
    },
    lines,
  };
}

/** A game's HUD per face: text on a gradient, outlined text, colour on colour of the same grey, a small chip, a toolbar's labels. */
function hudScreen(face: Face, seed: number): { screen: TestScreen; lines: Tagged[] } {
  let next = seed;
  const word = () => WORDS[next++ % WORDS.length];
  const lines: Tagged[] = [
    {
      text: word(),
      x: 60,
      y: 260,
      px: 80,
      colour: '#ffffff',
      outline: '#000000',
      face: face.startsWith('mono') ? face : 'sans-bold',
      kind: 'outlined on gradient 80 px',
    },
    { text: word(), x: 60, y: 440, px: 40, colour: '#ffd54f', face, kind: 'yellow on gradient 40 px' },
    { text: word(), x: 60, y: 560, px: 24, colour: '#ffffff', face, kind: 'white on gradient 24 px' },
  ];
  const boxes: FilledBox[] = [];
  const same = { left: 60, top: 700, right: 620, bottom: 840, fill: '#ff4f4f', radius: 24 };
  const chip = { left: 700, top: 740, right: 1000, bottom: 796, fill: '#3c4043', radius: 28 };
  boxes.push(same, chip);
  lines.push({ ...label(same, { text: word().split(' ')[0], px: 44, colour: '#3f8fff', face }), kind: 'button, text as grey as fill', button: same });
  lines.push({ ...label(chip, { text: word().split(' ')[0], px: 24, colour: '#e8eaed', face }), kind: 'chip 24 px', button: chip });
  // A busy picture (a game's scene): tiles of varied colour, with text drawn over it.
  let tint = seed * 9301 + 49297;
  for (let y = 950; y < 1450; y += 25) {
    for (let x = 0; x < W; x += 25) {
      tint = (tint * 9301 + 49297) % 233280;
      boxes.push({ left: x, top: y, right: x + 25, bottom: y + 25, fill: `hsl(${tint % 360}, 45%, ${25 + (tint % 30)}%)` });
    }
  }
  lines.push({ text: word(), x: 60, y: 1100, px: 64, colour: '#ffffff', outline: '#000000', face: 'sans-bold', kind: 'outlined on picture 64 px' });
  lines.push({ text: word(), x: 60, y: 1300, px: 44, colour: '#ffffff', face, kind: 'white on picture 44 px' });
  boxes.push({ left: 0, top: 2180, right: W, bottom: H, fill: '#ffffff' });
  for (let i = 0; i < 4; i++) {
    const centre = 135 + i * 270;
    boxes.push({ left: centre - 32, top: 2200, right: centre + 32, bottom: 2264, fill: '#5f6368', radius: 32 });
    lines.push({ text: word().split(' ')[0], x: centre, y: 2320, px: 24, colour: '#5f6368', face, centred: true, kind: 'toolbar label 24 px' });
  }
  return { screen: { width: W, height: H, background: ['#2a1150', '#0d3b66'], boxes, lines }, lines };
}

async function benchScreens(): Promise<BenchScreen[]> {
  const screens: BenchScreen[] = [];
  for (const [i, face] of FACES.entries()) {
    for (const { screen, lines } of [variedScreen(face, i * 5), hudScreen(face, i * 7 + 3)]) {
      const kinds = lines.flatMap((l) => l.text.split(' ').map(() => `${l.kind}`));
      screens.push({ name: face, drawn: await drawScreen(screen), kinds, buttons: lines.flatMap((l) => (l.button ? [l.button] : [])) });
    }
  }
  for (const [name, screen] of Object.entries({ game: gameStartScreen(), settings: settingsScreen(), greyed: greyedButtonScreen() })) {
    const drawn = await drawScreen(screen);
    screens.push({ name, drawn, kinds: drawn.words.map(() => `app screen: ${name}`), buttons: (screen.boxes ?? []).filter((b) => b.bottom - b.top < 200) });
  }
  return screens;
}

/** A screenshot of the virtual phone and the words of the visible text its hierarchy holds, each with its element's box. */
interface PhoneScreen {
  name: string;
  png: Buffer;
  words: { text: string; element: Rect }[];
}

function treeWords(xml: string): PhoneScreen['words'] {
  const words: PhoneScreen['words'] = [];
  const visit = (node: UiNode) => {
    if (node.flags.visible && node.text.trim()) {
      for (const text of node.text.trim().split(/\s+/)) if (/[\p{L}\p{N}]/u.test(text)) words.push({ text, element: node.bounds });
    }
    node.children.forEach(visit);
  };
  parseUiautomatorXml(xml).windows.forEach((w) => visit(w.root));
  return words;
}

/** Screens of the sample apps as the virtual phone draws them (its own renderer, font and layout). */
async function phoneScreens(): Promise<PhoneScreen[]> {
  const sim = await startSim({ seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) });
  const ui = sim.phone.ui;
  const shots: PhoneScreen[] = [];
  const save = async (name: string) => shots.push({ name, png: await sim.phone.screenshotPng(), words: treeWords(ui.dumpXml()) });
  const tap = (name: string | RegExp) => {
    const e = observeXml(ui.dumpXml()).screen.elements.find((x) => (typeof name === 'string' ? x.label === name : name.test(x.label)));
    if (!e) throw new Error(`bench ocr: no "${String(name)}" on the phone's screen`);
    ui.tap(Math.floor((e.bounds.left + e.bounds.right) / 2), Math.floor((e.bounds.top + e.bounds.bottom) / 2));
  };
  try {
    await save('launcher');
    ui.launch('com.example.shop');
    await save('shop permission dialog');
    tap('Allow');
    await save('shop login');
    ui.launch('com.android.settings');
    await save('settings');
    tap(/^Network & internet/);
    await save('settings network');
    ui.launch('com.example.notes');
    await save('notes');
    return shots;
  } finally {
    await sim.stop();
  }
}

/** Tree words the OCR read: same text (any case), centre inside the element that holds it. */
function treeRecall(screen: PhoneScreen, read: OcrWord[]): string[] {
  const used = new Set<OcrWord>();
  const missed: string[] = [];
  for (const w of screen.words) {
    const hit = read.find((r) => {
      const x = (r.bounds.left + r.bounds.right) / 2;
      const y = (r.bounds.top + r.bounds.bottom) / 2;
      const inside = x >= w.element.left && x < w.element.right && y >= w.element.top && y < w.element.bottom;
      return !used.has(r) && inside && r.text.toLowerCase() === w.text.toLowerCase();
    });
    if (hit) used.add(hit);
    else missed.push(w.text);
  }
  return missed;
}

async function printPhoneRecall(engine: OcrEngine): Promise<void> {
  console.log(`
virtual phone screens (sample apps): words of the tree's visible text read inside their element`);
  console.log(`${'screen'.padEnd(30)} words  found  recall   ms  missed`);
  let total = 0;
  let found = 0;
  for (const screen of await phoneScreens()) {
    const result = await engine.read(screen.png);
    const missed = treeRecall(screen, result.words);
    total += screen.words.length;
    found += screen.words.length - missed.length;
    console.log(
      `${screen.name.padEnd(30)} ${String(screen.words.length).padStart(5)}  ${String(screen.words.length - missed.length).padStart(5)}   ${pct(screen.words.length - missed.length, screen.words.length)}  ${result.ms.toFixed(0).padStart(4)}  ${missed.join(', ')}`,
    );
  }
  console.log(`${'all'.padEnd(30)} ${String(total).padStart(5)}  ${String(found).padStart(5)}   ${pct(found, total)}`);
}

interface Tally {
  drawn: number;
  found: number;
  foundScreenOnly: number;
  iou: number[];
  missed: string[];
}

function tally(rows: Map<string, Tally>, of: { kind: string; full: WordMatch; screenOnly: WordMatch }): void {
  const row = rows.get(of.kind) ?? { drawn: 0, found: 0, foundScreenOnly: 0, iou: [], missed: [] };
  rows.set(of.kind, row);
  row.drawn++;
  if (of.screenOnly.read) row.foundScreenOnly++;
  if (of.full.read) {
    row.found++;
    row.iou.push(of.full.iou);
  } else row.missed.push(of.full.drawn.text);
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(0)}%`.padStart(5);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

function printRecall(rows: Map<string, Tally>): void {
  console.log(`\n${'drawn as'.padEnd(30)} words  found  recall  screen pass only  mean IoU  missed`);
  const all: Tally = { drawn: 0, found: 0, foundScreenOnly: 0, iou: [], missed: [] };
  for (const [kind, r] of [...rows.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `${kind.padEnd(30)} ${String(r.drawn).padStart(5)}  ${String(r.found).padStart(5)}   ${pct(r.found, r.drawn)}             ${pct(r.foundScreenOnly, r.drawn)}      ${mean(r.iou).toFixed(2)}  ${r.missed.join(', ')}`,
    );
    all.drawn += r.drawn;
    all.found += r.found;
    all.foundScreenOnly += r.foundScreenOnly;
    all.iou.push(...r.iou);
  }
  console.log(
    `${'all'.padEnd(30)} ${String(all.drawn).padStart(5)}  ${String(all.found).padStart(5)}   ${pct(all.found, all.drawn)}             ${pct(all.foundScreenOnly, all.drawn)}      ${mean(all.iou).toFixed(2)}`,
  );
}

export async function benchOcr(): Promise<void> {
  const screens = await benchScreens();
  const blank = await drawScreen(blankScreen());
  const engine = new OcrEngine({ cacheSize: 0 });
  const cached = new OcrEngine();
  try {
    const coldStart = performance.now();
    await engine.read(screens[0].drawn.png);
    const coldMs = performance.now() - coldStart;

    const rows = new Map<string, Tally>();
    const full: number[] = [];
    const screenOnly: number[] = [];
    const perRegion: number[] = [];
    let regionsRead = 0;
    for (const s of screens) {
      const whole: OcrResult = await engine.read(s.drawn.png);
      const plain = await engine.read(s.drawn.png, { regions: [] });
      const given = await engine.read(s.drawn.png, { regions: s.buttons });
      full.push(whole.ms);
      screenOnly.push(plain.ms);
      if (s.buttons.length > 0) perRegion.push((given.ms - plain.ms) / s.buttons.length);
      regionsRead += whole.words.filter((w) => w.source === 'region').length;
      const fullMatches = matchWords(s.drawn.words, whole.words);
      const plainMatches = matchWords(s.drawn.words, plain.words);
      fullMatches.forEach((m, i) => tally(rows, { kind: s.kinds[i], full: m, screenOnly: plainMatches[i] }));
    }
    const blankWords = (await engine.read(blank.png)).words.length;

    await cached.read(screens[0].drawn.png);
    const hits: number[] = [];
    for (let i = 0; i < 20; i++) hits.push((await cached.read(screens[0].drawn.png)).ms);

    const drawnWords = screens.reduce((n, s) => n + s.drawn.words.length, 0);
    console.log(
      `\nOCR of ${screens.length} rendered 1080x2400 screens (${drawnWords} words: DejaVu Sans, Serif, Mono, regular and bold, 24–110 px), tesseract.js LSTM, English:`,
    );
    printRecall(rows);
    await printPhoneRecall(engine);
    console.log(`\nwords read on a blank screen: ${blankWords}; words kept from region reads: ${regionsRead}`);
    console.log(`\n${'time'.padEnd(46)} ms`);
    console.log(`${'cold: worker start + first screen'.padEnd(46)} ${coldMs.toFixed(0).padStart(7)}`);
    console.log(
      `${'warm screen, regions searched (median)'.padEnd(46)} ${median(full).toFixed(0).padStart(7)}   p90 ${quantile(
        [...full].sort((a, b) => a - b),
        0.9,
      ).toFixed(0)}`,
    );
    console.log(`${'warm screen, screen pass only (median)'.padEnd(46)} ${median(screenOnly).toFixed(0).padStart(7)}`);
    console.log(`${'one caller region read alone (median)'.padEnd(46)} ${median(perRegion).toFixed(0).padStart(7)}`);
    console.log(`${'cached frame (median of 20)'.padEnd(46)} ${median(hits).toFixed(3).padStart(7)}`);
    await printTextForm(engine);
  } finally {
    await engine.close();
    await cached.close();
  }
}
