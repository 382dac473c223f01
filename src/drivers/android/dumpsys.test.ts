import { expect, test } from '@playwright/test';
import {
  parseAppVersion,
  parseForeground,
  parseKeyboardShown,
  parseProperties,
  parseRequestedPermissions,
  parseRuntimePermissions,
  parseScreenSize,
} from './dumpsys.js';

test('foreground from Android 12+ focus lines: the app and its activity, in full', () => {
  const dump = `  mCurrentFocus=Window{f4a0b6f u0 com.android.settings/com.android.settings.SubSettings}
  mFocusedApp=ActivityRecord{7b0ad5 u0 com.android.settings/.SubSettings t6}`;
  expect(parseForeground(dump)).toEqual({ app: 'com.android.settings', activity: 'com.android.settings.SubSettings', focusedWindow: undefined });
});

test('foreground from Android 10 focus lines, where the record sits inside an AppWindowToken', () => {
  const dump = `  mCurrentFocus=Window{5a3a8d6 u0 com.example.shop/com.example.shop.MainActivity}
  mFocusedApp=AppWindowToken{8f1b4a1 token=Token{d1a1b08 ActivityRecord{2c5e6ab u0 com.example.shop/.MainActivity t12}}}`;
  expect(parseForeground(dump)).toEqual({ app: 'com.example.shop', activity: 'com.example.shop.MainActivity', focusedWindow: undefined });
});

test('a dialog window of the system over the app is reported as the focused window', () => {
  const dump = `  mCurrentFocus=Window{1d2e3f4 u0 Application Not Responding: com.example.shop}
  mFocusedApp=ActivityRecord{7b0ad5 u0 com.example.shop/.MainActivity t6}`;
  expect(parseForeground(dump)).toEqual({
    app: 'com.example.shop',
    activity: 'com.example.shop.MainActivity',
    focusedWindow: 'Application Not Responding: com.example.shop',
  });
});

test('with no focus lines, the resumed activity of `dumpsys activity activities` names the app; a lock screen names none', () => {
  const activities = '    mResumedActivity: ActivityRecord{3c1 u0 com.example.notes/com.example.notes.MainActivity t9}';
  expect(parseForeground('', activities)).toEqual({ app: 'com.example.notes', activity: 'com.example.notes.MainActivity', focusedWindow: undefined });
  expect(parseForeground('  mCurrentFocus=Window{9ab u0 NotificationShade}\n  mFocusedApp=null')).toEqual({
    app: '',
    activity: undefined,
    focusedWindow: 'NotificationShade',
  });
  expect(parseForeground('  mCurrentFocus=null\n  mFocusedApp=null')).toBeUndefined();
});

test('the keyboard is shown only when input_method says mInputShown=true', () => {
  expect(parseKeyboardShown('  mShowRequested=true mShowExplicitlyRequested=false mShowForced=false mInputShown=true')).toBe(true);
  expect(parseKeyboardShown('  mShowRequested=false mShowExplicitlyRequested=false mShowForced=false mInputShown=false')).toBe(false);
  expect(parseKeyboardShown('')).toBe(false);
});

test('screen size prefers the override, which is what apps lay out for', () => {
  expect(parseScreenSize('Physical size: 1080x2400\nPhysical density: 420\n')).toEqual({ width: 1080, height: 2400, density: 420 });
  expect(parseScreenSize('Physical size: 1440x3120\nOverride size: 1080x2340\nPhysical density: 560\nOverride density: 420\n')).toEqual({
    width: 1080,
    height: 2340,
    density: 420,
  });
  expect(parseScreenSize('Physical size: 720x1280\n')).toEqual({ width: 720, height: 1280, density: undefined });
  expect(parseScreenSize('cmd: Failure calling service window')).toBeUndefined();
});

test('getprop lines become a map; values may be empty', () => {
  const props = parseProperties('[ro.build.version.release]: [14]\n[ro.product.model]: [Pixel 8]\n[ro.boot.qemu]: []\n');
  expect(Object.fromEntries(props)).toEqual({ 'ro.build.version.release': '14', 'ro.product.model': 'Pixel 8', 'ro.boot.qemu': '' });
});

test('runtime and requested permissions from dumpsys package', () => {
  const dump = `    requested permissions:
      android.permission.INTERNET
      android.permission.CAMERA
      android.permission.POST_NOTIFICATIONS
    install permissions:
      android.permission.INTERNET: granted=true
    User 0: ceDataInode=0 installed=true
      runtime permissions:
        android.permission.POST_NOTIFICATIONS: granted=false, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]
        android.permission.CAMERA: granted=true, flags=[ USER_SET]
`;
  expect(parseRuntimePermissions(dump)).toEqual([
    { name: 'android.permission.POST_NOTIFICATIONS', granted: false },
    { name: 'android.permission.CAMERA', granted: true },
  ]);
  expect(parseRequestedPermissions(dump)).toEqual(['android.permission.INTERNET', 'android.permission.CAMERA', 'android.permission.POST_NOTIFICATIONS']);
});

test('the installed version from dumpsys package: the active entry of an updated system app, not its hidden original', () => {
  const dump = `Activity Resolver Table:
  Non-Data Actions:
      android.intent.action.MAIN:
        5e1c2a9 com.google.android.youtube/com.google.android.apps.youtube.app.watchwhile.WatchWhileActivity filter 3b0f7d1

Packages:
  Package [com.google.android.youtube] (f0d3a4e):
    userId=10133
    pkg=Package{9a6b2c1 com.google.android.youtube}
    codePath=/data/app/~~Xk3l9w==/com.google.android.youtube-Q1w2e3==
    primaryCpuAbi=arm64-v8a
    versionCode=1545405888 minSdk=26 targetSdk=34
    versionName=19.09.37
    splits=[base, config.arm64_v8a, config.en, config.xxhdpi]

Hidden system packages:
  Package [com.google.android.youtube] (2c4e6a8):
    userId=10133
    codePath=/product/app/YouTube
    versionCode=1530400192 minSdk=26 targetSdk=33
    versionName=17.36.37
`;
  expect(parseAppVersion(dump, 'com.google.android.youtube')).toEqual({ name: '19.09.37', code: 1545405888 });
  expect(parseAppVersion(dump, 'com.google.android.apps.maps')).toBeUndefined();
  expect(parseAppVersion('Unable to find package: com.example.gone\n', 'com.example.gone')).toBeUndefined();
});
