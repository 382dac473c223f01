// The truth battery on Notes (a Compose app: no resource-ids): the editor's fields, the list's rows
// and menus read from a fresh dump by their hints, labels and bounds; saved notes in the app's log.
import type { AdbTruth, Dump, DumpNode } from './adb-read.js';
import { battery, type GoalCase } from './battery.js';
import { allOf, keyboardIsUp, keyboardNow, logged, onScreen, type Check } from './checks.js';
import { test } from './phone.js';

test.use({ app: 'com.example.notes', frames: 'off', ai: { provider: 'offline', cache: 'off' } });

/** Titles of the sample notes, some of which start below the fold (the order depends on the phone's seed). */
const SOME_TITLES = ['Weekend chores', 'Library returns', 'Guitar chords', 'Holiday cards', 'Running log', 'Moving boxes'];

/**
 * The note titles a dump shows: the first of the three texts (title, first line, date) inside each
 * long-clickable row; a row the list's edge cuts short of its title is left out.
 */
function noteTitles(screen: Dump): DumpNode[] {
  const inside = (row: DumpNode, n: DumpNode) =>
    n.bounds.top >= row.bounds.top && n.bounds.bottom <= row.bounds.bottom && n.bounds.left >= row.bounds.left && n.bounds.right <= row.bounds.right;
  return screen.nodes
    .filter((n) => n.longClickable)
    .flatMap((row) => {
      const texts = screen.nodes.filter((n) => n !== row && n.text !== '' && inside(row, n));
      return texts.length === 3 ? [texts[0]] : [];
    });
}

const fields = (screen: Dump) => screen.nodes.filter((n) => n.cls === 'android.widget.EditText');

/** The list as launched; `note` is the first title under "Others", `far` a title below the fold. */
async function list(read: AdbTruth): Promise<Record<string, string>> {
  const screen = await read.screen();
  const others = screen.all('Others')[0];
  const note = noteTitles(screen).find((t) => others && t.bounds.top > others.bounds.bottom)?.text ?? noteTitles(screen)[0]?.text ?? '';
  const far = SOME_TITLES.find((t) => screen.onScreen(t).length === 0) ?? SOME_TITLES[0];
  return { note, far };
}

/** A new note's editor, opened through adb, with `title` typed into its title field. */
function editor(title?: string) {
  return async (read: AdbTruth): Promise<Record<string, string>> => {
    await read.phone.tap('New note');
    if (title !== undefined) {
      await read.phone.tap('Title');
      await read.phone.shell(`input text '${title}'`);
    }
    return {};
  };
}

/** The editor is open: its Delete action shows, and its title field holds `title` ('' for an empty one). */
function editing(title: (vars: Record<string, string>) => string): Check {
  return async (read, seen) => {
    const screen = await read.screen();
    const open = screen.has('Delete') && screen.has(/^(Add to|Remove from) favourites$/);
    const want = title(seen.vars);
    const shown = fields(screen)[0]?.text;
    const holds = want === '' ? shown === '' || shown === 'Title' : shown === want;
    return { done: open && holds, said: open ? `editor open, title field "${shown}"` : `no editor: ${screen.summary()}` };
  };
}

function fieldText(index: number, text: string, name: string): Check {
  return async (read) => {
    const field = fields(await read.screen())[index];
    return { done: field?.text === text, said: field ? `${name} holds "${field.text}"` : `no ${name} in the dump` };
  };
}

/** The search field holds `query`, and the list shows only notes that match it (at least one). */
function found(query: (vars: Record<string, string>) => string): Check {
  return async (read, seen) => {
    const screen = await read.screen();
    const q = query(seen.vars);
    const field = fields(screen).find((n) => n.desc === '' && screen.has('Close search'));
    const titles = noteTitles(screen).map((t) => t.text);
    const empty = screen.all(/^No notes match/)[0]?.text;
    return {
      done: field?.text === q && titles.length > 0,
      said: `search field "${field?.text ?? '(none)'}"; ${empty ?? `${titles.length} note(s): ${titles.slice(0, 3).join(', ')}`}`,
    };
  };
}

const menuShown: Check = async (read) => {
  const screen = await read.screen();
  const items = ['Share', 'Delete'].filter((l) => screen.has(l));
  return {
    done: items.length === 2 && screen.has(/^(Pin|Unpin)$/),
    said: `menu items shown: ${[...screen.all(/^(Pin|Unpin)$/).map((n) => n.text), ...items].join(', ') || 'none'}`,
  };
};

/** The notes under "Others" are in title order, and the menu has closed. */
const sortedByTitle: Check = async (read) => {
  const screen = await read.screen();
  const others = screen.all('Others')[0];
  const titles = noteTitles(screen)
    .filter((t) => !others || t.bounds.top > others.bounds.bottom)
    .map((t) => t.text);
  const sorted = [...titles].sort((a, b) => a.localeCompare(b));
  const menuOpen = screen.has(/^Sort by/);
  return {
    done: !menuOpen && titles.length > 1 && titles.join('|') === sorted.join('|'),
    said: `${menuOpen ? 'menu still open; ' : ''}titles: ${titles.slice(0, 4).join(', ')}`,
  };
};

