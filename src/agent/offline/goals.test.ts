import { expect, test } from '@playwright/test';
import { callsOf, planGoal } from './index.js';
import type { OfflinePlan } from './index.js';

function plan(goal: string): OfflinePlan {
  const result = planGoal(goal);
  if (result.kind !== 'plan') throw new Error(`expected a plan for "${goal}", got: ${result.message}`);
  return result;
}

const tap = (target: string) => ({ name: 'tap', params: { target } });
const type = (target: string, text: string) => ({ name: 'input_text', params: { target, text } });

const searching = (text: string) => [tap('Search'), { name: 'input_text', params: { target: { role: 'field' }, text, submit: true } }];

const PLANS: Array<[goal: string, rule: string, calls: unknown[]]> = [
  // Shop
  ['tap Log in', 'tap', [tap('Log in')]],
  ['Tap the "Add to cart" button', 'tap', [tap('Add to cart button')]],
  ["tap 'Log in'", 'tap', [tap('Log in')]],
  ['tap the Add to cart button', 'tap', [tap('the Add to cart button')]],
  ['press Checkout', 'tap', [tap('Checkout')]],
  ['click on Place order', 'tap', [tap('Place order')]],
  ['open the cart', 'open', [tap('the cart')]],
  ['Please open Noise Cancelling Headphones.', 'open', [tap('Noise Cancelling Headphones')]],
  ['tap the first product', 'tap', [tap('the first product')]],
  ['select USB-C Cable', 'select', [tap('USB-C Cable')]],
  ['choose the second result', 'select', [tap('the second result')]],
  ['search for headphones', 'search', searching('headphones')],
  ['search "smart glasses"', 'search', searching('smart glasses')],
  ['type SAVE20 into the coupon field', 'type into', [type('the coupon field', 'SAVE20')]],
  ['enter 12 Main Street in Address', 'type into', [type('Address', '12 Main Street')]],
  ['fill the Email field with ann@example.com', 'fill with', [type('the Email field', 'ann@example.com')]],
  ['long press the first product', 'long press', [{ name: 'long_press', params: { target: 'the first product' } }]],
  ['double tap the product image', 'double tap', [{ name: 'double_tap', params: { target: 'the product image' } }]],
  // Settings
  ['open Network & internet', 'open', [tap('Network & internet')]],
  ['go to Display', 'open', [tap('Display')]],
  ['tap Wi-Fi', 'tap', [tap('Wi-Fi')]],
  ['scroll to About phone', 'scroll to', [{ name: 'scroll_to', params: { target: 'About phone' } }]],
  ['scroll down to Build number', 'scroll to', [{ name: 'scroll_to', params: { target: 'Build number', direction: 'down' } }]],
  ['scroll until you see Display', 'scroll to', [{ name: 'scroll_to', params: { target: 'Display' } }]],
  ['scroll down', 'scroll', [{ name: 'swipe', params: { direction: 'up' } }]],
  ['scroll up', 'scroll', [{ name: 'swipe', params: { direction: 'down' } }]],
  [
    'go back',
    'go back',
    [
      { name: 'hide_keyboard', params: {} },
      { name: 'press_key', params: { key: 'back' } },
    ],
  ],
  [
    'press the back button',
    'go back',
    [
      { name: 'hide_keyboard', params: {} },
      { name: 'press_key', params: { key: 'back' } },
    ],
  ],
  ['go to the home screen', 'go home', [{ name: 'press_key', params: { key: 'home' } }]],
  ['go home', 'go home', [{ name: 'press_key', params: { key: 'home' } }]],
  ['press enter', 'press key', [{ name: 'press_key', params: { key: 'enter' } }]],
  // Notes
  ["type 'hello world' into Notes", 'type into', [type('Notes', 'hello world')]],
  ['type "Buy milk and eggs" into the Title field', 'type into', [type('the Title field', 'Buy milk and eggs')]],
  ['Type “call the plumber, then pay him” in Note', 'type into', [type('Note', 'call the plumber, then pay him')]],
  ["type 'go into town' into Title", 'type into', [type('Title', 'go into town')]],
  ['type groceries', 'type', [{ name: 'input_text', params: { text: 'groceries' } }]],
  ['tap New note', 'tap', [tap('New note')]],
  ['press the Search icon', 'tap', [tap('the Search icon')]],
  ['search for plumber in notes', 'search', searching('plumber')],
  ["tap Don't allow", 'tap', [tap("Don't allow")]],
  // Canvas (a game drawn on a SurfaceView)
  ['start the game', 'start game', [tap('Start')]],
  ['Start a new game.', 'start game', [tap('Start')]],
  ['begin the game', 'start game', [tap('Start')]],
  ['play the game', 'start game', [tap('Start')]],
  ['please start playing', 'start game', [tap('Start')]],
  ['start game', 'start game', [tap('Start')]],
];

for (const [goal, rule, calls] of PLANS) {
  test(`plans "${goal}" as ${rule}`, () => {
    const result = plan(goal);
    expect(result.rule).toBe(rule);
    expect(callsOf(result)).toEqual(calls);
  });
}

