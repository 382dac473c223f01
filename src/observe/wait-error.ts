import type { Observation } from './observation.js';

/** A wait that ran out of time; it carries the last observation and what the screen was doing. */
export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
  readonly observation: Observation;
  readonly state: 'idle' | 'loading' | 'error' | 'changing';

  constructor(options: { waitedFor: string; timeoutMs: number; observation: Observation; state: WaitTimeoutError['state']; seen: string }) {
    super(
      `Timed out after ${options.timeoutMs} ms waiting for ${options.waitedFor}: the screen was ${options.seen}. Raise the timeout if the app is just slow, or look at the last screen attached to this error.`,
    );
    this.observation = options.observation;
    this.state = options.state;
  }
}
