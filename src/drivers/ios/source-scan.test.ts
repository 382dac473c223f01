import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { keyAction } from './keys.js';
import { simctlServices } from './permissions.js';
import { navigationBarFirstButton, sourceHasKeyboard } from './source-scan.js';

const fixture = (name: string) => readFileSync(new URL(`../../../../shared/fixtures/ios/${name}`, import.meta.url), 'utf8');

test("the navigation bar's first button is found in a real source, and none where there is no navigation bar", () => {
  expect(navigationBarFirstButton(fixture('012-settings-motion.xml'))).toEqual({ x: 16, y: 62, width: 44, height: 44 });
  expect(navigationBarFirstButton(fixture('001-safari.xml'))).toBeUndefined();
  expect(
    navigationBarFirstButton('<XCUIElementTypeNavigationBar x="0" y="0" width="1" height="1"/><XCUIElementTypeButton x="1" y="1" width="2" height="2"/>'),
  ).toBeUndefined();
});

test('a software keyboard in the source is seen; a screen without one is not', () => {
  expect(sourceHasKeyboard(fixture('010-mobiumapp-keyboard.xml'))).toBe(true);
  expect(sourceHasKeyboard(fixture('012-settings-motion.xml'))).toBe(false);
});

test("keys: return and delete are typed as XCTest's characters, home and volume are buttons, Android-only keys are refused with why", () => {
  expect(keyAction('enter', false)).toEqual({ kind: 'type', text: '\n' });
  expect(keyAction('delete', false)).toEqual({ kind: 'type', text: '\b' });
  expect(keyAction('home', false)).toEqual({ kind: 'home' });
  expect(keyAction('volume_up', false)).toEqual({ kind: 'button', name: 'volumeUp' });
  expect(keyAction('menu', false)).toMatchObject({ kind: 'unsupported' });
  expect(keyAction('home', true)).toMatchObject({ kind: 'unsupported' });
  expect(keyAction('nonsense' as 'home', false)).toBeUndefined();
});

test('permissions: neutral names map to simctl privacy services; notifications cannot be granted ahead and say why', () => {
  expect(simctlServices('camera')).toEqual({ services: ['camera'] });
  expect(simctlServices('background_location')).toEqual({ services: ['location-always'] });
  expect(simctlServices('photos-add')).toEqual({ services: ['photos-add'] });
  expect(simctlServices('notifications')).toMatchObject({ notGrantable: expect.stringContaining('acceptAlert') });
  expect(simctlServices('android.permission.CAMERA')).toBeUndefined();
});
