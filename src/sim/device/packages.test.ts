import { test, expect } from '@playwright/test';
import type { AppDefinition } from '../types.js';
import { createFs } from './fs.js';
import { apkPathFor, createPackageManager } from './packages.js';

const app: AppDefinition = {
  package: 'com.example.demo',
  label: 'Demo',
  versionName: '2.1.0',
  versionCode: 21,
  launchActivity: '.MainActivity',
  activities: ['.MainActivity'],
  permissions: ['android.permission.POST_NOTIFICATIONS', 'android.permission.INTERNET'],
  start: () => {
    throw new Error('not started in package tests');
  },
};

function manager() {
  return createPackageManager({ apps: [app], fs: createFs() });
}

test('the phone lists the sample apps and the system packages a device has', () => {
  const names = manager()
    .list()
    .map((p) => p.name);
  for (const name of [
    'com.example.demo',
    'com.android.systemui',
    'com.google.android.permissioncontroller',
    'com.google.android.inputmethod.latin',
    'com.android.shell',
  ]) {
    expect(names).toContain(name);
  }
  const demo = manager().get('com.example.demo');
  expect(demo).toMatchObject({ versionName: '2.1.0', versionCode: 21, system: false });
  expect(manager().get('com.android.systemui')?.system).toBe(true);
});

test('APK paths look like Android 14 ones and are the same on every run', () => {
  const path = apkPathFor('com.example.shop');
  expect(path).toMatch(/^\/data\/app\/~~[A-Za-z0-9_-]{22}==\/com\.example\.shop-[A-Za-z0-9_-]{22}==\/base\.apk$/);
  expect(apkPathFor('com.example.shop')).toBe(path);
  expect(apkPathFor('com.example.notes')).not.toBe(path);
  expect(manager().get('com.example.demo')?.apkPath).toBe(apkPathFor('com.example.demo'));
});

test("grant and revoke change only declared runtime permissions, with Android's exceptions", () => {
  const pm = manager();
  expect(pm.grant('com.example.demo', 'android.permission.POST_NOTIFICATIONS')).toBeUndefined();
  expect(pm.get('com.example.demo')?.granted.has('android.permission.POST_NOTIFICATIONS')).toBe(true);
  expect(pm.revoke('com.example.demo', 'android.permission.POST_NOTIFICATIONS')).toBeUndefined();
  expect(pm.get('com.example.demo')?.granted.size).toBe(0);
  expect(pm.grant('com.example.demo', 'android.permission.CAMERA')).toBe(
    'java.lang.SecurityException: Package com.example.demo has not requested permission android.permission.CAMERA',
  );
  expect(pm.grant('com.example.demo', 'android.permission.INTERNET')).toBe(
    'java.lang.SecurityException: Permission android.permission.INTERNET requested by com.example.demo is not a changeable permission type',
  );
  expect(pm.grant('com.example.nope', 'android.permission.CAMERA')).toBe('java.lang.IllegalArgumentException: Unknown package: com.example.nope');
  expect(pm.grant('com.example.demo', 'android.permission.FLY')).toBe('java.lang.IllegalArgumentException: Unknown permission: android.permission.FLY');
});

test('install accepts a zip that names its package and refuses anything else', () => {
  const pm = manager();
  const zip = (text: string): Buffer => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(text)]);
  expect(pm.install(zip('AndroidManifest.xml package="org.example.tool"'))).toEqual({ ok: true, name: 'org.example.tool' });
  expect(pm.get('org.example.tool')).toMatchObject({ versionName: '1.0', system: false });
  expect(pm.install(zip('no manifest'), { name: 'org.example.named' })).toEqual({ ok: true, name: 'org.example.named' });
  const rejected = pm.install(Buffer.from('not a zip at all'));
  expect(rejected.ok).toBe(false);
  expect(!rejected.ok && rejected.error).toMatch(
    /^INSTALL_PARSE_FAILED_NOT_APK: Failed to parse \/data\/app\/vmdl\d+\.tmp\/base\.apk: Failed to load asset path \/data\/app\/vmdl\d+\.tmp\/base\.apk$/,
  );
  expect(pm.install(Buffer.alloc(0)).ok).toBe(false);
  expect(pm.install(zip('nothing to name it by')).ok).toBe(false);
});

test('uninstall removes an app but never a system package; reinstalling a known app restores it', () => {
  const pm = manager();
  expect(pm.uninstall('com.android.systemui')).toBe(false);
  expect(pm.uninstall('com.example.demo')).toBe(true);
  expect(pm.get('com.example.demo')).toBeUndefined();
  expect(pm.uninstall('com.example.demo')).toBe(false);
  const apk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('package=com.example.demo')]);
  expect(pm.install(apk).ok).toBe(true);
  expect(pm.get('com.example.demo')).toMatchObject({ versionName: '2.1.0', declared: app.permissions });
});
