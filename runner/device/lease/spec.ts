// What the `device` setting asks for: the virtual phone, any connected device, or named serials.

export type DeviceSpec = { kind: 'auto' } | { kind: 'sim' } | { kind: 'any' } | { kind: 'serials'; serials: string[] };

/** Reads 'sim', 'android:any', 'SERIAL' or 'A,B,C'; nothing set means: a connected device if there is one, else the virtual phone. */
export function parseDeviceSpec(value: string | undefined): DeviceSpec {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'auto') return { kind: 'auto' };
  if (text === 'sim') return { kind: 'sim' };
  if (text === 'android:any') return { kind: 'any' };
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
