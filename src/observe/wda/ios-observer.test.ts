import { test, expect } from '@playwright/test';
import type { Driver, Glance, Hierarchy } from '../../drivers/index.js';
import { DeviceObserver, screenText } from '../index.js';
import { iosFixture } from '../testing/fixtures.js';

/** The calls a look makes, answered as an iPhone 15 over WebDriverAgent would: sources in points at scale 3. */
function iphone(sources: Hierarchy[]): Driver {
  let next = 0;
  const glance: Glance = {
    foreground: { app: 'com.apple.Preferences', activity: undefined, focusedWindow: undefined },
    keyboardShown: false,
    mark: { deviceTime: '2026-12-03 15:00:00.000' },
    pids: {},
    inputAgeMs: undefined,
  };
  const calls = {
    id: 'iPhone 15',
    changeCount: 0,
    hierarchy: async () => sources[Math.min(next++, sources.length - 1)],
    glance: async () => glance,
    screenSize: async () => ({ width: 1179, height: 2556, density: undefined }),
    logs: async () => [],
  };
  return calls as unknown as Driver;
}

test('a device observer reads WebDriverAgent sources at their scale, with refs kept across looks', async () => {
  const settings: Hierarchy = { format: 'wda-xml', xml: iosFixture('012-settings-motion.xml').xml, scale: 3, app: 'com.apple.Preferences' };
  const json: Hierarchy = { format: 'wda-json', xml: iosFixture('006-myport-rn.json').xml, scale: 3, app: 'com.example.myport' };
  const observer = new DeviceObserver(iphone([settings, settings, json]), { screenshots: false });
  const first = (await observer.look()).observation.screen;
  expect(screenText(first).split('\n')[0]).toBe('app com.apple.Preferences · screen 1179x2556');
  const toggle = first.elements.find((e) => e.label === 'Reduce Motion');
  // <XCUIElementTypeSwitch name="REDUCE_MOTION" x="36" y="146" width="330" height="29">: 3x in pixels.
  expect(toggle?.bounds).toEqual({ left: 108, top: 438, right: 1098, bottom: 525 });
  const again = (await observer.look()).observation.screen;
  expect(again.elements.find((e) => e.label === 'Reduce Motion')?.ref).toBe(toggle?.ref);
  const rn = (await observer.look()).observation.screen;
  expect(rn.elements.map((e) => e.label)).toContain('Scaffold is running.');
});

test('a bad source from the device is a HierarchyParseError naming the device', async () => {
  const observer = new DeviceObserver(iphone([{ format: 'wda-json', xml: '{"value": {"type": "Appl', scale: 3 }]), { screenshots: false });
  await expect(observer.look()).rejects.toThrow(/^iPhone 15 source:1:25: the JSON is malformed \(Unterminated string/);
});
