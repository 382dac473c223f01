// Events as a log holds them, for the report's tests that build a trace without writing a log: each
// gets the next sequence number and a time 10 ms after the one before.
import type { MobileEvent } from '../../../src/events/index.js';

let seq = 0;
export function ev<K extends MobileEvent['kind']>(
  kind: K,
  fields: Omit<Extract<MobileEvent, { kind: K }>, 'kind' | 'v' | 'seq' | 'test_id' | 'ts'> & { ts?: number },
): MobileEvent {
  seq += 1;
  return { v: 1, seq, test_id: 't', ts: 1000 + seq * 10, kind, ...fields } as unknown as MobileEvent;
}
