import type { AppView, Widget } from '../../types.js';
import { box, composeRoot, field, icon, label, M3, menu, menuItem, topBar } from './compose.js';
import { firstLine, formatEdited, type Note } from './seed.js';
import { visibleNotes, type NotesActions } from './state.js';

/** Height of the snackbar and its margin, which the "New note" button moves up by. */
const SNACKBAR_SPACE_DP = 56;

/** The note list: top bar, a long scrolling list, the "New note" button and the undo snackbar. */
export function listView(app: NotesActions): AppView {
  const { state } = app;
  const notes = visibleNotes(state);
  const column: Widget = {
    cls: 'android.view.View',
    key: 'list_screen',
    width: 'fill',
    height: 'fill',
    children: [bar(app), ...filterNote(app), list(app, notes)],
  };
  const fab: Widget = {
    cls: 'android.view.View',
    key: 'fab_slot',
    width: 'wrap',
    // Scaffold lifts the button above the snackbar.
    padding: { left: 16, top: 16, right: 16, bottom: state.deleted ? 16 + SNACKBAR_SPACE_DP : 16 },
    gravity: 'bottom',
    align: 'end',
    children: [
      {
        cls: 'android.view.View',
        key: 'new_note',
        desc: 'New note',
        width: 56,
        height: 56,
        clickable: true,
        focusable: true,
        onClick: () => app.openNote(undefined),
        style: { icon: 'add', background: M3.primaryContainer, color: M3.onPrimaryContainer, radius: 16 },
      },
    ],
  };
  return {
    activity: '.MainActivity',
    root: composeRoot([column, fab], 'stack'),
    dialog: popup(app),
    snackbar: state.deleted ? snackbar(app) : undefined,
    toast: state.toast,
  };
}

function bar(app: NotesActions): Widget {
  const { state } = app;
  if (state.search) {
    const search = state.search;
    return topBar('search_bar', [
      icon({
        icon: 'back',
        key: 'close_search',
        desc: 'Close search',
        onClick: () => {
          state.search = undefined;
        },
      }),
      {
        ...field({
          key: 'search_field',
          hint: 'Search notes',
          value: search.query,
          onText: (query) => {
            state.search = { query };
          },
        }),
        align: 'center',
        style: { background: M3.surfaceVariant, radius: 28, fontSize: 16, color: M3.onSurface },
      },
    ]);
  }
  return topBar('top_bar', [
    box({ left: 12 }, label('Notes', { width: 'fill', style: { fontSize: 22 } }), { align: 'center' }),
    icon({
      icon: 'search',
      key: 'search',
      desc: 'Search',
      onClick: () => {
        state.search = { query: '' };
      },
    }),
    // Deliberately unlabelled: a toggle that only its star glyph explains.
    icon({
      icon: 'star',
      key: 'favourites',
      active: state.favouritesOnly,
      onClick: () => {
        state.favouritesOnly = !state.favouritesOnly;
      },
    }),
    icon({
      icon: 'more',
      key: 'more',
      desc: 'More options',
      onClick: () => {
        state.popup = { kind: 'more' };
      },
    }),
  ]);
}

function filterNote(app: NotesActions): Widget[] {
  if (!app.state.favouritesOnly) return [];
  return [box({ left: 16, bottom: 4 }, label('Showing favourites only', { style: { fontSize: 14, color: M3.primary } }))];
}

function list(app: NotesActions, notes: Note[]): Widget {
  const now = app.ctx.clock.now();
  const rows: Widget[] = [];
  const pinned = notes.filter((n) => n.pinned);
  if (pinned.length > 0 && pinned.length < notes.length) rows.push(section('Pinned'));
  notes.forEach((note, index) => {
    if (pinned.length > 0 && index === pinned.length) rows.push(section('Others'));
    rows.push(row(app, note, now));
  });
  if (notes.length === 0) {
    const query = app.state.search?.query.trim();
    rows.push(box(24, label(query ? `No notes match “${query}”` : 'No notes yet', { align: 'center', style: { color: M3.onSurfaceVariant } })));
  }
  return {
    cls: 'android.view.View',
    key: 'notes_list',
    height: 'fill',
    scrollable: 'vertical',
    padding: { left: 12, right: 12, bottom: 88 },
    gap: 8,
    children: rows,
  };
}

function section(title: string): Widget {
  return box({ left: 4, top: 8 }, label(title, { key: `section_${title}`, style: { fontSize: 14, bold: true, color: M3.onSurfaceVariant } }));
}

function row(app: NotesActions, note: Note, now: number): Widget {
  return {
    cls: 'android.view.View',
    key: `note_${note.id}`,
    padding: 16,
    gap: 4,
    clickable: true,
    longClickable: true,
    focusable: true,
    onClick: () => app.openNote(note.id),
    onLongClick: () => {
      app.state.popup = { kind: 'note-menu', noteId: note.id };
    },
    onSwipe: (direction) => {
      if (direction === 'left') app.deleteNote(note.id);
    },
    style: { background: note.pinned ? M3.tertiaryContainer : M3.surfaceVariant, radius: 12 },
    children: [
      label(note.title, { width: 'fill', style: { fontSize: 16, bold: true } }),
      label(firstLine(note.body), { width: 'fill', style: { fontSize: 14, color: M3.onSurfaceVariant } }),
      label(formatEdited(note.editedAt, now), { style: { fontSize: 12, color: M3.outline } }),
    ],
  };
}

function popup(app: NotesActions): Widget | undefined {
  const { state } = app;
  const popup = state.popup;
  if (!popup) return undefined;
  const close = (): void => {
    state.popup = undefined;
  };
  if (popup.kind === 'more') {
    return menu('more_menu', 'overflow', [
      menuItem('sort', state.sort === 'title' ? 'Sort by date edited' : 'Sort by title', () => {
        close();
        state.sort = state.sort === 'title' ? 'edited' : 'title';
      }),
      menuItem('settings', 'Settings', () => {
        close();
        app.showToast('Settings are not available yet');
      }),
    ]);
  }
  const note = state.notes.find((n) => n.id === popup.noteId);
  if (!note) return undefined;
  return menu('note_menu', 'context', [
    menuItem('pin', note.pinned ? 'Unpin' : 'Pin', () => {
      close();
      app.togglePin(note.id);
    }),
    menuItem('share', 'Share', () => {
      close();
      app.share(note.id);
    }),
    menuItem('delete', 'Delete', () => {
      close();
      app.deleteNote(note.id);
    }),
  ]);
}

function snackbar(app: NotesActions): Widget {
  return {
    cls: 'android.view.View',
    key: 'snackbar',
    layout: 'row',
    height: 48,
    padding: { left: 16, right: 8 },
    style: { background: M3.inverseSurface, radius: 4 },
    children: [
      label('Note deleted', { width: 'fill', align: 'center', style: { color: M3.inverseOnSurface, fontSize: 14 } }),
      {
        cls: 'android.view.View',
        key: 'undo',
        width: 'wrap',
        height: 40,
        align: 'center',
        padding: { left: 12, right: 12 },
        clickable: true,
        focusable: true,
        onClick: () => app.undoDelete(),
        children: [label('Undo', { height: 'fill', style: { color: M3.inversePrimary, fontSize: 14, bold: true } })],
      },
    ],
  };
}
