import type { AppContext, AppLaunch, AppProcess, AppView } from '../../types.js';
import { Expiring, TOAST_MS } from '../kit/timers.js';
import { editorView } from './editor.js';
import { listView } from './list.js';
import { seedNotes, type Note } from './seed.js';
import type { Deleted, NotesActions, NotesState } from './state.js';

export const NOTES_PACKAGE = 'com.example.notes';
const SNACKBAR_MS = 4000;

/** One running Notes process. Notes live in app storage, so they survive force-stop. */
export class NotesProcess implements AppProcess, NotesActions {
  readonly state: NotesState;
  private readonly snackbar: Expiring<Deleted>;
  private readonly toast: Expiring<string>;

  constructor(
    readonly ctx: AppContext,
    _launch: AppLaunch,
  ) {
    this.state = { notes: this.load(), favouritesOnly: false, sort: 'edited' };
    this.snackbar = new Expiring({
      ctx,
      ms: SNACKBAR_MS,
      set: (deleted) => {
        this.state.deleted = deleted;
      },
    });
    this.toast = new Expiring({
      ctx,
      ms: TOAST_MS,
      set: (message) => {
        this.state.toast = message;
      },
    });
    ctx.log('I', 'NotesRepository', `Loaded ${this.state.notes.length} notes`);
  }

  view(): AppView {
    return this.state.editor ? editorView(this, this.state.editor) : listView(this);
  }

  back(): boolean {
    const { state } = this;
    if (state.popup) {
      state.popup = undefined;
      return true;
    }
    if (state.editor) {
      this.closeEditor();
      return true;
    }
    if (state.search) {
      state.search = undefined;
      return true;
    }
    return false;
  }

  openNote(noteId: number | undefined): void {
    const note = this.state.notes.find((n) => n.id === noteId);
    this.state.editor = note
      ? { noteId: note.id, title: note.title, body: note.body, pinned: note.pinned, starred: note.starred }
      : { title: '', body: '', pinned: false, starred: false };
  }

  closeEditor(): void {
    const draft = this.state.editor;
    this.state.editor = undefined;
    if (!draft) return;
    const now = this.ctx.clock.now();
    const existing = this.state.notes.find((n) => n.id === draft.noteId);
    if (existing) {
      const changed = existing.title !== draft.title || existing.body !== draft.body;
      Object.assign(existing, { title: draft.title, body: draft.body, pinned: draft.pinned, starred: draft.starred });
      if (changed) existing.editedAt = now;
    } else if (draft.title.trim() || draft.body.trim()) {
      const id = Math.max(0, ...this.state.notes.map((n) => n.id)) + 1;
      this.state.notes.push({ id, title: draft.title, body: draft.body, pinned: draft.pinned, starred: draft.starred, editedAt: now });
      this.ctx.log('I', 'NotesRepository', `Created note ${id}`);
    } else {
      this.showToast('Empty note discarded');
    }
    this.save();
  }

  togglePin(noteId: number): void {
    const note = this.state.notes.find((n) => n.id === noteId);
    if (!note) return;
    note.pinned = !note.pinned;
    this.save();
  }

  deleteNote(noteId: number): void {
    const index = this.state.notes.findIndex((n) => n.id === noteId);
    const note = this.state.notes[index];
    if (!note) return;
    this.state.notes.splice(index, 1);
    this.snackbar.show({ note, index });
    this.save();
    this.ctx.log('I', 'NotesRepository', `Deleted note ${noteId}`);
  }

  undoDelete(): void {
    const deleted = this.state.deleted;
    if (!deleted) return;
    this.snackbar.clear();
    this.state.notes.splice(Math.min(deleted.index, this.state.notes.length), 0, deleted.note);
    this.save();
    this.ctx.log('I', 'NotesRepository', `Restored note ${deleted.note.id}`);
  }

  share(noteId: number): void {
    const note = this.state.notes.find((n) => n.id === noteId);
    if (note) this.showToast(`Shared “${note.title}”`);
  }

  showToast(message: string): void {
    this.toast.show(message);
  }

  private load(): Note[] {
    const stored = this.ctx.storage.get('notes');
    if (Array.isArray(stored)) return stored.filter(isNote).map((n) => ({ ...n }));
    const notes = seedNotes(this.ctx.random, this.ctx.clock.now());
    this.ctx.storage.set(
      'notes',
      notes.map((n) => ({ ...n })),
    );
    return notes;
  }

  private save(): void {
    this.ctx.storage.set(
      'notes',
      this.state.notes.map((n) => ({ ...n })),
    );
  }
}

function isNote(value: unknown): value is Note {
  return typeof value === 'object' && value !== null && 'id' in value && 'title' in value && 'body' in value;
}
