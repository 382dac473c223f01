// A call's deadline travels with its abort signal, so retries deep in a provider can see how long is left.
const deadlines = new WeakMap<AbortSignal, number>();

/** A signal that aborts at `timeoutMs` from now (and with `signal`), remembering when that is. */
export function signalWithDeadline(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  if (timeoutMs === undefined) return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const at = Date.now() + timeoutMs;
  const outer = signal ? deadlineOf(signal) : undefined;
  deadlines.set(combined, outer === undefined ? at : Math.min(at, outer));
  return combined;
}

/** When the signal's call must be over (epoch ms), if it has a deadline. */
export function deadlineOf(signal: AbortSignal | undefined): number | undefined {
  return signal ? deadlines.get(signal) : undefined;
}
