import type { AppDefinition } from '../../types.js';
import { NOTES_PACKAGE, NotesProcess } from './process.js';

/** A Compose-style notes app: no resource-ids, icon buttons labelled only by content-desc (one not at all). */
export const notesApp: AppDefinition = {
  package: NOTES_PACKAGE,
  label: 'Notes',
  versionName: '1.8.0',
  versionCode: 180,
  launchActivity: '.MainActivity',
  activities: ['.MainActivity'],
  permissions: [],
  start: (ctx, launch) => new NotesProcess(ctx, launch),
};
