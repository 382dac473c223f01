// The smaller framework services `cmd` reaches: the verbs tools use succeed (and those with a
// setting behind them change it); any other verb gets the service's "Unknown command" answer.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable, ShellCommand } from '../registry.js';
import { defaultCommand } from './framework.js';
import {
  CONNECTIVITY_HELP,
  MEDIA_SESSION_HELP,
  NOTIFICATION_HELP,
  OVERLAY_HELP,
  POWER_HELP,
  STATUSBAR_HELP,
  SYSTEMUI_USAGE,
  UIMODE_HELP,
} from './service-help.js';

interface SmallService {
  /** The service's help, word for word as its onHelp prints it. */
  help: string;
  /** Verbs that succeed without an answer on this phone. */
  verbs: readonly string[];
  /** Verbs with an effect or an answer; a verb here wins over `verbs`. */
  handle?: Record<string, (ctx: CommandContext, args: string[]) => number>;
  /** What a verb the service does not know does, when it is not ShellCommand's `Unknown command`. */
  unknown?: (ctx: CommandContext) => number;
}

function serviceCommand(service: SmallService): ShellCommand {
  return (ctx) => {
    const [verb, ...args] = ctx.args;
    const handler = verb === undefined ? undefined : service.handle?.[verb];
    if (handler) return handler(ctx, args);
    if (verb !== undefined && service.verbs.includes(verb)) return 0;
    if (verb !== undefined && verb !== 'help' && verb !== '-h' && service.unknown) return service.unknown(ctx);
    return defaultCommand(ctx, verb, service);
  };
}

/** UiModeManagerService: `night yes|no|auto|custom_*` sets `settings secure ui_night_mode`, and prints the mode either way. */
function night(ctx: CommandContext, [value]: string[]): number {
  const modes: Record<string, string> = { yes: '2', no: '1', auto: '0', custom_schedule: '3', custom_bedtime: '3' };
  if (value !== undefined && !(value in modes)) {
    ctx.stderr("Error: mode must be 'yes', 'no', or 'auto', or 'custom_schedule', or 'custom_bedtime'\n");
    return 255;
  }
  if (value !== undefined) {
    ctx.phone.settings.secure.set('ui_night_mode', modes[value]);
    if (modes[value] === '3') ctx.phone.settings.secure.set('ui_night_mode_custom_type', value === 'custom_bedtime' ? '1' : '0');
  }
  const mode = ctx.phone.settings.secure.get('ui_night_mode');
  const custom = ctx.phone.settings.secure.get('ui_night_mode_custom_type') === '1' ? 'custom_bedtime' : 'custom_schedule';
  ctx.stdout(`Night mode: ${mode === '2' ? 'yes' : mode === '0' ? 'auto' : mode === '3' ? custom : 'no'}\n`);
  return 0;
}

/** `car yes|no`: the phone is never docked in a car; the mode follows the command. */
function car(ctx: CommandContext, [value]: string[]): number {
  if (value !== undefined && value !== 'yes' && value !== 'no') {
    ctx.stderr("Error: mode must be 'yes', or 'no'\n");
    return 255;
  }
  if (value !== undefined) carMode.set(ctx.phone, value === 'yes');
  ctx.stdout(`Car mode: ${carMode.get(ctx.phone) ? 'yes' : 'no'}\n`);
  return 0;
}

const carMode = new WeakMap<Phone, boolean>();

/** ConnectivityService's shell command: `airplane-mode enable|disable`, or the state as `enabled`/`disabled`. */
function airplaneMode(ctx: CommandContext, [action]: string[]): number {
  if (action === 'enable' || action === 'disable') {
    ctx.phone.settings.global.set('airplane_mode_on', action === 'enable' ? '1' : '0');
    return 0;
  }
  if (action === undefined) {
    ctx.stdout(`${ctx.phone.settings.global.get('airplane_mode_on') === '1' ? 'enabled' : 'disabled'}\n`);
    return 0;
  }
  // Any other word: the service's help, and -1.
  ctx.stdout(CONNECTIVITY_HELP);
  return 255;
}

/** BluetoothShellCommand: `enable` / `disable` say what they do and switch `settings global bluetooth_on`. */
function bluetooth(on: boolean): (ctx: CommandContext) => number {
  return (ctx) => {
    ctx.stdout(`${on ? 'Enabling' : 'Disabling'} Bluetooth\n`);
    ctx.phone.settings.global.set('bluetooth_on', on ? '1' : '0');
    return 0;
  };
}

