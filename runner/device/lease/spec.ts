// What the `device` setting asks for: the virtual device, any connected device, or named devices.
import type { Platform } from '../../../src/drivers/index.js';

export type DeviceSpec = { kind: 'auto' } | { kind: 'sim' } | { kind: 'any'; platform: Platform } | { kind: 'serials'; serials: string[] };

/**
 * Reads 'sim', 'android:any', 'ios:any', or serials, simulator UDIDs and WebDriverAgent URLs ('URL' or
 * 'UDID@URL') separated by commas; nothing set means: a connected device if there is one, else the virtual one.
 */
export function parseDeviceSpec(value: string | undefined): DeviceSpec {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'auto') return { kind: 'auto' };
  if (text === 'sim') return { kind: 'sim' };
  if (text === 'android:any') return { kind: 'any', platform: 'android' };
  if (text === 'ios:any') return { kind: 'any', platform: 'ios' };
  const serials = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { kind: 'serials', serials: [...new Set(serials)] };
}

/** How many devices the setting names, when that is known without asking a device server. */
export function knownDeviceCount(spec: DeviceSpec): number | undefined {
  return spec.kind === 'serials' ? spec.serials.length : undefined;
}

const UDID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$|^[0-9a-f]{40}$|^[0-9A-F]{8}-[0-9A-F]{16}$/i;

/** An iOS device named in the setting: a simulator or device UDID, a WebDriverAgent URL, or both as `UDID@URL`. */
export interface IosDeviceName {
  udid: string | undefined;
  wdaUrl: string | undefined;
}

/** Reads one entry of the setting as an iOS device; undefined when it names none (an adb serial). */
export function iosDevice(entry: string): IosDeviceName | undefined {
  const at = /^([^@]+)@(https?:\/\/.+)$/.exec(entry);
  if (at) return { udid: at[1], wdaUrl: at[2] };
  if (/^https?:\/\//.test(entry)) return { udid: undefined, wdaUrl: entry };
  return UDID.test(entry) ? { udid: entry, wdaUrl: undefined } : undefined;
}

/** Whether the setting can only mean iOS devices (ios:any, UDIDs or WebDriverAgent URLs). */
export function namesIosDevices(spec: DeviceSpec): boolean {
  if (spec.kind === 'any') return spec.platform === 'ios';
  return spec.kind === 'serials' && spec.serials.every((s) => iosDevice(s) !== undefined);
}
