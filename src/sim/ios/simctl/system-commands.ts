// io, ui, location, status_bar, keychain, getenv, pbcopy, pbpaste, addmedia and push.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { needsBoot, resolvePath, type Command, type CommandContext, type CommandResult } from './command.js';
import { IOS_RUNTIME, IPHONE_15 } from './identity.js';
import { simError, usage } from './sim-error.js';

/** Runs a command only on a booted simulator. */
function booted(command: Command): Command {
  return (ctx) => needsBoot(ctx) ?? command(ctx);
}

const noSuchFile = (file: string) =>
  simError({ domain: 'NSPOSIXErrorDomain', code: 2, lines: [`The file “${path.basename(file)}” couldn’t be opened because there is no such file.`] });

/** `io UDID screenshot [--type=png] [--display=..] [--mask=..] FILE|-`. */
const io: Command = async (ctx) => {
  const [operation, ...rest] = ctx.args;
  if (operation !== 'screenshot')
    return usage('Usage: simctl io <device> <operation> <arguments>\n\n\tscreenshot [--type=<type>] [--display=<display>] [--mask=<policy>] <file or url>');
  const type = rest.find((word) => word.startsWith('--type='))?.slice('--type='.length);
  const target = rest.filter((word) => !word.startsWith('--')).pop();
  if (!target) return usage('Usage: simctl io <device> screenshot [--type=<type>] <file or url>');
  if (type && type.toLowerCase() !== 'png') return usage(`Unsupported image type: ${type} (the virtual iPhone writes png only)`);
  let png: Buffer;
  try {
    png = await ctx.sim.phone.screenshotPng();
  } catch (error) {
    return simError({ domain: 'SimulatorKit.SimDisplayScreenshotWriter.Error', code: 2, lines: [`Error creating the image: ${(error as Error).message}`] });
  }
  if (target === '-') {
    ctx.io.out(png);
    return 0;
  }
  const file = resolvePath(ctx, target);
  if (!type) ctx.io.err("Detected file type 'PNG' from extension\n");
  writeFileSync(file, png);
  ctx.io.err(`Wrote screenshot to: ${target}\n`);
  return 0;
};

const CONTENT_SIZES = [
  'extra-small',
  'small',
  'medium',
  'large',
  'extra-large',
  'extra-extra-large',
  'extra-extra-extra-large',
  'accessibility-medium',
  'accessibility-large',
  'accessibility-extra-large',
  'accessibility-extra-extra-large',
  'accessibility-extra-extra-extra-large',
];

/** `ui UDID appearance [light|dark]`, `increase_contrast [enabled|disabled]`, `content_size [SIZE|increment|decrement]`. */
const ui: Command = (ctx) => {
  const { sim, io: out } = ctx;
  const [option, value] = ctx.args;
  const secure = sim.phone.settings.secure;
  if (option === 'appearance') {
    if (!value) out.out(`${secure.get('ui_night_mode') === '2' ? 'dark' : 'light'}\n`);
    else if (value === 'light' || value === 'dark') secure.set('ui_night_mode', value === 'dark' ? '2' : '1');
    else return usage(`Unknown appearance: ${value}. Use light or dark.`);
    return 0;
  }
  if (option === 'increase_contrast') {
    if (!value) out.out(`${sim.increaseContrast}\n`);
    else if (value === 'enabled' || value === 'disabled') sim.increaseContrast = value;
    else return usage(`Unknown increase_contrast mode: ${value}. Use enabled or disabled.`);
    return 0;
  }
  if (option === 'content_size') {
    if (!value) out.out(`${sim.contentSize}\n`);
    else return setContentSize(ctx, value);
    return 0;
  }
  return usage('Usage: simctl ui <device> <option> [<arguments>]\n\nOptions: appearance, increase_contrast, content_size');
};

function setContentSize(ctx: CommandContext, value: string): CommandResult {
  const at = CONTENT_SIZES.indexOf(ctx.sim.contentSize);
  const next = value === 'increment' ? CONTENT_SIZES[Math.min(at + 1, 6)] : value === 'decrement' ? CONTENT_SIZES[Math.max(at - 1, 0)] : value;
  if (!CONTENT_SIZES.includes(next)) return usage(`Unknown content size: ${value}`);
  ctx.sim.contentSize = next;
  // The phone's font scale follows, so screens grow and shrink with the setting.
  ctx.sim.phone.settings.system.set('font_scale', String(Math.round((0.8 + 0.1 * CONTENT_SIZES.indexOf(next)) * 100) / 100));
  return 0;
}

/** `location UDID set LAT,LON` | `clear`. */
const location: Command = (ctx) => {
  const [action, where] = ctx.args;
  if (action === 'clear') {
    ctx.sim.location = undefined;
    return 0;
  }
  const match = action === 'set' && where ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(where) : null;
  if (!match) return usage('Usage: simctl location <device> set <latitude>,<longitude>\n       simctl location <device> clear');
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return usage(`Invalid coordinate: ${where}`);
  ctx.sim.location = { latitude, longitude };
  return 0;
};

const STATUS_BAR_FLAGS: Record<string, string> = {
  '--time': 'Time',
  '--dataNetwork': 'DataNetworkType',
  '--wifiMode': 'WiFiMode',
  '--wifiBars': 'WiFiBars',
  '--cellularMode': 'CellularMode',
  '--cellularBars': 'CellularBars',
  '--operatorName': 'OperatorName',
  '--batteryState': 'BatteryState',
  '--batteryLevel': 'BatteryLevel',
};

