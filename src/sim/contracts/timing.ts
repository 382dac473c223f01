// How long the phone takes to answer: nothing at fast timing (the default), a mid-range Android 14
// phone's own pace at real timing. The shell and the ADB services wait on it; see src/sim/timing/.

/** 'fast' answers at once; 'real' takes what a mid-range Android 14 phone takes. */
export type TimingMode = 'fast' | 'real';

export interface PhoneTiming {
  readonly mode: TimingMode;
  /** Waits what running this command costs before it answers (its process start and its work). */
  command(name: string, args: readonly string[]): Promise<void>;
  /**
   * uiautomator dump's wait for an idle screen (UiAutomation.waitForIdle(1000, 10000)): resolves true
   * once nothing has animated for the idle timeout, false when that never happened within the
   * global timeout. `busy` (an injected fault) never idles. Fast timing answers at once.
   */
  dumpIdle(options?: { busy?: boolean }): Promise<boolean>;
  /** Waits what moving this many bytes between the phone and the host over USB takes (sync pull and push). */
  transfer(bytes: number): Promise<void>;
}