const listShown: Check = async (read) => {
  const screen = await read.screen();
  return {
    done: screen.has('New note') && !screen.has('Delete'),
    said: screen.has('New note') ? 'the note list with New note' : `not the list: ${screen.summary()}`,
  };
};

const favouritesOnly: Check = async (read) => {
  const shown = (await read.screen()).has('Showing favourites only');
  return { done: shown, said: shown ? '"Showing favourites only"' : 'no "Showing favourites only" line' };
};

/** The first note title inside the viewport is another than before the step. */
const listScrolled: Check = async (read, seen) => {
  const first = (d: Dump) => noteTitles(d)[0]?.text ?? '(none)';
  const was = first(seen.before);
  const now = first(await read.screen());
  return { done: was !== now, said: `first note on screen "${was}" → "${now}"` };
};

const searchOpen: Check = async (read) => {
  const screen = await read.screen();
  const field = fields(screen)[0];
  return {
    done: screen.has('Close search') && field !== undefined,
    said: screen.has('Close search') ? `search bar open, field "${field?.text ?? '(none)'}"` : `no search bar: ${screen.summary()}`,
  };
};

const titleFocused: Check = async (read) => {
  const field = fields(await read.screen())[0];
  return { done: field?.focused === true, said: field ? `title field focused=${field.focused}` : 'no title field' };
};

const keyboardShown: Check = async (read) => {
  const shown = await read.keyboardShown();
  return { done: shown, said: `dumpsys input_method: mInputShown=${shown}` };
};

const CASES: GoalCase[] = [
  { goal: 'Open {note}', from: 'note list', setup: list, truth: editing((v) => v.note) },
  { goal: 'Tap New note', from: 'note list', setup: list, truth: editing(() => '') },
  { goal: 'Double tap {note}', from: 'note list', setup: list, truth: editing((v) => v.note) },
  { goal: 'Type Shopping into the Title field', from: 'new note', setup: editor(), truth: fieldText(0, 'Shopping', 'the title field') },
  { goal: 'Fill Note with buy milk', from: 'new note', setup: editor(), truth: fieldText(1, 'buy milk', 'the note field') },
  { goal: 'Type Shopping', from: 'new note, title focused', setup: editor(''), truth: fieldText(0, 'Shopping', 'the title field') },
  { goal: 'Press the delete key', from: 'new note, "Shopping" typed', setup: editor('Shopping'), truth: fieldText(0, 'Shoppin', 'the title field') },
  { goal: 'Search for {note}', from: 'note list', setup: list, truth: found((v) => v.note) },
  { goal: 'Search for receipt', from: 'note list', trap: 'the notes match on a body line the list does not show', setup: list, truth: found(() => 'receipt') },
  { goal: 'Search for zzzz', from: 'note list', trap: 'no note matches: the app says No notes match “zzzz”', setup: list, truth: found(() => 'zzzz') },
  { goal: 'Long press {note}', from: 'note list', setup: list, truth: menuShown },
  {
    goal: 'Select Delete',
    from: "a note's context menu",
    setup: async (read) => {
      const vars = await list(read);
      const { x, y } = await read.phone.find(vars.note);
      await read.phone.shell(`input swipe ${x} ${y} ${x} ${y} 800`);
      return vars;
    },
    truth: async (read, seen) => logged(new RegExp(`NotesRepository.*Deleted note`))(read, seen),
  },
  {
    goal: 'Select Sort by title',
    from: 'note list, More options open',
    setup: async (read) => {
      await read.phone.tap('More options');
      return list(read);
    },
    truth: sortedByTitle,
  },
  { goal: 'Scroll to {far}', from: 'note list', setup: list, truth: async (read, seen) => onScreen(seen.vars.far)(read, seen) },
  { goal: 'Scroll down', from: 'note list', setup: list, truth: listScrolled },
  {
    goal: 'Go back',
    from: 'editor of a note',
    setup: async (read) => {
      const vars = await list(read);
      await read.phone.tap(vars.note);
      return vars;
    },
    truth: listShown,
  },
  {
    goal: 'Go back',
    from: 'new note, keyboard open',
    trap: 'the first back only closes the keyboard',
    setup: async (read) => {
      await editor('')(read);
      await keyboardIsUp(read);
    },
    truth: allOf(listShown, keyboardNow),
  },
  { goal: 'Turn on favourites', from: 'note list', trap: 'the star that filters favourites has no label', setup: list, truth: favouritesOnly },
  { goal: 'Tap Search', from: 'note list', setup: list, truth: searchOpen },
  { goal: 'Tap the Title field', from: 'new note', setup: editor(), truth: allOf(titleFocused, keyboardShown) },
];

battery(test, 'notes', CASES);
