import { sleep, type CallScope } from '../calls.js';
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import { DeviceDisconnected } from '../errors/device-disconnected.js';
import { HierarchyUnavailable } from '../errors/hierarchy-unavailable.js';
import { ScreenshotUnreadable } from '../errors/screenshot-unreadable.js';
import type { RawImage } from '../types.js';
import type { AdbDevice } from './adb-device.js';

export const DUMP_COMMAND = 'uiautomator dump /dev/tty';
const SCREENCAP_COMMAND = 'screencap -p';
/** What uiautomator prints while the screen is still changing; worth asking again shortly. */
const NOT_IDLE = /could not get idle state|null root node/i;
const HIERARCHY_END = '</hierarchy>';

export interface DumpRetry {
  /** Dumps to try before giving up (default 5). */
  attempts: number;
  /** Wait before the second try, doubled before each further one (default 100 ms). */
  backoffMs: number;
  /**
   * No further try starts when it could not end within this many ms of the first one's start (default
   * 20 s): on a phone a dump that finds no idle state has waited uiautomator's 10 s itself, so five tries
   * would outlast any call's deadline and the answer would be a timeout instead of the reason.
   */
  budgetMs?: number;
}

const RETRY_BUDGET_MS = 20_000;

/**
 * The view hierarchy as uiautomator prints it to stdout through `exec:` (no temp file), without the
 * `UI hierchary dumped to: /dev/tty` notice that follows it. A busy screen is asked again with backoff.
 */
export async function dumpHierarchy(device: AdbDevice, scope: CallScope, retry: DumpRetry): Promise<string> {
  let last = '';
  const started = performance.now();
  let longest = 0;
  for (let attempt = 1; attempt <= retry.attempts; attempt++) {
    const wait = retry.backoffMs * 2 ** (attempt - 2);
    if (attempt > 1 && performance.now() - started + wait + longest > (retry.budgetMs ?? RETRY_BUDGET_MS)) {
      throw new HierarchyUnavailable({ device: device.serial, attempts: attempt - 1, lastOutput: last });
    }
    if (attempt > 1) {
      scope.step(`${DUMP_COMMAND} (waiting to try again, attempt ${attempt} of ${retry.attempts})`);
      await sleep(wait, scope.signal);
    }
    const tried = performance.now();
    const output = (await device.exec(DUMP_COMMAND, scope)).toString('utf8');
    longest = Math.max(longest, performance.now() - tried);
    const start = xmlStart(output);
    const end = output.lastIndexOf(HIERARCHY_END);
    if (start >= 0 && end > start) return output.slice(start, end + HIERARCHY_END.length);
    if (start >= 0 || output === '') {
      throw new DeviceDisconnected({
        device: device.serial,
        during: DUMP_COMMAND,
        reason: `the hierarchy stopped after ${output.length} bytes, before ${HIERARCHY_END}`,
      });
    }
    if (!NOT_IDLE.test(output)) {
      throw new DeviceCommandFailed({ device: device.serial, command: DUMP_COMMAND, exitCode: undefined, stderr: output });
    }
    last = output;
  }
  throw new HierarchyUnavailable({ device: device.serial, attempts: retry.attempts, lastOutput: last });
}

function xmlStart(output: string): number {
  const declaration = output.indexOf('<?xml');
  return declaration >= 0 ? declaration : output.indexOf('<hierarchy');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from('IEND', 'ascii');

/** A PNG of the screen straight from `screencap -p` over `exec:`: binary-safe, no file on the device. */
export async function captureScreen(device: AdbDevice, scope: CallScope): Promise<Buffer> {
  const output = await device.exec(SCREENCAP_COMMAND, scope);
  const isPng = output.subarray(0, 8).equals(PNG_SIGNATURE);
  if (isPng && output.subarray(Math.max(0, output.length - 64)).includes(PNG_END)) return output;
  if (isPng) {
    throw new DeviceDisconnected({
      device: device.serial,
      during: SCREENCAP_COMMAND,
      reason: `the screenshot stopped after ${output.length} bytes, before its end`,
    });
  }
  // A device that went away fails the call through its watch; one still listed that printed nothing has no frame to give.
  if (output.length === 0) {
    const detail = `"${SCREENCAP_COMMAND}" printed nothing, as it does on some devices while the display is off or a secure window is shown`;
    throw new ScreenshotUnreadable({ device: device.serial, bytes: 0, detail });
  }
  if (!PRINTABLE.test(output.subarray(0, 500).toString('latin1'))) {
    const start = [...output.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new ScreenshotUnreadable({ device: device.serial, bytes: output.length, detail: `it starts ${start}, not with the PNG signature 89 50 4e 47` });
  }
  throw new DeviceCommandFailed({ device: device.serial, command: SCREENCAP_COMMAND, exitCode: undefined, stderr: output.toString('utf8') });
}

/** What screencap prints when it fails: a line of text, not binary bytes. */
const PRINTABLE = /^[\t\n\r\x20-\x7e]*$/;

const RAW_COMMAND = 'screencap';
/** PixelFormat values screencap writes for 32-bit pixels: RGBA_8888 and RGBX_8888. */
const RGBA_8888 = 1;
const RGBX_8888 = 2;

/**
 * The screen's pixels from plain `screencap` over `exec:`: a header of width, height and pixel format
 * (Android 9 and later add a colour space, 16 bytes in all; earlier ones 12), then RGBA rows.
 * screencap takes the frame before it writes a byte (ScreenshotClient's capture returns, then the
 * header and rows go out), so `taken` is called on the first bytes, while the rest still crosses USB.
 */
export async function captureRaw(device: AdbDevice, scope: CallScope, taken?: () => void): Promise<RawImage> {
  const output = await device.exec(RAW_COMMAND, scope, taken);
  if (output.length >= 12) {
    const width = output.readUInt32LE(0);
    const height = output.readUInt32LE(4);
    const format = output.readUInt32LE(8);
    const header = [16, 12].find((size) => output.length - size === width * height * 4);
    if (header !== undefined && (format === RGBA_8888 || format === RGBX_8888)) {
      const data = output.subarray(header);
      // RGBX leaves the fourth byte undefined: opaque, as it is shown.
      if (format === RGBX_8888) for (let i = 3; i < data.length; i += 4) data[i] = 255;
      return { width, height, data };
    }
    if (header !== undefined || (width > 0 && width < 1e5 && height > 0 && height < 1e5 && output.length < width * height * 4)) {
      const problem =
        header === undefined ? `the capture stopped after ${output.length} bytes of ${width}x${height} pixels` : `pixel format ${format} is not 32-bit RGBA`;
      if (header === undefined) throw new DeviceDisconnected({ device: device.serial, during: RAW_COMMAND, reason: problem });
      throw new DeviceCommandFailed({
        device: device.serial,
        command: RAW_COMMAND,
        exitCode: undefined,
        stderr: problem,
        hint: 'take PNG screenshots instead (screencap -p)',
      });
    }
  }
  throw new DeviceCommandFailed({ device: device.serial, command: RAW_COMMAND, exitCode: undefined, stderr: output.subarray(0, 500).toString('utf8') });
}
