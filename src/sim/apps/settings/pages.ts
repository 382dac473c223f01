// The Settings homepage and its preference screens. Switches read the phone's settings when
// drawn and write them when flipped, so `settings get` and the screen always agree.
import type { IconName, Widget } from '../../types.js';
import type { PageId, SettingsScreen } from './state.js';
import { connectedSsid, wifiOn } from './wifi.js';
import { simple, toggle } from './page-builders.js';
import { alertDialog, categoryHeader, label, pageRoot, prefList, row, switchRow } from './widgets.js';

export interface Entry {
  page: PageId;
  title: string;
  summary: (s: SettingsScreen) => string;
  icon: IconName;
}

/** The homepage list, in Android 14's order. */
export const ENTRIES: readonly Entry[] = [
  { page: 'network', title: 'Network & internet', summary: (s) => (wifiOn(s) ? 'Mobile, Wi-Fi, hotspot' : 'Wi-Fi is off'), icon: 'wifi' },
  { page: 'connected', title: 'Connected devices', summary: () => 'Bluetooth, pairing', icon: 'bluetooth' },
  { page: 'apps', title: 'Apps', summary: () => 'Assistant, recent apps, default apps', icon: 'menu' },
  { page: 'notifications', title: 'Notifications', summary: () => 'Notification history, conversations', icon: 'bell' },
  { page: 'battery', title: 'Battery', summary: () => '100%', icon: 'info' },
  { page: 'storage', title: 'Storage', summary: () => '34% used - 84.12 GB free', icon: 'image' },
  { page: 'sound', title: 'Sound & vibration', summary: () => 'Volume, haptics, Do Not Disturb', icon: 'bell' },
  { page: 'display', title: 'Display', summary: () => 'Dark theme, font size, brightness', icon: 'moon' },
  { page: 'accessibility', title: 'Accessibility', summary: () => 'Display, interaction, audio', icon: 'user' },
  { page: 'security', title: 'Security & privacy', summary: () => 'App security, device lock, permissions', icon: 'lock' },
  {
    page: 'location',
    title: 'Location',
    summary: (s) => (s.get('secure', 'location_mode') === '0' ? 'Off' : 'On - 3 apps have access to location'),
    icon: 'pin',
  },
  { page: 'system', title: 'System', summary: () => 'Languages, gestures, time, backup', icon: 'settings' },
  { page: 'about', title: 'About phone', summary: (s) => deviceName(s), icon: 'info' },
];

export function deviceName(s: SettingsScreen): string {
  return s.get('global', 'device_name') ?? s.info?.model ?? 'Android phone';
}

export function homePage(s: SettingsScreen): Widget {
  const { p } = s;
  const search: Widget = {
    cls: 'android.widget.FrameLayout',
    id: 'com.android.settings:id/search_bar',
    padding: { left: 16, right: 16, bottom: 16 },
    children: [
      {
        cls: 'android.widget.Toolbar',
        id: 'com.android.settings:id/search_action_bar',
        layout: 'row',
        height: 56,
        padding: { left: 16, right: 16 },
        gap: 16,
        onClick: () => s.open('search', { activity: '.SearchActivity' }),
        style: { background: p.surface, radius: 28 },
        children: [
          { cls: 'android.widget.ImageView', width: 24, height: 24, align: 'center', style: { icon: 'search', color: p.secondary } },
          label('Search Settings', p, { id: 'com.android.settings:id/search_action_bar_title', align: 'center', style: { color: p.secondary, fontSize: 16 } }),
        ],
      },
    ],
  };
  return pageRoot('home', p, [
    {
      cls: 'android.widget.FrameLayout',
      id: 'com.android.settings:id/homepage_container',
      padding: { left: 24, top: 48, bottom: 24 },
      children: [label('Settings', p, { id: 'com.android.settings:id/homepage_title', style: { fontSize: 36 } })],
    },
    search,
    prefList(
      'home',
      ENTRIES.map((e) => row({ key: `entry_${e.page}`, title: e.title, summary: e.summary(s), icon: e.icon, p, onClick: () => s.open(e.page) })),
    ),
  ]);
}

