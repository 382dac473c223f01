import type { CallOptions, Driver } from './types.js';
import { DeviceTimeout } from './errors/device-timeout.js';

/** The Driver calls that only read the device: they leave what the screen shows as it was (every other call counts as a change). */
export const DRIVER_READS: readonly string[] = [
  'hierarchy',
  'screenshot',
  'capture',
  'glance',
  'foreground',
  'mark',
  'logs',
  'screenSize',
  'deviceInfo',
  'keyboardShown',
  'appVersion',
] satisfies ReadonlyArray<keyof Driver>;

/** What the body of a device call sees: the signal to honour, and a way to say which step it is on. */
export interface CallScope {
  readonly signal: AbortSignal;
  /** Names the step in progress, so a timeout says what it was waiting for. */
  step(label: string): void;
}

interface Running {
  controller: AbortController;
  label: string;
}

/**
 * Runs a driver's calls under deadlines: each call gets one AbortSignal that fires on the caller's
 * signal, on its timeout (as DeviceTimeout) or when the driver ends every call (as the device goes away).
 */
export class DeviceCalls {
  private readonly running = new Set<Running>();

  constructor(private readonly options: { device: string; defaultTimeoutMs: number; timeoutHint?: string }) {}

  async run<T>(name: string, call: CallOptions | undefined, body: (scope: CallScope) => Promise<T>): Promise<T> {
    call?.signal?.throwIfAborted();
    const controller = new AbortController();
    const entry: Running = { controller, label: name };
    const timeoutMs = call?.timeoutMs ?? this.options.defaultTimeoutMs;
    const timer = setTimeout(() => {
      controller.abort(new DeviceTimeout({ device: this.options.device, waitingFor: entry.label, timeoutMs, hint: this.options.timeoutHint }));
    }, timeoutMs);
    const forward = (): void => controller.abort(call?.signal?.reason);
    call?.signal?.addEventListener('abort', forward, { once: true });
    this.running.add(entry);
    const scope: CallScope = {
      signal: controller.signal,
      step: (label) => {
        entry.label = label === name ? name : `${name}: ${label}`;
      },
    };
    try {
      const work = body(scope);
      // Whatever the body does after an abort, the call itself has already settled.
      work.catch(() => undefined);
      return await Promise.race([work, rejectOnAbort(controller.signal)]);
    } finally {
      clearTimeout(timer);
      call?.signal?.removeEventListener('abort', forward);
      this.running.delete(entry);
      if (!controller.signal.aborted) controller.abort(new Error(`${name} finished`));
    }
  }

  /** Ends every call in flight with the error made for it (its label says what it was doing). */
  failAll(errorFor: (during: string) => Error): void {
    for (const entry of [...this.running]) entry.controller.abort(errorFor(entry.label));
  }
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** Waits ms, or rejects with the signal's reason as soon as it fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
