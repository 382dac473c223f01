import { expect, test } from '@playwright/test';
import { checkExpectation } from './index.js';
import type { ExpectationCheck } from './index.js';

function check(assertion: string): ExpectationCheck {
  const result = checkExpectation(assertion);
  if (result.kind !== 'check') throw new Error(`expected a rule check for "${assertion}", got: ${result.message}`);
  return result;
}

const state = (target: string, s: string, value: boolean) => ({ name: 'assert_state', params: { target, state: s, value } });
const visible = (target: string) => ({ name: 'assert_visible', params: { target } });
const hidden = (target: string) => ({ name: 'assert_not_visible', params: { target } });

const CHECKS: Array<[assertion: string, rule: string, calls: unknown[]]> = [
  // Settings
  ['Wi-Fi is on', 'is in state', [state('Wi-Fi', 'checked', true)]],
  ['Use Wi-Fi is off', 'is in state', [state('Use Wi-Fi', 'checked', false)]],
  ['the Dark theme switch is checked', 'is in state', [state('the Dark theme switch', 'checked', true)]],
  ['Dark theme should be unchecked', 'is in state', [state('Dark theme', 'checked', false)]],
  ['Dark theme is not on', 'is in state', [state('Dark theme', 'checked', false)]],
  ['expect that Wi-Fi is enabled.', 'is in state', [state('Wi-Fi', 'enabled', true)]],
  ['the screen shows Network & internet', 'screen shows', [visible('Network & internet')]],
  ['the page displays "About phone"', 'screen shows', [visible('About phone')]],
  ['Build number is visible', 'is visible', [visible('Build number')]],
  ['HomeNet-5G is shown', 'is visible', [visible('HomeNet-5G')]],
  ['Connected devices is on the screen', 'is visible', [visible('Connected devices')]],
  // Shop
  ['the Log in button is disabled', 'is in state', [state('the Log in button', 'enabled', false)]],
  ['Log in is enabled', 'is in state', [state('Log in', 'enabled', true)]],
  ['the cart badge shows 2', 'text contains', [{ name: 'assert_text', params: { target: 'the cart badge', contains: '2' } }]],
  ['the total contains "$"', 'text contains', [{ name: 'assert_text', params: { target: 'the total', contains: '$' } }]],
  ["the greeting says 'Hi, Ann'", 'text equals', [{ name: 'assert_text', params: { target: 'the greeting', equals: 'Hi, Ann' } }]],
  ['verify that Welcome back is displayed', 'is visible', [visible('Welcome back')]],
  ['the promo popup is gone', 'is hidden', [hidden('the promo popup')]],
  ['Summer sale! 20% off headphones is not visible', 'is hidden', [hidden('Summer sale! 20% off headphones')]],
  ['I see Smart Glasses', 'i see', [visible('Smart Glasses')]],
  ['the screen does not show Shop keeps stopping', 'screen lacks', [hidden('Shop keeps stopping')]],
  ['there are no results', 'there are none', [hidden('results')]],
  // Notes
  ['the Title field contains "Buy milk"', 'text contains', [{ name: 'assert_text', params: { target: 'the Title field', contains: 'Buy milk' } }]],
  ['the first note shows plumber', 'text contains', [{ name: 'assert_text', params: { target: 'the first note', contains: 'plumber' } }]],
  ['the screen shows "Call the plumber, then pay"', 'screen shows', [visible('Call the plumber, then pay')]],
  ['Note deleted appears', 'is visible', [visible('Note deleted')]],
  ['the Pin option is selected', 'is in state', [state('the Pin option', 'selected', true)]],
  ['there are no notes', 'there are none', [hidden('notes')]],
  ["'Status is on' is visible", 'is visible', [visible('Status is on')]],
];

for (const [assertion, rule, calls] of CHECKS) {
  test(`checks "${assertion}" by the ${rule} rule`, () => {
    const result = check(assertion);
    expect(result.rule).toBe(rule);
    expect(result.calls).toEqual(calls);
    expect(result.count).toBeUndefined();
  });
}

test('a count becomes a count descriptor plus a check that at least one is on screen', () => {
  expect(check('there are 3 notes')).toMatchObject({ rule: 'there are N', calls: [visible('notes')], count: { target: 'notes', equals: 3 } });
  expect(check('there are two products in the cart').count).toEqual({ target: 'products in the cart', equals: 2 });
  expect(check('there is one item in the cart').count).toEqual({ target: 'item in the cart', equals: 1 });
  expect(check('there are exactly 5 "HomeNet" networks').count).toEqual({ target: 'HomeNet networks', equals: 5 });
  expect(check('there are 4 "Wi-Fi"').count).toEqual({ target: 'Wi-Fi', equals: 4 });
});

const NEEDS_MODEL = [
  'the screen looks right',
  'the prices are sorted from low to high',
  'the total is correct',
  'there are several results',
  'the layout is not broken',
  'the app feels fast',
  'Wi-Fi is on and Dark theme is off',
  'the cart badge shows 2 and the total is $40',
  'the screen shows Call the plumber, then pay',
  '',
];

for (const assertion of NEEDS_MODEL) {
  test(`"${assertion}" needs a model`, () => {
    const result = checkExpectation(assertion);
    expect(result.kind).toBe('needs_model');
    if (result.kind !== 'needs_model') return;
    expect(result.message).toMatch(/^this expectation needs a model: set MOBILETEST_LLM_PROVIDER /);
    expect(result.message).toContain('there are N X');
  });
}
