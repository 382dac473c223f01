// The phone's one physical display as SurfaceFlinger and DisplayManager name it, `cmd display`, and
// `dumpsys SurfaceFlinger --display-id`.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand } from './framework.js';
import { INTENT_ARGS_HELP } from './intent-help.js';
import { identity } from './names.js';

/** The panel's EDID identity: PNP manufacturer id and the name SurfaceFlinger prints. */
const PANEL = { pnpId: 'MTS', name: 'MTSIM_display_0', port: 0 };

/**
 * PhysicalDisplayId::fromEdid: the stable flag (bit 62), the PNP manufacturer id (bits 40..55),
 * a hash of the panel's model (bits 8..39) and the port, printed as a decimal number.
 */
export function physicalDisplayId(): bigint {
  const manufacturer = [...PANEL.pnpId].reduce((id, c) => (id << 5) | (c.charCodeAt(0) - 64), 0);
  const modelHash = BigInt(`0x${identity(`panel:${PANEL.name}`)}`) & 0xffffffffn;
  return (1n << 62n) | (BigInt(manufacturer) << 40n) | (modelHash << 8n) | BigInt(PANEL.port);
}

/** `dumpsys SurfaceFlinger --display-id`: one line per physical display with its EDID identity. */
export function displayIdentification(): string {
  return `Display ${physicalDisplayId()} (HWC display 0): port=${PANEL.port} pnpId=${PANEL.pnpId} displayName="${PANEL.name}"\n`;
}

/** The app area: the screen less the navigation bar (48dp), as `dumpsys window` reports it. */
function appHeight(phone: Phone): number {
  const { height, density } = phone.ui.size;
  return height - Math.round((48 * density) / 160);
}

/** DisplayInfo.toString for the built-in screen. */
export function displayInfo(phone: Phone): string {
  const { width, height, density } = phone.ui.size;
  return `DisplayInfo{"Built-in Screen", displayId 0, displayGroupId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, real ${width} x ${height}, largest app ${width} x ${height}, smallest app ${width} x ${height}, appVsyncOff 0, presDeadline 16666666, mode 1, defaultMode 1, modes [{id=1, width=${width}, height=${height}, fps=60.0, alternativeRefreshRates=[], supportedHdrTypes=[]}], rotation 0, state ON, committedState ON, type INTERNAL, uniqueId "local:${physicalDisplayId()}", app ${width} x ${appHeight(phone)}, density ${density} (${density}.0 x ${density}.0) dpi, layerStack 0, address {port=${PANEL.port}}, installOrientation ORIENTATION_0}`;
}

const HELP = `Display manager commands:
  help
    Print this help text.

  set-brightness BRIGHTNESS
    Sets the current brightness to BRIGHTNESS (a number between 0 and 1).
  reset-brightness-configuration
    Reset the brightness to its default configuration.
  ab-logging-enable
    Enable auto-brightness logging.
  ab-logging-disable
    Disable auto-brightness logging.
  dwb-logging-enable
    Enable display white-balance logging.
  dwb-logging-disable
    Disable display white-balance logging.
  dmd-logging-enable
    Enable display mode director logging.
  dmd-logging-disable
    Disable display mode director logging.
  dwb-set-cct CCT
    Sets the ambient color temperature override to CCT (use -1 to disable).
  set-user-preferred-display-mode WIDTH HEIGHT REFRESH-RATE DISPLAY_ID (optional)
    Sets the user preferred display mode which has fields WIDTH, HEIGHT and REFRESH-RATE. If DISPLAY_ID is passed, the mode change is applied to displaywith id = DISPLAY_ID, else mode change is applied globally.
  clear-user-preferred-display-mode DISPLAY_ID (optional)
    Clears the user preferred display mode. If DISPLAY_ID is passed, the mode is cleared for  display with id = DISPLAY_ID, else mode is cleared globally.
  get-user-preferred-display-mode DISPLAY_ID (optional)
    Returns the user preferred display mode or null if no mode is set by user.If DISPLAY_ID is passed, the mode for display with id = DISPLAY_ID is returned, else global display mode is returned.
  get-active-display-mode-at-start DISPLAY_ID
    Returns the display mode which was found at boot time of display with id = DISPLAY_ID
  set-match-content-frame-rate-pref PREFERENCE
    Sets the match content frame rate preference as PREFERENCE 
  get-match-content-frame-rate-pref
    Returns the match content frame rate preference
  set-user-disabled-hdr-types TYPES...
    Sets the user disabled HDR types as TYPES
  get-user-disabled-hdr-types
    Returns the user disabled HDR types
  get-displays [CATEGORY]
    Returns the current displays. Can specify string category among
    DisplayManager.DISPLAY_CATEGORY_*; must use the actual string value.
  dock
    Sets brightness to docked + idle screen brightness mode
  undock
    Sets brightness to active (normal) screen brightness mode

${INTENT_ARGS_HELP}`;

/** `cmd display`: DisplayManagerShellCommand. Brightness lands in `settings system screen_brightness` (0..255). */
function display(ctx: CommandContext): number {
  const [verb, arg] = ctx.args;
  const { width, density } = ctx.phone.ui.size;
  switch (verb) {
    case 'get-displays': {
      // Only the default category lists the built-in screen; presentation displays there are none.
      const scale = density / 160;
      const shown =
        arg === undefined
          ? `  Display id 0: ${displayInfo(ctx.phone)}, DisplayMetrics{density=${scale}, width=${width}, height=${appHeight(ctx.phone)}, scaledDensity=${scale}, xdpi=${density}.0, ydpi=${density}.0}, isValid=true\n`
          : '';
      ctx.stdout(`Displays:\n${shown}`);
      return 0;
    }
    case 'set-brightness': {
      if (arg === undefined) {
        ctx.stderr('Error: no brightness specified\n');
        return 1;
      }
      const brightness = Number(arg);
      if (arg.trim() === '' || Number.isNaN(brightness) || brightness < 0 || brightness > 1) {
        ctx.stderr('Error: brightness should be a number between 0 and 1\n');
        return 1;
      }
      ctx.phone.settings.system.set('screen_brightness', String(Math.round(brightness * 255)));
      return 0;
    }
    case 'get-user-preferred-display-mode':
      ctx.stdout('User preferred display mode: null\n');
      return 0;
    case 'get-active-display-mode-at-start':
      if (arg === undefined) {
        ctx.stderr('Error: no displayId specified\n');
        return 1;
      }
      if (!/^-?\d+$/.test(arg)) {
        ctx.stderr('Error: invalid displayId\n');
        return 1;
      }
      ctx.stdout(arg === '0' ? `Boot display mode: ${width} ${ctx.phone.ui.size.height} 60.0\n` : 'Boot display mode: null\n');
      return 0;
    case 'get-match-content-frame-rate-pref':
      ctx.stdout('Match content frame rate type: 1\n');
      return 0;
    case 'reset-brightness-configuration':
    case 'ab-logging-enable':
    case 'ab-logging-disable':
    case 'dwb-logging-enable':
    case 'dwb-logging-disable':
    case 'dmd-logging-enable':
    case 'dmd-logging-disable':
    case 'clear-user-preferred-display-mode':
    case 'dock':
    case 'undock':
      return 0;
    default:
      return defaultCommand(ctx, verb, { help: HELP });
  }
}

export const displayCommands: CommandTable = { display };
