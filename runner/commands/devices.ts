import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { surveyDevices, type AdbSurvey } from './adb-devices.js';
import { IOS_NEEDS, surveyIos, type IosSurvey } from './ios-devices.js';

export const DEVICES_USAGE = `Usage: mobiletest devices [--json]

Lists the devices the adb server knows: serial, state, model and Android version. The server is
ADB_SERVER_SOCKET=tcp:HOST:PORT, else ANDROID_ADB_SERVER_PORT, else localhost:5037; mobiletest
never starts one. With no server or no device, \`mobiletest test\` runs on the virtual phone.

Then the iOS simulators \`xcrun simctl\` lists (name, UDID, state, runtime) where xcrun is (macOS with
Xcode), and the WebDriverAgent MOBILETEST_WDA_URL names, with whether it answers. With neither,
\`mobiletest test --platform ios\` runs on the virtual iPhone.

Options:
  --json    print {"server", "running", "devices": [{serial, state, model, android}],
            "ios": {"xcrun", "simulators": [{id, state, name, runtime}], "wda": {url, answers, detail}}}`;

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function print(survey: AdbSurvey): void {
  const where = survey.address.describe;
  if (!survey.running) {
    console.log(`No adb server runs (${where}): the virtual phone (device "sim") is used.\nStart one with \`adb start-server\` to use a phone or an emulator.`);
    return;
  }
  if (survey.devices.length === 0) {
    console.log(
      `No devices on ${where}: the virtual phone (device "sim") is used.\nConnect a phone with USB debugging on or start an emulator to use it instead.`,
    );
    return;
  }
  const rows = survey.devices.map((d) => [d.serial, d.state, d.model ?? '-', d.android ?? '-']);
  console.log(table([['SERIAL', 'STATE', 'MODEL', 'ANDROID'], ...rows]));
  for (const device of survey.devices) if (device.problem) console.log(`${device.serial}: ${device.problem}`);
  console.log(`(${survey.devices.length} on ${where}; run on one with: mobiletest test --device SERIAL)`);
}

function printIos(ios: IosSurvey): void {
  if (!ios.xcrun) {
    console.log(`No xcrun here: ${IOS_NEEDS}.`);
  } else if (ios.problem) {
    console.log(`iOS simulators: xcrun simctl failed: ${ios.problem}`);
  } else if (ios.simulators.length === 0) {
    console.log('No iOS simulators (xcrun simctl list devices): the virtual iPhone (device "sim") is used.');
  } else {
    const rows = ios.simulators.map((s) => [s.name, s.id, s.state, s.runtime]);
    console.log(table([['NAME', 'UDID', 'STATE', 'RUNTIME'], ...rows]));
    const booted = ios.simulators.filter((s) => s.state === 'Booted').length;
    console.log(`(${ios.simulators.length} iOS simulators, ${booted} booted; run on one with: mobiletest test --platform ios --device UDID)`);
  }
  if (ios.wda) console.log(`WebDriverAgent ${ios.wda.url} (MOBILETEST_WDA_URL): ${ios.wda.detail}`);
}

export async function runDevicesCommand(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${DEVICES_USAGE}`);
  }
  if (values.help) {
    console.log(DEVICES_USAGE);
    return 0;
  }
  const [survey, ios] = await Promise.all([surveyDevices(), surveyIos()]);
  if (values.json) {
    console.log(JSON.stringify({ server: `${survey.address.host}:${survey.address.port}`, running: survey.running, devices: survey.devices, ios }, null, 2));
  } else {
    print(survey);
    console.log('');
    printIos(ios);
  }
  return 0;
}
