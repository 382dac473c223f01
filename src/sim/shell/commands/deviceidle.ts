// `cmd deviceidle` and `dumpsys deviceidle`: DeviceIdleController (Doze) on a phone whose screen is on
// and which is charging, so it stays ACTIVE until the shell forces it.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand } from './framework.js';
import { uidOf } from './names.js';

const HELP = `Device idle controller (deviceidle) commands:
  help
    Print this help text.
  step [light|deep]
    Immediately step to next state, without waiting for alarm.
  force-idle [light|deep]
    Force directly into idle mode, regardless of other device state.
  force-inactive
    Force to be inactive, ready to freely step idle states.
  unforce
    Resume normal functioning after force-idle or force-inactive.
  get [light|deep|force|screen|charging|network]
    Retrieve the current given state.
  disable [light|deep|all]
    Completely disable device idle mode.
  enable [light|deep|all]
    Re-enable device idle mode after it had previously been disabled.
  enabled [light|deep|all]
    Print 1 if device idle mode is currently enabled, else 0.
  whitelist
    Print currently whitelisted apps.
  whitelist [package ...]
    Add (prefix with +) or remove (prefix with -) packages.
  sys-whitelist [package ...|reset]
    Prefix the package with '-' to remove it from the system whitelist or '+' to put it back in the system whitelist.
    Note that only packages that were earlier removed from the system whitelist can be added back.
    reset will reset the whitelist to the original state
    Prints the system whitelist if no arguments are specified
  except-idle-whitelist [package ...|reset]
    Prefix the package with '+' to add it to whitelist or '=' to check if it is already whitelisted
    [reset] will reset the whitelist to it's original state
    Note that unlike <whitelist> cmd, changes made using this won't be persisted across boots
  tempwhitelist
    Print packages that are temporarily whitelisted.
  tempwhitelist [-u USER] [-d DURATION] [-r] [package]
    Temporarily place package in whitelist for DURATION milliseconds.
    If no DURATION is specified, 10 seconds is used
    If [-r] option is used, then the package is removed from temp whitelist and any [-d] is ignored
  motion
    Simulate a motion event to bring the device out of deep doze
  force-modemanager-quickdoze [true|false]
    Simulate mode manager request to enable (true) or disable (false) quick doze. Mode manager changes will be ignored until unforce is called.
  force-modemanager-offbody [true|false]
    Force mode manager offbody state, this can be used to simulate device being off-body (true) or on-body (false). Mode manager changes will be ignored until unforce is called.
`;

/** The deep and light Doze states in the order `step` walks them. */
const DEEP = ['ACTIVE', 'INACTIVE', 'IDLE_PENDING', 'SENSING', 'LOCATING', 'IDLE', 'IDLE_MAINTENANCE'] as const;
const LIGHT = ['ACTIVE', 'INACTIVE', 'IDLE', 'IDLE_MAINTENANCE', 'OVERRIDE'] as const;

/** Packages the platform exempts from Doze (sysconfig allow-in-power-save), with their kind. */
const SYSTEM_WHITELIST: ReadonlyArray<{ kind: 'system-excidle' | 'system'; pkg: string; uid: number }> = [
  { kind: 'system-excidle', pkg: 'com.android.providers.downloads', uid: 10029 },
  { kind: 'system', pkg: 'com.android.shell', uid: 2000 },
];

interface Doze {
  deep: string;
  light: string;
  deepEnabled: boolean;
  lightEnabled: boolean;
  forced: boolean;
  user: Set<string>;
}

const dozes = new WeakMap<Phone, Doze>();

function dozeOf(phone: Phone): Doze {
  let doze = dozes.get(phone);
  if (!doze) {
    doze = { deep: 'ACTIVE', light: 'ACTIVE', deepEnabled: true, lightEnabled: true, forced: false, user: new Set() };
    dozes.set(phone, doze);
  }
  return doze;
}

