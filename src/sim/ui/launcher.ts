// The home screen and the recent-apps overview of the Pixel launcher: icons labelled with the
// apps' labels (tap to launch), and one card per recent task (tap to return, swipe up to close).
import type { IconName, Widget } from '../types.js';
import { textWidth } from '../text-metrics.js';
import type { SystemPalette } from './theme.js';

export const LAUNCHER_PACKAGE = 'com.google.android.apps.nexuslauncher';
export const LAUNCHER_ACTIVITY = '.NexusLauncherActivity';
const COLUMNS = 4;
const CELL_DP = 96;
const ICON_DP = 56;
const LABEL_SP = 12;

export interface LauncherApp {
  pkg: string;
  label: string;
}

function iconFor(app: LauncherApp): IconName {
  const name = `${app.pkg} ${app.label}`.toLowerCase();
  if (name.includes('settings')) return 'settings';
  if (name.includes('shop')) return 'cart';
  if (name.includes('note')) return 'edit';
  return 'star';
}

/** SpringBoard's look: rounded-square icons in each app's colour, white labels on a dark wallpaper. */
const IOS_ICON_COLOURS: Partial<Record<IconName, string>> = { settings: '#8e8e93', cart: '#ff9500', edit: '#ffcc00', star: '#007aff' };
const IOS_WALLPAPER = '#1f3a5f';

/**
 * One app on the home screen: its round icon with the label centred under it. As on a Pixel, the
 * label's TextView is what takes the tap, so it spans the icon too and is at least as wide as it.
 */
function appCell(app: LauncherApp, options: { palette: SystemPalette; open: (pkg: string) => void; ios?: boolean }): Widget {
  const { palette, ios } = options;
  const icon = iconFor(app);
  const side = Math.max(8, Math.ceil((ICON_DP + 8 - textWidth(app.label, { px: LABEL_SP })) / 2));
  return {
    cls: 'android.widget.FrameLayout',
    key: `cell_${app.pkg}`,
    layout: 'stack',
    width: 0,
    weight: 1,
    height: CELL_DP,
    children: [
      {
        cls: 'android.widget.ImageView',
        key: `icon_image_${app.pkg}`,
        width: ICON_DP,
        height: ICON_DP,
        align: 'center',
        gravity: 'top',
        style: ios
          ? { icon, color: '#ffffff', background: IOS_ICON_COLOURS[icon] ?? '#007aff', radius: 13 }
          : { icon, color: palette.accent, background: palette.surface, radius: ICON_DP / 2 },
      },
      {
        cls: 'android.widget.TextView',
        key: `icon_${app.pkg}`,
        text: app.label,
        desc: app.label,
        width: 'wrap',
        height: 'fill',
        align: 'center',
        padding: { top: ICON_DP + 8, left: side, right: side },
        clickable: true,
        longClickable: true,
        focusable: true,
        onClick: () => options.open(app.pkg),
        style: { color: ios ? '#ffffff' : palette.onSurface, fontSize: LABEL_SP },
      },
    ],
  };
}

export function homeWidget(options: { apps: LauncherApp[]; palette: SystemPalette; open: (pkg: string) => void; ios?: boolean }): Widget {
  const { palette } = options;
  const rows: Widget[] = [];
  for (let i = 0; i < options.apps.length; i += COLUMNS) {
    const cells: Widget[] = options.apps.slice(i, i + COLUMNS).map((app) => appCell(app, options));
    while (cells.length < COLUMNS) cells.push({ cls: 'android.view.View', key: `empty_${i}_${cells.length}`, width: 0, weight: 1, height: CELL_DP });
    rows.push({ cls: 'android.view.ViewGroup', key: `row_${i / COLUMNS}`, layout: 'row', children: cells });
  }
  return {
    cls: 'android.widget.FrameLayout',
    id: 'launcher',
    height: 'fill',
    style: { background: options.ios ? IOS_WALLPAPER : palette.wallpaper },
    children: [
      {
        cls: 'android.widget.ScrollView',
        id: 'workspace',
        height: 'fill',
        padding: { top: 32, left: 8, right: 8 },
        children: [{ cls: 'android.view.ViewGroup', key: 'cell_layout', gap: 8, children: rows }],
      },
    ],
  };
}

export function recentsWidget(options: {
  tasks: LauncherApp[];
  palette: SystemPalette;
  open: (pkg: string) => void;
  close: (pkg: string) => void;
  clearAll: () => void;
}): Widget {
  const { palette } = options;
  const cards: Widget[] = options.tasks.map((task) => ({
    cls: 'android.widget.FrameLayout',
    id: 'task',
    key: `task_${task.pkg}`,
    desc: task.label,
    height: 160,
    clickable: true,
    focusable: true,
    onClick: () => options.open(task.pkg),
    onSwipe: (direction) => {
      if (direction === 'up') options.close(task.pkg);
    },
    padding: 16,
    style: { background: palette.surface, radius: 16 },
    children: [{ cls: 'android.widget.TextView', id: 'title', text: task.label, width: 'wrap', style: { color: palette.onSurface, fontSize: 16, bold: true } }],
  }));
  const content: Widget[] =
    cards.length > 0
      ? [
          ...cards,
          {
            cls: 'android.widget.Button',
            id: 'clear_all',
            text: 'Clear all',
            width: 'wrap',
            align: 'center',
            onClick: options.clearAll,
            style: { color: palette.onSurface, background: palette.surface, radius: 20 },
          },
        ]
      : [
          {
            cls: 'android.widget.TextView',
            text: 'No recent items',
            width: 'wrap',
            align: 'center',
            padding: { top: 160 },
            style: { color: palette.onSurface, fontSize: 16 },
          },
        ];
  return {
    cls: 'android.widget.FrameLayout',
    id: 'overview_panel',
    height: 'fill',
    style: { background: palette.wallpaper },
    children: [
      {
        cls: 'android.widget.ScrollView',
        id: 'recents_view',
        scrollable: 'vertical',
        height: 'fill',
        children: [{ cls: 'android.widget.LinearLayout', key: 'tasks', padding: 24, gap: 16, children: content }],
      },
    ],
  };
}
