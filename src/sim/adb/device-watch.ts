import type { Phone } from '../types.js';
import type { HostDevice } from './host-devices.js';
import { stateOf } from './host-devices.js';

// Devices may be added or removed without an event; the list is re-read this often while someone watches.
const POLL_MS = 250;

/** Calls onList with the devices soon, then whenever a serial or a state changes; returns the stop function. */
export function watchDevices(devices: () => HostDevice[], onList: (list: HostDevice[]) => void): () => void {
  let last: string | undefined;
  let phones: Phone[] = [];
  let unsubscribes: Array<() => void> = [];
  let stopped = false;
  const unsubscribeAll = () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    unsubscribes = [];
  };
  const check = () => {
    if (stopped) return;
    const list = devices();
    const current = list.map((device) => device.phone);
    if (current.length !== phones.length || current.some((phone, i) => phone !== phones[i])) {
      unsubscribeAll();
      phones = current;
      // Read the state after the fault change has been applied.
      unsubscribes = current.map((phone) => phone.faults.onChange(() => queueMicrotask(check)));
    }
    const signature = list.map((device) => `${device.serial}\t${stateOf(device)}`).join('\n');
    if (signature === last) return;
    last = signature;
    onList(list);
  };
  const timer = setInterval(check, POLL_MS);
  timer.unref();
  queueMicrotask(check);
  return () => {
    stopped = true;
    clearInterval(timer);
    unsubscribeAll();
  };
}
