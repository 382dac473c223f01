import type { AppDefinition } from '../types.js';
import { shopApp } from './shop/index.js';
import { settingsApp } from './settings.js';
import { notesApp } from './notes/index.js';
import { canvasApp } from './canvas/index.js';
import { chatApp } from './chat/index.js';

/** The sample apps every virtual phone can install, by short name. */
export const sampleApps: Record<string, AppDefinition> = {
  shop: shopApp,
  settings: settingsApp,
  notes: notesApp,
  canvas: canvasApp,
  chat: chatApp,
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

/** iOS bundle ids of sample apps whose Android package differs (Settings is com.apple.Preferences on an iPhone). */
export const IOS_BUNDLES: Record<string, { bundleId: string; label: string }> = {
  'com.android.settings': { bundleId: 'com.apple.Preferences', label: 'Settings' },
};

/** The same apps under their iOS bundle ids: one definition each, renamed where iOS names it differently. */
export function iosApps(apps: AppDefinition[]): AppDefinition[] {
  return apps.map((app) => {
    const ios = IOS_BUNDLES[app.package];
    return ios ? { ...app, package: ios.bundleId, label: ios.label } : app;
  });
}
