// What each neutral key does on an iPhone through WebDriverAgent. iOS has a home gesture, volume and
// side buttons, and a software keyboard; most of Android's keys have no counterpart and say so.
import type { Key } from '../types.js';

export type KeyAction =
  /** Typed through POST /wda/keys: XCTest's own characters for return ("\n") and delete ("\b"). */
  | { kind: 'type'; text: string }
  /** POST /wda/homescreen. */
  | { kind: 'home' }
  /** POST /wda/pressButton { name }: the hardware buttons WebDriverAgent knows (volume ones on real devices only). */
  | { kind: 'button'; name: string }
  /** POST /wda/lock or /wda/unlock: the side button. */
  | { kind: 'lock' }
  | { kind: 'unlock' }
  /** The navigation bar's back button, when the screen has one. */
  | { kind: 'back' }
  | { kind: 'unsupported'; why: string };

const NO_KEYBOARD_KEY = 'the iOS software keyboard has no such key';

const ACTIONS: Record<Key, KeyAction> = {
  back: { kind: 'back' },
  home: { kind: 'home' },
  enter: { kind: 'type', text: '\n' },
  delete: { kind: 'type', text: '\b' },
  tab: { kind: 'type', text: '\t' },
  space: { kind: 'type', text: ' ' },
  volume_up: { kind: 'button', name: 'volumeUp' },
  volume_down: { kind: 'button', name: 'volumeDown' },
  power: { kind: 'lock' },
  sleep: { kind: 'lock' },
  wakeup: { kind: 'unlock' },
  app_switch: { kind: 'unsupported', why: 'WebDriverAgent has no way to open the app switcher' },
  menu: { kind: 'unsupported', why: 'an iPhone has no menu key' },
  search: { kind: 'unsupported', why: 'an iPhone has no search key; type "\\n" to submit a search field' },
  volume_mute: { kind: 'unsupported', why: 'an iPhone has a ring/silent switch, not a mute key, and WebDriverAgent cannot move it' },
  forward_delete: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  escape: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  up: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  down: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  left: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  right: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  center: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  move_home: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  move_end: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  page_up: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
  page_down: { kind: 'unsupported', why: NO_KEYBOARD_KEY },
};

/** What pressing a key does; undefined for a name that is not a Key. */
export function keyAction(key: Key, longPress: boolean): KeyAction | undefined {
  const action = Object.hasOwn(ACTIONS, key) ? ACTIONS[key] : undefined;
  if (action === undefined || !longPress || action.kind === 'unsupported') return action;
  return { kind: 'unsupported', why: 'WebDriverAgent presses keys and buttons only briefly, never held' };
}
