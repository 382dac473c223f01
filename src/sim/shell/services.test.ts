import { expect, test } from '@playwright/test';
import { usePhoneOverAdb } from '../testing/adb-phone.js';

// Framework services as mobile-mcp, appium-adb and Midscene reach them: `cmd SERVICE …` through the real adb CLI.
const { shell } = usePhoneOverAdb();

test('an unknown verb gets the service\'s "Unknown command" on stdout and exit 255; no verb prints its help', async () => {
  for (const service of ['appops', 'deviceidle', 'location', 'locale', 'phone', 'display', 'power', 'window']) {
    expect(await shell(`cmd ${service} no-such-verb`), service).toMatchObject({ out: 'Unknown command: no-such-verb\n', code: 255 });
  }
  const help = await shell('cmd appops');
  expect(help.code).toBe(255);
  expect(help.out).toMatch(/^AppOps service \(appops\) commands:\n {2}help\n {4}Print this help text\.\n/);
  // StatusBarShellCommand hands verbs it does not know to SystemUI, which answers with its usage.
  expect(await shell('cmd statusbar no-such-verb')).toMatchObject({ out: 'Usage: adb shell cmd statusbar <command>\n  known commands:\n   prefs\n', code: 0 });
  expect(await shell('cmd no_such_service list')).toMatchObject({ err: "cmd: Can't find service: no_such_service\n", code: 20 });
  for (const tool of ['pm', 'am', 'input', 'wm'])
    expect(await shell(`${tool} no-such-verb`), tool).toMatchObject({ out: 'Unknown command: no-such-verb\n', err: '', code: 255 });
  expect((await shell('pm')).code).toBe(255);
});

test("settings refuses a bad verb, namespace or argument count with SettingsService's words", async () => {
  expect(await shell('settings fetch global wifi_on')).toMatchObject({ err: 'Invalid command: fetch\n', code: 255 });
  expect(await shell('settings get nowhere wifi_on')).toMatchObject({ err: "Invalid namespace 'nowhere'\n", code: 255 });
  expect(await shell('settings put global only_a_key')).toMatchObject({ err: 'Bad arguments\n', code: 255 });
  expect(await shell('settings get global wifi_on extra')).toMatchObject({ err: 'Too many arguments\n', code: 255 });
  expect(await shell('settings get GLOBAL wifi_on')).toMatchObject({ out: '1\n', code: 0 });
});

test("appops set, get and query-op keep a mode per package, with AppOpsService's refusals", async () => {
  expect((await shell('appops get com.example.shop CAMERA')).out).toBe('No operations.\nDefault mode: allow\n');
  expect((await shell('appops set com.example.shop CAMERA deny')).code).toBe(0);
  expect((await shell('appops get com.example.shop')).out).toBe('CAMERA: deny\n');
  expect((await shell('cmd appops get com.example.shop android:camera')).out).toBe('CAMERA: deny\n');
  expect((await shell('appops query-op CAMERA deny')).out).toBe('com.example.shop\n');
  expect(await shell('appops set com.example.shop NOT_AN_OP allow')).toMatchObject({ err: 'Error: Unknown operation string: NOT_AN_OP\n', code: 255 });
  expect(await shell('appops set com.example.missing CAMERA allow')).toMatchObject({ err: 'Error: No UID for com.example.missing in user 0\n', code: 255 });
  expect(await shell('appops set com.example.shop CAMERA sometimes')).toMatchObject({ err: 'Error: Mode sometimes is not valid\n', code: 255 });
  await shell('appops set com.example.shop CAMERA allow');
  expect((await shell('appops get com.example.shop')).out).toBe('No operations.\n');
});

test('cmd wifi status follows the Wi-Fi switch and names the joined network', async () => {
  const on = await shell('cmd wifi status');
  expect(on.code).toBe(0);
  expect(on.out).toMatch(
    /^Wifi is enabled\nWifi scanning is only available when wifi is enabled\n==== Primary ClientModeManager instance ====\nWifi is connected to "HomeNet-5G"\nWifiInfo: SSID: "HomeNet-5G", BSSID: /,
  );
  expect((await shell('cmd wifi set-wifi-enabled disabled')).code).toBe(0);
  expect((await shell('settings get global wifi_on')).out).toBe('0\n');
  expect((await shell('cmd wifi status')).out).toBe('Wifi is disabled\nWifi scanning is only available when wifi is enabled\n');
  expect(await shell('cmd wifi set-wifi-enabled off')).toMatchObject({
    out: "Invalid args for set-wifi-enabled: java.lang.IllegalArgumentException: Expected 'enabled' or 'disabled' as next arg but got 'off'\n",
    code: 255,
  });
  // Verbs outside the shell user's list are refused as root-only, whether or not they exist.
  const refused = await shell('cmd wifi force-hi-perf-mode enabled');
  expect(refused.code).toBe(255);
  expect(refused.err).toContain(
    "java.lang.SecurityException: Uid 2000 does not have access to force-hi-perf-mode wifi command (or such command doesn't exist)\n",
  );
  await shell('svc wifi enable');
  expect((await shell('cmd wifi status')).out).toContain('Wifi is connected to "HomeNet-5G"\n');
});

