import type { AppDefinition, AppProcess, AppView } from '../types.js';

/** The system Settings app (first cut: its main list). */
export const settingsApp: AppDefinition = {
  package: 'com.android.settings',
  label: 'Settings',
  versionName: '14',
  versionCode: 34,
  launchActivity: '.Settings',
  activities: ['.Settings'],
  permissions: [],
  start: (): AppProcess => ({
    view: (): AppView => ({
      activity: '.Settings',
      root: {
        cls: 'android.widget.LinearLayout',
        height: 'fill',
        children: ['Network & internet', 'Connected devices', 'Display', 'Battery', 'Sound & vibration', 'Apps', 'System', 'About phone'].map((title) => ({
          cls: 'android.widget.LinearLayout',
          key: title,
          height: 72,
          clickable: true,
          padding: 16,
          children: [{ cls: 'android.widget.TextView', id: 'android:id/title', text: title, width: 'wrap' }],
        })),
      },
    }),
    back: () => false,
  }),
};
