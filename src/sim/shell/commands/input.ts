import { recordInput } from './input-events.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand } from './framework.js';
import { javaException, SHELL_COMMAND_FRAMES } from './java.js';
import { keyCodeFromString } from './keycodes.js';

const SOURCES = new Set([
  'keyboard',
  'mouse',
  'joystick',
  'touchnavigation',
  'touchpad',
  'trackball',
  'dpad',
  'stylus',
  'gamepad',
  'touchscreen',
  'rotaryencoder',
]);

const USAGE = `Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]

The sources are:
      dpad
      keyboard
      mouse
      touchpad
      gamepad
      touchnavigation
      joystick
      touchscreen
      stylus
      trackball
      rotaryencoder

-d: specify the display ID.
      (Default: INVALID_DISPLAY = -1)

The commands and default sources are:
      text <string> (Default: keyboard)
      keyevent [--longpress|--duration <duration to hold key down in ms>] [--doubletap] <key code number or name> ... (Default: keyboard)
      tap <x> <y> (Default: touchscreen)
      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      press (Default: trackball)
      roll <dx> <dy> (Default: trackball)
      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)
      keycombination [-t duration(ms)] <key code 1> <key code 2> ... (Default: keyboard, the key order is important here.)
`;

/** Thrown inside the command to print the framework's exception and exit 255. */
class FrameworkError extends Error {
  override name = 'FrameworkError';
}

function frame(method: string, line: number): string {
  return `com.android.server.input.InputShellCommand.${method}(InputShellCommand.java:${line})`;
}

/** Float.parseFloat as the input command uses it for coordinates. */
function coordinate(text: string | undefined, what: string): number {
  if (text === undefined) throw new FrameworkError(`java.lang.IllegalArgumentException: Argument expected after "${what}"`);
  const value = Number(text.trim());
  if (text.trim() === '' || Number.isNaN(value)) throw new FrameworkError(`java.lang.NumberFormatException: For input string: "${text}"`);
  return value;
}

/**
 * `input text` decoding as InputShellCommand.sendText does it: `%s` becomes a space (the only
 * escape), every other character is sent as typed. Returns undefined when a character has no key on
 * the virtual keyboard, where the real command throws before typing anything.
 */
export function decodeInputText(arg: string): string | undefined {
  const chars = [...arg];
  const out: string[] = [];
  let escape = false;
  for (const c of chars) {
    if (escape) {
      escape = false;
      if (c === 's') {
        out[out.length - 1] = ' ';
        continue;
      }
    }
    out.push(c);
    if (c === '%') escape = true;
  }
  const text = out.join('');
  return /^[\x20-\x7e\n\t]*$/.test(text) ? text : undefined;
}

function text(ctx: CommandContext, args: string[]): number {
  const arg = args[0];
  if (arg === undefined) throw new FrameworkError('java.lang.IllegalArgumentException: Argument expected after "text"');
  const decoded = decodeInputText(arg);
  if (decoded === undefined) {
    return javaException(ctx, {
      command: 'text',
      exception: 'java.lang.NullPointerException: Attempt to get length of null array',
      frames: [frame('sendText', 433), frame('runText', 408), frame('onCommand', 155), ...SHELL_COMMAND_FRAMES],
    });
  }
  // The virtual keyboard map turns '\n' and '\t' into ENTER and TAB key presses.
  for (const piece of decoded.split(/([\n\t])/)) {
    if (piece === '\n') ctx.phone.ui.keyEvent(66);
    else if (piece === '\t') ctx.phone.ui.keyEvent(61);
    else if (piece !== '') ctx.phone.ui.typeText(piece);
  }
  return 0;
}

function keyevent(ctx: CommandContext, args: string[]): number {
  let longPress = false;
  let doubleTap = false;
  const keys: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--longpress') longPress = true;
    else if (arg === '--doubletap') doubleTap = true;
    else if (arg === '--duration') {
      longPress = Number(args[++i] ?? '0') >= 500;
    } else keys.push(arg);
  }
  if (keys.length === 0) throw new FrameworkError('java.lang.IllegalArgumentException: Argument expected after "keyevent"');
  for (const key of keys) {
    const code = keyCodeFromString(key);
    if (code === 0) continue;
    ctx.phone.ui.keyEvent(code, longPress ? { longPress: true } : undefined);
    if (doubleTap) ctx.phone.ui.keyEvent(code);
  }
  return 0;
}

function motion(ctx: CommandContext, command: string, args: string[]): number {
  if (command === 'tap') {
    ctx.phone.ui.tap(coordinate(args[0], 'tap'), coordinate(args[1], '<x>'));
    return 0;
  }
  const x1 = coordinate(args[0], command);
  const y1 = coordinate(args[1], '<x1>');
  const x2 = coordinate(args[2], '<y1>');
  const y2 = coordinate(args[3], '<x2>');
  const given = args[4] === undefined ? -1 : Number.parseInt(args[4], 10);
  const durationMs = Number.isNaN(given) || given < 0 ? 300 : given;
  if (command === 'draganddrop') ctx.phone.ui.drag({ x1, y1, x2, y2, durationMs });
  else if (x1 === x2 && y1 === y2 && durationMs >= 500) ctx.phone.ui.longPress(x1, y1, durationMs);
  else ctx.phone.ui.swipe({ x1, y1, x2, y2, durationMs });
  return 0;
}

function input(ctx: CommandContext): number {
  const args = [...ctx.args];
  if (args[0] !== undefined && SOURCES.has(args[0])) args.shift();
  if (args[0] === '-d') args.splice(0, 2);
  const command = args.shift();
  // Like any shell command, input answers no verb or `help` with its usage and status 255.
  if (command === undefined || command === 'help' || command === '-h') return defaultCommand(ctx, command, { help: USAGE });
  try {
    const status = dispatch(ctx, command, args);
    // A tap or a key is a down and an up; a swipe a down, its moves and an up; text two per character.
    if (status === 0)
      recordInput(
        ctx.phone,
        command === 'text' || command.startsWith('key') || command === 'press' ? 'KeyEvent' : 'MotionEvent',
        command === 'text' ? 2 * [...(args.at(-1) ?? '')].length : command === 'swipe' || command === 'draganddrop' ? 3 : 2,
      );
    return status;
  } catch (error) {
    if (!(error instanceof FrameworkError)) throw error;
    return javaException(ctx, { command, exception: error.message, frames: [frame('onCommand', 155), ...SHELL_COMMAND_FRAMES] });
  }
}

function dispatch(ctx: CommandContext, command: string, args: string[]): number {
  switch (command) {
    case 'text':
      return text(ctx, args);
    case 'keyevent':
      return keyevent(ctx, args);
    case 'keycombination':
      return keyevent(
        ctx,
        args.filter((a, i) => a !== '-t' && args[i - 1] !== '-t'),
      );
    case 'tap':
    case 'swipe':
    case 'draganddrop':
      return motion(ctx, command, args);
    case 'press':
      ctx.phone.ui.keyEvent(23);
      return 0;
    case 'roll':
    case 'motionevent':
    case 'scroll':
      return 0;
    default:
      return defaultCommand(ctx, command, { help: USAGE });
  }
}

export const inputCommands: CommandTable = { input };