export function connectedPage(s: SettingsScreen): Widget {
  const { p } = s;
  const bluetooth = s.get('global', 'bluetooth_on') === '1';
  return simple(s, {
    key: 'connected',
    title: 'Connected devices',
    rows: [
      row({ key: 'pair', title: 'Pair new device', icon: 'add', p, onClick: () => s.open('pair') }),
      switchRow({
        key: 'bluetooth',
        title: 'Bluetooth',
        summary: bluetooth ? 'On' : 'Off',
        icon: 'bluetooth',
        checked: bluetooth,
        p,
        onToggle: (on) => {
          s.put('global', 'bluetooth_on', on ? '1' : '0');
          s.ctx.log('I', 'BluetoothAdapter', on ? 'enable(): enabled' : 'disable(): disabled');
        },
      }),
      categoryHeader('Saved devices', p),
      label('No saved devices', p, { key: 'no_saved', padding: { left: 72, top: 8, bottom: 16 }, style: { color: p.secondary, fontSize: 14 } }),
      row({ key: 'connection_prefs', title: 'Connection preferences', summary: 'Bluetooth, Android Auto, NFC', icon: 'settings', p }),
    ],
  });
}

export function pairPage(s: SettingsScreen): Widget {
  const { p } = s;
  const bluetooth = s.get('global', 'bluetooth_on') === '1';
  return simple(s, {
    key: 'pair',
    title: 'Pair new device',
    rows: [
      row({ key: 'device_name', title: 'Device name', summary: deviceName(s), p }),
      categoryHeader('Available devices', p),
      label(bluetooth ? 'Searching for devices\u2026' : 'Bluetooth will turn on to pair', p, {
        key: 'searching',
        padding: { left: 72, top: 8 },
        style: { color: p.secondary, fontSize: 14 },
      }),
    ],
  });
}

function timeout(s: SettingsScreen): string {
  const ms = Number(s.get('system', 'screen_off_timeout') ?? 60000);
  if (ms >= 60000) {
    const m = Math.round(ms / 60000);
    return `After ${m} minute${m === 1 ? '' : 's'} of inactivity`;
  }
  return `After ${Math.round(ms / 1000)} seconds of inactivity`;
}

export function displayPage(s: SettingsScreen): Widget {
  const { p } = s;
  const dark = s.get('secure', 'ui_night_mode') === '2';
  return simple(s, {
    key: 'display',
    title: 'Display',
    rows: [
      categoryHeader('Brightness', p),
      row({ key: 'brightness', title: 'Brightness level', summary: '62%', icon: 'star', p }),
      toggle(s, { key: 'adaptive_brightness', title: 'Adaptive brightness', ns: 'system', setting: 'screen_brightness_mode', defaultOn: true }),
      categoryHeader('Appearance', p),
      switchRow({
        key: 'dark_ui_mode',
        title: 'Dark theme',
        summary: dark ? 'Will never turn off automatically' : 'Will never turn on automatically',
        icon: 'moon',
        checked: dark,
        p,
        onToggle: (on) => {
          s.put('secure', 'ui_night_mode', on ? '2' : '1');
          s.ctx.log('I', 'UiModeManager', `setNightMode: ${on ? 'yes' : 'no'}`);
        },
      }),
      row({ key: 'font_size', title: 'Display size and text', summary: 'Default', p }),
      categoryHeader('Other display controls', p),
      row({ key: 'screen_timeout', title: 'Screen timeout', summary: timeout(s), p }),
      toggle(s, { key: 'auto_rotate', title: 'Auto-rotate screen', ns: 'system', setting: 'accelerometer_rotation' }),
    ],
  });
}

