import { expect, test } from '@playwright/test';
import type { Observation, Role, Screen, ScreenElement } from '../../observe/index.js';
import { reachControl } from '../offline/index.js';
import { checkGoal, type GoalCheck } from './index.js';

// Goal checks read off one screen, and the control a verb needs: a row that only names a switch is a
// way to it, never the switch; a state already there is read, not waited for.

let refs = 0;
/** Where an element sits on the screen, and anything else it has. */
interface Placed extends Partial<ScreenElement> {
  top: number;
}

function el(role: Role, label: string, { top, ...extra }: Placed): ScreenElement {
  refs += 1;
  return {
    ref: `e${refs}`,
    role,
    label,
    bounds: { left: 0, top, right: 1080, bottom: top + 150 },
    states: [],
    window: 0,
    className: '',
    resourceId: '',
    ...extra,
  };
}

function screen(elements: ScreenElement[], pkg = 'com.android.settings'): Screen {
  return {
    width: 1080,
    height: 2400,
    rotation: 0,
    foreground: { package: pkg, activity: '.SubSettings' },
    windows: [{ kind: 'app', package: pkg, bounds: { left: 0, top: 0, right: 1080, bottom: 2400 }, hiddenElements: 0 }],
    elements,
    nodeCount: elements.length,
    skippedNodes: 0,
  };
}

function look(s: Screen, key: string): Observation {
  return { screen: s, signature: key, contentKey: key, at: 0 };
}

const home = screen([
  el('text', 'Settings', { top: 200 }),
  el('item', 'Network & internet Mobile, Wi-Fi, hotspot', { top: 600 }),
  el('item', 'Connected devices Bluetooth, pairing', { top: 800 }),
  el('item', 'Battery 100%', { top: 1000 }),
  el('item', 'Sound & vibration Volume, haptics, Do Not Disturb', { top: 1200 }),
]);
const bluetoothOff = el('toggle', 'Bluetooth', { top: 700, states: ['unchecked'] });
const connected = screen([
  el('button', 'Navigate up', { top: 150 }),
  el('text', 'Connected devices', { top: 300 }),
  el('item', 'Pair new device', { top: 500 }),
  bluetoothOff,
]);
const check = (c: GoalCheck, before: Screen, after: Screen) => checkGoal(c, { before: look(before, 'a'), after: look(after, before === after ? 'a' : 'b') });

test('a switch check reads the switch itself: a row that mentions the word is not it', () => {
  expect(check({ kind: 'switch', target: 'Bluetooth', on: true }, home, home)).toMatchObject({
    ok: false,
    missing: expect.stringContaining('no switch "Bluetooth" is on com.android.settings/.SubSettings'),
  });
  expect(check({ kind: 'switch', target: 'Bluetooth', on: true }, connected, connected)).toEqual({
    ok: false,
    refs: [bluetoothOff.ref],
    missing: `toggle ${bluetoothOff.ref} "Bluetooth" is off`,
  });
  expect(check({ kind: 'switch', target: 'Bluetooth', on: false }, connected, connected)).toEqual({ ok: true, refs: [bluetoothOff.ref] });
});

test('a switch without a label of its own is named by the row it sits in', () => {
  const row = el('item', 'Stay awake Screen will never sleep while charging', { top: 900 });
  const bare = el('toggle', '', { top: 930, states: ['checked'], bounds: { left: 900, top: 930, right: 1000, bottom: 1000 } });
  const s = screen([el('text', 'Developer options', { top: 300 }), row, bare]);
  expect(check({ kind: 'switch', target: 'Stay awake', on: true }, s, s)).toEqual({ ok: true, refs: [bare.ref] });
});

test('the rule acts on the switch when it is here, follows the one row that names it, and otherwise says why at once', () => {
  expect(reachControl(connected, 'Bluetooth', 'switch')).toEqual({ kind: 'here', element: bluetoothOff });
  expect(reachControl(home, 'Bluetooth', 'switch')).toMatchObject({ kind: 'row', row: { label: 'Connected devices Bluetooth, pairing' } });
  expect(reachControl(home, 'Do Not Disturb', 'switch')).toMatchObject({ kind: 'row', row: { label: 'Sound & vibration Volume, haptics, Do Not Disturb' } });
  const saver = reachControl(home, 'Battery Saver', 'switch');
  expect(saver).toMatchObject({ kind: 'none' });
  expect(saver.kind === 'none' && saver.reason).toBe(
    'no switch "Battery Saver" is on com.android.settings/.SubSettings, and no row here names it; closest: "Battery 100%"',
  );
  // Two rows that both name it: neither is clearly the way.
  const two = screen([el('item', 'Wi-Fi calling', { top: 500 }), el('item', 'Network Wi-Fi, mobile', { top: 700 })]);
  expect(reachControl(two, 'Wi-Fi', 'switch')).toMatchObject({ kind: 'none', reason: expect.stringContaining('2 rows name it') });
});

