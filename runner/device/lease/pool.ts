// The worker's device lease: which phone worker N drives, and getting it back after it went away.
import { adbDevices, describeListing, usable } from './adb.js';
import { AdbLease, SimLease } from './android.js';
import { DeviceLeaseError } from './lease-error.js';
import { tooManyWorkers, type DeviceLease, type LeaseRequest } from './lease.js';

export type { DeviceLease, LeaseRequest } from './lease.js';
export { simTiming } from './lease.js';
import { leaseIphone } from './ios.js';
import { namesIosDevices, parseDeviceSpec, type DeviceSpec } from './spec.js';

async function leaseSerial(request: LeaseRequest, spec: Extract<DeviceSpec, { kind: 'serials' }>): Promise<DeviceLease> {
  if (request.workers > spec.serials.length) throw tooManyWorkers(request, spec.serials, 'device setting');
  const serial = spec.serials[request.parallelIndex];
  const listing = await adbDevices();
  const state = listing.devices?.find((d) => d.id === serial)?.state;
  if (state !== 'device') {
    const problem = state === undefined ? 'is not connected' : `is ${state}`;
    throw new DeviceLeaseError(
      `Device ${serial} (from the device setting "${spec.serials.join(',')}") ${problem}: ${describeListing(listing)}; check the serial with \`mobiletest devices\``,
    );
  }
  return AdbLease.open(serial);
}

async function leaseAny(request: LeaseRequest, serials: string[], where: string): Promise<DeviceLease> {
  if (request.workers > serials.length) throw tooManyWorkers(request, serials, `connected to ${where}`);
  return AdbLease.open(serials[request.parallelIndex]);
}

/** Leases worker `parallelIndex` its own device as the setting says. */
export async function leaseDevice(request: LeaseRequest): Promise<DeviceLease> {
  const spec = parseDeviceSpec(request.setting);
  if (request.platform === 'ios') {
    if (spec.kind === 'any' && spec.platform === 'android')
      throw new DeviceLeaseError(
        'device "android:any" names Android devices, but the platform is ios: use ios:any, sim, simulator UDIDs or a WebDriverAgent URL',
      );
    return leaseIphone(request, spec);
  }
  if (namesIosDevices(spec) && spec.kind !== 'any')
    throw new DeviceLeaseError(`device "${request.setting}" names iOS devices, but the platform is android: set platform: 'ios' (or --platform ios)`);
  switch (spec.kind) {
    case 'sim':
      return SimLease.start(request.parallelIndex + 1);
    case 'serials':
      return leaseSerial(request, spec);
    case 'any': {
      if (spec.platform === 'ios')
        throw new DeviceLeaseError(`device "ios:any" names iPhones, but the platform is android: set platform: 'ios' (or --platform ios)`);
      const listing = await adbDevices();
      if (usable(listing.devices).length === 0) throw new DeviceLeaseError(`device "android:any" found no usable device: ${describeListing(listing)}`);
      return leaseAny(request, usable(listing.devices), listing.where);
    }
    case 'auto': {
      // Nothing configured: the connected devices if an adb server already runs with some, else the virtual phone.
      const listing = await adbDevices();
      const serials = usable(listing.devices);
      return serials.length === 0 ? SimLease.start(request.parallelIndex + 1) : leaseAny(request, serials, listing.where);
    }
  }
}
