import type { AdbClient } from './adb-client.js';

type Tracker = Awaited<ReturnType<AdbClient['trackDevices']>>;
interface Listed {
  id: string;
  type: string;
}

/**
 * Follows one serial through the adb server's `host:track-devices` stream, so a device that goes
 * offline or away is noticed at once (and calls in flight can end) instead of at the next timeout.
 */
export class DeviceWatch {
  /** The device's state as last listed (`device`, `offline`, …), undefined when it is not listed. */
  state: string | undefined = 'device';
  /** False once the tracking stream has ended (the adb server went away, or stop()). */
  alive = true;
  private stopped = false;

  private constructor(private readonly tracker: Tracker) {}

  /** Starts tracking; onChange hears every change of the device's state. */
  static async start(client: AdbClient, serial: string, onChange: (state: string | undefined) => void): Promise<DeviceWatch> {
    const tracker = await client.trackDevices();
    const watch = new DeviceWatch(tracker);
    const update = (device: Listed, state: string | undefined): void => {
      if (device.id !== serial || watch.stopped || state === watch.state) return;
      watch.state = state;
      onChange(state);
    };
    tracker.on('add', (device: Listed) => update(device, device.type));
    tracker.on('change', (device: Listed) => update(device, device.type));
    tracker.on('remove', (device: Listed) => update(device, undefined));
    tracker.on('error', () => undefined);
    tracker.on('end', () => {
      watch.alive = false;
    });
    return watch;
  }

  stop(): void {
    this.stopped = true;
    this.alive = false;
    this.tracker.end();
  }
}
