import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * A unique action id, sortable by creation time: `a-<ms hex>-<counter>-<random>`.
 * The counter keeps ids from one process ordered within a millisecond; 64 random bits keep
 * ids from different workers apart.
 */
export function newActionId(now: number = Date.now()): string {
  if (now === lastMs) counter += 1;
  else {
    lastMs = now;
    counter = 0;
  }
  const ms = Math.max(0, Math.floor(now)).toString(16).padStart(12, '0');
  return `a-${ms}-${counter.toString(16).padStart(4, '0')}-${randomBytes(8).toString('hex')}`;
}
