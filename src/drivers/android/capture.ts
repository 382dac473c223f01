import { sleep, type CallScope } from '../calls.js';
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import { DeviceDisconnected } from '../errors/device-disconnected.js';
import { HierarchyUnavailable } from '../errors/hierarchy-unavailable.js';
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
}

/**
 * The view hierarchy as uiautomator prints it to stdout through `exec:` (no temp file), without the
 * `UI hierchary dumped to: /dev/tty` notice that follows it. A busy screen is asked again with backoff.
 */
export async function dumpHierarchy(device: AdbDevice, scope: CallScope, retry: DumpRetry): Promise<string> {
  let last = '';
  for (let attempt = 1; attempt <= retry.attempts; attempt++) {
    if (attempt > 1) {
      scope.step(`${DUMP_COMMAND} (waiting to try again, attempt ${attempt} of ${retry.attempts})`);
      await sleep(retry.backoffMs * 2 ** (attempt - 2), scope.signal);
    }
    const output = (await device.exec(DUMP_COMMAND, scope)).toString('utf8');
    const start = xmlStart(output);
    const end = output.lastIndexOf(HIERARCHY_END);
    if (start >= 0 && end > start) return output.slice(start, end + HIERARCHY_END.length);
    if (start >= 0 || output === '') {
      throw new DeviceDisconnected({ device: device.serial, during: DUMP_COMMAND, reason: `the hierarchy stopped after ${output.length} bytes, before ${HIERARCHY_END}` });
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
  if (isPng || output.length === 0) {
    throw new DeviceDisconnected({ device: device.serial, during: SCREENCAP_COMMAND, reason: `the screenshot stopped after ${output.length} bytes, before its end` });
  }
  throw new DeviceCommandFailed({ device: device.serial, command: SCREENCAP_COMMAND, exitCode: undefined, stderr: output.toString('utf8') });
}