test("cmd location and cmd locale read and change the location switch and an app's languages", async () => {
  expect((await shell('cmd location is-location-enabled')).out).toBe('true\n');
  await shell('cmd location set-location-enabled false');
  expect((await shell('cmd location is-location-enabled')).out).toBe('false\n');
  expect((await shell('settings get secure location_mode')).out).toBe('0\n');
  const missing = await shell('cmd location set-location-enabled');
  expect(missing.code).toBe(255);
  expect(missing.err).toContain('java.lang.IllegalArgumentException: Argument expected after "set-location-enabled"\n');
  expect((await shell('cmd locale get-app-locales com.example.shop')).out).toBe('Locales for com.example.shop for user 0 are []\n');
  await shell('cmd locale set-app-locales com.example.shop --locales fr-FR,de');
  expect((await shell('cmd locale get-app-locales com.example.shop --user 0')).out).toBe('Locales for com.example.shop for user 0 are [fr-FR,de]\n');
  expect((await shell('cmd locale get-app-locales com.example.missing')).out).toBe('Unknown package com.example.missing for userId 0\n');
});

test('the display has one id, the same in SurfaceFlinger, DisplayManager and screenrecord --display-id', async () => {
  const identification = (await shell('dumpsys SurfaceFlinger --display-id')).out;
  const id = /^Display (\d+) \(HWC display 0\): port=0 pnpId=[A-Z]{3} displayName="[^"]+"\n$/.exec(identification)?.[1];
  expect(id).toBeDefined();
  // A stable id: bit 62 set, the PNP manufacturer id above bit 40, the port in the low byte.
  expect(BigInt(id ?? 0) >> 62n).toBe(1n);
  const displays = await shell('cmd display get-displays');
  expect(displays.out).toMatch(
    new RegExp(
      `^Displays:\\n  Display id 0: DisplayInfo\\{"Built-in Screen", .*uniqueId "local:${id}".*real 1080 x 2400|^Displays:\\n  Display id 0: DisplayInfo\\{"Built-in Screen", .*real 1080 x 2400.*uniqueId "local:${id}"`,
    ),
  );
  expect(await shell('screenrecord --display-id 42 /sdcard/x.mp4')).toMatchObject({ err: 'Invalid physical display ID\n', code: 2 });
  expect((await shell(`screenrecord --display-id ${id} --size 1280x720 /sdcard/x.mp4`)).err).toBe('ERROR: unable to create video/avc codec instance\n');
});

test('wm dismiss-keyguard succeeds on a phone without a lock screen, svc nfc reports no NFC, cmd phone knows no SIM', async () => {
  expect(await shell('wm dismiss-keyguard')).toMatchObject({ out: '', err: '', code: 0 });
  expect(await shell('svc nfc enable')).toMatchObject({ err: 'NFC feature not supported.\n', code: 0 });
  // svc is a script: wifi, data and bluetooth go to cmd, the rest to Svc.java, whose help is on stderr.
  expect(await shell('svc bluetooth enable')).toMatchObject({ out: 'Enabling Bluetooth\n', code: 0 });
  expect((await shell('settings get global bluetooth_on')).out).toBe('1\n');
  expect(await shell('svc wifi')).toMatchObject({
    out: 'Control the Wi-Fi manager\n\nusage: svc wifi [enable|disable]\n         Turn Wi-Fi on or off.\n\n',
    code: 1,
  });
  expect((await shell('svc')).err).toMatch(/^Available commands:\n {4}help {13}Show information about the subcommands\n/);
  expect((await shell('cmd phone has-carrier-privileges com.example.shop')).out).toBe('false\n');
  expect((await shell('cmd phone')).out).toMatch(/^Telephony Commands:\n {2}help\n/);
});

test('through adb, pkill, run-as, locksettings and screenrecord keep their stdout, stderr and exit codes apart', async () => {
  await shell('monkey -p com.example.notes 1');
  const pid = (await shell('pidof com.example.notes')).out.trim();
  expect(await shell('pkill -f com.example.notes')).toMatchObject({ out: '', err: `pkill: TERM->${pid}: Operation not permitted\n`, code: 1 });
  expect(await shell('run-as com.example.shop cat shared_prefs/prefs.xml')).toMatchObject({
    out: '',
    err: 'run-as: package not debuggable: com.example.shop\n',
    code: 1,
  });
  expect(await shell('locksettings get-disabled')).toMatchObject({ out: 'true\n', code: 0 });
  expect(await shell('locksettings verify --old 1234')).toMatchObject({ out: 'Old password provided but user has no password\n', code: 255 });
  const recorded = await shell('screenrecord --time-limit 5 /sdcard/clip.mp4');
  expect(recorded).toMatchObject({ out: '', code: 0 });
  expect(recorded.err).toContain('ERROR: unable to create video/avc codec instance\n');
  expect((await shell('ls -l /sdcard/clip.mp4')).out).toMatch(/ 0 \d{4}-\d\d-\d\d \d\d:\d\d \/sdcard\/clip\.mp4\n$/);
});