/** PowerManagerShellCommand `set-mode 1|0`: Battery Saver on or off (`settings global low_power`). */
function setPowerMode(ctx: CommandContext, [mode]: string[]): number {
  if (mode === undefined || !/^[-+]?\d+$/.test(mode)) {
    const problem =
      mode === undefined
        ? 'java.lang.IllegalArgumentException: Argument expected after "set-mode"'
        : `java.lang.NumberFormatException: For input string: "${mode}"`;
    ctx.stdout(`Error: ${problem}\n`);
    return 255;
  }
  ctx.phone.settings.global.set('low_power', Number(mode) === 1 ? '1' : '0');
  return 0;
}

const SERVICES: Record<string, SmallService> = {
  statusbar: {
    help: STATUSBAR_HELP,
    verbs: [
      'expand-notifications',
      'expand-settings',
      'collapse',
      'add-tile',
      'remove-tile',
      'set-tiles',
      'click-tile',
      'check-support',
      'get-status-icons',
      'disable-for-setup',
      'send-disable-flag',
      'tracing',
    ],
    // StatusBarShellCommand passes any other verb through to SystemUI, which answers with its own usage.
    unknown: (ctx) => {
      ctx.stdout(SYSTEMUI_USAGE);
      return 0;
    },
  },
  notification: {
    help: NOTIFICATION_HELP,
    verbs: [
      'allow_listener',
      'disallow_listener',
      'allow_assistant',
      'remove_assistant',
      'set_dnd',
      'allow_dnd',
      'disallow_dnd',
      'reset_assistant_user_set',
      'get_approved_assistant',
      'post',
      'set_bubbles',
      'set_bubbles_channel',
      'list',
      'get',
      'snooze',
      'unsnooze',
    ],
  },
  power: {
    help: POWER_HELP,
    verbs: ['set-adaptive-power-saver-enabled', 'set-fixed-performance-mode-enabled', 'suppress-ambient-display', 'set-prox', 'set-face-down-detector'],
    handle: {
      'set-mode': setPowerMode,
      'list-ambient-display-suppression-tokens': (ctx) => {
        ctx.stdout('none\n');
        return 0;
      },
    },
  },
  bluetooth_manager: {
    help: 'Bluetooth Commands:\n  help or -h\n    Print this help text.\n  enable\n    Enable Bluetooth on this device.\n  disable\n    Disable Bluetooth on this device.\n',
    verbs: [],
    handle: { enable: bluetooth(true), disable: bluetooth(false) },
  },
  uimode: {
    help: UIMODE_HELP,
    verbs: [],
    handle: {
      night,
      car,
      // The custom schedule is the default 22:00 to 06:00; setting it is accepted.
      time: (ctx, [which]) => {
        if (which === undefined) ctx.stdout('start 22:00\nend 06:00\n');
        else if (which !== 'start' && which !== 'end') {
          ctx.stderr('command must be in [start|end]\n');
          return 255;
        }
        return 0;
      },
    },
  },
  overlay: {
    help: OVERLAY_HELP,
    verbs: ['dump', 'list', 'enable', 'disable', 'enable-exclusive', 'set-priority', 'lookup'],
    // Fabricating overlays is for root only.
    handle: {
      fabricate: (ctx) => {
        ctx.stderr('Error: must be root to fabricate overlays through the shell\n');
        return 1;
      },
    },
  },

  connectivity: {
    help: CONNECTIVITY_HELP,
    verbs: [],
    handle: { 'airplane-mode': airplaneMode },
  },
  media_session: {
    help: MEDIA_SESSION_HELP,
    verbs: ['dispatch', 'list-sessions', 'monitor', 'volume'],
    // MediaShellCommand's showError: its help on stdout, then the error on stderr.
    unknown: (ctx) => {
      ctx.stdout(MEDIA_SESSION_HELP);
      ctx.stderr(`Error: unknown command '${ctx.args[0]}'\n`);
      return 255;
    },
  },
};

export const frameworkServices: CommandTable = Object.fromEntries(Object.entries(SERVICES).map(([name, service]) => [name, serviceCommand(service)]));
