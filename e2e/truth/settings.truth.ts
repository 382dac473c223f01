// The truth battery on Settings: each switch goal checked with `settings get`, each page goal with a
// fresh dump's page title, each navigation with `dumpsys window`.
import type { AdbTruth } from './adb-read.js';
import { battery, type GoalCase } from './battery.js';
import { launcherInFront, onScreen, scrolled, type Check } from './checks.js';
import { test } from './phone.js';

test.use({ app: 'com.android.settings', frames: 'off', ai: { provider: 'offline', cache: 'off' } });

/** Every setting a goal here reads, as each goal starts unless it says otherwise. */
const BASELINE: Record<string, string> = {
  'global wifi_on': '1',
  'global bluetooth_on': '0',
  'global zen_mode': '0',
  'global low_power': '0',
  'global airplane_mode_on': '0',
  'system status_bar_show_battery_percent': '0',
  'system accelerometer_rotation': '0',
  'secure ui_night_mode': '1',
  'secure location_mode': '3',
  // The lease keeps the phone awake (stay_on 7); the goals start with it off.
  'global stay_on_while_plugged_in': '0',
  'global development_settings_enabled': '0',
};

/** The baseline with `changes`, then the rows tapped (through adb) from the Settings home screen. */
function start(changes: Record<string, string> = {}, ...path: string[]) {
  return async (read: AdbTruth): Promise<void> => {
    await read.phone.shell(
      Object.entries({ ...BASELINE, ...changes })
        .map(([key, value]) => `settings put ${key} ${value}`)
        .join(' && '),
    );
    for (const row of path) await read.phone.tap(row);
  };
}

/** Done when `settings get KEY` answers as `wanted` says. */
function setting(key: string, wanted: (value: string) => boolean): Check {
  return async (read) => {
    const [ns, name] = key.split(' ') as ['global' | 'system' | 'secure', string];
    const value = await read.setting(ns, name);
    return { done: wanted(value), said: `settings get ${key} → ${value}` };
  };
}

/** Already in the wanted state: done when the value is still `value` and the app logged no switch of it. */
function unchanged(key: string, value: string, tag: string): Check {
  return async (read, seen) => {
    const kept = await setting(key, (v) => v === value)(read, seen);
    const switched = (await read.log()).split('\n').filter((line) => line.includes(tag));
    return { done: kept.done && switched.length === 0, said: `${kept.said}; logcat: ${switched.length ? switched.join(' / ').trim() : `no ${tag} line`}` };
  };
}

/** The page title a fresh dump shows: the collapsing toolbar's, or "Settings" on the home screen. */
async function pageTitle(read: AdbTruth): Promise<string> {
  const screen = await read.screen();
  const focus = await read.focus();
  if (!focus.startsWith('com.android.settings/')) return `(${focus} in front)`;
  return screen.byId('collapsing_toolbar')?.desc ?? (screen.byId('homepage_title') ? 'Settings' : screen.byId('search_src_text') ? '(search)' : '(untitled)');
}

function titled(title: string): Check {
  return async (read) => {
    const shown = await pageTitle(read);
    return { done: shown === title, said: `page title "${shown}"` };
  };
}

/** No such setting exists on this phone: done only if a dump shows a checked switch beside that name. */
function switchShownOn(name: RegExp): Check {
  return async (read) => {
    const screen = await read.screen();
    const control = screen.switchBeside(name);
    return {
      done: control?.checked === true,
      said: control ? `switch beside ${name} is ${control.checked ? 'on' : 'off'}` : `no switch beside ${name}; page "${await pageTitle(read)}"`,
    };
  };
}

const is = (want: string) => (v: string) => v === want;

/** The goal names no switch on its own: never done; adb reports which of `keys` the step changed on the way. */
function noSwitchNamed(name: string, keys: string[]): Check {
  return async (read) => {
    const values = await Promise.all(
      keys.map(async (key) => `${key} → ${await read.setting(...(key.split(' ') as ['global' | 'system' | 'secure', string]))}`),
    );
    return { done: false, said: `no switch is named "${name}"; settings get ${values.join(', ')}` };
  };
}

