// screenrecord on a phone whose AVC encoder cannot be created: options and the output file are
// handled as AOSP's screenrecord does, then recording fails the way it fails on such a device
// (the encoder error, the 720p retry, the same error again) and leaves the empty file it opened.
import { ERRNO_TEXT, type CommandContext, type CommandTable } from '../registry.js';
import { physicalDisplayId } from './display.js';

const USAGE = `Usage: screenrecord [options] <filename>

Android screenrecord v1.3.  Records the device's display to a .mp4 file.

Options:
--size WIDTHxHEIGHT
    Set the video size, e.g. "1280x720".  Default is the device's main
    display resolution (if supported), 1280x720 if not.  For best results,
    use a size supported by the AVC encoder.
--bit-rate RATE
    Set the video bit rate, in bits per second.  Value may be specified as
    bits or megabits, e.g. '4000000' is equivalent to '4M'.  Default 20Mbps.
--bugreport
    Add additional information, such as a timestamp overlay, that is helpful
    in videos captured to illustrate bugs.
--time-limit TIME
    Set the maximum recording time, in seconds.  Default is 180. Set to 0
    to remove the time limit.
--display-id ID
    specify the physical display ID to record. Default is the primary display.
    see "dumpsys SurfaceFlinger --display-id" for valid display IDs.
--verbose
    Display interesting information on stdout.
--help
    Show this message.

Recording continues until Ctrl-C is hit or the time limit is reached.

`;

const WITH_VALUE = new Set(['size', 'bit-rate', 'time-limit', 'output-format', 'codec-name', 'bframes', 'display-id']);
const FLAGS = new Set(['help', 'verbose', 'bugreport', 'show-device-info', 'show-frame-time', 'rotate', 'monotonic-time', 'persistent-surface']);
const FORMATS = new Set(['mp4', 'h264', 'webm', '3gpp', 'frames', 'raw-frames']);

/** `4000000` or `4M`, as parseValueWithUnit reads a rate. */
function withUnit(text: string): number | undefined {
  const match = /^([-+]?\d*)([mM]?)$/.exec(text);
  if (!match) return undefined;
  return Number(match[1] || 0) * (match[2] ? 1_000_000 : 1);
}

/** Checks one option and its value; a message and status 2 when it is refused. */
function check(name: string, value: string, sized: { width?: number; height?: number; bitRate?: number }): string | undefined {
  switch (name) {
    case 'size': {
      const m = /^(\d+)x(\d+)$/.exec(value);
      if (!m) return `Invalid size '${value}', must be width x height`;
      if (Number(m[1]) === 0 || Number(m[2]) === 0) return `Invalid size ${m[1]}x${m[2]}, width and height may not be zero`;
      Object.assign(sized, { width: Number(m[1]), height: Number(m[2]) });
      return undefined;
    }
    case 'bit-rate': {
      const rate = withUnit(value);
      if (rate === undefined) return `Unrecognized value: ${value}`;
      sized.bitRate = rate;
      return rate < 100_000 || rate > 200_000_000 ? `Bit rate ${rate}bps outside acceptable range [100000,200000000]` : undefined;
    }
    case 'time-limit': {
      if (!/^-?\d+/.test(value)) return 'Error parsing time limit argument';
      const limit = Number.parseInt(value, 10);
      return limit < 0 || limit > 4294967295 ? `Time limit ${limit}s outside acceptable range [0,4294967295] seconds` : undefined;
    }
    case 'output-format':
      return FORMATS.has(value) ? undefined : `Unknown format '${value}'`;
    case 'display-id':
      return BigInt.asUintN(64, BigInt(/^-?\d+/.exec(value)?.[0] ?? '0')) === physicalDisplayId() ? undefined : 'Invalid physical display ID';
    default:
      return undefined;
  }
}

function screenrecord(ctx: CommandContext): number {
  const files: string[] = [];
  const sized: { width?: number; height?: number; bitRate?: number } = {};
  let verbose = false;
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i];
    if (!arg.startsWith('--') || arg === '--') {
      files.push(...(arg === '--' ? ctx.args.slice(i + 1) : [arg]));
      if (arg === '--') break;
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (FLAGS.has(name)) {
      if (name === 'help') {
        ctx.stderr(USAGE);
        return 0;
      }
      verbose ||= name === 'verbose';
      continue;
    }
    if (!WITH_VALUE.has(name)) {
      // Bionic's getopt_long (OpenBSD's) words the refusals this way.
      ctx.stderr(`screenrecord: unknown option -- ${name}\n`);
      return 2;
    }
    const value = inline ?? ctx.args[++i];
    if (value === undefined) {
      ctx.stderr(`screenrecord: option requires an argument -- ${name}\n`);
      return 2;
    }
    const problem = check(name, value, sized);
    if (problem) {
      ctx.stderr(`${problem}\n`);
      return 2;
    }
  }
  if (files.length !== 1) {
    ctx.stderr('Must specify output file (see --help).\n');
    return 2;
  }
  const path = ctx.resolve(files[0]);
  if (!ctx.phone.fs.stat(path)) {
    const error = ctx.phone.fs.write(path, Buffer.alloc(0), { mode: 0o644 });
    if (error) {
      ctx.stderr(`Unable to open '${files[0]}': ${ERRNO_TEXT[error] ?? error}\n`);
      return 1;
    }
  }
  const { width, height } = ctx.phone.ui.size;
  if (verbose) ctx.stdout(`Display is ${width}x${height} @60.00fps (orientation=ROTATION_0), layerStack=0\n`);
  const attempt = (w: number, h: number): void => {
    if (verbose) ctx.stdout(`Configuring recorder for ${w}x${h} video/avc at ${((sized.bitRate ?? 20_000_000) / 1_000_000).toFixed(2)}Mbps\n`);
    ctx.stderr('ERROR: unable to create video/avc codec instance\n');
  };
  const size = { w: sized.width ?? width - (width % 2), h: sized.height ?? height - (height % 2) };
  attempt(size.w, size.h);
  // Without --size, screenrecord tries once more at 720p (portrait: 720x1280) before giving up.
  if (sized.width === undefined && size.w !== 720 && size.h !== 1280) {
    ctx.stderr(`WARNING: failed at ${size.w}x${size.h}, retrying at 720x1280\n`);
    attempt(720, 1280);
  }
  // main() returns UNKNOWN_ERROR (INT32_MIN); the low byte of that exit status is 0.
  return 0;
}

export const screenrecordCommands: CommandTable = { screenrecord };
