// appium-adb, the adb layer of Appium's UiAutomator2 driver, against the phone through the real adb server.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADB } from 'appium-adb';
import { PNG } from 'pngjs';
import { freePort } from '../../src/sim/index.js';
import { NOT_APK_FAILURE, NOTES, SETTINGS, SHOP, expect, quietAppiumLogs, test, type PeerPhone } from './phone.js';

async function appiumAdb(peer: PeerPhone): Promise<ADB> {
  quietAppiumLogs();
  const adb = await ADB.createADB({ adbPort: peer.port, sdkRoot: peer.sdkRoot, suppressKillServer: true, adbExecTimeout: 30_000 });
  adb.setDeviceId(peer.serial);
  quietAppiumLogs();
  return adb;
}

test('appium-adb finds the phone and reads its API level, version, model and screen', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  expect(await adb.getConnectedDevices()).toContainEqual(expect.objectContaining({ udid: peer.serial, state: 'device' }));
  expect(await adb.getApiLevel()).toBe(34);
  expect(await adb.getPlatformVersion()).toBe('14');
  expect(await adb.getModel()).toBe(await peer.phone.shell('getprop ro.product.model').then((s) => s.trim()));
  expect(await adb.getScreenSize()).toMatch(/^\d+x\d+$/);
  expect(await adb.getScreenDensity()).toBeGreaterThan(0);
  expect(await adb.getScreenOrientation()).toBe(0);
});

test("appium-adb lists the installed packages and resolves Shop's launchable activity", async ({ peer }) => {
  const adb = await appiumAdb(peer);
  const installed = (await adb.listInstalledPackages()).map((entry) => entry.appPackage);
  expect(installed).toEqual(expect.arrayContaining([SHOP, NOTES, SETTINGS]));
  expect(await adb.isAppInstalled(SHOP)).toBe(true);
  expect(await adb.isAppInstalled('com.example.nothing')).toBe(false);
  expect(await adb.resolveLaunchableActivity(SHOP)).toBe(`${SHOP}/.MainActivity`);
});

test('appium-adb starts Shop, sees its activity in front and its process running, then stops it', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  await adb.shell(['pm', 'grant', SHOP, 'android.permission.POST_NOTIFICATIONS']);
  await adb.startApp({ pkg: SHOP, activity: '.MainActivity', waitActivity: '.LoginActivity', waitDuration: 10_000 });
  expect(await adb.getFocusedPackageAndActivity()).toEqual({ appPackage: SHOP, appActivity: '.LoginActivity' });
  expect(await adb.isAppRunning(SHOP)).toBe(true);
  const pids = await adb.getProcessIdsByName(SHOP);
  expect(pids).toHaveLength(1);
  expect(await adb.listAppProcessIds(SHOP)).toEqual(pids);
  expect(await adb.processExists(SHOP)).toBe(true);
  expect(await adb.getProcessNameById(pids[0])).toBe(SHOP);

  await adb.forceStop(SHOP);
  expect(await adb.isAppRunning(SHOP)).toBe(false);
  expect(await adb.processExists(SHOP)).toBe(false);
  expect(await adb.getProcessIdsByName(SHOP)).toEqual([]);
});

test('appium-adb activateApp brings Settings up from the home screen', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  await adb.activateApp(SETTINGS);
  await expect.poll(async () => (await adb.getFocusedPackageAndActivity()).appPackage).toBe(SETTINGS);
});

test('appium-adb types into the focused field, sees the keyboard and hides it', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  await adb.shell(['pm', 'grant', SHOP, 'android.permission.POST_NOTIFICATIONS']);
  await adb.startApp({ pkg: SHOP, activity: '.MainActivity', waitActivity: '.LoginActivity' });
  await peer.phone.tap('Email');
  expect(await adb.isSoftKeyboardPresent()).toEqual({ isKeyboardShown: true, canCloseKeyboard: true });
  await adb.inputText('alice@example.com');
  await expect.poll(() => peer.phone.labels()).toContain('alice@example.com');
  await adb.keyevent(111);
  await expect.poll(async () => (await adb.isSoftKeyboardPresent()).isKeyboardShown).toBe(false);
});

test('appium-adb takes a PNG screenshot of the whole screen', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  const png = PNG.sync.read(await adb.takeScreenshot());
  expect(`${png.width}x${png.height}`).toBe(await adb.getScreenSize());
});

test('appium-adb collects logcat while an app logs', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  await adb.startLogcat({ format: 'threadtime' });
  try {
    await adb.shell(['log', '-t', 'PeerCheck', 'hello from appium-adb']);
    await expect
      .poll(() =>
        adb
          .getLogcatLogs()
          .map((entry) => entry.message)
          .join('\n'),
      )
      .toContain('PeerCheck: hello from appium-adb');
  } finally {
    await adb.stopLogcat();
  }
});

test('appium-adb forwards and reverses ports and lists them', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  const systemPort = await freePort();
  await test.step('forwardPort', async () => {
    await adb.forwardPort(systemPort, 8200);
    expect(await adb.getForwardList()).toEqual([`${peer.serial} tcp:${systemPort} tcp:8200`]);
    await adb.removePortForward(systemPort);
    expect(await adb.getForwardList()).toEqual([]);
  });
  await test.step('reversePort', async () => {
    await adb.reversePort(8300, systemPort);
    // adbd lists a reverse tunnel under its own name for the transport: host-N over TCP (UsbFfs over USB).
    expect(await adb.getReverseList()).toEqual([expect.stringMatching(new RegExp(`^host-\\d+ tcp:8300 tcp:${systemPort}$`))]);
    await adb.removePortReverse(8300);
    expect(await adb.getReverseList()).toEqual([]);
  });
});

