import { createHash } from 'node:crypto';
import type { AppDefinition, InstalledPackage, PackageManager, VirtualFs } from '../types.js';

/** Runtime ("dangerous") permissions that `pm grant` can change, as in Android 14. */
export const RUNTIME_PERMISSIONS = new Set([
  'android.permission.ACCESS_BACKGROUND_LOCATION',
  'android.permission.ACCESS_COARSE_LOCATION',
  'android.permission.ACCESS_FINE_LOCATION',
  'android.permission.ACCESS_MEDIA_LOCATION',
  'android.permission.ACTIVITY_RECOGNITION',
  'android.permission.ANSWER_PHONE_CALLS',
  'android.permission.BLUETOOTH_ADVERTISE',
  'android.permission.BLUETOOTH_CONNECT',
  'android.permission.BLUETOOTH_SCAN',
  'android.permission.BODY_SENSORS',
  'android.permission.BODY_SENSORS_BACKGROUND',
  'android.permission.CALL_PHONE',
  'android.permission.CAMERA',
  'android.permission.GET_ACCOUNTS',
  'android.permission.NEARBY_WIFI_DEVICES',
  'android.permission.POST_NOTIFICATIONS',
  'android.permission.READ_CALENDAR',
  'android.permission.READ_CALL_LOG',
  'android.permission.READ_CONTACTS',
  'android.permission.READ_EXTERNAL_STORAGE',
  'android.permission.READ_MEDIA_AUDIO',
  'android.permission.READ_MEDIA_IMAGES',
  'android.permission.READ_MEDIA_VIDEO',
  'android.permission.READ_MEDIA_VISUAL_USER_SELECTED',
  'android.permission.READ_PHONE_NUMBERS',
  'android.permission.READ_PHONE_STATE',
  'android.permission.READ_SMS',
  'android.permission.RECEIVE_MMS',
  'android.permission.RECEIVE_SMS',
  'android.permission.RECEIVE_WAP_PUSH',
  'android.permission.RECORD_AUDIO',
  'android.permission.SEND_SMS',
  'android.permission.USE_SIP',
  'android.permission.UWB_RANGING',
  'android.permission.WRITE_CALENDAR',
  'android.permission.WRITE_CALL_LOG',
  'android.permission.WRITE_CONTACTS',
  'android.permission.WRITE_EXTERNAL_STORAGE',
  'android.permission.ADD_VOICEMAIL',
  'android.permission.PROCESS_OUTGOING_CALLS',
]);

/** Install-time permissions: known to the system, never changeable with `pm grant`. */
const NORMAL_PERMISSIONS = new Set([
  'android.permission.INTERNET',
  'android.permission.ACCESS_NETWORK_STATE',
  'android.permission.ACCESS_WIFI_STATE',
  'android.permission.VIBRATE',
  'android.permission.WAKE_LOCK',
  'android.permission.FOREGROUND_SERVICE',
  'android.permission.RECEIVE_BOOT_COMPLETED',
  'android.permission.SYSTEM_ALERT_WINDOW',
  'android.permission.WRITE_SETTINGS',
  'android.permission.WRITE_SECURE_SETTINGS',
  'android.permission.DUMP',
  'android.permission.READ_LOGS',
  'android.permission.SET_ANIMATION_SCALE',
  'android.permission.CHANGE_CONFIGURATION',
  'android.permission.PACKAGE_USAGE_STATS',
  'android.permission.SCHEDULE_EXACT_ALARM',
]);

/** System packages every phone has besides the sample apps, with where their APK lives. */
const SYSTEM_PACKAGES: Array<{ name: string; apkPath: string; versionName: string; versionCode: number }> = [
  { name: 'android', apkPath: '/system/framework/framework-res.apk', versionName: '14', versionCode: 34 },
  { name: 'com.android.systemui', apkPath: '/system_ext/priv-app/SystemUIGoogle/SystemUIGoogle.apk', versionName: '14', versionCode: 34 },
  { name: 'com.android.shell', apkPath: '/system/priv-app/Shell/Shell.apk', versionName: '14', versionCode: 34 },
  {
    name: 'com.google.android.apps.nexuslauncher',
    apkPath: '/system_ext/priv-app/NexusLauncherRelease/NexusLauncherRelease.apk',
    versionName: '14',
    versionCode: 34,
  },
  { name: 'com.android.phone', apkPath: '/system/priv-app/TeleService/TeleService.apk', versionName: '14', versionCode: 34 },
  { name: 'com.android.providers.settings', apkPath: '/system/priv-app/SettingsProvider/SettingsProvider.apk', versionName: '14', versionCode: 34 },
  {
    name: 'com.google.android.permissioncontroller',
    apkPath: '/apex/com.android.permission/priv-app/GooglePermissionController/GooglePermissionController.apk',
    versionName: '34.1.0',
    versionCode: 340_100_000,
  },
  {
    name: 'com.google.android.inputmethod.latin',
    apkPath: '/product/app/LatinIMEGooglePrebuilt/LatinIMEGooglePrebuilt.apk',
    versionName: '13.6.08',
    versionCode: 138_000_000,
  },
];

