import type { AppView, Widget } from '../../types.js';
import { composeRoot, field, icon, topBar } from './compose.js';
import type { Draft, NotesActions } from './state.js';

/** The note editor; leaving it (arrow or system back) saves the draft. */
export function editorView(app: NotesActions, draft: Draft): AppView {
  const actions: Widget[] = [
    icon({ icon: 'back', key: 'editor_back', desc: 'Back', onClick: () => app.closeEditor() }),
    { cls: 'android.view.View', key: 'spacer', width: 'fill', height: 48 },
    icon({
      icon: 'pin',
      key: 'editor_pin',
      desc: draft.pinned ? 'Unpin' : 'Pin',
      active: draft.pinned,
      onClick: () => {
        draft.pinned = !draft.pinned;
      },
    }),
    icon({
      icon: 'star',
      key: 'editor_favourite',
      desc: draft.starred ? 'Remove from favourites' : 'Add to favourites',
      active: draft.starred,
      onClick: () => {
        draft.starred = !draft.starred;
      },
    }),
    icon({
      icon: 'delete',
      key: 'editor_delete',
      desc: 'Delete',
      onClick: () => {
        app.state.editor = undefined;
        if (draft.noteId !== undefined) app.deleteNote(draft.noteId);
      },
    }),
  ];
  return {
    activity: '.MainActivity',
    root: composeRoot([
      {
        cls: 'android.view.View',
        key: 'editor_screen',
        width: 'fill',
        height: 'fill',
        children: [
          topBar('editor_bar', actions),
          field({
            key: 'title_field',
            hint: 'Title',
            value: draft.title,
            fontSize: 22,
            height: 64,
            onText: (title) => {
              draft.title = title;
            },
          }),
          field({
            key: 'body_field',
            hint: 'Note',
            value: draft.body,
            height: 'wrap',
            onText: (body) => {
              draft.body = body;
            },
          }),
        ],
      },
    ]),
    toast: app.state.toast,
  };
}
