import { test, expect } from '@playwright/test';
import { createPhone } from '../../phone.js';
import type { Phone } from '../../types.js';
import { settingsApp } from '../settings.js';
import { shopApp } from '../shop/index.js';
import { parseDump, type DumpNode } from '../../testing/dump-query.js';
import { ScreenDriver } from '../../testing/screen-driver.js';
import { notesApp } from './index.js';

const NOTES = 'com.example.notes';
const FROZEN_AT = Date.UTC(2025, 5, 1, 12, 0, 0);

function openNotes(seed = 1): { phone: Phone; screen: ScreenDriver } {
  const phone = createPhone({ apps: [shopApp, notesApp, settingsApp], seed, frozenAt: FROZEN_AT });
  expect(phone.ui.launch(NOTES).ok).toBe(true);
  return { phone, screen: new ScreenDriver(phone) };
}

interface Card {
  title: string;
  node: DumpNode;
}

/** Note cards wholly on screen: long-clickable Views with title, first line and date inside. */
function cards(phone: Phone): Card[] {
  return parseDump(phone.ui.dumpXml())
    .filter((n) => n.package === NOTES && n.longClickable && n.cls === 'android.view.View')
    .map((node) => ({ texts: node.descendants.filter((d) => d.text).map((d) => d.text), node }))
    .filter((c) => c.texts.length === 3)
    .map((c) => ({ title: c.texts[0] as string, node: c.node }));
}

/** Every note title in the list, scrolling it from top to bottom. */
function allTitles(phone: Phone): string[] {
  const seen = new Set(cards(phone).map((c) => c.title));
  const list = parseDump(phone.ui.dumpXml()).find((n) => n.package === NOTES && n.scrollable) as DumpNode;
  for (let i = 0; i < 30; i++) {
    const before = phone.ui.dumpXml();
    phone.ui.swipe({ x1: list.center.x, y1: list.bounds.bottom - 200, x2: list.center.x, y2: list.bounds.top + 200, durationMs: 300 });
    cards(phone).forEach((c) => seen.add(c.title));
    if (phone.ui.dumpXml() === before) break;
  }
  return [...seen];
}

function card(phone: Phone, title: string): Card {
  const found = cards(phone).find((c) => c.title === title);
  if (!found)
    throw new Error(
      `No note "${title}" on screen; visible: ${cards(phone)
        .map((c) => c.title)
        .join(', ')}`,
    );
  return found;
}

function swipeLeft(phone: Phone, node: DumpNode): void {
  const { left, right } = node.bounds;
  phone.ui.swipe({ x1: right - 40, y1: node.center.y, x2: left + 40, y2: node.center.y, durationMs: 200 });
}

test('the dump has no resource-ids, like a Compose app, and icon buttons are labelled by content-desc', () => {
  const { phone } = openNotes();
  const own = parseDump(phone.ui.dumpXml()).filter((n) => n.package === NOTES);
  expect(own.length).toBeGreaterThan(20);
  expect(own.filter((n) => n.id.startsWith(`${NOTES}:id/`)).map((n) => n.id)).toEqual([]);
  for (const desc of ['New note', 'Search', 'More options']) {
    const button = own.find((n) => n.desc === desc);
    expect(button?.clickable).toBe(true);
    expect(button?.text).toBe('');
  }
});

test('one icon button has no text and no description at all; it filters to favourites', () => {
  const { phone, screen } = openNotes();
  const own = parseDump(phone.ui.dumpXml()).filter((n) => n.package === NOTES);
  const unlabelled = own.filter((n) => n.clickable && !n.text && !n.desc && !n.descendants.some((d) => d.text || d.desc));
  expect(unlabelled).toHaveLength(1);
  const toggle = unlabelled[0] as DumpNode;
  phone.ui.tap(toggle.center.x, toggle.center.y);
  expect(screen.has({ text: 'Showing favourites only' })).toBe(true);
  const favourites = allTitles(phone);
  expect(favourites.length).toBeGreaterThan(0);
  expect(favourites.length).toBeLessThan(45);
});

