// The text shapes the stand-in prints and reads: old-style plists, unified-log timestamps and predicates, Apple's JSON.
import { test, expect } from '@playwright/test';
import { appleJson } from './list.js';
import { oldStylePlist, parseOldStylePlist, readXmlPlistStrings } from './plist.js';
import { parsePredicate, parseStart, unifiedTimestamp, type UnifiedLogEntry } from './unified-log.js';

test('old-style plists print as NSDictionary does and read back', () => {
  const value = { CFBundleIdentifier: 'com.example.shop', CFBundleName: 'My Shop', SBAppTags: [], GroupContainers: {} };
  const text = oldStylePlist(value);
  expect(text).toBe(
    '{\n    CFBundleIdentifier = com.example.shop;\n    CFBundleName = "My Shop";\n    GroupContainers = {\n    };\n    SBAppTags = (\n    );\n}',
  );
  expect(parseOldStylePlist(text)).toEqual(value);
  expect(() => parseOldStylePlist('{ a = b }')).toThrow(/expected ;/);
});

test('Info.plist XML gives its string values; other text gives none', () => {
  const xml =
    '<plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.a&amp;b</string><key>UIRequiredDeviceCapabilities</key><array/></dict></plist>';
  expect(readXmlPlistStrings(xml)).toEqual({ CFBundleIdentifier: 'com.example.a&b' });
  expect(readXmlPlistStrings('bplist00...')).toBeUndefined();
});

test('unified log timestamps carry microseconds and the UTC offset; --start reads them back', () => {
  const ms = Date.UTC(2026, 11, 3, 10, 0, 0, 123);
  expect(unifiedTimestamp(ms)).toBe('2026-12-03 10:00:00.123000+0000');
  expect(parseStart('2026-12-03 10:00:00')).toBe(Date.UTC(2026, 11, 3, 10));
  expect(parseStart('2026-12-03')).toBe(Date.UTC(2026, 11, 3));
  expect(parseStart('yesterday')).toBeUndefined();
});

test('log predicates: comparisons, CONTAINS[c], AND binding tighter than OR', () => {
  const entry = {
    subsystem: 'com.example.shop',
    category: 'Cart',
    eventMessage: 'Added Headphones',
    messageType: 'Error',
    processImagePath: '/x/Shop.app/Shop',
    processID: 7,
  };
  const matches = (text: string) => parsePredicate(text)?.(entry as unknown as UnifiedLogEntry);
  expect(matches('subsystem == "com.example.shop"')).toBe(true);
  expect(matches('process == "Shop" AND eventMessage CONTAINS[c] "headphones"')).toBe(true);
  expect(matches('eventMessage CONTAINS "headphones"')).toBe(false);
  expect(matches('category == "Other" OR messageType == error')).toBe(true);
  expect(parsePredicate('nonsense ~~ 3')).toBeUndefined();
});

test('Apple JSON spaces its colons and escapes slashes', () => {
  expect(appleJson({ dataPath: '/a/b' })).toBe('{\n  "dataPath" : "\\/a\\/b"\n}');
});
