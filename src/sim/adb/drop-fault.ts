import type { Faults } from '../types.js';

/**
 * The dropAfterCommands fault for one connection: N services open normally, the next open finds the
 * connection dropped, and a new connection starts counting again, up to `connectionDrops` times when that is set.
 * Changing either setting restarts the count.
 */
export class DropCounter {
  private setting = 0;
  private times = 0;
  private opened = 0;
  private dropped = 0;

  constructor(private readonly faults: Faults) {}

  /** Call at each service open; true when this open must drop the connection instead. */
  shouldDrop(): boolean {
    const limit = this.faults.dropAfterCommands;
    const times = this.faults.connectionDrops;
    if (limit !== this.setting || times !== this.times) {
      this.setting = limit;
      this.times = times;
      this.opened = 0;
      this.dropped = 0;
    }
    if (limit <= 0 || (times > 0 && this.dropped >= times)) return false;
    if (this.opened >= limit) {
      this.opened = 0;
      this.dropped++;
      return true;
    }
    this.opened++;
    return false;
  }
}
