import { expect, test } from '@playwright/test';
import { sampleApps, startSim, type Sim } from '../sim/index.js';
import { buildScreen, contentKey, coveredElements, parseUiautomatorXml, pixelsOf, type Screen } from './index.js';

// The covered rule against every sample app of the virtual phone: each activity as it opens, each
// screen one touch away from it, and the screen scrolled once. No element of any of them may be
// reported covered, except Buy and Cancel under the tutorial card of Canvas's offer.
test.describe.configure({ mode: 'parallel' });

const TOUCHABLE = new Set(['button', 'item', 'tab', 'checkbox', 'toggle', 'input', 'image']);
/** Touches tried from each activity's first screen, while an app's tour has judged fewer screens than TOUR_LOOKS. */
const TOUCHES = 6;
const TOUR_LOOKS = 90;

interface Tour {
  sim: Sim;
  /** Distinct screens judged, elements with drawn text judged, and every element reported covered ('where: label'). */
  screens: Set<string>;
  judged: number;
  covered: string[];
  looks: number;
}

async function judge(tour: Tour, where: string): Promise<Screen> {
  const ui = tour.sim.phone.ui;
  const { size } = ui.frame();
  const tree = parseUiautomatorXml(ui.dumpXml(), { source: where });
  const screen = buildScreen(tree, { size: { width: size.width, height: size.height }, foreground: ui.foreground(), keyboard: ui.keyboardShown() });
  const pixels = pixelsOf(await tour.sim.phone.screenshotPng(), screen);
  tour.looks++;
  const key = contentKey(screen);
  if (!tour.screens.has(key)) {
    tour.screens.add(key);
    tour.judged += screen.elements.filter((e) => e.textBox).length;
  }
  for (const e of coveredElements(screen, pixels).keys()) tour.covered.push(`${where}: ${e.label}`);
  return screen;
}

const centreOf = (b: { left: number; top: number; right: number; bottom: number }) => ({
  x: Math.floor((b.left + b.right) / 2),
  y: Math.floor((b.top + b.bottom) / 2),
});

/** Opens each activity of `app`, judges it, then each screen one touch from it, and the screen scrolled. */
async function tourApp(tour: Tour, app: { package: string; activities: string[] }): Promise<void> {
  const ui = tour.sim.phone.ui;
  for (const activity of app.activities) {
    const open = async (): Promise<Screen> => {
      ui.forceStop(app.package);
      ui.launch(app.package, { activity });
      return judge(tour, `${app.package}/${activity}`);
    };
    const first = await open();
    const touchable = tour.looks < TOUR_LOOKS ? first.elements.filter((e) => TOUCHABLE.has(e.role)).slice(0, TOUCHES) : [];
    for (const [i, target] of touchable.entries()) {
      if (i > 0) await open();
      const at = centreOf(target.bounds);
      ui.tap(at.x, at.y);
      await judge(tour, `${app.package}/${activity} after a tap on "${target.label}"`);
    }
    await open();
    ui.swipe({ x1: 540, y1: 1800, x2: 540, y2: 700, durationMs: 300 });
    await judge(tour, `${app.package}/${activity} scrolled`);
  }
}

for (const [name, app] of Object.entries(sampleApps)) {
  test(`${name}: no element of any screen is reported covered but the two under Canvas's tutorial card`, async () => {
    test.setTimeout(120_000);
    const tour: Tour = { sim: await startSim({ seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) }), screens: new Set(), judged: 0, covered: [], looks: 0 };
    try {
      if (name === 'shop') {
        // Signed in first, so the catalogue's screens are reached rather than the sign-in again.
        const ui = tour.sim.phone.ui;
        ui.launch(app.package);
        const fill = async (label: string, text?: string) => {
          const screen = await judge(tour, 'com.example.shop sign-in');
          const e = screen.elements.find((x) => x.label === label);
          if (!e) throw new Error(`no "${label}" on the sign-in`);
          const at = centreOf(e.bounds);
          ui.tap(at.x, at.y);
          if (text !== undefined) ui.typeText(text);
        };
        await fill('Allow');
        await fill('Email', 'alice@example.com');
        await fill('Password', 'pass123');
        ui.keyEvent(4);
        await fill('Log in');
      }
      await tourApp(tour, app);
      const offer = tour.covered.filter((c) => c.startsWith('com.example.canvas/.CoveredActivity'));
      expect(tour.covered.filter((c) => !offer.includes(c))).toEqual([]);
      if (name === 'canvas') {
        expect([...new Set(offer.filter((c) => c.startsWith('com.example.canvas/.CoveredActivity:')))]).toEqual([
          'com.example.canvas/.CoveredActivity: Buy',
          'com.example.canvas/.CoveredActivity: Cancel',
        ]);
        expect(new Set(offer.map((c) => c.split(': ').pop()))).toEqual(new Set(['Buy', 'Cancel']));
      }
      test.info().annotations.push({ type: 'judged', description: `${tour.screens.size} screens, ${tour.judged} elements with drawn text` });
      expect(tour.screens.size).toBeGreaterThan(3);
      expect(tour.judged).toBeGreaterThan(10);
    } finally {
      await tour.sim.stop();
    }
  });
}
