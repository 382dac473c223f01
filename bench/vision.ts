// `npm run bench -- vision`: which screens of the virtual phone's sample apps go to the planner as a
// picture (their tree and OCR name under 60% of their elements), and what that picture costs: its
// size, the time to make it, and the planner request's input tokens as each provider bills them,
// with and without it. The text-rich screens should never need one.
import { billedTokens, pictureTokens, plannerRequest, type Hosted } from '../src/agent/testing/vision-cost.js';
import {
  buildScreen,
  needsVision,
  OcrEngine,
  parseUiautomatorXml,
  startSim,
  textCoverage,
  visionFrame,
  withPixelLayers,
  type ReadText,
} from '../runner/index.js';
import { quantile } from './stats.js';

interface Place {
  name: string;
  app: string;
  activity?: string;
  /** Whether OCR reads the screen (a spec's `use.ocr`). */
  ocr: boolean;
  /** A text-rich screen: it should never go as a picture. */
  textRich: boolean;
}

const PLACES: Place[] = [
  { name: 'Canvas game start', app: 'com.example.canvas', ocr: true, textRich: false },
  { name: 'Canvas game start, no OCR', app: 'com.example.canvas', ocr: false, textRich: false },
  { name: 'Canvas draw (icon toolbar)', app: 'com.example.canvas', activity: '.DrawActivity', ocr: true, textRich: false },
  { name: 'Canvas sign-up', app: 'com.example.canvas', activity: '.SignUpActivity', ocr: true, textRich: false },
  { name: 'Canvas photo with text', app: 'com.example.canvas', activity: '.PhotoActivity', ocr: true, textRich: false },
  { name: 'Shop first launch', app: 'com.example.shop', ocr: true, textRich: true },
  { name: 'Notes list', app: 'com.example.notes', ocr: true, textRich: true },
  { name: 'Settings', app: 'com.android.settings', ocr: true, textRich: true },
];

const MODELS: Array<{ label: string; provider: Hosted; model: string }> = [
  { label: 'gpt-4o', provider: 'openai', model: 'gpt-4o' },
  { label: 'gpt-4.1-mini', provider: 'openai', model: 'gpt-4.1-mini' },
  { label: 'claude-sonnet-4-5', provider: 'anthropic', model: 'claude-sonnet-4-5' },
  { label: 'gemini-2.5-flash', provider: 'gemini', model: 'gemini-2.5-flash' },
];

const GOAL = 'start the game';

export async function benchVision(): Promise<void> {
  const sim = await startSim({ apps: ['canvas', 'shop', 'notes', 'settings'] });
  const engine = new OcrEngine();
  const ui = sim.phone.ui;
  const { size } = ui.frame();
  const frameTimes: number[] = [];
  let textRich = 0;
  let textRichEscalated = 0;
  try {
    console.log('screen | coverage (tree → after OCR) | picture | picture size | make ms | planner request tokens, text only → with picture');
    for (const place of PLACES) {
      ui.launch(place.app, place.activity ? { activity: place.activity } : {});
      const hierarchy = parseUiautomatorXml(ui.dumpXml(), { source: place.name });
      const build = (readText?: ReadText[]) =>
        buildScreen(hierarchy, { size: { width: size.width, height: size.height }, foreground: ui.foreground(), readText });
      const tree = build();
      const png = await sim.phone.screenshotPng();
      const { screen } = place.ocr ? await withPixelLayers({ tree, build, screenshot: png }, { reader: engine }) : { screen: tree };
      const coverage = `${Math.round(textCoverage(tree) * 100)}% → ${Math.round(textCoverage(screen) * 100)}%`;
      const pictured = needsVision(screen);
      if (place.textRich) {
        textRich++;
        if (pictured) textRichEscalated++;
      }
      const textTokens = await billedTokens(plannerRequest(screen, { goal: GOAL }), { provider: 'openai', model: 'gpt-4o' });
      if (!pictured) {
        console.log(`${place.name} | ${coverage} | no | - | - | ${textTokens} (gpt-4o)`);
        continue;
      }
      const times: number[] = [];
      let frame = await visionFrame(png, screen);
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        frame = await visionFrame(png, screen);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      frameTimes.push(...times);
      const image = { mediaType: 'image/png' as const, data: frame.png.toString('base64'), width: frame.width, height: frame.height };
      const withPicture = await Promise.all(
        MODELS.map(async (m) => `${m.label} ${await billedTokens(plannerRequest(screen, { goal: GOAL, picture: image }), m)}`),
      );
      console.log(
        `${place.name} | ${coverage} | yes, ${frame.refs.length} refs | ${frame.width}×${frame.height}, ${Math.round(frame.png.length / 1024)} KiB | ${Math.round(quantile(times, 0.5))} | ${textTokens} (gpt-4o) → ${withPicture.join(', ')}`,
      );
    }
    frameTimes.sort((a, b) => a - b);
    console.log(`\nvision escalation on text-rich screens: ${textRichEscalated} of ${textRich}`);
    console.log(
      `making a picture (crop, scale to 720 px, boxes and tags, PNG): median ${Math.round(quantile(frameTimes, 0.5))} ms, p90 ${Math.round(quantile(frameTimes, 0.9))} ms`,
    );
    const phone = { width: 720, height: Math.round((2274 * 720) / 1080) };
    console.log(`one 720×${phone.height} picture as billed: ${MODELS.map((m) => `${m.label} ${pictureTokens(phone, m)}`).join(', ')} tokens`);
  } finally {
    await engine.close();
    await sim.stop();
  }
}
