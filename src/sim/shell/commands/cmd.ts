import type { CommandContext, CommandTable, ShellCommand } from '../registry.js';
import { activityCommands } from './activity.js';
import { appopsCommands } from './appops.js';
import { deviceIdleCommands } from './deviceidle.js';
import { displayCommands } from './display.js';
import { frameworkServices } from './framework-services.js';
import { inputCommands } from './input.js';
import { localeCommands } from './locale.js';
import { locationCommands } from './location.js';
import { lockCommands } from './locksettings.js';
import { packageCommands } from './pm.js';
import { systemCommands } from './system.js';
import { telephonyCommands } from './telephony.js';
import { wifiCommands } from './wifi.js';

/** Framework services that `cmd SERVICE …` reaches, each with its shell command. */
const SERVICES: Record<string, ShellCommand | undefined> = {
  package: packageCommands.pm,
  activity: activityCommands.am,
  input: inputCommands.input,
  window: systemCommands.wm,
  settings: systemCommands.settings,
  appops: appopsCommands.appops,
  deviceidle: deviceIdleCommands.deviceidle,
  wifi: wifiCommands.wifi,
  location: locationCommands.location,
  locale: localeCommands.locale,
  phone: telephonyCommands.phone,
  display: displayCommands.display,
  lock_settings: lockCommands.locksettings,
  ...frameworkServices,
};

async function cmd(ctx: CommandContext): Promise<number> {
  // `cmd -w SERVICE …` waits for the service to be published; on a booted phone it is at once.
  const [service, ...args] = ctx.args[0] === '-w' ? ctx.args.slice(1) : ctx.args;
  if (service === undefined || service === '-l') {
    ctx.stdout(
      `Currently running services:\n${Object.keys(SERVICES)
        .sort()
        .map((s) => `  ${s}\n`)
        .join('')}`,
    );
    return 0;
  }
  const tool = SERVICES[service];
  if (tool) return tool({ ...ctx, name: service, args });
  ctx.stderr(`cmd: Can't find service: ${service}\n`);
  return 20;
}

export const cmdCommands: CommandTable = { cmd };
