import { ime } from './input-methods.js';
import type { Phone } from '../../types.js';
import { fail, type CommandContext, type CommandTable } from '../registry.js';
import { defaultCommand } from './framework.js';
import { applySetting, settings } from './settings.js';

function getprop(ctx: CommandContext): number {
  const args = ctx.args.filter((a) => !a.startsWith('-'));
  const [key, fallback] = args;
  if (key === undefined) {
    const keys = [...ctx.phone.props.keys()].sort();
    for (const k of keys) ctx.stdout(`[${k}]: [${ctx.phone.props.get(k) ?? ''}]\n`);
    return 0;
  }
  ctx.stdout(`${ctx.phone.props.get(key) ?? fallback ?? ''}\n`);
  return 0;
}

function setprop(ctx: CommandContext): number {
  const [key, value] = ctx.args;
  if (key === undefined || value === undefined) return fail(ctx, 'Need 2 arguments');
  const denied = (key.startsWith('ro.') && ctx.phone.props.has(key)) || !/^[\w.@:-]+$/.test(key);
  if (denied) {
    ctx.stderr(`Failed to set property '${key}' to '${value}'.\nSee dmesg for error reason.\n`);
    return 1;
  }
  ctx.phone.props.set(key, value);
  return 0;
}

const WM_HELP = `Window manager (window) commands:
  help
      Print this help text.
  size [reset|WxH|WdpxHdp] [-d DISPLAY_ID]
    Return or override display size.
    width and height in pixels unless suffixed with 'dp'.
  density [reset|DENSITY] [-d DISPLAY_ID]
    Return or override display density.
  folded-area [reset|LEFT,TOP,RIGHT,BOTTOM]
    Return or override folded area.
  scaling [off|auto] [-d DISPLAY_ID]
    Set display scaling mode.
  dismiss-keyguard
    Dismiss the keyguard, prompting user for auth if necessary.
  disable-blur [true|1|false|0]
  user-rotation [-d DISPLAY_ID] [free|lock] [rotation]
    Print or set user rotation mode and user rotation.
  dump-visible-window-views
    Dumps the encoded view hierarchies of visible windows
  fixed-to-user-rotation [-d DISPLAY_ID] [enabled|disabled|default]
    Enable or disable rotating display for app requested orientation.
`;

/** Overrides set with `wm size WxH` / `wm density N`, per phone. */
const wmOverrides = new WeakMap<Phone, { size?: string; density?: number }>();

function wm(ctx: CommandContext): number {
  const args: string[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    if (ctx.args[i] === '-d') i++;
    else args.push(ctx.args[i]);
  }
  const [verb, value] = args;
  const overrides = wmOverrides.get(ctx.phone) ?? {};
  wmOverrides.set(ctx.phone, overrides);
  const { width, height, density } = ctx.phone.ui.size;
  if (verb === 'size') {
    if (value === undefined) {
      ctx.stdout(`Physical size: ${width}x${height}\n`);
      if (overrides.size) ctx.stdout(`Override size: ${overrides.size}\n`);
      return 0;
    }
    if (value === 'reset') {
      overrides.size = undefined;
      return 0;
    }
    const match = /^(\d+)x(\d+)$/.exec(value);
    if (!match) {
      ctx.stderr(`Error: bad size ${value}\n`);
      return 255;
    }
    overrides.size = `${match[1]}x${match[2]}`;
    return 0;
  }
  if (verb === 'density') {
    if (value === undefined) {
      ctx.stdout(`Physical density: ${density}\n`);
      if (overrides.density) ctx.stdout(`Override density: ${overrides.density}\n`);
      return 0;
    }
    if (value === 'reset') {
      overrides.density = undefined;
      return 0;
    }
    if (!/^\d+$/.test(value)) {
      ctx.stderr(`Error: bad number ${value}\n`);
      return 255;
    }
    overrides.density = Number(value);
    return 0;
  }
  if (verb === 'user-rotation') {
    const [, mode, rotation] = args;
    if (mode === 'lock' && rotation !== undefined && /^[0-3]$/.test(rotation)) {
      ctx.phone.settings.system.set('user_rotation', rotation);
      applySetting(ctx.phone, { namespace: 'system', key: 'user_rotation', value: rotation });
    }
    return 0;
  }
  // No lock screen is shown on this phone, so there is no keyguard to dismiss; the call succeeds quietly.
  if (verb === 'dismiss-keyguard') return 0;
  return defaultCommand(ctx, verb, { help: WM_HELP });
}

/** What the svc script prints for `svc wifi|data|bluetooth` without enable/disable (and exits 1). */
const SVC_SCRIPT_USAGE: Record<string, string> = {
  wifi: 'Control the Wi-Fi manager\n\nusage: svc wifi [enable|disable]\n         Turn Wi-Fi on or off.\n\n',
  data: 'Enable/Disable Mobile Data Connectivity\n\nusage: svc data [enable|disable]\n\n',
  bluetooth: 'Control the Bluetooth manager\n\nusage: svc bluetooth [enable|disable]\n         Turn Bluetooth on or off.\n\n',
};

/** The commands the svc script hands on to `cmd` instead of Svc.java. */
const SVC_SCRIPT_TARGETS: Record<string, (on: boolean) => string> = {
  wifi: (on) => `cmd wifi set-wifi-enabled ${on ? 'enabled' : 'disabled'}`,
  data: (on) => `cmd phone data ${on ? 'enable' : 'disable'}`,
  bluetooth: (on) => `cmd bluetooth_manager ${on ? 'enable' : 'disable'}`,
};

/** Svc.java's commands as `svc help` lists them (on stderr), name padded to the longest. */
const SVC_COMMANDS: ReadonlyArray<[string, string]> = [
  ['help', 'Show information about the subcommands'],
  ['power', 'Control the power manager'],
  ['usb', 'Control Usb state'],
  ['nfc', 'Control NFC functions'],
  ['system-server', 'System server process related command'],
];

/** `svc`: a script that sends wifi, data and bluetooth to `cmd`, and the rest to Svc.java (which always exits 0). */
async function svc(ctx: CommandContext): Promise<number> {
  const [service, action] = ctx.args;
  const target = service === undefined ? undefined : SVC_SCRIPT_TARGETS[service];
  if (service !== undefined && target) {
    if (action === 'enable' || action === 'disable') return ctx.sh(target(action === 'enable'));
    ctx.stdout(SVC_SCRIPT_USAGE[service]);
    return 1;
  }
  if (service === 'power' && action === 'stayon') {
    const value = ctx.args[2] ?? 'true';
    ctx.phone.settings.global.set('stay_on_while_plugged_in', value === 'true' ? '7' : value === 'false' ? '0' : value);
    return 0;
  }
  if (service === 'nfc') {
    // The virtual phone has no NFC controller (no android.hardware.nfc feature), as Svc's NfcCommand reports.
    ctx.stderr(
      action === 'enable' || action === 'disable'
        ? 'NFC feature not supported.\n'
        : 'Control NFC functions\n\nusage: svc nfc [enable|disable]\n         Turn NFC on or off.\n\n\n',
    );
    return 0;
  }
  if (service === 'power' || service === 'usb' || service === 'system-server') return 0;
  const width = Math.max(...SVC_COMMANDS.map(([name]) => name.length));
  ctx.stderr(`Available commands:\n${SVC_COMMANDS.map(([name, text]) => `    ${name.padEnd(width)}    ${text}\n`).join('')}`);
  return 0;
}

export const systemCommands: CommandTable = { getprop, setprop, settings, wm, svc, ime };
