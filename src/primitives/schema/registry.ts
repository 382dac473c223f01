import type { z } from 'zod';
import { clear_app_data, launch_app, open_link, stop_app } from './app.js';
import { double_tap, drag, long_press, scroll_to, swipe, tap } from './touch.js';
import { clear_text, hide_keyboard, input_text, press_key } from './text.js';
import { wait_for, wait_idle } from './waiting.js';
import { assert_not_visible, assert_state, assert_text, assert_visible } from './assertions.js';
import { handle_dialog, screenshot, set_orientation } from './device.js';
import { finish, give_up } from './agent.js';

/** The closed action vocabulary: scripted steps, YAML steps, MCP tools and agent decisions all name one of these. */
export const PRIMITIVES = {
  launch_app,
  stop_app,
  clear_app_data,
  open_link,
  tap,
  double_tap,
  long_press,
  swipe,
  scroll_to,
  drag,
  input_text,
  clear_text,
  hide_keyboard,
  press_key,
  wait_for,
  wait_idle,
  assert_visible,
  assert_not_visible,
  assert_text,
  assert_state,
  handle_dialog,
  set_orientation,
  screenshot,
  finish,
  give_up,
} as const satisfies { [K in string]: { name: K } };

export type PrimitiveName = keyof typeof PRIMITIVES;
export const PRIMITIVE_NAMES = Object.keys(PRIMITIVES) as PrimitiveName[];

export type ParamsOf<K extends PrimitiveName> = z.infer<(typeof PRIMITIVES)[K]['params']>;
export type ParamsInputOf<K extends PrimitiveName> = z.input<(typeof PRIMITIVES)[K]['params']>;

export type PrimitiveCall = { [K in PrimitiveName]: { name: K; params: ParamsOf<K> } }[PrimitiveName];
export type CallOf<K extends PrimitiveName> = Extract<PrimitiveCall, { name: K }>;

/** One executor per primitive; a primitive without one is a compile error wherever this type is implemented. */
export type Executors<Ctx, Result> = {
  [K in PrimitiveName]: (params: ParamsOf<K>, ctx: Ctx) => Promise<Result>;
};

export function isPrimitiveName(name: string): name is PrimitiveName {
  return Object.hasOwn(PRIMITIVES, name);
}