test('open and select want an item: a switch with the same name is not opened', () => {
  const wifiRow = el('item', 'Wi-Fi HomeNet-5G', { top: 500 });
  const wifiSwitch = el('toggle', 'Wi-Fi', { top: 520, states: ['checked'] });
  const network = screen([el('text', 'Network & internet', { top: 300 }), wifiRow, wifiSwitch]);
  expect(reachControl(network, 'Wi-Fi', 'item')).toEqual({ kind: 'here', element: wifiRow });
  expect(reachControl(network, 'Wi-Fi', 'switch')).toEqual({ kind: 'here', element: wifiSwitch });
});

test('opened wants a changed screen titled by the target; selected takes a selected element or a closed chooser', () => {
  expect(check({ kind: 'opened', target: 'Connected devices' }, home, connected)).toMatchObject({ ok: true });
  expect(check({ kind: 'opened', target: 'the Connected devices page' }, home, connected)).toMatchObject({ ok: true });
  expect(check({ kind: 'opened', target: 'Bluetooth' }, home, connected)).toMatchObject({
    ok: false,
    missing: expect.stringContaining('the screen is not titled "Bluetooth"'),
  });
  expect(check({ kind: 'opened', target: 'Connected devices' }, connected, connected)).toMatchObject({
    ok: false,
    missing: expect.stringContaining('the screen did not change'),
  });
  const product = screen(
    [
      el('button', 'Navigate up', { top: 150 }),
      el('text', 'Audio', { top: 300 }),
      el('text', 'Kids Headphones', { top: 420 }),
      el('button', 'Add to cart', { top: 1800 }),
    ],
    'com.example.shop',
  );
  expect(check({ kind: 'opened', target: 'the headphones for kids' }, home, product)).toMatchObject({ ok: true });
  const tab = el('tab', 'Favourites', { top: 2200, states: ['selected'] });
  expect(check({ kind: 'selected', target: 'Favourites' }, home, screen([tab]))).toEqual({ ok: true, refs: [tab.ref] });
});

test('a field holds what was typed; a password field shows one mask character per character typed', () => {
  const email = el('input', 'Email', { top: 600, value: 'alice@example.com' });
  const password = el('input', 'Password', { top: 800, value: '•••••••', states: ['password'] });
  const form = screen([email, password]);
  expect(check({ kind: 'holds', target: 'the email field', text: 'alice@example.com' }, form, form)).toEqual({ ok: true, refs: [email.ref] });
  expect(check({ kind: 'holds', target: 'the email field', text: 'bob@example.com' }, form, form)).toMatchObject({
    ok: false,
    missing: `input ${email.ref} holds "alice@example.com"`,
  });
  expect(check({ kind: 'holds', target: 'the password field', text: 'pass123', secret: true }, form, form)).toEqual({ ok: true, refs: [password.ref] });
  expect(check({ kind: 'holds', target: 'the password field', text: 'pass12', secret: true }, form, form)).toMatchObject({
    ok: false,
    missing: `input ${password.ref} holds 7 mask characters, not the 6 typed`,
  });
});

test('signed in means no password field and no error; results mention the query outside the search field', () => {
  const wrong = screen(
    [
      el('input', 'Email', { top: 600, value: 'alice@example.com' }),
      el('input', 'Password', { top: 800, states: ['password'], value: '••••' }),
      el('text', 'Invalid email or password', { top: 1000 }),
    ],
    'com.example.shop',
  );
  expect(check({ kind: 'signed_in' }, wrong, wrong)).toMatchObject({ ok: false, missing: 'the screen shows "Invalid email or password"' });
  const greeted = screen([el('text', 'Hi, Alice', { top: 300 })], 'com.example.shop');
  expect(check({ kind: 'signed_in' }, wrong, greeted)).toMatchObject({ ok: true });
  const searching = screen([el('input', 'Search products', { top: 300, value: 'cable' })], 'com.example.shop');
  const found = screen([el('input', 'Search products', { top: 300, value: 'cable' }), el('item', 'USB-C Cable $9.99', { top: 600 })], 'com.example.shop');
  expect(check({ kind: 'results', query: 'cable' }, searching, searching)).toMatchObject({
    ok: false,
    missing: expect.stringContaining('nothing but the search field mentions "cable"'),
  });
  expect(check({ kind: 'results', query: 'cables' }, searching, found)).toMatchObject({ ok: true });
});

