import { test, expect } from '@playwright/test';
import { createPhone } from '../../phone.js';
import { shell } from '../../shell/testing.js';
import type { Phone } from '../../types.js';
import { parseDump, type DumpNode } from '../../testing/dump-query.js';
import { decodePng, type Rgb } from '../../testing/pixels.js';
import { TIP_CARD } from './covered.js';
import { CANVAS_PACKAGE, canvasApp } from './index.js';

// CoveredActivity: native buttons in the dump, a tutorial card drawn over two of them in a popup window
// that a plain `uiautomator dump` leaves out, and touches there landing on the card.

async function sh(phone: Phone, line: string): Promise<string> {
  const r = await shell(phone, line);
  expect(r.code, `${line} printed ${r.out}${r.err}`).toBe(0);
  return r.bytes.toString('latin1');
}

async function offer(): Promise<Phone> {
  const phone = createPhone({ apps: [canvasApp], seed: 3, frozenAt: Date.UTC(2025, 5, 1, 12, 0, 0) });
  expect(await sh(phone, 'am start -W -n com.example.canvas/.CoveredActivity')).toContain('Status: ok');
  return phone;
}

async function nodes(phone: Phone): Promise<DumpNode[]> {
  return parseDump(await sh(phone, 'uiautomator dump /dev/tty')).filter((n) => n.package === CANVAS_PACKAGE);
}

async function button(phone: Phone, text: string): Promise<{ x: number; y: number }> {
  const found = (await nodes(phone)).find((n) => n.text === text && n.cls === 'android.widget.Button');
  if (!found) throw new Error(`no ${text} button in the dump`);
  return { x: Math.round((found.bounds.left + found.bounds.right) / 2), y: Math.round((found.bounds.top + found.bounds.bottom) / 2) };
}

async function colourAt(phone: Phone, at: { x: number; y: number }): Promise<Rgb> {
  const png = Buffer.from(await sh(phone, 'screencap -p'), 'latin1');
  return (await decodePng(png)).at(at.x, at.y);
}

const hexOf = ({ r, g, b }: Rgb): string => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

test('the dump holds Buy, Cancel and Restore purchase as enabled buttons and nothing of the card drawn over the first two', async () => {
  const phone = await offer();
  const seen = await nodes(phone);
  expect(seen.filter((n) => n.cls === 'android.widget.Button').map((n) => [n.text, n.enabled, n.clickable])).toEqual([
    ['Buy', true, true],
    ['Cancel', true, true],
    ['Restore purchase', true, true],
  ]);
  expect(seen.some((n) => /New: layers|Tap to close/.test(n.text))).toBe(false);
  expect(await sh(phone, 'dumpsys activity activities')).toContain('com.example.canvas/.CoveredActivity');
  // The card is what the screen shows over Buy and Cancel; Restore purchase is drawn as itself.
  expect(hexOf(await colourAt(phone, await button(phone, 'Buy')))).toBe(TIP_CARD.background);
  expect(hexOf(await colourAt(phone, await button(phone, 'Cancel')))).toBe(TIP_CARD.background);
  expect(hexOf(await colourAt(phone, await button(phone, 'Restore purchase')))).not.toBe(TIP_CARD.background);
});

test('a tap on the covered Buy lands on the card, which closes; only the next tap buys', async () => {
  const phone = await offer();
  const buy = await button(phone, 'Buy');
  await sh(phone, `input tap ${buy.x} ${buy.y}`);
  const log = await sh(phone, 'logcat -d -s canvas');
  expect(log).toContain(`canvas: tap ${buy.x},${buy.y}`);
  expect(log).toContain('canvas: tip closed');
  expect(log).not.toContain('canvas: bought');
  expect((await nodes(phone)).find((n) => n.id.endsWith(':id/status'))?.text).toBe('Not bought yet');
  await sh(phone, `input tap ${buy.x} ${buy.y}`);
  expect(await sh(phone, 'logcat -d -s canvas')).toContain('canvas: bought');
  expect((await nodes(phone)).find((n) => n.id.endsWith(':id/status'))?.text).toBe('Purchase complete');
});

test('Restore purchase is reachable under the card, back closes the card first, and canvas://offer opens the offer', async () => {
  const phone = await offer();
  const restore = await button(phone, 'Restore purchase');
  await sh(phone, `input tap ${restore.x} ${restore.y}`);
  expect((await nodes(phone)).find((n) => n.id.endsWith(':id/status'))?.text).toBe('Nothing to restore');
  await sh(phone, 'input keyevent 4');
  expect(await sh(phone, 'logcat -d -s canvas')).toContain('canvas: tip closed');
  expect(hexOf(await colourAt(phone, await button(phone, 'Buy')))).not.toBe(TIP_CARD.background);
  expect(await sh(phone, 'dumpsys activity activities')).toContain('com.example.canvas/.CoveredActivity');

  await sh(phone, 'am force-stop com.example.canvas');
  await sh(phone, 'am start -W -a android.intent.action.VIEW -d canvas://offer');
  expect(hexOf(await colourAt(phone, await button(phone, 'Buy')))).toBe(TIP_CARD.background);
});
