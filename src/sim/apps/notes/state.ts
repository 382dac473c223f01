import type { AppContext } from '../../types.js';
import type { Note } from './seed.js';

export interface Draft {
  /** Undefined for a note not saved yet. */
  noteId?: number;
  title: string;
  body: string;
  pinned: boolean;
  starred: boolean;
}

/** A deleted note and the place it had in the list, for Undo. */
export interface Deleted {
  note: Note;
  index: number;
}

export type Popup = { kind: 'note-menu'; noteId: number } | { kind: 'more' };

export interface NotesState {
  notes: Note[];
  editor?: Draft;
  search?: { query: string };
  favouritesOnly: boolean;
  sort: 'edited' | 'title';
  popup?: Popup;
  /** The last deleted note and where it was, while its undo snackbar is up. */
  deleted?: Deleted;
  toast?: string;
}

/** What the Notes screens can do. */
export interface NotesActions {
  readonly ctx: AppContext;
  readonly state: NotesState;
  openNote(noteId: number | undefined): void;
  closeEditor(): void;
  togglePin(noteId: number): void;
  deleteNote(noteId: number): void;
  undoDelete(): void;
  share(noteId: number): void;
  showToast(message: string): void;
}

/** The notes the list shows now: search, favourites filter, pinned first, then the chosen order. */
export function visibleNotes(state: NotesState): Note[] {
  const query = state.search?.query.trim().toLowerCase() ?? '';
  const shown = state.notes.filter(
    (note) => (!state.favouritesOnly || note.starred) && (!query || note.title.toLowerCase().includes(query) || note.body.toLowerCase().includes(query)),
  );
  const order = state.sort === 'title' ? (a: Note, b: Note) => a.title.localeCompare(b.title) : (a: Note, b: Note) => b.editedAt - a.editedAt;
  return shown.sort((a, b) => Number(b.pinned) - Number(a.pinned) || order(a, b));
}