const MANIFEST_PACKAGE = /package=["']?([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+)/;

/** The package an APK names in its manifest (a `package=` attribute anywhere in the archive). */
export function packageNameInApk(apk: Buffer): string | undefined {
  return MANIFEST_PACKAGE.exec(apk.toString('latin1'))?.[1];
}

/** Android's random-looking install directories, made deterministic per package. */
export function apkPathFor(pkg: string): string {
  const token = (salt: string): string => createHash('sha256').update(`${salt}:${pkg}`).digest('base64url').slice(0, 22);
  return `/data/app/~~${token('outer')}==/${pkg}-${token('inner')}==/base.apk`;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

class PhonePackages implements PackageManager {
  private readonly packages = new Map<string, InstalledPackage>();
  private readonly known = new Map<string, AppDefinition>();
  /** PackageInstaller session ids: large, as the system's random ones are, and counted from there. */
  private nextSession = 1_326_451_027;

  constructor(apps: AppDefinition[]) {
    for (const sys of SYSTEM_PACKAGES) {
      this.packages.set(sys.name, { ...sys, system: true, granted: new Set(), declared: [] });
    }
    for (const app of apps) {
      this.known.set(app.package, app);
      this.packages.set(app.package, this.fromApp(app));
    }
  }

  list(): InstalledPackage[] {
    return [...this.packages.values()];
  }

  get(name: string): InstalledPackage | undefined {
    return this.packages.get(name);
  }

  launchActivity(name: string): string | undefined {
    return this.packages.has(name) ? this.known.get(name)?.launchActivity : undefined;
  }

  install(apk: Buffer, options: { name?: string } = {}): { ok: true; name: string } | { ok: false; error: string } {
    // Each install is a PackageInstaller session staged in /data/app/vmdlSESSION.tmp; a file that is no
    // zip fails to open there as an asset path, which is how Android 14 words it.
    const staged = `/data/app/vmdl${this.nextSession++}.tmp/base.apk`;
    if (!apk.subarray(0, 4).equals(ZIP_MAGIC)) {
      return { ok: false, error: `INSTALL_PARSE_FAILED_NOT_APK: Failed to parse ${staged}: Failed to load asset path ${staged}` };
    }
    const name = options.name ?? packageNameInApk(apk);
    if (!name || !/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/.test(name)) {
      return { ok: false, error: 'INSTALL_FAILED_INVALID_APK: Failed to parse package name from AndroidManifest.xml' };
    }
    const existing = this.packages.get(name);
    if (existing?.system) {
      return { ok: false, error: `INSTALL_FAILED_UPDATE_INCOMPATIBLE: Existing package ${name} signatures do not match newer version; ignoring!` };
    }
    const app = this.known.get(name);
    const fresh: InstalledPackage = app
      ? this.fromApp(app)
      : { name, apkPath: apkPathFor(name), versionName: '1.0', versionCode: 1, system: false, granted: new Set(), declared: [] };
    if (existing) for (const permission of existing.granted) fresh.granted.add(permission);
    this.packages.set(name, fresh);
    return { ok: true, name };
  }

  uninstall(name: string): boolean {
    const pkg = this.packages.get(name);
    if (!pkg || pkg.system) return false;
    this.packages.delete(name);
    return true;
  }

  grant(pkg: string, permission: string): string | undefined {
    const problem = this.checkChangeable(pkg, permission);
    if (problem) return problem;
    this.packages.get(pkg)?.granted.add(permission);
    return undefined;
  }

  revoke(pkg: string, permission: string): string | undefined {
    const problem = this.checkChangeable(pkg, permission);
    if (problem) return problem;
    this.packages.get(pkg)?.granted.delete(permission);
    return undefined;
  }

  /** The exception a real package manager throws for this grant/revoke, or undefined when allowed. */
  private checkChangeable(pkg: string, permission: string): string | undefined {
    const installed = this.packages.get(pkg);
    if (!installed) return `java.lang.IllegalArgumentException: Unknown package: ${pkg}`;
    if (!RUNTIME_PERMISSIONS.has(permission) && !NORMAL_PERMISSIONS.has(permission) && !installed.declared.includes(permission)) {
      return `java.lang.IllegalArgumentException: Unknown permission: ${permission}`;
    }
    if (!installed.declared.includes(permission)) {
      return `java.lang.SecurityException: Package ${pkg} has not requested permission ${permission}`;
    }
    if (!RUNTIME_PERMISSIONS.has(permission)) {
      return `java.lang.SecurityException: Permission ${permission} requested by ${pkg} is not a changeable permission type`;
    }
    return undefined;
  }

  private fromApp(app: AppDefinition): InstalledPackage {
    const system = app.package.startsWith('com.android.');
    return {
      name: app.package,
      apkPath: system ? `/system/priv-app/${app.label.replace(/\W/g, '')}/${app.label.replace(/\W/g, '')}.apk` : apkPathFor(app.package),
      versionName: app.versionName,
      versionCode: app.versionCode,
      system,
      granted: new Set(),
      declared: [...app.permissions],
    };
  }
}

/** The package manager of one phone: the sample apps, a few system packages and whatever gets installed. */
export function createPackageManager(options: { apps: AppDefinition[]; fs: VirtualFs }): PackageManager {
  return new PhonePackages(options.apps);
}