/** The dialog's field holds exactly `name`, and adb's own tap on Rename stores it: `settings get global device_name`. */
function renamed(name: string): Check {
  return async (read) => {
    const field = (await read.screen()).nodes.find((n) => n.id === 'edittext');
    if (!field) return { done: false, said: `no Device name field; page "${await pageTitle(read)}"` };
    await read.phone.tap('Rename');
    const stored = await read.setting('global', 'device_name');
    return { done: field.text === name && stored === name, said: `field "${field.text}"; after adb taps Rename, settings get global device_name → ${stored}` };
  };
}

/**
 * Settings runs a search as you type and, on Enter, opens the first result's page: done when the
 * field holds the query beside a result that names it, or the page opened is `page`.
 */
function searched(query: string, page: string): Check {
  return async (read) => {
    const screen = await read.screen();
    const field = screen.byId('search_src_text');
    const results = screen.nodes.filter((n) => n.id === 'title' && n.text.toLowerCase().includes(query.toLowerCase()));
    const title = await pageTitle(read);
    const listed = field?.text === query && results.length > 0;
    const said = field
      ? `search field "${field.text}", ${results.length} result(s) naming it${screen.has('No results') ? ', "No results"' : ''}`
      : `page title "${title}"`;
    return { done: listed || title === page, said };
  };
}