/** `status_bar UDID override --time 9:41 ...` | `clear` | `list`. */
const status_bar: Command = (ctx) => {
  const [action, ...rest] = ctx.args;
  const bar = ctx.sim.statusBar;
  if (action === 'clear') bar.clear();
  else if (action === 'list') {
    const lines = [...bar].map(([key, value]) => `${key}: ${value}`);
    ctx.io.out(`Current Status Bar Overrides:\n=============================\n${lines.join('\n')}${lines.length ? '\n' : ''}`);
  } else if (action === 'override') {
    for (let i = 0; i < rest.length; i += 2) {
      const key = STATUS_BAR_FLAGS[rest[i]];
      if (!key || rest[i + 1] === undefined) return usage(`Unknown or incomplete status bar override: ${rest[i]}`);
      bar.set(key, rest[i + 1]);
    }
  } else return usage('Usage: simctl status_bar <device> [list | clear | override <override arguments>]');
  return 0;
};

/** `keychain UDID reset | add-root-cert PATH | add-cert PATH`. */
const keychain: Command = (ctx) => {
  const [action, file] = ctx.args;
  if (action === 'reset') {
    ctx.sim.keychainCerts = [];
    return 0;
  }
  if ((action === 'add-root-cert' || action === 'add-cert') && file) {
    const absolute = resolvePath(ctx, file);
    if (!existsSync(absolute)) return noSuchFile(file);
    ctx.sim.keychainCerts.push(absolute);
    return 0;
  }
  return usage('Usage: simctl keychain <device> [add-root-cert|add-cert|reset] [<path>]');
};

/** `getenv UDID NAME`: the simulator's launchd environment. */
const getenv: Command = (ctx) => {
  const { sim } = ctx;
  const vars: Record<string, string> = {
    HOME: sim.dataPath,
    TMPDIR: `${sim.dataPath}/tmp/`,
    PATH: '/usr/bin:/bin:/usr/sbin:/sbin',
    SIMULATOR_UDID: sim.udid,
    SIMULATOR_DEVICE_NAME: sim.name,
    SIMULATOR_MODEL_IDENTIFIER: IPHONE_15.modelIdentifier,
    SIMULATOR_RUNTIME_VERSION: IOS_RUNTIME.version,
    SIMULATOR_RUNTIME_BUILD_VERSION: IOS_RUNTIME.buildversion,
    SIMULATOR_LOG_ROOT: sim.logPath,
    SIMULATOR_SHARED_RESOURCES_DIRECTORY: path.dirname(sim.dataPath),
  };
  const [name] = ctx.args;
  if (!name) return usage('Usage: simctl getenv <device> <variable name>');
  const value = vars[name];
  if (value === undefined) ctx.io.err(`Environment variable ${name} is not set\n`);
  else ctx.io.out(`${value}\n`);
  return 0;
};

const pbcopy: Command = (ctx) => {
  ctx.sim.pasteboard = ctx.stdin;
  return 0;
};

const pbpaste: Command = (ctx) => {
  ctx.io.out(ctx.sim.pasteboard);
  return 0;
};

const MEDIA = /\.(png|jpe?g|heic|gif|tiff?|mov|mp4|m4v|vcf|contact)$/i;

const addmedia: Command = (ctx) => {
  if (ctx.args.length === 0) return usage('Usage: simctl addmedia <device> <path> [... <path>]');
  for (const file of ctx.args) {
    const absolute = resolvePath(ctx, file);
    if (!existsSync(absolute)) return noSuchFile(file);
    if (!MEDIA.test(file)) return simError({ domain: 'NSPOSIXErrorDomain', code: 22, lines: [`Unable to determine the media type of ${file}`] });
    ctx.sim.media.push(absolute);
  }
  return 0;
};

/** `push UDID [BUNDLE] PAYLOAD.json`: the notification goes to the phone's log, where tests can see it arrive. */
const push: Command = (ctx) => {
  const file = ctx.args[ctx.args.length - 1];
  if (!file) return usage('Usage: simctl push <device> [<bundle identifier>] (<json file> | -)');
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(file === '-' ? ctx.stdin.toString('utf8') : readFileSync(resolvePath(ctx, file), 'utf8')) as Record<string, unknown>;
  } catch {
    return simError({ domain: 'NSCocoaErrorDomain', code: 3840, lines: ['The data couldn’t be read because it isn’t in the correct format.'] });
  }
  const bundleId = ctx.args.length > 1 ? ctx.args[0] : String(payload['Simulator Target Bundle'] ?? '');
  if (!bundleId) return usage('No bundle identifier: pass one or set "Simulator Target Bundle" in the payload.');
  ctx.sim.phone.logcat.append({
    pid: 1,
    tid: 1,
    priority: 'I',
    tag: 'SpringBoard',
    message: `Notification for ${bundleId}: ${JSON.stringify(payload)}`,
    buffer: 'main',
  });
  ctx.io.out(`Notification sent to '${bundleId}'\n`);
  return 0;
};

export const SYSTEM_COMMANDS: Record<string, Command> = {
  io: booted(io),
  ui: booted(ui),
  location: booted(location),
  status_bar: booted(status_bar),
  keychain: booted(keychain),
  getenv: booted(getenv),
  pbcopy: booted(pbcopy),
  pbpaste: booted(pbpaste),
  addmedia: booted(addmedia),
  push: booted(push),
};
