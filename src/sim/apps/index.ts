import type { AppDefinition } from '../types.js';
import { shopApp } from './shop/index.js';
import { settingsApp } from './settings.js';
import { notesApp } from './notes/index.js';
import { canvasApp } from './canvas/index.js';

/** The sample apps every virtual phone can install, by short name. */
export const sampleApps: Record<string, AppDefinition> = {
  shop: shopApp,
  settings: settingsApp,
  notes: notesApp,
  canvas: canvasApp,
};

export class UnknownAppError extends Error {
  override name = 'UnknownAppError';
  constructor(app: string) {
    super(`Unknown sample app "${app}". Choose from: ${Object.keys(sampleApps).join(', ')} (or pass an AppDefinition).`);
  }
}

/** Turns app names and definitions into definitions, failing on an unknown name. */
export function resolveApps(apps: Array<string | AppDefinition>): AppDefinition[] {
  return apps.map((app) => {
    if (typeof app !== 'string') return app;
    const found = sampleApps[app] ?? Object.values(sampleApps).find((a) => a.package === app);
    if (!found) throw new UnknownAppError(app);
    return found;
  });
}
