import type { Foreground } from '../drivers/index.js';
import type { ForegroundApp } from './screen-types.js';

/** A driver's foreground as the screen header names it: the app, and its activity relative to the package. */
export function foregroundApp(f: Foreground): ForegroundApp {
  const activity = f.activity ?? '';
  return { package: f.app, activity: activity.startsWith(`${f.app}.`) ? activity.slice(f.app.length) : activity };
}