const CASES: GoalCase[] = [
  { goal: 'Turn on Bluetooth', from: 'Settings home', setup: start(), truth: setting('global bluetooth_on', is('1')) },
  { goal: 'Turn off Wi-Fi', from: 'Settings home', setup: start(), truth: setting('global wifi_on', is('0')) },
  { goal: 'Turn on Do Not Disturb', from: 'Settings home', setup: start(), truth: setting('global zen_mode', is('1')) },
  { goal: 'Turn on Battery Saver', from: 'Settings home', setup: start(), truth: setting('global low_power', is('1')) },
  { goal: 'Turn on Auto-rotate screen', from: 'Settings home', setup: start(), truth: setting('system accelerometer_rotation', is('1')) },
  { goal: 'Turn on Battery percentage', from: 'Settings home', setup: start(), truth: setting('system status_bar_show_battery_percent', is('1')) },
  { goal: 'Turn off Use location', from: 'Settings home', setup: start(), truth: setting('secure location_mode', is('0')) },
  {
    goal: 'Turn on Stay awake',
    from: 'Settings home',
    trap: 'its page is hidden until developer options are enabled',
    setup: start(),
    truth: setting('global stay_on_while_plugged_in', (v) => v !== '0' && v !== 'null'),
  },
  { goal: 'Enable Dark theme', from: 'Settings home', setup: start(), truth: setting('secure ui_night_mode', is('2')) },
  { goal: 'Turn on Battery Saver', from: 'Battery', setup: start({}, 'Battery'), truth: setting('global low_power', is('1')) },
  { goal: 'Turn on Airplane mode', from: 'Network & internet', setup: start({}, 'Network & internet'), truth: setting('global airplane_mode_on', is('1')) },
  {
    goal: 'Turn off Adaptive brightness',
    from: 'Display',
    setup: start({ 'system screen_brightness_mode': '1' }, 'Display'),
    truth: setting('system screen_brightness_mode', is('0')),
  },
  { goal: 'Turn on Wi-Fi', from: 'Settings home, Wi-Fi off', setup: start({ 'global wifi_on': '0' }), truth: setting('global wifi_on', is('1')) },
  {
    goal: 'Turn on Wi-Fi',
    from: 'Network & internet, Wi-Fi off',
    setup: start({ 'global wifi_on': '0' }, 'Network & internet'),
    truth: setting('global wifi_on', is('1')),
  },
  { goal: 'Turn off Wi-Fi', from: 'Wi-Fi page ("Use Wi-Fi" bar)', setup: start({}, 'Network & internet', 'Wi-Fi'), truth: setting('global wifi_on', is('0')) },
  {
    goal: 'Turn on Battery',
    from: 'Battery',
    trap: 'two switches ("Battery Saver", "Battery percentage") hold the word; none is "Battery"',
    setup: start({}, 'Battery'),
    truth: noSwitchNamed('Battery', ['global low_power', 'system status_bar_show_battery_percent']),
  },
  {
    goal: 'Turn on Bluetooth',
    from: 'Settings home, Bluetooth already on',
    trap: 'already on: a tap would turn it off',
    setup: start({ 'global bluetooth_on': '1' }),
    truth: unchanged('global bluetooth_on', '1', 'BluetoothAdapter'),
  },
  {
    goal: 'Turn off Wi-Fi',
    from: 'Settings home, Wi-Fi already off',
    trap: 'already off: a tap would turn it on',
    setup: start({ 'global wifi_on': '0' }),
    truth: unchanged('global wifi_on', '0', 'setWifiEnabled'),
  },
  {
    goal: 'Disable Dark theme',
    from: 'Display, already off',
    trap: 'already off',
    setup: start({}, 'Display'),
    truth: unchanged('secure ui_night_mode', '1', 'UiModeManager'),
  },
  {
    goal: 'Turn on hotspot',
    from: 'Settings home',
    trap: 'only the Network & internet summary names it; no hotspot switch exists',
    setup: start(),
    truth: switchShownOn(/hotspot/i),
  },
  {
    goal: 'Turn on NFC',
    from: 'Connected devices',
    trap: 'only a summary ("Bluetooth, Android Auto, NFC") names it',
    setup: start({}, 'Connected devices'),
    truth: switchShownOn(/\bNFC\b/),
  },
  {
    goal: 'Turn on Bluetooth',
    from: 'Pair new device',
    trap: 'the page says "Bluetooth will turn on to pair" but holds no switch',
    setup: start({}, 'Connected devices', 'Pair new device'),
    truth: setting('global bluetooth_on', is('1')),
  },
  { goal: 'Open Battery', from: 'Settings home', setup: start(), truth: titled('Battery') },
  { goal: 'Open Network & internet', from: 'Settings home', setup: start(), truth: titled('Network & internet') },
  {
    goal: 'Open Bluetooth',
    from: 'Settings home',
    trap: 'no page is titled Bluetooth; only the Connected devices summary names it',
    setup: start(),
    truth: titled('Bluetooth'),
  },
  { goal: 'Tap Display', from: 'Settings home', setup: start(), truth: titled('Display') },
  { goal: 'Select Storage', from: 'Settings home', setup: start(), truth: titled('Storage') },
  { goal: 'Search for Battery Saver', from: 'Settings home', setup: start(), truth: searched('Battery Saver', 'Battery') },
  {
    goal: 'Search for zzzz',
    from: 'Settings home',
    trap: 'no results: only the search field holds the query',
    setup: start(),
    truth: searched('zzzz', 'zzzz'),
  },
  { goal: 'Scroll to About phone', from: 'Settings home', setup: start(), truth: onScreen('About phone') },
  { goal: 'Scroll down', from: 'Settings home', setup: start(), truth: scrolled((n) => n.id === 'title') },
  {
    goal: 'Scroll up',
    from: 'Settings home, scrolled to the end',
    setup: async (read) => {
      await start()(read);
      await read.phone.shell('input swipe 540 2000 540 600 200');
    },
    truth: scrolled((n) => n.id === 'title'),
  },
  {
    goal: 'Type hello',
    from: 'Settings home',
    trap: 'no text field on the screen, none focused',
    setup: start(),
    truth: async (read) => ({
      done: (await read.screen()).has('hello'),
      said: `a fresh dump ${(await read.screen()).has('hello') ? 'shows' : 'has no'} "hello"`,
    }),
  },
  { goal: 'Go back', from: 'Battery', setup: start({}, 'Battery'), truth: titled('Settings') },
  { goal: 'Go home', from: 'Display', setup: start({}, 'Display'), truth: launcherInFront },
  {
    goal: 'Type Lab phone into the Device name field',
    from: 'Device name dialog holding "Pixel 8"',
    trap: 'the field already holds a name: typing after it is not the name asked for',
    setup: async (read) => {
      await start({ 'global device_name': "'Pixel 8'" })(read);
      await read.phone.shell("am start -W -n 'com.android.settings/.Settings$MyDeviceInfoActivity'");
      await read.phone.tap('Device name');
    },
    truth: renamed('Lab phone'),
  },
];

battery(test, 'settings', CASES);
