// The device API, described once: for each primitive, the method that runs it and which of its
// parameters the method takes positionally. Every method's types and its mapping onto the primitive's
// parameters are derived from this table and the primitive's zod schema, so a new primitive without
// an entry here is a compile error, and a new parameter shows up as an option by itself.
import type { ParamsInputOf, PrimitiveName } from '../../src/primitives/index.js';

/**
 * A method: its name, the parameters taken positionally (in order; the rest are options, camelCased,
 * `_ms` dropped), and values for required parameters the method lets a caller leave out. `custom`
 * methods are written by hand in device.ts, as their arguments are shaped unlike the parameters.
 */
type MethodEntry<K extends PrimitiveName> =
  | { method: string; args: readonly (keyof ParamsInputOf<K> & string)[]; defaults?: Partial<ParamsInputOf<K>> }
  | { method: string; custom: true }
  | { method: null; reason: string };

export const DEVICE_API = {
  launch_app: { method: 'launch', args: [] },
  stop_app: { method: 'stop', args: [] },
  clear_app_data: { method: 'clearData', args: [] },
  open_link: { method: 'openLink', args: ['url'] },
  tap: { method: 'tap', args: ['target'] },
  double_tap: { method: 'doubleTap', args: ['target'] },
  long_press: { method: 'longPress', args: ['target'] },
  swipe: { method: 'swipe', args: ['direction'] },
  scroll_to: { method: 'scrollTo', args: ['target'] },
  drag: { method: 'drag', args: ['from', 'to'] },
  input_text: { method: 'fill', args: ['target', 'text'] },
  clear_text: { method: 'clear', args: ['target'] },
  hide_keyboard: { method: 'hideKeyboard', args: [] },
  press_key: { method: 'press', args: ['key'] },
  wait_for: { method: 'waitFor', args: ['target'], defaults: { state: 'visible' } },
  wait_idle: { method: 'waitIdle', args: [] },
  assert_visible: { method: 'assertVisible', args: ['target'] },
  assert_not_visible: { method: 'assertNotVisible', args: ['target'] },
  assert_text: { method: 'assertText', custom: true },
  assert_state: { method: 'assertState', args: ['target', 'state'] },
  handle_dialog: { method: 'handleDialog', custom: true },
  set_orientation: { method: 'setOrientation', args: ['orientation'] },
  screenshot: { method: 'screenshot', custom: true },
  finish: { method: null, reason: 'agent-only: ends an agent goal with cited evidence, a script simply returns' },
  give_up: { method: null, reason: 'agent-only: an agent stops a goal with it, a script throws instead' },
} as const satisfies { [K in PrimitiveName]: MethodEntry<K> };

type Api = typeof DEVICE_API;

/** The device API's names for the primitives: a method name, or why a primitive has none. */
export const METHODS = Object.fromEntries(Object.entries(DEVICE_API).map(([name, entry]) => [name, entry.method === null ? entry : entry.method])) as {
  [K in PrimitiveName]: Api[K] extends { method: infer M extends string } ? M : Extract<Api[K], { method: null }>;
};

type MethodOf<K extends PrimitiveName> = Api[K]['method'] extends string ? Api[K]['method'] : never;
export type DeviceMethodName = { [K in PrimitiveName]: MethodOf<K> }[PrimitiveName];

/** The method name a primitive is called by, or undefined for agent-only primitives. */
export function methodFor(name: PrimitiveName): DeviceMethodName | undefined {
  return (DEVICE_API[name].method ?? undefined) as DeviceMethodName | undefined;
}

/** `timeout_ms` → `timeout`, `clear_state` → `clearState`: a parameter's name as an option. */
type OptionName<S extends string> = S extends `${infer H}_ms` ? OptionName<H> : S extends `${infer A}_${infer B}` ? `${A}${Capitalize<OptionName<B>>}` : S;

export function optionName(param: string): string {
  return param.replace(/_ms$/, '').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Bounds the whole action, for primitives without a timeout of their own. */
export interface ActionTimeout {
  /** Bounds the whole action, ms. */
  timeout?: number;
}

/** A method's options: the primitive's parameters not taken positionally, as options; `timeout` bounds an action without `timeout_ms`. */
export type OptionsOf<K extends PrimitiveName, Positional extends string = never> = {
  [P in Exclude<keyof ParamsInputOf<K>, Positional> & string as OptionName<P>]?: ParamsInputOf<K>[P];
} & ('timeout_ms' extends keyof ParamsInputOf<K> ? unknown : ActionTimeout);

/** Positional arguments for `Keys`, then `Tail`; one may be left out only when it and all after it are optional. */
type ArgsFor<K extends PrimitiveName, Keys extends readonly string[], Tail extends unknown[]> = Keys extends readonly [
  infer H extends keyof ParamsInputOf<K>,
  ...infer R extends readonly string[],
]
  ? ArgsFor<K, R, Tail> extends infer Rest extends unknown[]
    ? [] extends Rest
      ? undefined extends ParamsInputOf<K>[H]
        ? [ParamsInputOf<K>[H]?, ...Rest]
        : [ParamsInputOf<K>[H], ...Rest]
      : [Exclude<ParamsInputOf<K>[H], undefined>, ...Rest]
    : never
  : Tail;

type Positional<K extends PrimitiveName> = Api[K] extends { args: infer A extends readonly string[] } ? A : never;
type Generated = { [K in PrimitiveName]: Api[K] extends { args: readonly string[] } ? K : never }[PrimitiveName];

/** The arguments of the method that runs primitive K. */
export type ArgsOf<K extends Generated> = ArgsFor<K, Positional<K>, [options?: OptionsOf<K, Positional<K>[number]>]>;

/** The methods derived from the table, each running its primitive as a test step. */
export type GeneratedMethods = { [K in Generated as MethodOf<K>]: (...args: ArgsOf<K>) => Promise<void> };

/** Every primitive's method, as Device must implement it. */
export type DeviceMethods = { [M in DeviceMethodName]: (...args: never) => Promise<unknown> };

/** The primitives whose method is derived, with their entries. */
export function generatedMethods(): Array<[PrimitiveName, { method: string; args: readonly string[]; defaults?: Record<string, unknown> }]> {
  return Object.entries(DEVICE_API).flatMap(([name, entry]) => ('args' in entry ? [[name as PrimitiveName, entry]] : []));
}
