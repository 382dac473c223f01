// The device API's names for the primitives. Typed over PRIMITIVES, so a new primitive without a
// method here (or a method missing on Device) is a compile error.
import type { PrimitiveName } from '../../src/primitives/index.js';

export const METHODS = {
  launch_app: 'launch',
  stop_app: 'stop',
  clear_app_data: 'clearData',
  open_link: 'openLink',
  tap: 'tap',
  double_tap: 'doubleTap',
  long_press: 'longPress',
  swipe: 'swipe',
  scroll_to: 'scrollTo',
  drag: 'drag',
  input_text: 'fill',
  clear_text: 'clear',
  hide_keyboard: 'hideKeyboard',
  press_key: 'press',
  wait_for: 'waitFor',
  wait_idle: 'waitIdle',
  assert_visible: 'assertVisible',
  assert_not_visible: 'assertNotVisible',
  assert_text: 'assertText',
  assert_state: 'assertState',
  handle_dialog: 'handleDialog',
  set_orientation: 'setOrientation',
  screenshot: 'screenshot',
  finish: { method: null, reason: 'agent-only: ends an agent goal with cited evidence, a script simply returns' },
  give_up: { method: null, reason: 'agent-only: an agent stops a goal with it, a script throws instead' },
} as const satisfies { [K in PrimitiveName]: string | { method: null; reason: string } };

type MethodOf<K extends PrimitiveName> = (typeof METHODS)[K] extends string ? (typeof METHODS)[K] : never;
export type DeviceMethodName = { [K in PrimitiveName]: MethodOf<K> }[PrimitiveName];

/** Every primitive's method, as Device must implement it. */
export type DeviceMethods = { [M in DeviceMethodName]: (...args: never) => Promise<unknown> };

/** The method name a primitive is called by, or undefined for agent-only primitives. */
export function methodFor(name: PrimitiveName): DeviceMethodName | undefined {
  const entry = METHODS[name];
  return typeof entry === 'string' ? entry : undefined;
}
