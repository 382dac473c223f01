import { expect, test } from '@playwright/test';
import { methodCall } from './method-call.js';
import { DEVICE_API } from './methods.js';

test("a method's options become the primitive's parameters; timeout bounds an action or is the wait's own", () => {
  expect(methodCall('scroll_to', DEVICE_API.scroll_to, ['Item 40', { direction: 'down', maxSwipes: 20, timeout: 9000 }])).toEqual({
    call: { name: 'scroll_to', params: { target: 'Item 40', direction: 'down', max_swipes: 20 } },
    timeout: 9000,
  });
  expect(methodCall('long_press', DEVICE_API.long_press, ['row', { duration: 1500 }])).toEqual({
    call: { name: 'long_press', params: { target: 'row', duration_ms: 1500 } },
  });
  expect(methodCall('wait_idle', DEVICE_API.wait_idle, [{ timeout: 3000 }])).toEqual({ call: { name: 'wait_idle', params: { timeout_ms: 3000 } } });
  expect(methodCall('launch_app', DEVICE_API.launch_app, [{ clearState: true, permissions: 'all' }])).toEqual({
    call: { name: 'launch_app', params: { clear_state: true, permissions: 'all' } },
  });
});

test('a required parameter the method lets a caller leave out takes its default; an unknown option is passed on for validation to name', () => {
  expect(methodCall('wait_for', DEVICE_API.wait_for, ['Checkout']).call.params).toEqual({ target: 'Checkout', state: 'visible' });
  expect(methodCall('wait_for', DEVICE_API.wait_for, ['Checkout', { state: 'gone', timeout: undefined }]).call.params).toEqual({
    target: 'Checkout',
    state: 'gone',
  });
  expect(methodCall('clear_text', DEVICE_API.clear_text, []).call.params).toEqual({});
  expect(methodCall('tap', DEVICE_API.tap, ['Log in', { force: true }]).call.params).toEqual({ target: 'Log in', force: true });
});
