import type { AppDefinition } from '../../types.js';
import { ACTIVITIES, SettingsProcess } from './process.js';
import { SETTINGS_PACKAGE } from './widgets.js';

/** The system Settings app: Wi-Fi, Bluetooth, dark theme and the phone's identity, backed by the phone's settings. */
export const settingsApp: AppDefinition = {
  package: SETTINGS_PACKAGE,
  label: 'Settings',
  versionName: '14',
  versionCode: 34,
  launchActivity: '.Settings',
  activities: Object.keys(ACTIVITIES),
  permissions: [],
  start: (ctx, launch) => new SettingsProcess(ctx, launch),
};
