// How the `bench trace` report behaves in headless Chromium, on the page's own clock: opened from disk
// (the run list, then a click on the test), its step list scrolled top to bottom 120 px a frame, the
// last step reached with the keyboard, and a link to the test opened straight away; beside it the same
// scroll over a static page as tall, for the machine's share of long frames.
import type { Browser, Page } from 'playwright-core';

class BenchFailed extends Error {
  override name = 'BenchFailed';
}

export interface Render {
  /** In-page clock: navigation start to the run list shown. */
  listMs: number;
  /** In-page clock: the click on the test to its step list shown. */
  openMs: number;
  /** Of openMs, until the test's data script had loaded and run (the rest is drawing the steps). */
  dataMs: number;
  /** In-page clock: navigation start of `index.html#test/0` (a link to the test) to its step list shown. */
  linkMs: number;
  steps: number;
  /** In-page clock: End then Enter in the step list, to the last step's detail shown (its chunk loaded). */
  lastMs: number;
  scrollMs: number;
  frames: number;
  longFrames: number;
  worstFrameMs: number;
  /** Frames over 50 ms scrolling a static page of the same height in the same browser, for the machine's share. */
  baselineLongFrames: number;
}

/** The page's globals these measurements use (the bench compiles without the DOM's types). */
interface InPage {
  document: {
    querySelector(selector: string): { scrollTop: number; clientHeight: number; scrollHeight: number } | null;
    addEventListener(type: string, listener: (event: { key?: string }) => void, capture: boolean): void;
  };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, boolean>): void; disconnect(): void };
  requestAnimationFrame(callback: (now: number) => void): number;
  performance: { now(): number };
  __clickedAt?: number;
  __endAt?: number;
  __dataAt?: number;
  __shown?: Record<string, number>;
  __mobiletest?: { tests: unknown[] };
}

/**
 * Notes, on the page's clock, the first frame after each of `views` (name → selector) appeared in the
 * DOM, so the harness's round trips are not in the figures. Installed before the page's own scripts
 * for the run list and the step list; it stops watching once all have shown, so it costs nothing later.
 */
function watchViews(views: Record<string, string>): void {
  const g = globalThis as unknown as InPage;
  const shown: Record<string, number> = g.__shown ?? {};
  g.__shown = shown;
  const check = (): void => {
    for (const [name, selector] of Object.entries(views)) {
      if (name in shown || !g.document.querySelector(selector)) continue;
      shown[name] = 0;
      g.requestAnimationFrame(() => {
        shown[name] = g.performance.now();
      });
    }
    if (Object.keys(views).every((name) => name in shown)) observer.disconnect();
  };
  const observer = new g.MutationObserver(check);
  observer.observe(g.document, { childList: true, subtree: true, attributes: true });
}

/** The page's clock at the first frame that showed `view`. */
async function shownAt(page: Page, view: 'list' | 'steps' | 'last'): Promise<number> {
  const handle = await page.waitForFunction((name) => (globalThis as unknown as InPage).__shown?.[name] ?? 0, view, { polling: 'raf' });
  return (await handle.jsonValue()) as number;
}

/** Scrolls `selector` top to bottom 120 px a frame, as a fast wheel does; every frame's gap is taken from requestAnimationFrame. */
async function scrollThrough(page: Page, selector: string): Promise<{ ms: number; gaps: number[] }> {
  return page.evaluate(
    (sel) =>
      new Promise<{ ms: number; gaps: number[] }>((done) => {
        const { document, requestAnimationFrame } = globalThis as unknown as InPage;
        const pane = document.querySelector(sel);
        if (!pane) throw new Error(`no ${sel}`);
        pane.scrollTop = 0;
        const gaps: number[] = [];
        let last = 0;
        let first = 0;
        const tick = (now: number): void => {
          if (last) gaps.push(now - last);
          else first = now;
          last = now;
          if (pane.scrollTop + pane.clientHeight >= pane.scrollHeight - 1) {
            done({ ms: now - first, gaps });
            return;
          }
          pane.scrollTop += 120;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    selector,
  );
}

/**
 * Opens the report from disk in a fresh page as a user does (the run list, then a click on the test)
 * and scrolls its step list top to bottom; then opens a link to the test straight away in another.
 * Times are the page's own clock, so the harness's round trips are not in them.
 */
export async function render(browser: Browser, indexUrl: string, steps: number): Promise<Render> {
  const problems: string[] = [];
  const open = async (): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.addInitScript(watchViews, { list: 'a.row', steps: `#timeline[data-steps="${steps}"] .step` });
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (error) => problems.push(error.message));
    return page;
  };
  const page = await open();
  const linked = await open();
  try {
    await page.goto(indexUrl);
    const listMs = await shownAt(page, 'list');
    await page.evaluate(() => {
      const g = globalThis as unknown as InPage;
      g.document.addEventListener(
        'click',
        () => {
          g.__clickedAt = g.performance.now();
        },
        true,
      );
      // The test's data script assigns tests[0] when it has loaded and run: that moment splits loading from drawing.
      const tests = g.__mobiletest?.tests;
      if (!tests) throw new Error('the report defines no window.__mobiletest.tests');
      let value: unknown;
      Object.defineProperty(tests, '0', {
        configurable: true,
        enumerable: true,
        get: () => value,
        set: (v: unknown) => {
          g.__dataAt = g.performance.now();
          value = v;
        },
      });
    });
    await page.locator('a.row').first().click();
    // The timeline draws only the rows in view: the test is open when it knows all its steps and shows the first.
    const stepsAt = await shownAt(page, 'steps');
    const [clickedAt, dataAt] = await page.evaluate(() => [
      (globalThis as unknown as InPage).__clickedAt ?? NaN,
      (globalThis as unknown as InPage).__dataAt ?? NaN,
    ]);
    const openMs = stepsAt - clickedAt;
    const dataMs = dataAt - clickedAt;
    const shown = Number(await page.locator('#timeline').getAttribute('data-steps'));
    const scroll = await scrollThrough(page, '.timeline-pane');
    await page.evaluate(watchViews, { last: `#detail[data-step="${steps - 1}"] h2` });
    await page.evaluate(() => {
      const g = globalThis as unknown as InPage;
      g.document.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'End') g.__endAt = g.performance.now();
        },
        true,
      );
    });
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const lastAt = await shownAt(page, 'last');
    const lastMs = lastAt - (await page.evaluate(() => (globalThis as unknown as InPage).__endAt ?? NaN));
    await linked.goto(`${indexUrl}#test/0`);
    const linkMs = await shownAt(linked, 'steps');
    // The same scroll over a static page as tall: what the machine itself allows right now.
    const height = await page.evaluate(() => (globalThis as unknown as InPage).document.querySelector('.timeline-pane')?.scrollHeight ?? 0);
    await page.setContent(
      `<div id="pane" style="height:800px;overflow:auto"><div style="height:${height}px;background:linear-gradient(#fff,#9ab)"></div></div>`,
    );
    const baseline = await scrollThrough(page, '#pane');
    if (problems.length > 0) throw new BenchFailed(`the report's page failed: ${problems.join('; ')}`);
    return {
      listMs,
      openMs,
      dataMs,
      linkMs,
      steps: shown,
      lastMs,
      scrollMs: scroll.ms,
      frames: scroll.gaps.length,
      longFrames: scroll.gaps.filter((g) => g > 50).length,
      worstFrameMs: Math.max(0, ...scroll.gaps),
      baselineLongFrames: baseline.gaps.filter((g) => g > 50).length,
    };
  } finally {
    await page.close();
    await linked.close();
  }
}
