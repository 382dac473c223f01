// The viewer in a real Chromium on a test of 1,000 steps: it opens, scrolls without a blank view and
// reaches its last step. The report is the evidence report (reporters/html/testing/evidence-report.ts).
import { test, expect } from '@playwright/test';
import { useEvidenceReport } from './testing/evidence-report.js';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const open = useEvidenceReport();

test('a 1,000-step test opens with its steps listed, scrolls to its last step and reaches it by keyboard, whose details load when opened', async () => {
  const { page, problems } = await open('#test/2');
  await expect(page.locator('#timeline')).toHaveAttribute('data-steps', '1000');
  await expect(page.locator('#test-meta')).toContainText('1000 steps');
  // Scrolled to the bottom of the list as a user drags the scrollbar: the last step is drawn there.
  await page.locator('.timeline-pane').evaluate((pane) => {
    pane.scrollTop = pane.scrollHeight;
  });
  await expect(page.locator('#timeline .step', { hasText: 'Item 1000' })).toBeVisible();
  await page.locator('#timeline .step', { hasText: 'Item 1000' }).click();
  await expect(page.locator('#detail h2')).toContainText('tap Item 1000');
  await expect(page.locator('#detail .screen pre').first()).toContainText('e1 item "Item 1000"');

  await page.keyboard.press('Home');
  await expect(page.locator('#timeline .step:focus')).toContainText('Item 1');
  await page.keyboard.press('End');
  await expect(page.locator('#timeline .step:focus')).toContainText('Item 1000');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.locator('#detail h2')).toContainText('tap Item 999');
  await expect(page.locator('#detail .screen pre').first()).toContainText('e1 item "Item 999"');
  expect(problems).toEqual([]);
});

/** The page's globals the scroll test uses (the tests compile without the DOM's types). */
interface ScrollPage {
  document: {
    querySelector(selector: string): {
      scrollTop: number;
      clientHeight: number;
      scrollHeight: number;
      getBoundingClientRect(): { left: number; top: number; bottom: number; width: number };
    } | null;
    elementFromPoint(x: number, y: number): { closest(selector: string): { getAttribute(name: string): string | null } | null } | null;
  };
  innerHeight: number;
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
}

test('a 1,000-step list shows its rows at the first frame after a jump to its middle and at every frame of a scroll 120 px a frame; in time every step is in the page for find-in-page', async () => {
  const { page, problems } = await open('#test/2');
  await expect(page.locator('#timeline')).toHaveAttribute('data-steps', '1000');
  // At once after opening, a jump to the middle (rows the page had no idle moment to draw yet), then
  // back to the top and down to the bottom: after each frame, the rows at the top, middle and bottom
  // of the view are the steps that belong there.
  const gaps = await page.locator('.timeline-pane').evaluate(
    (pane) =>
      new Promise<string[]>((done) => {
        const g = globalThis as unknown as ScrollPage;
        const scroller = pane as unknown as NonNullable<ReturnType<ScrollPage['document']['querySelector']>>;
        const list = g.document.querySelector('#timeline');
        const head = g.document.querySelector('.timeline-pane h2');
        if (!list || !head) throw new Error('no #timeline');
        const found: string[] = [];
        const check = (): void => {
          const view = scroller.getBoundingClientRect();
          const top = head.getBoundingClientRect().bottom + 1;
          const bottom = Math.min(view.bottom, g.innerHeight) - 2;
          for (const y of [top, (top + bottom) / 2, bottom]) {
            const row = g.document.elementFromPoint(view.left + view.width / 2, y)?.closest('.step');
            const want = Math.floor((y - list.getBoundingClientRect().top) / 30);
            if (want >= 1000) continue;
            if (!row || row.getAttribute('data-i') !== String(want))
              found.push(`at ${scroller.scrollTop}px: step ${want + 1} shows ${row ? `step ${Number(row.getAttribute('data-i')) + 1}` : 'nothing'}`);
          }
          if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
            done(found);
            return;
          }
          scroller.scrollTop = jumped ? scroller.scrollTop + 120 : 0;
          jumped = true;
          next();
        };
        // Checked once the frame that follows the scroll has run, as the user sees it.
        const next = (): void => {
          g.requestAnimationFrame(() => g.setTimeout(check, 0));
        };
        let jumped = false;
        scroller.scrollTop = 15_000;
        next();
      }),
  );
  expect(gaps).toEqual([]);
  // Steps out of view are drawn while the page is idle, so the browser's find and screen readers reach them all.
  await expect(page.locator('#timeline .step')).toHaveCount(1000);
  await expect(page.locator('#timeline .step', { hasText: 'Item 1000' })).toHaveAttribute('aria-level', '1');
  expect(problems).toEqual([]);
});
