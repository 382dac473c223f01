// A phone from the finished device parts with a blank screen, for transport tests that need no UI.
import { PNG } from 'pngjs';
import { PhoneClock } from '../device/clock.js';
import { PhoneFaults } from '../device/faults.js';
import { createFs } from '../device/fs.js';
import { createLogcat } from '../device/logcat.js';
import { createPackageManager } from '../device/packages.js';
import { SeededRandom } from '../device/random.js';
import type { DeviceInfo, Phone, PhoneUi } from '../types.js';

export function createTestPhone(serial: string, options: { screenSeed?: number } = {}): Phone {
  const info: DeviceInfo = { serial, model: 'mobiletest Virtual Phone', manufacturer: 'mobiletest', device: 'mtsim', product: 'mtsim_phone', sdk: 34, release: '14' };
  const clock = new PhoneClock();
  const fs = createFs({ now: () => clock.now() });
  const size = { width: 108, height: 240, density: 420 };
  const noop = () => undefined;
  const ui: PhoneUi = {
    size,
    dumpXml: () => `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"></hierarchy>`,
    frame: () => ({ size, windows: [], statusBar: { time: '12:00', battery: 100, wifi: true, notifications: 0 }, orientation: 0, darkTheme: false }),
    tap: noop, longPress: noop, swipe: noop, drag: noop, typeText: noop, keyEvent: noop,
    launch: () => ({ ok: true }), openUri: () => ({ ok: true }), forceStop: noop, clearData: () => true,
    foreground: () => ({ package: 'com.android.launcher3', activity: '.Launcher' }),
    keyboardShown: () => false, processes: () => [], setRotation: noop,
  };
  const png = new PNG({ width: size.width, height: size.height });
  const random = new SeededRandom(options.screenSeed ?? 7);
  for (let i = 0; i < png.data.length; i++) png.data[i] = i % 4 === 3 ? 255 : random.int(0, 256);
  const screenshot = PNG.sync.write(png);
  return {
    info, ui, fs, clock, random,
    packages: createPackageManager({ apps: [], fs }),
    logcat: createLogcat(clock),
    faults: new PhoneFaults(),
    props: new Map([['ro.product.model', info.model], ['ro.serialno', serial], ['ro.build.version.sdk', '34']]),
    settings: { global: new Map(), system: new Map(), secure: new Map() },
    screenshotPng: async () => screenshot,
  };
}
