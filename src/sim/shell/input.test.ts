import { test, expect } from '@playwright/test';
import type { Phone } from '../types.js';
import { shellQuote } from './commands/basic.js';
import { decodeInputText } from './commands/input.js';
import { keyCodeFromString } from './commands/keycodes.js';
import { findAll, findNode } from '../testing/dump-query.js';
import { shell, testPhone } from './testing.js';

const EMAIL = 'com.example.shop:id/email';

/** The shop's sign-in screen with the email field focused, as a tool would reach it over adb. */
async function focusedEmailField(): Promise<Phone> {
  const phone = testPhone();
  await shell(phone, 'pm grant com.example.shop android.permission.POST_NOTIFICATIONS');
  expect((await shell(phone, 'am start -n com.example.shop/.MainActivity')).code).toBe(0);
  const field = findNode(phone.ui.dumpXml(), { id: EMAIL });
  expect((await shell(phone, `input tap ${field.center.x} ${field.center.y}`)).code).toBe(0);
  expect(findAll(phone.ui.dumpXml(), { id: EMAIL })[0]?.focused).toBe(true);
  expect((await shell(phone, 'dumpsys input_method | grep -c mInputShown=true')).out).not.toBe('0\n');
  return phone;
}

const emailText = (phone: Phone): string | undefined => findAll(phone.ui.dumpXml(), { id: EMAIL })[0]?.text;

test('input text decodes %s as a space and types into the focused field', async () => {
  const phone = await focusedEmailField();
  expect(await shell(phone, 'input text alice%sexample')).toMatchObject({ out: '', err: '', code: 0 });
  expect(emailText(phone)).toBe('alice example');
  await shell(phone, 'input keyevent KEYCODE_DEL 67');
  expect(emailText(phone)).toBe('alice examp');
});

test('hostile strings quoted by a tool are typed as data and never run', async () => {
  const hostile = ["'; rm -rf / #", '`touch /sdcard/pwned`', '$(touch /sdcard/pwned)', 'a && touch /sdcard/pwned', 'x|y>z<w', '"quoted" \\back\\slash $HOME'];
  for (const text of hostile) {
    const phone = await focusedEmailField();
    const result = await shell(phone, `input text ${shellQuote(text)}`);
    expect(result).toMatchObject({ out: '', err: '', code: 0 });
    expect(emailText(phone)).toBe(text);
    expect(phone.fs.stat('/sdcard/pwned')).toBeUndefined();
    expect(phone.fs.stat('/system/bin/ls')).toBeDefined();
  }
});

test('a newline in the text presses ENTER; characters without a key make input throw, typing nothing', async () => {
  const phone = await focusedEmailField();
  expect((await shell(phone, "input text 'ab\ncd'")).code).toBe(0);
  expect(emailText(phone)).not.toContain('\n');
  const before = emailText(phone);
  const result = await shell(phone, 'input text héllo');
  expect(result.code).toBe(255);
  expect(result.err).toMatch(
    /^\nException occurred while executing 'text':\njava\.lang\.NullPointerException: Attempt to get length of null array\n\tat com\.android\.server\.input\.InputShellCommand\.sendText/,
  );
  expect(emailText(phone)).toBe(before);
});

test('%s decoding follows InputShellCommand.sendText exactly', () => {
  expect(decodeInputText('a%sb')).toBe('a b');
  expect(decodeInputText('100%')).toBe('100%');
  expect(decodeInputText('%%s')).toBe('% ');
  expect(decodeInputText('%s%s')).toBe('  ');
  expect(decodeInputText('%S')).toBe('%S');
  expect(decodeInputText('emoji 🙂')).toBeUndefined();
});

test('key names and numbers map to Android key codes', () => {
  expect(keyCodeFromString('KEYCODE_HOME')).toBe(3);
  expect(keyCodeFromString('BACK')).toBe(4);
  expect(keyCodeFromString('KEYCODE_ENTER')).toBe(66);
  expect(keyCodeFromString('KEYCODE_DEL')).toBe(67);
  expect(keyCodeFromString('KEYCODE_FORWARD_DEL')).toBe(112);
  expect(keyCodeFromString('KEYCODE_TAB')).toBe(61);
  expect(keyCodeFromString('KEYCODE_SEARCH')).toBe(84);
  expect(keyCodeFromString('KEYCODE_APP_SWITCH')).toBe(187);
  expect(keyCodeFromString('KEYCODE_MOVE_END')).toBe(123);
  expect(keyCodeFromString('KEYCODE_WAKEUP')).toBe(224);
  expect(keyCodeFromString('KEYCODE_A')).toBe(29);
  expect(keyCodeFromString('KEYCODE_9')).toBe(16);
  expect(keyCodeFromString('KEYCODE_VOLUME_DOWN')).toBe(25);
  expect(keyCodeFromString('26')).toBe(26);
  expect(keyCodeFromString('KEYCODE_NOPE')).toBe(0);
});

test('HOME goes to the launcher; bad arguments raise the framework exception', async () => {
  const phone = await focusedEmailField();
  await shell(phone, 'input keyevent KEYCODE_HOME');
  expect(phone.ui.foreground().package).toBe('com.google.android.apps.nexuslauncher');
  const bad = await shell(phone, 'input tap one 2');
  expect(bad.code).toBe(255);
  expect(bad.err).toContain('Exception occurred while executing \'tap\':\njava.lang.NumberFormatException: For input string: "one"\n');
  expect(await shell(phone, 'input fly')).toMatchObject({ out: 'Unknown command: fly\n', code: 255 });
  expect((await shell(phone, 'input')).out).toContain('Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]');
});

test('ADBKeyboard: once its APK is installed, enabled and selected, its broadcast types any text', async () => {
  const phone = await focusedEmailField();
  const adbIme = 'com.android.adbkeyboard/.AdbIME';
  expect((await shell(phone, 'ime list -s')).out).toBe('com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME\n');
  expect(await shell(phone, `ime set ${adbIme}`)).toMatchObject({ err: `Unknown input method ${adbIme} cannot be selected for user #0\n`, code: 255 });

  phone.fs.write('/data/local/tmp/kb.apk', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from(' package="com.android.adbkeyboard" ')]));
  expect((await shell(phone, 'pm install /data/local/tmp/kb.apk')).out).toBe('Success\n');
  const message = Buffer.from('Grüße ✓', 'utf8').toString('base64');
  await shell(phone, `am broadcast -a ADB_INPUT_B64 --es msg ${message}`);
  expect(emailText(phone)).toBe('Email');
  expect((await shell(phone, `ime enable ${adbIme} && ime set ${adbIme}`)).code).toBe(0);
  expect((await shell(phone, 'dumpsys input_method | grep mCurMethodId')).out).toContain(adbIme);
  await shell(phone, `am broadcast -a ADB_INPUT_B64 --es msg ${message}`);
  expect(emailText(phone)).toBe('Grüße ✓');
});