function next<T extends string>(states: readonly T[], state: string): T {
  const i = states.indexOf(state as T);
  // From IDLE_MAINTENANCE Doze goes back to IDLE; from ACTIVE nothing moves while the screen is on.
  if (state === 'IDLE_MAINTENANCE') return states[states.indexOf('IDLE' as T)];
  if (state === 'ACTIVE' || i < 0) return state as T;
  return states[Math.min(i + 1, states.length - 1)];
}

function summary(doze: Doze): string {
  return `Light state: ${doze.light}, deep state: ${doze.deep}\n`;
}

function uidOfPackage(phone: Phone, pkg: string): number | undefined {
  const installed = phone.packages.get(pkg);
  return installed ? uidOf(pkg, installed.system) : undefined;
}

function whitelist(ctx: CommandContext, doze: Doze, args: string[]): number {
  if (args.length === 0) {
    for (const w of SYSTEM_WHITELIST) ctx.stdout(`${w.kind},${w.pkg},${w.uid}\n`);
    for (const pkg of doze.user) ctx.stdout(`user,${pkg},${uidOfPackage(ctx.phone, pkg) ?? 0}\n`);
    return 0;
  }
  for (const arg of args) {
    const pkg = arg.slice(1);
    if (arg.startsWith('+')) {
      if (uidOfPackage(ctx.phone, pkg) === undefined) ctx.stdout(`Unknown package: ${pkg}\n`);
      else {
        doze.user.add(pkg);
        ctx.stdout(`Added: ${pkg}\n`);
      }
    } else if (arg.startsWith('-')) {
      if (doze.user.delete(pkg)) ctx.stdout(`Removed: ${pkg}\n`);
    } else if (arg.startsWith('=')) {
      ctx.stdout(`${doze.user.has(pkg) || SYSTEM_WHITELIST.some((w) => w.pkg === pkg && w.kind === 'system')}\n`);
    } else {
      ctx.stdout(`Package must be prefixed with +, -, or =: ${arg}\n`);
      return 255;
    }
  }
  return 0;
}

/** Which idle modes to switch (deep, light, all; none given means both) and whether on or off. */
interface IdleSwitch {
  mode: string | undefined;
  on: boolean;
}

function setEnabled(ctx: CommandContext, doze: Doze, { mode, on }: IdleSwitch): number {
  const deep = mode === undefined || mode === 'deep' || mode === 'all';
  const light = mode === undefined || mode === 'light' || mode === 'all';
  if (!deep && !light) {
    ctx.stdout(`Unknown idle mode: ${mode}\n`);
    return 0;
  }
  // DeviceIdleController words it so: "Deep idle mode disabled" but "Deep idle mode enable".
  if (deep && doze.deepEnabled !== on) {
    doze.deepEnabled = on;
    ctx.stdout(`Deep idle mode ${on ? 'enable' : 'disabled'}\n`);
  }
  if (light && doze.lightEnabled !== on) {
    doze.lightEnabled = on;
    ctx.stdout(`Light idle mode ${on ? 'enable' : 'disabled'}\n`);
  }
  if (!on) Object.assign(doze, { deep: 'ACTIVE', light: 'ACTIVE' });
  return 0;
}

