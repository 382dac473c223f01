import type { Phone, ServiceHost } from '../types.js';

/** A device the adb server port lists. */
export interface HostDevice {
  serial: string;
  phone: Phone;
  services: ServiceHost;
  state?: 'device' | 'offline';
}

export type TransportKind = 'any' | 'usb' | 'local';

/** How a request names its device: by serial, by transport id, or by kind (any, usb, local). */
export interface DeviceSelector {
  serial?: string;
  id?: number;
  kind?: TransportKind;
}

/** Result of picking a device for a request: the device, or adb's own error message. */
export type DevicePick = { device: HostDevice; id: number } | { error: string };

/** Stable transport ids per serial for the life of one server, as the adb server numbers its transports. */
export class TransportIds {
  private readonly ids = new Map<string, number>();
  private next = 1;

  of(serial: string): number {
    let id = this.ids.get(serial);
    if (id === undefined) {
      id = this.next++;
      this.ids.set(serial, id);
    }
    return id;
  }
}

export function stateOf(device: HostDevice): 'device' | 'offline' {
  return device.state ?? (device.phone.faults.offline ? 'offline' : 'device');
}

/** `host:devices` (serial TAB state) or `host:devices-l` (adb's padded columns with product, model, device, transport_id). */
export function formatDevices(devices: HostDevice[], ids: TransportIds, long: boolean): string {
  return devices
    .map((device) => {
      const state = stateOf(device);
      if (!long) return `${device.serial}\t${state}\n`;
      const { info } = device.phone;
      return `${device.serial.padEnd(22)} ${state} product:${sanitize(info.product)} model:${sanitize(info.model)} device:${sanitize(info.device)} transport_id:${ids.of(device.serial)}\n`;
    })
    .join('');
}

/** adb replaces what is not a letter, digit or underscore in these fields with '_'. */
function sanitize(value: string): string {
  return value.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Picks the device a transport request names; errors are worded as the adb server words them. */
export function pickDevice(devices: HostDevice[], ids: TransportIds, by: DeviceSelector): DevicePick {
  if (by.serial !== undefined) {
    const device = devices.find((candidate) => candidate.serial === by.serial);
    return device ? { device, id: ids.of(device.serial) } : { error: `device '${by.serial}' not found` };
  }
  if (by.id !== undefined) {
    const device = devices.find((candidate) => ids.of(candidate.serial) === by.id);
    return device ? { device, id: by.id } : { error: `no device with transport id '${by.id}'` };
  }
  // The virtual phones are TCP (local) transports: none is a USB device.
  const kind = by.kind ?? 'any';
  const candidates = kind === 'usb' ? [] : devices;
  const noun = kind === 'usb' ? 'device' : kind === 'local' ? 'emulator' : 'device/emulator';
  if (candidates.length === 0) return { error: `no ${noun === 'device/emulator' ? 'devices/emulators' : `${noun}s`} found` };
  if (candidates.length > 1) return { error: `more than one ${noun}` };
  return { device: candidates[0], id: ids.of(candidates[0].serial) };
}

const SERIAL_COMMANDS =
  /^(features|host-features|get-state|get-serialno|get-devpath|list-forward|forward|killforward|killforward-all|reconnect|wait-for-[a-z-]+)(:|$)/;

/**
 * Splits `host-serial:SERIAL:COMMAND`, `host-transport-id:N:COMMAND`, `host-usb:COMMAND`, `host-local:COMMAND`
 * and `host:COMMAND` into the device selector and the command. A serial may itself contain colons (127.0.0.1:5555).
 */
export function splitHostRequest(request: string): { by: DeviceSelector; command: string } | undefined {
  if (request.startsWith('host:')) return { by: { kind: 'any' }, command: request.slice(5) };
  if (request.startsWith('host-usb:')) return { by: { kind: 'usb' }, command: request.slice(9) };
  if (request.startsWith('host-local:')) return { by: { kind: 'local' }, command: request.slice(11) };
  if (request.startsWith('host-transport-id:')) {
    const rest = request.slice(18);
    const colon = rest.indexOf(':');
    if (colon < 0) return undefined;
    return { by: { id: Number(rest.slice(0, colon)) }, command: rest.slice(colon + 1) };
  }
  if (request.startsWith('host-serial:')) {
    const rest = request.slice(12);
    for (let colon = rest.indexOf(':'); colon >= 0; colon = rest.indexOf(':', colon + 1)) {
      const command = rest.slice(colon + 1);
      if (SERIAL_COMMANDS.test(command)) return { by: { serial: rest.slice(0, colon) }, command };
    }
    return undefined;
  }
  return undefined;
}
