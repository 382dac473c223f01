import type { Phone } from '../types.js';

/** How long a reboot keeps the phone away, in real milliseconds. */
export interface BootTiming {
  /** From the reboot until adbd answers again (the phone is offline until then). */
  adbdMs: number;
  /** From the reboot until sys.boot_completed is 1 and the boot animation has stopped. */
  completedMs: number;
}

/** A couple of seconds, so tests that reboot the phone wait little; a real phone takes 20–40 s. */
export const FAST_BOOT: BootTiming = { adbdMs: 1200, completedMs: 2000 };

const BOOT_DONE: Record<string, string> = { 'sys.boot_completed': '1', 'dev.bootcomplete': '1', 'init.svc.bootanim': 'stopped' };
const HOME_KEY = 3;

/**
 * Restarts the phone: every connection drops and adb reaches it again only after adbdMs; app
 * processes are gone, logs cleared and properties back to their boot values (persist.* kept), while
 * what lives on flash (files, settings, installed packages and their data) stays. bootProps are the
 * properties the phone booted with.
 */
export function rebootPhone(phone: Phone, options: { timing: BootTiming; bootProps: ReadonlyMap<string, string> }): void {
  const { timing, bootProps } = options;
  phone.faults.goOffline(timing.adbdMs);
  for (const process of phone.ui.processes()) phone.ui.forceStop(process.package);
  phone.ui.keyEvent(HOME_KEY);
  phone.logcat.clear(['main', 'system', 'crash', 'events']);
  const persisted = [...phone.props].filter(([key]) => key.startsWith('persist.'));
  phone.props.clear();
  for (const [key, value] of bootProps) if (!(key in BOOT_DONE)) phone.props.set(key, value);
  for (const [key, value] of persisted) phone.props.set(key, value);
  phone.props.set('init.svc.bootanim', 'running');
  const completed = setTimeout(() => {
    for (const [key, value] of Object.entries(BOOT_DONE)) phone.props.set(key, value);
  }, timing.completedMs);
  completed.unref();
}
