import type { Faults } from '../types.js';

/**
 * The dropAfterCommands fault for one connection: N services open normally, the next open finds the
 * connection dropped, and a new connection starts counting again. Changing the setting restarts the count.
 */
export class DropCounter {
  private setting = 0;
  private opened = 0;

  constructor(private readonly faults: Faults) {}

  /** Call at each service open; true when this open must drop the connection instead. */
  shouldDrop(): boolean {
    const limit = this.faults.dropAfterCommands;
    if (limit !== this.setting) {
      this.setting = limit;
      this.opened = 0;
    }
    if (limit <= 0) return false;
    if (this.opened >= limit) {
      this.opened = 0;
      return true;
    }
    this.opened++;
    return false;
  }
}
