// What InputDispatcher remembers of the events it dispatched: its RecentQueue of the last ten, each
// printed by `dumpsys input` with its age, newest last ("MotionEvent, age=175ms"), as release builds of
// Android 14 print them. Tools read it to tell whether anything touched the phone since a moment.
import type { Phone } from '../../types.js';

const RECENT_QUEUE_MAX = 10;
type EventKind = 'MotionEvent' | 'KeyEvent';

const queues = new WeakMap<Phone, Array<{ kind: EventKind; at: number }>>();

/** Records `count` events of `kind` dispatched now. */
export function recordInput(phone: Phone, kind: EventKind, count: number): void {
  let queue = queues.get(phone);
  if (!queue) queues.set(phone, (queue = []));
  for (let i = 0; i < count; i++) queue.push({ kind, at: phone.clock.now() });
  queue.splice(0, Math.max(0, queue.length - RECENT_QUEUE_MAX));
}

/** The RecentQueue lines of `dumpsys input`. */
export function recentQueueDump(phone: Phone): string {
  const queue = queues.get(phone) ?? [];
  if (queue.length === 0) return '  RecentQueue: <empty>\n';
  const now = phone.clock.now();
  return `  RecentQueue: length=${queue.length}\n${queue.map((e) => `    ${e.kind}, age=${Math.max(0, Math.round(now - e.at))}ms\n`).join('')}`;
}
