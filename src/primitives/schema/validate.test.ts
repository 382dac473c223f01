import { expect, test } from '@playwright/test';
import { InvalidPrimitiveCall } from './errors.js';
import { validateCall } from './validate.js';

function rejection(input: unknown): InvalidPrimitiveCall {
  try {
    validateCall(input);
  } catch (error) {
    if (error instanceof InvalidPrimitiveCall) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

test('a valid call comes back typed and unchanged', () => {
  const call = validateCall({ name: 'input_text', params: { target: 'Email', text: 'a@b.c', secret: true } });
  expect(call).toEqual({ name: 'input_text', params: { target: 'Email', text: 'a@b.c', secret: true } });
  if (call.name === 'input_text') expect(call.params.text).toBe('a@b.c');
});

test('an unknown field names the primitive, the field and what is allowed', () => {
  const error = rejection({ name: 'tap', params: { target: 'Log in', foo: 1 } });
  expect(error.name).toBe('InvalidPrimitiveCall');
  expect(error.message).toBe('unknown field `foo` in tap; allowed: target, expected');
  expect(error).toMatchObject({ primitive: 'tap', path: 'foo' });
});

test('an unknown field inside a target object names where it is and suggests the close one', () => {
  const error = rejection({ name: 'tap', params: { target: { txt: 'Log in' } } });
  expect(error.message).toBe('unknown field `txt` in tap at `target`; allowed: text, desc, id, role, index, near (did you mean `text`?)');
  expect(error).toMatchObject({ path: 'target.txt', suggestion: 'text' });
});

test('an unknown field at the call level is refused', () => {
  expect(rejection({ name: 'tap', params: { target: 'a' }, why: 'x' }).message).toBe('unknown field `why` in a primitive call; allowed: name, params');
});

test('an unknown primitive suggests the closest name, or lists the known ones', () => {
  const error = rejection({ name: 'tapp', params: {} });
  expect(error.message).toBe('unknown primitive `tapp`; did you mean `tap`?');
  expect(error.suggestion).toBe('tap');
  expect(rejection({ name: 'scrollTo', params: {} }).message).toBe('unknown primitive `scrollTo`; did you mean `scroll_to`?');
  expect(rejection({ name: 'teleport', params: {} }).message).toMatch(/^unknown primitive `teleport`; known: launch_app, .*give_up$/);
});

test('a wrong type names the field, the expected type and what was given', () => {
  expect(rejection({ name: 'input_text', params: { text: 5 } }).message).toBe('field `text` in input_text should be string, got integer 5');
  expect(rejection({ name: 'tap', params: { target: 5 } }).message).toBe('field `target` in tap should be string or object, got integer 5');
  expect(rejection({ name: 'finish', params: { success: true, evidence: ['e1', 3], summary: 's' } })).toMatchObject({
    message: 'field `evidence[1]` in finish should be string, got integer 3',
    path: 'evidence[1]',
  });
});

test('a missing field, a bad enum value and an out-of-range number are named', () => {
  expect(rejection({ name: 'open_link', params: {} }).message).toBe('missing field `url` in open_link');
  expect(rejection({ name: 'press_key', params: { key: 'bak' } }).message).toBe(
    'field `key` in press_key should be one of back, home, enter, delete, tab, search, app_switch; got "bak" (did you mean `back`?)',
  );
  expect(rejection({ name: 'wait_for', params: { target: 'x', state: 'visible', timeout_ms: -1 } }).message).toBe(
    'field `timeout_ms` in wait_for must be >= 1; got -1',
  );
});

test('an `expected` post-condition of an unknown shape says which shapes are allowed', () => {
  expect(rejection({ name: 'tap', params: { target: 'x', expected: { foo: 1 } } }).message).toMatch(
    /^field `expected` in tap should be post-condition: \{visible\}, .*; got \{"foo":1\}$/,
  );
  expect(rejection({ name: 'tap', params: { target: 'x', expected: { visible: 'a', extra: 1 } } }).message).toBe(
    'unknown field `extra` in tap at `expected`; allowed: visible',
  );
});

test('exactly-one choices and rules beyond JSON Schema are enforced', () => {
  expect(rejection({ name: 'assert_text', params: { target: 'x' } }).message).toBe('assert_text needs exactly one of equals, contains, matches');
  expect(rejection({ name: 'assert_text', params: { target: 'x', equals: 'a', contains: 'b' } }).message).toBe(
    'assert_text needs exactly one of equals, contains, matches',
  );
  expect(rejection({ name: 'handle_dialog', params: {} }).message).toBe('handle_dialog needs exactly one of action, button');
  expect(rejection({ name: 'assert_text', params: { target: 'x', matches: '(' } }).message).toBe(
    'field `matches` in assert_text: is not a valid regular expression',
  );
  expect(rejection({ name: 'tap', params: { target: {} } }).message).toBe('field `target` in tap: a target object needs at least one of text, desc, id, role');
});

test('input that is not a call at all is refused with what was given', () => {
  expect(rejection('tap').message).toBe('a primitive call must be an object {name, params}; got string "tap"');
  expect(rejection({ params: {} }).message).toBe('a primitive call needs `name` as a string; got undefined');
  expect(rejection({ name: 'tap' }).message).toBe('missing `params` in tap (use {} when it takes none)');
  expect(rejection({ name: 'tap', params: ['x'] }).message).toBe('params of tap should be an object; got array ["x"]');
});