export function batteryPage(s: SettingsScreen): Widget {
  const { p } = s;
  return simple(s, {
    key: 'battery',
    title: 'Battery',
    rows: [
      row({ key: 'battery_usage', title: 'Battery usage', summary: 'View usage for past 24 hours', p }),
      toggle(s, { key: 'battery_saver', title: 'Battery Saver', ns: 'global', setting: 'low_power' }),
      toggle(s, {
        key: 'battery_percentage',
        title: 'Battery percentage',
        summary: 'Show battery percentage in status bar',
        ns: 'system',
        setting: 'status_bar_show_battery_percent',
      }),
      row({ key: 'adaptive_battery', title: 'Adaptive preferences', summary: 'Adaptive Charging, Adaptive Battery', p }),
    ],
    header: [
      label('100%', p, { id: 'com.android.settings:id/battery_percent', key: 'battery_level', padding: { left: 24, bottom: 16 }, style: { fontSize: 48 } }),
    ],
  });
}

export function soundPage(s: SettingsScreen): Widget {
  const { p } = s;
  return simple(s, {
    key: 'sound',
    title: 'Sound & vibration',
    rows: [
      row({ key: 'media_volume', title: 'Media volume', summary: '60%', p }),
      toggle(s, { key: 'zen_mode', title: 'Do Not Disturb', ns: 'global', setting: 'zen_mode' }),
      row({ key: 'vibration', title: 'Vibration & haptics', summary: 'On', p }),
      row({ key: 'ringtone', title: 'Phone ringtone', summary: 'The Big Adventure', p }),
      row({ key: 'notification_sound', title: 'Default notification sound', summary: 'Chime', p }),
    ],
  });
}

export function systemPage(s: SettingsScreen): Widget {
  const { p } = s;
  const rows: Widget[] = [
    row({ key: 'languages', title: 'Languages', summary: 'English (United States)', icon: 'info', p }),
    row({ key: 'keyboard', title: 'Keyboard', summary: 'Gboard', icon: 'edit', p }),
    row({ key: 'gestures', title: 'Gestures', icon: 'user', p }),
    row({ key: 'date_time', title: 'Date & time', summary: 'GMT+00:00 Coordinated Universal Time', icon: 'info', p }),
    row({ key: 'backup', title: 'Backup', summary: 'Off', icon: 'share', p }),
  ];
  if (s.get('global', 'development_settings_enabled') === '1') {
    rows.push(row({ key: 'developer', title: 'Developer options', icon: 'settings', p, onClick: () => s.open('developer') }));
  }
  rows.push(row({ key: 'reset', title: 'Reset options', icon: 'delete', p }));
  return simple(s, { key: 'system', title: 'System', rows });
}

export function developerPage(s: SettingsScreen): Widget {
  return simple(s, {
    key: 'developer',
    title: 'Developer options',
    rows: [
      toggle(s, {
        key: 'adb_enabled',
        title: 'USB debugging',
        summary: 'Debug mode when USB is connected',
        ns: 'global',
        setting: 'adb_enabled',
        defaultOn: true,
      }),
      toggle(s, {
        key: 'stay_awake',
        title: 'Stay awake',
        summary: 'Screen will never sleep while charging',
        ns: 'global',
        setting: 'stay_on_while_plugged_in',
        on: '7',
      }),
      row({
        key: 'window_animation_scale',
        title: 'Window animation scale',
        summary: `Animation scale ${s.get('global', 'window_animation_scale') ?? '1.0'}x`,
        p: s.p,
      }),
    ],
  });
}

