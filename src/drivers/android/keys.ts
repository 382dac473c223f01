import type { Key } from '../types.js';

/** Android key codes (KeyEvent.KEYCODE_*) for the platform-neutral keys. */
export const ANDROID_KEYCODES: Record<Key, number> = {
  back: 4,
  home: 3,
  app_switch: 187,
  menu: 82,
  search: 84,
  enter: 66,
  delete: 67,
  forward_delete: 112,
  tab: 61,
  escape: 111,
  space: 62,
  up: 19,
  down: 20,
  left: 21,
  right: 22,
  center: 23,
  move_home: 122,
  move_end: 123,
  page_up: 92,
  page_down: 93,
  volume_up: 24,
  volume_down: 25,
  volume_mute: 164,
  power: 26,
  wakeup: 224,
  sleep: 223,
};

/** The `input keyevent` command for a key, or undefined for a name that is not a Key. */
export function keyCommand(key: Key, longPress: boolean): string | undefined {
  const code = Object.hasOwn(ANDROID_KEYCODES, key) ? ANDROID_KEYCODES[key] : undefined;
  if (code === undefined) return undefined;
  return `input keyevent ${longPress ? '--longpress ' : ''}${code}`;
}
