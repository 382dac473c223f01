// The worker's device lease: which phone worker N drives, and getting it back after it went away.
import type { Driver, Platform } from '../../../src/drivers/index.js';
import type { Sim, TimingMode } from '../../../src/sim/index.js';
import { adbDevices, describeListing, usable } from './adb.js';
import { AdbLease, SimLease } from './android.js';
import { DeviceLeaseError } from './lease-error.js';
import { parseDeviceSpec, type DeviceSpec } from './spec.js';

export interface LeaseRequest {
  /** The `device` setting in force (MOBILETEST_DEVICE already applied). */
  setting: string | undefined;
  /** Which kind of device to lease (default android). */
  platform?: Platform;
  /** This worker's slot, 0 .. workers-1 (Playwright's parallelIndex). */
  parallelIndex: number;
  /** How many workers the run may start. */
  workers: number;
}

/** One device held by one worker for its lifetime. */
export interface DeviceLease {
  readonly kind: 'sim' | 'adb';
  /** The serial of the device now held. */
  readonly serial: string;
  readonly driver: Driver;
  /** The virtual phone, when the lease started one in this worker (for fault injection in tests). */
  readonly sim: Sim | undefined;
  /** The app ids installed on the device; undefined when the device cannot say. */
  installedApps(): Promise<string[] | undefined>;
  /** Makes sure the device answers; reconnects, or leases a fresh virtual phone, when it went away. */
  ensureConnected(): Promise<void>;
  release(): Promise<void>;
}

/** MOBILETEST_SIM_TIMING=real paces the leased virtual phones as a mid-range Android 14 phone; fast (default) answers at once. */
export function simTiming(env: NodeJS.ProcessEnv = process.env): TimingMode {
  const value = env.MOBILETEST_SIM_TIMING?.trim() || 'fast';
  if (value === 'fast' || value === 'real') return value;
  throw new DeviceLeaseError(`MOBILETEST_SIM_TIMING must be "fast" or "real", got "${value}". Unset it for the default (fast).`);
}

export function tooManyWorkers(request: LeaseRequest, serials: string[], what: string): DeviceLeaseError {
  return new DeviceLeaseError(
    `${request.workers} workers but ${serials.length} device${serials.length === 1 ? '' : 's'} (${what}: ${serials.join(', ') || 'none'}): run with --workers ${Math.max(1, serials.length)}`,
  );
}

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
  switch (spec.kind) {
    case 'sim':
      return SimLease.start(request.parallelIndex + 1);
    case 'serials':
      return leaseSerial(request, spec);
    case 'any': {
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