export function aboutPage(s: SettingsScreen): Widget {
  const { p } = s;
  const build = s.ctx.phone?.props.get('ro.build.display.id') ?? s.ctx.phone?.props.get('ro.build.id') ?? 'UQ1A.240205.004';
  const tapBuild = (): void => {
    if (s.get('global', 'development_settings_enabled') === '1') {
      s.showToast('No need, you are already a developer.');
      return;
    }
    s.state.buildTaps += 1;
    const left = 7 - s.state.buildTaps;
    if (left <= 0) {
      s.put('global', 'development_settings_enabled', '1');
      s.showToast('You are now a developer!');
    } else if (left <= 4) {
      s.showToast(`You are now ${left} ${left === 1 ? 'step' : 'steps'} away from being a developer.`);
    }
  };
  return simple(s, {
    key: 'about',
    title: 'About phone',
    rows: [
      categoryHeader('Basic info', p),
      row({
        key: 'device_name',
        title: 'Device name',
        summary: deviceName(s),
        p,
        onClick: () => {
          s.state.dialog = { kind: 'device_name', value: deviceName(s) };
        },
      }),
      row({ key: 'phone_number', title: 'Phone number', summary: 'Unknown', p }),
      categoryHeader('Device details', p),
      row({ key: 'model', title: 'Model', summary: s.info?.model ?? 'Unknown', p }),
      row({ key: 'firmware_version', title: 'Android version', summary: s.info?.release ?? 'Unknown', p }),
      row({ key: 'ip_address', title: 'IP address', summary: connectedSsid(s) ? '192.168.1.23' : 'Unavailable', p }),
      row({ key: 'build_number', title: 'Build number', summary: build, p, onClick: tapBuild }),
    ],
  });
}

export function deviceNameDialog(s: SettingsScreen, d: { value: string }): Widget {
  return alertDialog({
    title: 'Device name',
    p: s.p,
    positive: 'Rename',
    positiveEnabled: d.value.trim().length > 0,
    onPositive: () => {
      s.put('global', 'device_name', d.value.trim());
      s.state.dialog = undefined;
    },
    onCancel: () => {
      s.state.dialog = undefined;
    },
    content: [
      {
        cls: 'android.widget.EditText',
        id: 'com.android.settings:id/edittext',
        text: d.value,
        autofocus: true,
        height: 56,
        onText: (value) => {
          d.value = value;
        },
        style: { color: s.p.text, border: s.p.accent, fontSize: 16 },
      },
    ],
  });
}

/** Screens with a few plain rows: enough to open, read and come back from. */
export function plainPage(s: SettingsScreen, key: PageId): Widget {
  const { p } = s;
  const rows: Record<string, Array<[string, string]>> = {
    apps: [
      ['All apps', 'See all apps'],
      ['Default apps', 'Assistant, browser, and more'],
      ['Screen time', 'Today: 0 minutes'],
      ['Special app access', '2 apps can use unrestricted data'],
    ],
    notifications: [
      ['Notification history', 'Show recent and snoozed notifications'],
      ['App notifications', 'On for all apps'],
      ['Notifications on lock screen', 'Show all notifications'],
    ],
    storage: [
      ['System', '12 GB'],
      ['Apps', '9.4 GB'],
      ['Images', '2.1 GB'],
      ['Documents & other', '1.3 GB'],
    ],
    accessibility: [
      ['TalkBack', 'Off'],
      ['Color and motion', 'Dark theme, color correction'],
      ['Select to Speak', 'Off'],
    ],
    security: [
      ['Device unlock', 'Screen lock: None'],
      ['Privacy', 'Permissions, account activity, personal data'],
      ['App security', 'No harmful apps found'],
    ],
  };
  const titles: Record<string, string> = {
    apps: 'Apps',
    notifications: 'Notifications',
    storage: 'Storage',
    accessibility: 'Accessibility',
    security: 'Security & privacy',
    location: 'Location',
  };
  if (key === 'location') {
    return simple(s, {
      key,
      title: 'Location',
      rows: [
        toggle(s, { key: 'location_mode', title: 'Use location', ns: 'secure', setting: 'location_mode', on: '3', defaultOn: true }),
        row({ key: 'recent_access', title: 'Recent access', summary: 'No apps have used location in the last 24 hours', p }),
      ],
    });
  }
  return simple(s, { key, title: titles[key] ?? 'Settings', rows: (rows[key] ?? []).map(([title, summary]) => row({ key: title, title, summary, p })) });
}
