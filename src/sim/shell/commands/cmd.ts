import type { CommandContext, CommandTable, ShellCommand } from '../registry.js';
import { activityCommands } from './activity.js';
import { inputCommands } from './input.js';
import { packageCommands } from './pm.js';
import { systemCommands } from './system.js';

/** Framework services that `cmd SERVICE …` reaches, and the shell tool each one is. */
const SERVICES: Record<string, ShellCommand | undefined> = {
  package: packageCommands.pm,
  activity: activityCommands.am,
  input: inputCommands.input,
  window: systemCommands.wm,
  settings: systemCommands.settings,
};

const QUIET_SERVICES = new Set(['statusbar', 'notification', 'power', 'wifi', 'bluetooth_manager', 'uimode', 'overlay', 'appops', 'deviceidle', 'connectivity', 'media_session']);

async function cmd(ctx: CommandContext): Promise<number> {
  // `cmd -w SERVICE …` waits for the service to be published; on a booted phone it is at once.
  const [service, ...args] = ctx.args[0] === '-w' ? ctx.args.slice(1) : ctx.args;
  if (service === undefined || service === '-l') {
    ctx.stdout(`Currently running services:\n${[...Object.keys(SERVICES), ...QUIET_SERVICES].sort().map((s) => `  ${s}\n`).join('')}`);
    return 0;
  }
  const tool = SERVICES[service];
  if (tool) return tool({ ...ctx, name: service, args });
  if (service === 'uimode' && args[0] === 'night') {
    const value = args[1];
    if (value === 'yes' || value === 'no' || value === 'auto') ctx.phone.settings.secure.set('ui_night_mode', value === 'yes' ? '2' : value === 'no' ? '1' : '0');
    const mode = ctx.phone.settings.secure.get('ui_night_mode');
    ctx.stdout(`Night mode: ${mode === '2' ? 'yes' : mode === '0' ? 'auto' : 'no'}\n`);
    return 0;
  }
  if (service === 'wifi' && (args[0] === 'set-wifi-enabled')) {
    ctx.phone.settings.global.set('wifi_on', args[1] === 'enabled' ? '1' : '0');
    return 0;
  }
  if (service === 'connectivity' && args[0] === 'airplane-mode') return airplaneMode(ctx, args[1]);
  if (QUIET_SERVICES.has(service)) return 0;
  ctx.stderr(`cmd: Can't find service: ${service}\n`);
  return 20;
}

/** ConnectivityService's shell command: `airplane-mode enable|disable`, or the state as `enabled`/`disabled`. */
function airplaneMode(ctx: CommandContext, action: string | undefined): number {
  if (action === 'enable' || action === 'disable') {
    ctx.phone.settings.global.set('airplane_mode_on', action === 'enable' ? '1' : '0');
    return 0;
  }
  if (action === undefined) {
    ctx.stdout(`${ctx.phone.settings.global.get('airplane_mode_on') === '1' ? 'enabled' : 'disabled'}\n`);
    return 0;
  }
  ctx.stderr(`Unknown command: ${action}\n`);
  return 255;
}

export const cmdCommands: CommandTable = { cmd };
