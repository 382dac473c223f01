import { expect, test } from '@playwright/test';
import { describeActionSpace } from './describe.js';

test('the action space reads as one line per primitive with its parameters', () => {
  expect(describeActionSpace()).toBe(
    [
      'Actions (call exactly one, by name, with params):',
      'target = a semantic string ("Log in", "the search field", "e7") or {text?, desc?, id?, role?, index?, near?}',
      'expected? = post-condition to check: {visible: target} | {gone: target} | {text: {target, contains}} | {activity: string} | {screen_changed: true}',
      'checks (expected, assert_*, wait_for) count only an element the target names (its text, or all its words in a longer label; an id, role or ref), never a lookalike label a few characters or words off',
      '- launch_app {app?: string, clear_state?: bool, permissions?: "all"|string[], expected?}: Start the app fresh, optionally clearing its data and granting permissions first.',
      '- stop_app {app?: string, expected?}: Force-stop the app.',
      "- clear_app_data {app?: string, expected?}: Erase the app's data and stop it.",
      '- open_link {url: string, expected?}: Open a URL or deep link in whichever app handles it.',
      '- tap {target, expected?}: Tap an element.',
      '- double_tap {target, expected?}: Tap an element twice in quick succession.',
      '- long_press {target, duration_ms?: int, expected?}: Press and hold an element.',
      '- swipe {direction: up|down|left|right, from?, distance?: number, expected?}: Swipe the content in a direction, from the screen centre or from an element.',
      '- scroll_to {target, direction?: up|down|left|right, max_swipes?: int, expected?}: Scroll until an element is visible, giving up after a bounded number of swipes.',
      '- drag {from, to, expected?}: Drag one element onto another.',
      '- input_text {target?, text: string, secret?: bool, submit?: bool, expected?}: Type text into a field (the focused one when no target), then read it back.',
      '- clear_text {target?, expected?}: Empty a text field (the focused one when no target).',
      '- hide_keyboard {expected?}: Close the on-screen keyboard if it is shown.',
      '- press_key {key: back|home|enter|delete|tab|search|app_switch, expected?}: Press a device key.',
      '- wait_for {target, state: visible|gone|enabled, timeout_ms?: int}: Wait until an element is visible, gone or enabled.',
      '- wait_idle {timeout_ms?: int}: Wait until the screen stops changing.',
      '- assert_visible {target, timeout_ms?: int}: Check that an element is on screen (retried until the timeout).',
      '- assert_not_visible {target, timeout_ms?: int}: Check that an element is not on screen (retried until the timeout).',
      "- assert_text {target, equals?: string, contains?: string, matches?: string, timeout_ms?: int}: Check an element's text: exactly one of equals, contains or matches (a regular expression).",
      '- assert_state {target, state: checked|enabled|selected|focused, value?: bool, timeout_ms?: int}: Check that an element is (or, with value false, is not) checked, enabled, selected or focused.',
      '- handle_dialog {action?: accept|dismiss, button?: string, expected?}: Answer the dialog on screen: accept, dismiss, or press the button with a given label.',
      '- set_orientation {orientation: portrait|landscape, expected?}: Rotate the device.',
      '- screenshot {name?: string}: Save a screenshot to the test report.',
      '- finish {success: bool, evidence: string[], summary: string}: End the goal, citing the screen elements that prove the outcome.',
      '- give_up {reason: string}: Stop trying the goal and say why.',
    ].join('\n'),
  );
});