test('appium-adb reads and writes settings', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  expect(await adb.getSetting('global', 'airplane_mode_on')).toBe('0');
  expect(await adb.isAirplaneModeOn()).toBe(false);
  await adb.setSetting('system', 'screen_off_timeout', 600_000);
  expect(await adb.getSetting('system', 'screen_off_timeout')).toBe('600000');
  expect(await peer.phone.shell('settings get system screen_off_timeout')).toBe('600000\n');
});

test('appium-adb reads the lock state through locksettings and dismisses the keyguard', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  expect(await adb.isScreenLocked()).toBe(false);
  expect(await adb.isLockManagementSupported()).toBe(true);
  expect(await adb.isLockEnabled()).toBe(false);
  await adb.dismissKeyguard();
  expect(await adb.isScreenLocked()).toBe(false);
});

test('appium-adb pushes, lists and pulls a file', async ({ peer }, testInfo) => {
  const adb = await appiumAdb(peer);
  const local = testInfo.outputPath('note.txt');
  await writeFile(local, 'from appium-adb\n');
  await adb.push(local, '/sdcard/Download/note.txt');
  expect(await adb.fileExists('/sdcard/Download/note.txt')).toBe(true);
  expect(await adb.ls('/sdcard/Download')).toContain('note.txt');
  const back = join(testInfo.outputDir, 'back.txt');
  await adb.pull('/sdcard/Download/note.txt', back);
  expect(await peer.phone.shell('cat /sdcard/Download/note.txt')).toBe('from appium-adb\n');
});

test('appium-adb install of a file that is not an APK fails as adb install does; uninstallApk removes Notes', async ({ peer }, testInfo) => {
  const adb = await appiumAdb(peer);
  const bogus = testInfo.outputPath('bogus.apk');
  await writeFile(bogus, 'not a zip file');
  await expect.soft(adb.install(bogus, { timeout: 30_000 })).rejects.toThrow(NOT_APK_FAILURE);
  expect(await adb.uninstallApk(NOTES)).toBe(true);
  expect(await adb.isAppInstalled(NOTES)).toBe(false);
});

test('appium-adb cannot kill Shop by process name without root, as on a user build', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  await adb.shell(['pm', 'grant', SHOP, 'android.permission.POST_NOTIFICATIONS']);
  await adb.startApp({ pkg: SHOP, activity: '.MainActivity', waitActivity: '.LoginActivity' });
  // The shell user may not signal another app's process; appium-adb then retries with su, which a user build lacks.
  await expect(adb.killProcessesByName(SHOP)).rejects.toThrow(/su: inaccessible or not found/);
  expect(await adb.processExists(SHOP)).toBe(true);
});

test('appium-adb root leaves the shell unprivileged on a production build', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  // appium-adb 16 reads `adb root`'s answer from a string as if it were an object, so it reports success either way.
  expect(await adb.root()).toEqual({ isSuccessful: true, wasAlreadyRooted: false });
  expect(await peer.adb.run(['-s', peer.serial, 'root']).then((r) => r.text)).toContain('adbd cannot run as root in production builds');
  expect(await adb.isRoot()).toBe(false);
  expect(await adb.shell(['id', '-u'])).toBe('2000');
});

test('appium-adb finds no io.appium.settings helper, as on a phone Appium has not prepared', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  expect(await adb.isAppInstalled('io.appium.settings')).toBe(false);
  // Without the helper app, the broadcast reaches no receiver: am answers result=0 as Android does.
  const answer = await adb.shell([
    'am',
    'broadcast',
    '-a',
    'io.appium.settings.wifi',
    '-n',
    'io.appium.settings/.receivers.WiFiConnectionSettingReceiver',
    '--es',
    'setstatus',
    'enable',
  ]);
  expect(answer).toMatch(/Broadcast completed: result=0/);
});

test('appium-adb turns Wi-Fi and mobile data off and on', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  expect(await adb.isWifiOn()).toBe(true);
  await adb.setWifiState(false);
  expect(await adb.isWifiOn()).toBe(false);
  expect.soft(await peer.phone.shell('cmd wifi status')).toContain('Wifi is disabled');
  await adb.setWifiState(true);
  expect(await adb.isWifiOn()).toBe(true);
  await adb.setDataState(false);
  expect(await adb.isDataOn()).toBe(false);
  await adb.setDataState(true);
  expect(await adb.isDataOn()).toBe(true);
});

test('appium-adb turns location off and on', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  await adb.toggleGPSLocationProvider(false);
  expect(await adb.getLocationProviders()).toEqual([]);
  await adb.toggleGPSLocationProvider(true);
  expect(await adb.getLocationProviders()).toEqual(['gps']);
});

test('appium-adb adds Shop to the Doze whitelist', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  expect(await adb.getDeviceIdleWhitelist()).not.toContainEqual(expect.stringContaining(`,${SHOP},`));
  expect(await adb.addToDeviceIdleWhitelist(SHOP)).toBe(true);
  expect(await adb.getDeviceIdleWhitelist()).toContainEqual(expect.stringMatching(new RegExp(`^user,${SHOP.replace(/\./g, '\\.')},\\d+$`)));
});

test('appium-adb lists the listening TCP ports from /proc/net/tcp', async ({ peer }) => {
  const adb = await appiumAdb(peer);
  const ports = await adb.listPorts();
  expect(Array.isArray(ports)).toBe(true);
  for (const entry of ports) expect(entry.port).toBeGreaterThan(0);
});