test('home wants a launcher in front; changed wants any difference a person would notice', () => {
  expect(check({ kind: 'home' }, home, screen([], 'com.google.android.apps.nexuslauncher'))).toMatchObject({ ok: true });
  expect(check({ kind: 'home' }, home, home)).toMatchObject({ ok: false, missing: 'com.android.settings is in front, not the home screen' });
  expect(check({ kind: 'changed', what: 'the back key' }, home, connected)).toMatchObject({ ok: true });
  expect(check({ kind: 'changed', what: 'the back key' }, home, home)).toMatchObject({ ok: false });
});

test('a "no results" message is not a result; rows under a field holding the query are', () => {
  const field = el('input', 'Search notes', { top: 300, value: 'zzzz' });
  const none = screen([field, el('text', 'No notes match “zzzz”', { top: 600 })], 'com.example.notes');
  expect(check({ kind: 'results', query: 'zzzz' }, none, none)).toMatchObject({
    ok: false,
    missing: 'the search found nothing: the screen shows "No notes match “zzzz”"',
  });
  const shop = screen([el('text', 'No results for “zzzz”', { top: 600 })], 'com.example.shop');
  expect(check({ kind: 'results', query: 'zzzz' }, shop, shop)).toMatchObject({ ok: false });
  const receipt = el('input', 'Search notes', { top: 300, value: 'receipt' });
  const listed = screen(
    [receipt, el('item', 'Vaccination record', { top: 600, list: 'e90' }), el('item', 'Restaurant list', { top: 800, list: 'e90' })],
    'com.example.notes',
  );
  expect(check({ kind: 'results', query: 'receipt' }, listed, listed)).toMatchObject({ ok: true });
});

test('two switches that only hold a word name neither: the rule says so instead of taking the first', () => {
  const saver = el('toggle', 'Battery Saver', { top: 600 });
  const percent = el('toggle', 'Battery percentage', { top: 800 });
  const battery = screen([el('text', 'Battery', { top: 300 }), el('item', 'Battery usage View usage for past 24 hours', { top: 450 }), saver, percent]);
  expect(check({ kind: 'switch', target: 'Battery', on: true }, battery, battery)).toMatchObject({
    ok: false,
    missing: expect.stringContaining('no switch "Battery"'),
  });
  expect(reachControl(battery, 'Battery', 'switch')).toMatchObject({
    kind: 'none',
    reason: 'no switch is named "Battery"; 2 hold the word ("Battery Saver", "Battery percentage"): name the one meant',
  });
  expect(reachControl(battery, 'Battery Saver', 'switch')).toEqual({ kind: 'here', element: saver });
  // The only switch holding the name is it: "Use Wi-Fi" for Wi-Fi.
  const use = el('toggle', 'Use Wi-Fi', { top: 400, states: ['checked'] });
  const wifi = screen([el('text', 'Internet', { top: 200 }), use]);
  expect(check({ kind: 'switch', target: 'Wi-Fi', on: true }, wifi, wifi)).toEqual({ ok: true, refs: [use.ref] });
});

test('back has left only when the app shows something else: a keyboard that closed is not enough', () => {
  const editor = [el('button', 'Back', { top: 150 }), el('input', 'Title', { top: 300, value: 'Shopping' })];
  const withKeyboard: Screen = {
    ...screen([...editor, el('keyboard', '', { top: 1600, window: 1 })], 'com.example.notes'),
    windows: [
      ...screen([]).windows,
      { kind: 'keyboard', package: 'com.google.android.inputmethod.latin', bounds: { left: 0, top: 1500, right: 1080, bottom: 2400 }, hiddenElements: 0 },
    ],
  };
  const without = screen(editor, 'com.example.notes');
  expect(check({ kind: 'left' }, withKeyboard, without)).toMatchObject({ ok: false, missing: expect.stringContaining('the app is still on the same screen') });
  expect(check({ kind: 'left' }, withKeyboard, screen([el('button', 'New note', { top: 2000 })], 'com.example.notes'))).toMatchObject({ ok: true });
  expect(check({ kind: 'keyboard', shown: false }, without, without)).toMatchObject({ ok: true });
});
