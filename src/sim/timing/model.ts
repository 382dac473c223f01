// The phone's pace. At fast timing every answer comes at once; at real timing each command waits
// its modelled cost (costs.ts) with seeded jitter, in wall time, so a client waits as it would on a
// phone, and a frozen phone clock is moved on by the same amount so its timers keep step.
import type { Clock, PhoneTiming, Random, TimingMode } from '../types.js';
import { commandCost, IDLE_GLOBAL_TIMEOUT_MS, IDLE_TIMEOUT_MS, USB_MS_PER_MB, type Cost, type PhoneFacts } from './costs.js';

/** How often uiautomator's idle wait looks at the screen: once a frame at 60 Hz, as an animation sends its events. */
const IDLE_POLL_MS = 16;
/** Jitter never goes beyond this many standard deviations, so one run cannot take forever. */
const MAX_SIGMAS = 3;

export interface TimingOptions {
  mode: TimingMode;
  clock: Clock;
  /** Seeded numbers for the jitter, a stream of their own so pacing never changes what the apps do. */
  random: Random;
  /** The phone's state a cost depends on. */
  facts: PhoneFacts;
  /** Whether something on screen animates now (and so keeps uiautomator from an idle state). */
  animating: () => boolean;
  /** Waits this many ms of wall time; default a timer. Tests pass one that returns at once. */
  sleep?: (ms: number) => Promise<void>;
}

const wallSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A timing that answers at once: the phone as mobiletest's own tests run it. */
const FAST: PhoneTiming = {
  mode: 'fast',
  command: () => Promise.resolve(),
  dumpIdle: (options) => Promise.resolve(!options?.busy),
  transfer: () => Promise.resolve(),
};

export function createTiming(options: TimingOptions): PhoneTiming {
  if (options.mode === 'fast') return FAST;
  return new RealTiming(options);
}

/** A mid-range Android 14 phone's pace. */
class RealTiming implements PhoneTiming {
  readonly mode = 'real';
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TimingOptions) {
    this.sleep = options.sleep ?? wallSleep;
  }

  async command(name: string, args: readonly string[]): Promise<void> {
    await this.pace(this.jittered(commandCost(name, args, this.options.facts)));
  }

  async dumpIdle(options: { busy?: boolean } = {}): Promise<boolean> {
    const { clock } = this.options;
    const animating = options.busy ? () => true : this.options.animating;
    const start = clock.now();
    let lastEvent = start;
    for (;;) {
      const now = clock.now();
      if (now - start >= IDLE_GLOBAL_TIMEOUT_MS) return false;
      if (animating()) lastEvent = now;
      const idleLeft = IDLE_TIMEOUT_MS - (now - lastEvent);
      if (idleLeft <= 0) return true;
      await this.pace(Math.min(IDLE_POLL_MS, idleLeft, IDLE_GLOBAL_TIMEOUT_MS - (now - start)));
    }
  }

  async transfer(bytes: number): Promise<void> {
    await this.pace((bytes / 1e6) * USB_MS_PER_MB);
  }

  /** The cost with log-normal jitter from the seeded stream: the median stays the modelled cost. */
  private jittered(cost: Cost): number {
    const { random } = this.options;
    // Box-Muller: one standard normal number from two uniform ones.
    const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
    return cost.ms * Math.exp(cost.spread * Math.max(-MAX_SIGMAS, Math.min(MAX_SIGMAS, z)));
  }

  /** Waits ms of wall time; a frozen phone clock moves on to where it would then be. */
  private async pace(ms: number): Promise<void> {
    if (ms <= 0) return;
    const { clock } = this.options;
    const target = clock.now() + ms;
    await this.sleep(ms);
    if (clock.frozen && target > clock.now()) clock.advance(target - clock.now());
  }
}