function deviceidle(ctx: CommandContext): number {
  const [verb, ...args] = ctx.args;
  const doze = dozeOf(ctx.phone);
  const mode = args[0];
  switch (verb) {
    case 'step':
      if (mode === undefined || mode === 'deep') ctx.stdout(`Stepped to deep: ${(doze.deep = next(DEEP, doze.deep))}\n`);
      else if (mode === 'light') ctx.stdout(`Stepped to light: ${(doze.light = next(LIGHT, doze.light))}\n`);
      else ctx.stdout(`Unknown idle mode: ${mode}\n`);
      return 0;
    case 'force-idle': {
      const light = mode === 'light';
      if (mode !== undefined && mode !== 'deep' && !light) {
        ctx.stdout(`Unknown idle mode: ${mode}\n`);
        return 0;
      }
      if (!(light ? doze.lightEnabled : doze.deepEnabled)) {
        ctx.stdout(`Unable to go ${light ? 'light' : 'deep'} idle; not enabled\n`);
        return 255;
      }
      doze.forced = true;
      if (light) doze.light = 'IDLE';
      else Object.assign(doze, { deep: 'IDLE', light: 'OVERRIDE' });
      ctx.stdout(`Now forced in to ${light ? 'light' : 'deep'} idle mode\n`);
      return 0;
    }
    case 'force-inactive':
      doze.forced = true;
      if (doze.deep === 'ACTIVE') doze.deep = 'INACTIVE';
      if (doze.light === 'ACTIVE') doze.light = 'INACTIVE';
      ctx.stdout(summary(doze));
      return 0;
    case 'unforce':
    case 'motion':
      // The screen is on, so leaving forced Doze (or moving) makes the phone active at once.
      Object.assign(doze, { forced: false, deep: 'ACTIVE', light: 'ACTIVE' });
      ctx.stdout(summary(doze));
      return 0;
    case 'get': {
      const values: Record<string, string> = {
        light: doze.light,
        deep: doze.deep,
        force: String(doze.forced),
        screen: 'true',
        charging: 'true',
        network: 'true',
      };
      ctx.stdout(mode !== undefined && mode in values ? `${values[mode]}\n` : `Unknown get option: ${mode ?? 'null'}\n`);
      return 0;
    }
    case 'disable':
    case 'enable':
      return setEnabled(ctx, doze, { mode, on: verb === 'enable' });
    case 'enabled': {
      const on = mode === 'light' ? doze.lightEnabled : mode === 'deep' ? doze.deepEnabled : doze.lightEnabled && doze.deepEnabled;
      ctx.stdout(`${on ? 1 : 0}\n`);
      return 0;
    }
    case 'whitelist':
      return whitelist(ctx, doze, args);
    case 'sys-whitelist':
      if (args.length === 0) for (const w of SYSTEM_WHITELIST.filter((x) => x.kind === 'system')) ctx.stdout(`${w.pkg},${w.uid}\n`);
      return 0;
    case 'except-idle-whitelist':
    case 'tempwhitelist':
    case 'force-modemanager-quickdoze':
    case 'force-modemanager-offbody':
      return 0;
    default:
      return defaultCommand(ctx, verb, { help: HELP });
  }
}

/** `dumpsys deviceidle`: the controller's state; `dumpsys deviceidle CMD …` runs CMD as `cmd deviceidle` does. */
export function deviceIdleDump(ctx: CommandContext, args: string[]): number {
  if (args[0] === '-h') {
    ctx.stdout(HELP);
    return 0;
  }
  const command = args.filter((a) => a !== '-a');
  if (command[0]?.startsWith('-')) {
    ctx.stdout(`Unknown option: ${command[0]}\n`);
    return 0;
  }
  if (command.length > 0) {
    deviceidle({ ...ctx, args: command });
    return 0;
  }
  const doze = dozeOf(ctx.phone);
  const list = (title: string, items: string[]): string => (items.length > 0 ? `  ${title}:\n${items.map((i) => `    ${i}\n`).join('')}` : '');
  ctx.stdout(
    `${list(
      'Whitelist (except idle) system apps',
      SYSTEM_WHITELIST.filter((w) => w.kind === 'system-excidle').map((w) => w.pkg),
    )}` +
      `${list(
        'Whitelist system apps',
        SYSTEM_WHITELIST.filter((w) => w.kind === 'system').map((w) => w.pkg),
      )}` +
      `${list('Whitelist user apps', [...doze.user])}` +
      `  mLightEnabled=${doze.lightEnabled}  mDeepEnabled=${doze.deepEnabled}\n  mForceIdle=${doze.forced}\n` +
      '  mUseMotionSensor=true mMotionSensor={Sensor name="significant_motion", vendor="mobiletest", version=1, type=17, maxRange=1.0, resolution=1.0, power=0.5, minDelay=-1}\n' +
      '  mScreenOn=true\n  mScreenLocked=false\n  mNetworkConnected=true\n  mCharging=true\n  mMotionActive=false\n  mNotMoving=false\n' +
      `  mState=${doze.deep} mLightState=${doze.light}\n  mInactiveTimeout=+30m0s0ms\n`,
  );
  return 0;
}

export const deviceIdleCommands: CommandTable = { deviceidle };
