// A team's leases: one device per role, all leased at once or none, so N workers sharing M devices never
// hold part of a team each and wait on one another for ever.
import type { Platform } from '../../../src/drivers/index.js';
import { adbDevices, describeListing, usable } from './adb.js';
import { AdbLease, SimLease } from './android.js';
import { IphoneSimLease } from './ios.js';
import { DeviceLeaseError } from './lease-error.js';
import type { DeviceLease } from './lease.js';
import { DeviceLock } from './lock.js';
import { parseDeviceSpec } from './spec.js';

/** The roles of a team and the kind of device each drives: `{ alice: 'android', bob: 'ios' }`. */
export type TeamRoles = Record<string, Platform>;

export interface TeamRequest {
  roles: TeamRoles;
  /** The `device` setting in force (MOBILETEST_DEVICE already applied). */
  setting: string | undefined;
  parallelIndex: number;
  /** How long to wait for enough free devices while other workers hold them, ms (default 5 minutes). */
  waitMs?: number;
}

const POLL_MS = 500;

/** Leases every role its device, or none: a failure part-way releases what was leased. */
export async function leaseTeam(request: TeamRequest): Promise<Map<string, DeviceLease>> {
  const roles = Object.entries(request.roles);
  if (roles.length === 0) throw new DeviceLeaseError('the team names no roles: give it one device per role, e.g. team: { alice: "android", bob: "android" }');
  const spec = parseDeviceSpec(request.setting);
  const android = roles.filter(([, platform]) => platform === 'android').map(([role]) => role);
  const ios = roles.filter(([, platform]) => platform === 'ios').map(([role]) => role);
  const leases = new Map<string, DeviceLease>();
  try {
    if (ios.length > 0 && spec.kind !== 'sim' && spec.kind !== 'auto')
      throw new DeviceLeaseError(
        `the team's iOS ${ios.length > 1 ? 'roles' : 'role'} (${ios.join(', ')}) ${ios.length > 1 ? 'run' : 'runs'} on virtual iPhones only, but the device setting is "${request.setting}": use device 'sim' for a team with iOS roles`,
      );
    const serials = spec.kind === 'sim' || android.length === 0 ? [] : await androidSerials(spec, request.setting);
    // Nothing connected and nothing named: every role gets a virtual phone of its own, started in this worker.
    const virtual = spec.kind === 'sim' || (spec.kind === 'auto' && serials.length === 0);
    for (const [index, [role, platform]] of roles.entries()) {
      if (platform !== 'ios' && !virtual) continue;
      const seed = 1000 + request.parallelIndex * 16 + index;
      leases.set(role, platform === 'ios' ? await IphoneSimLease.start(seed) : await SimLease.start(seed));
    }
    if (!virtual && android.length > 0) {
      const held = await lockAll({ roles: android, serials, waitMs: request.waitMs ?? 300_000 });
      for (const [i, role] of android.entries()) leases.set(role, await AdbLease.open(held[i].serial, held[i]));
    }
    return new Map(roles.map(([role]) => [role, leases.get(role) as DeviceLease]));
  } catch (error) {
    await Promise.all([...leases.values()].map((lease) => lease.release().catch(() => undefined)));
    throw error;
  }
}

/** The Android devices a team may take: the named serials, or every usable device the adb server lists. */
async function androidSerials(spec: ReturnType<typeof parseDeviceSpec>, setting: string | undefined): Promise<string[]> {
  if (spec.kind === 'serials') return spec.serials;
  const listing = await adbDevices();
  const serials = usable(listing.devices);
  if (serials.length === 0 && spec.kind === 'any') throw new DeviceLeaseError(`device "${setting}" found no usable device: ${describeListing(listing)}`);
  return serials;
}

/** Locks `roles.length` of `serials` at once: takes what is free, and lets all go to wait again unless it got enough. */
async function lockAll(o: { roles: string[]; serials: string[]; waitMs: number }): Promise<DeviceLock[]> {
  const wanted = o.roles.length;
  if (o.serials.length < wanted)
    throw new DeviceLeaseError(
      `the team needs ${wanted} Android devices (${o.roles.join(', ')}) but ${o.serials.length === 0 ? 'none is' : `only ${o.serials.length} ${o.serials.length === 1 ? 'is' : 'are'}`} available (${o.serials.join(', ') || 'no device'}): connect more devices, or use virtual phones (device: 'sim')`,
    );
  const deadline = Date.now() + o.waitMs;
  for (;;) {
    const held: DeviceLock[] = [];
    for (const serial of o.serials) {
      if (held.length === wanted) break;
      const lock = await DeviceLock.acquire(serial, { waitMs: 0 }).catch((error: unknown) => {
        if (error instanceof DeviceLeaseError) return undefined;
        throw error;
      });
      if (lock) held.push(lock);
    }
    if (held.length === wanted) return held;
    await Promise.all(held.map((lock) => lock.release()));
    if (Date.now() >= deadline)
      throw new DeviceLeaseError(
        `waited ${Math.round(o.waitMs / 1000)} s for ${wanted} free Android devices (${o.roles.join(', ')}) among ${o.serials.join(', ')}: other workers or runs hold them; run with fewer workers (--workers 1)`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
  }
}