test('logging in types the email, types the password as a secret, then taps Log in', () => {
  for (const goal of [
    'log in with ann@example.com and hunter2',
    'Log in as ann@example.com with password hunter2',
    'sign in using email "ann@example.com" and password "hunter2"',
    'login with ann@example.com, hunter2',
  ]) {
    expect(callsOf(plan(goal)), goal).toEqual([
      type('the email field', 'ann@example.com'),
      { name: 'input_text', params: { target: 'the password field', text: 'hunter2', secret: true } },
      tap('Log in'),
    ]);
  }
});

test('logging in with a user name that is not an email targets the username field', () => {
  expect(callsOf(plan("log in as 'ann' with 'pass word'"))).toEqual([
    type('the username field', 'ann'),
    { name: 'input_text', params: { target: 'the password field', text: 'pass word', secret: true } },
    tap('Log in'),
  ]);
});

test('turning a switch on or off taps the switch itself unless it already shows that state, and is done when it shows it', () => {
  const wifiOn = { kind: 'switch', target: 'Wi-Fi', on: true };
  for (const goal of ['turn Wi-Fi on', 'turn on Wi-Fi', 'switch on Wi-Fi', 'enable Wi-Fi', 'set Wi-Fi to on']) {
    expect(plan(goal).steps, goal).toEqual([{ call: tap('Wi-Fi'), skipWhen: wifiOn, needs: 'switch' }]);
    expect(plan(goal).verify, goal).toEqual(wifiOn);
  }
  const darkOff = { kind: 'switch', target: 'Dark theme', on: false };
  for (const goal of ['turn Dark theme off', 'turn off Dark theme', 'toggle Dark theme off', 'disable Dark theme']) {
    expect(plan(goal).steps, goal).toEqual([{ call: tap('Dark theme'), skipWhen: darkOff, needs: 'switch' }]);
    expect(plan(goal).verify, goal).toEqual(darkOff);
  }
});

const POSTCONDITIONS: Array<[goal: string, verify: unknown, needs: Array<string | undefined>]> = [
  ['tap Log in', { kind: 'changed', what: 'the tap on "Log in"' }, [undefined]],
  ['open the cart', { kind: 'opened', target: 'the cart' }, ['item']],
  ['select USB-C Cable', { kind: 'selected', target: 'USB-C Cable' }, ['item']],
  ['type SAVE20 into the coupon field', { kind: 'holds', target: 'the coupon field', text: 'SAVE20' }, ['input']],
  ['type groceries', { kind: 'holds', text: 'groceries' }, [undefined]],
  ['search for headphones', { kind: 'results', query: 'headphones' }, [undefined, undefined]],
  ['log in with ann@example.com and hunter2', { kind: 'signed_in' }, ['input', 'input', undefined]],
  ['scroll to About phone', { kind: 'visible', target: 'About phone' }, [undefined]],
  ['scroll down', { kind: 'changed', what: 'scrolling down' }, [undefined]],
  ['go back', { kind: 'left' }, [undefined, undefined]],
  ['go home', { kind: 'home' }, [undefined]],
  ['press enter', { kind: 'changed', what: 'the enter key' }, [undefined]],
  ['long press the first product', { kind: 'changed', what: 'the long press on "the first product"' }, [undefined]],
  ['start the game', { kind: 'changed', what: 'starting the game' }, ['start']],
];

for (const [goal, verify, needs] of POSTCONDITIONS) {
  test(`"${goal}" is done when ${JSON.stringify(verify)} holds, acting on ${needs.map((n) => n ?? 'its target').join(', ')}`, () => {
    const result = plan(goal);
    expect(result.verify).toEqual(verify);
    expect(result.steps.map((s) => s.needs)).toEqual(needs);
  });
}

const NEEDS_MODEL = [
  'buy the cheapest headphones',
  'add two USB-C cables to the cart',
  'log in and add Smart Glasses to the cart',
  'tap the first product and add it to the cart',
  'tap Log in then tap Cart',
  'type hello then tap Save',
  'connect to HomeNet-5G',
  'make the phone darker',
  'delete every note about the plumber',
  'find out how much the order costs',
  'log in',
  'start the engine',
  'play the video',
  'start the game and pause it',
  'log in with ann@example.com and hunter2 then tap Cart',
  'tap',
  '',
];

for (const goal of NEEDS_MODEL) {
  test(`"${goal}" needs a model`, () => {
    const result = planGoal(goal);
    expect(result.kind).toBe('needs_model');
    if (result.kind !== 'needs_model') return;
    expect(result.message).toMatch(/^this goal needs a model: set MOBILETEST_LLM_PROVIDER /);
    expect(result.message).toContain(`"${goal}"`);
    expect(result.message).toContain('type V into X');
  });
}

test('a search taps Search only when no text field is on screen yet', () => {
  expect(plan('search for headphones').steps[0].skipWhen).toEqual({ kind: 'visible', target: 'field' });
});

test('every planned call passes the primitives validator and keeps the goal as written', () => {
  const result = plan('  Tap Log in!  ');
  expect(result.goal).toBe('  Tap Log in!  ');
  expect(result.steps).toEqual([{ call: tap('Log in') }]);
});