test('the list holds more than 40 notes and needs scrolling to reach the last one', () => {
  const { phone, screen } = openNotes();
  const firstScreen = cards(phone).map((c) => c.title);
  expect(firstScreen.length).toBeLessThan(20);
  expect(allTitles(phone)).toHaveLength(45);
  expect(screen.has({ text: firstScreen[0] })).toBe(false);
});

test('More options opens a menu hanging from the top-right corner, as an Android overflow menu does', () => {
  const { phone, screen } = openNotes();
  const more = screen.get({ desc: 'More options' });
  screen.tap({ desc: 'More options' });
  const sort = screen.get({ text: 'Sort by title' });
  const { width } = phone.ui.size;
  expect(sort.bounds.right).toBeGreaterThan(width * 0.9);
  expect(sort.bounds.left).toBeGreaterThan(width / 3);
  expect(sort.bounds.top).toBeLessThan(more.bounds.bottom);
});

test('a long press opens Pin, Share and Delete; Pin moves the note into the pinned section', () => {
  const { phone, screen } = openNotes();
  const target = cards(phone)[3] as Card;
  phone.ui.longPress(target.node.center.x, target.node.center.y, 800);
  const menu = screen.texts();
  expect(menu).toEqual(expect.arrayContaining(['Pin', 'Share', 'Delete']));
  screen.tap({ text: 'Pin' });
  expect(screen.has({ text: 'Share' })).toBe(false);
  const titles = cards(phone).map((c) => c.title);
  expect(titles.indexOf(target.title)).toBeLessThan(3);
  const texts = screen.texts();
  expect(texts.indexOf(target.title)).toBeLessThan(texts.indexOf('Others'));
});

test('swiping a note left deletes it; Undo on the snackbar brings it back', () => {
  const { phone, screen } = openNotes();
  const victim = cards(phone)[2] as Card;
  swipeLeft(phone, victim.node);
  expect(cards(phone).map((c) => c.title)).not.toContain(victim.title);
  expect(screen.has({ text: 'Note deleted' })).toBe(true);
  screen.tap({ text: 'Undo' });
  expect(cards(phone).map((c) => c.title)).toContain(victim.title);
  expect(screen.has({ text: 'Note deleted' })).toBe(false);
});

test('the undo snackbar goes away after about four seconds and the deletion stays', () => {
  const { phone, screen } = openNotes();
  const victim = cards(phone)[2] as Card;
  swipeLeft(phone, victim.node);
  phone.clock.advance(3500);
  expect(screen.has({ text: 'Note deleted' })).toBe(true);
  phone.clock.advance(1000);
  expect(screen.has({ text: 'Note deleted' })).toBe(false);
  phone.ui.forceStop(NOTES);
  phone.ui.launch(NOTES);
  expect(cards(phone).map((c) => c.title)).not.toContain(victim.title);
});

test('a new note is saved when leaving the editor with back, and search finds it', () => {
  const { phone, screen } = openNotes();
  screen.tap({ desc: 'New note' });
  screen.fill({ text: 'Title' }, 'Call the plumber');
  screen.fill({ text: 'Note' }, 'Kitchen sink leaks again');
  for (let i = 0; i < 3 && !screen.has({ desc: 'New note' }); i++) screen.back();
  expect(card(phone, 'Call the plumber').node.descendants.map((d) => d.text)).toContain('Kitchen sink leaks again');

  screen.tap({ desc: 'Search' });
  screen.fill({ text: 'Search notes' }, 'plumber');
  expect(cards(phone).map((c) => c.title)).toEqual(['Call the plumber']);
  screen.fill({ text: 'plumber' }, 'zzz');
  expect(screen.has({ text: 'No notes match “plumberzzz”' })).toBe(true);
});

test('the same seed gives the same notes', () => {
  const titles = (seed: number): string[] => cards(openNotes(seed).phone).map((c) => c.title);
  expect(titles(5)).toEqual(titles(5));
  expect(titles(5)).not.toEqual(titles(6));
});
