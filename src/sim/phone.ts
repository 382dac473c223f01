import type { AppDefinition, DeviceInfo, FaultSettings, Phone, PhoneUi, Platform, ScreenSize, TimingMode, UiDeps } from './types.js';
import { PhoneClock } from './device/clock.js';
import { SeededRandom } from './device/random.js';
import { PhoneFaults } from './device/faults.js';
import { createFs } from './device/fs.js';
import { createLogcat } from './device/logcat.js';
import { createPackageManager } from './device/packages.js';
import { createUi } from './ui/runtime.js';
import { renderPng } from './render/index.js';
import { createTiming } from './timing/model.js';
import type { PhoneFacts } from './timing/costs.js';
import { isAnimating } from './timing/animation.js';

export interface PhoneOptions {
  /** The serial the phone reports as ro.serialno. */
  serial?: string;
  /** Same seed, same run: promo popups, slow-search delays, pids. Default 1. */
  seed?: number;
  /** Apps installed at boot. */
  apps: AppDefinition[];
  size?: ScreenSize;
  /** Freeze the clock at this epoch ms; timers then fire only on clock.advance(). */
  frozenAt?: number;
  faults?: Partial<FaultSettings>;
  /** How long the phone waits before the ANR dialog, and how long a toast stays, in phone-clock ms. */
  timings?: UiDeps['timings'];
  /** 'fast' (default) answers at once; 'real' takes what a mid-range Android 14 phone takes. */
  timing?: TimingMode;
  /** How real timing waits, ms; default a wall-clock timer. Tests pass one that returns at once on a frozen clock. */
  sleep?: (ms: number) => Promise<void>;
  /** 'ios': an iPhone 15 (iOS 17.5, 1179x2556 px at 3 px per point) with SpringBoard's alerts; default 'android'. */
  platform?: Platform;
  /** Whether an app's data was wiped outside the phone since it last ran (see UiDeps.dataWiped). */
  dataWiped?: UiDeps['dataWiped'];
}

const LATIN_IME = 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME';

export const DEFAULT_SCREEN: ScreenSize = { width: 1080, height: 2400, density: 420 };
/** An iPhone 15: 393x852 points at 3 px per point; density 480 makes 1 dp = 1 pt = 3 px. */
export const IPHONE_SCREEN: ScreenSize = { width: 1179, height: 2556, density: 480 };

/** Builds one virtual phone: state, apps and UI, with no network attached. */
export function createPhone(options: PhoneOptions): Phone {
  const serial = options.serial ?? 'MTSIM0001';
  const ios = options.platform === 'ios';
  const info: DeviceInfo = ios
    ? { serial, model: 'iPhone 15', manufacturer: 'Apple', device: 'iPhone15,4', product: 'iPhone', sdk: 34, release: '17.5' }
    : {
        serial,
        model: 'mobiletest Virtual Phone',
        manufacturer: 'mobiletest',
        device: 'mtsim',
        product: 'mtsim_phone',
        sdk: 34,
        release: '14',
      };
  const clock = new PhoneClock({ frozenAt: options.frozenAt });
  const random = new SeededRandom(options.seed ?? 1);
  const faults = new PhoneFaults(options.faults);
  const fs = createFs({ clock });
  const logcat = createLogcat(clock);
  const packages = createPackageManager({ apps: options.apps, fs });
  const props = new Map<string, string>(Object.entries(defaultProps(info)));
  const settings = {
    global: new Map([
      ['window_animation_scale', '1.0'],
      ['transition_animation_scale', '1.0'],
      ['animator_duration_scale', '1.0'],
      ['stay_on_while_plugged_in', '0'],
      ['wifi_on', '1'],
      ['bluetooth_on', '0'],
      ['airplane_mode_on', '0'],
    ]),
    system: new Map([
      ['user_rotation', '0'],
      ['accelerometer_rotation', '0'],
      ['screen_off_timeout', '60000'],
    ]),
    secure: new Map([
      ['ui_night_mode', '1'],
      ['location_mode', '3'],
      ['default_input_method', LATIN_IME],
      ['enabled_input_methods', LATIN_IME],
      [
        'android_id',
        serial
          .toLowerCase()
          .replace(/[^0-9a-f]/g, '')
          .padEnd(16, '7')
          .slice(0, 16),
      ],
    ]),
  };
  const base = { info, fs, packages, logcat, clock, random, faults, props, settings };
  const size = options.size ?? (ios ? IPHONE_SCREEN : DEFAULT_SCREEN);
  const ui = createUi({
    ...base,
    size,
    apps: options.apps,
    timings: options.timings,
    dataWiped: options.dataWiped,
    ...(ios ? { platform: 'ios' as const } : {}),
  });
  return {
    ...base,
    ui,
    timing: createTiming({
      mode: options.timing ?? 'fast',
      clock,
      // The jitter's own stream: pacing a phone never changes what its apps draw or pick.
      random: new SeededRandom(((options.seed ?? 1) ^ 0x9e3779b9) >>> 0),
      facts: phoneFacts(ui, base),
      animating: () =>
        isAnimating(ui.frame(), {
          animatorScale: settings.global.get('animator_duration_scale'),
          hung: new Set(
            ui
              .processes()
              .filter((p) => p.frozen)
              .map((p) => p.package),
          ),
        }),
      sleep: options.sleep,
    }),
    async screenshotPng() {
      if (faults.take('screencapFailures')) throw new Error('screencap failed (fault injected)');
      return renderPng(ui.frame());
    },
  };
}

/** The phone's state the timing model reads when a command starts. */
function phoneFacts(ui: PhoneUi, base: Pick<Phone, 'logcat' | 'packages'>): PhoneFacts {
  return {
    nodes: () => ui.dumpXml().split('<node ').length - 1,
    pixels: () => ui.size.width * ui.size.height,
    logLines: () => base.logcat.entries().length,
    packages: () => base.packages.list().length,
    running: (pkg: string) => ui.processes().some((p) => p.package === pkg),
  };
}

/** A production (user) build, as the phones mobiletest stands in for are: no root, adb as the shell user. */
function defaultProps(info: DeviceInfo): Record<string, string> {
  return {
    'ro.serialno': info.serial,
    'ro.product.model': info.model,
    'ro.product.manufacturer': info.manufacturer,
    'ro.product.brand': info.manufacturer,
    'ro.product.device': info.device,
    'ro.product.name': info.product,
    'ro.product.cpu.abi': 'x86_64',
    'ro.product.cpu.abilist': 'x86_64,arm64-v8a',
    'ro.build.version.sdk': String(info.sdk),
    'ro.build.version.release': info.release,
    'ro.build.version.codename': 'REL',
    'ro.build.type': 'user',
    'ro.build.tags': 'release-keys',
    'ro.build.id': 'UQ1A.240205.004',
    'ro.build.fingerprint': `mobiletest/${info.product}/${info.device}:${info.release}/UQ1A.240205.004/1:user/release-keys`,
    'ro.debuggable': '0',
    'ro.secure': '1',
    'ro.adb.secure': '0',
    'ro.kernel.qemu': '0',
    'ro.hardware': 'mtsim',
    'ro.sf.lcd_density': '420',
    'sys.boot_completed': '1',
    'dev.bootcomplete': '1',
    'init.svc.bootanim': 'stopped',
    'persist.sys.locale': 'en-US',
    'persist.sys.timezone': 'UTC',
    'service.adb.root': '0',
  };
}
