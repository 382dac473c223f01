import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { surveyDevices, type AdbSurvey } from './adb-devices.js';

export const DEVICES_USAGE = `Usage: mobiletest devices [--json]

Lists the devices the adb server knows: serial, state, model and Android version. The server is
ADB_SERVER_SOCKET=tcp:HOST:PORT, else ANDROID_ADB_SERVER_PORT, else localhost:5037; mobiletest
never starts one. With no server or no device, \`mobiletest test\` runs on the virtual phone.

Options:
  --json    print {"server", "running", "devices": [{serial, state, model, android}]}`;

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
  const survey = await surveyDevices();
  if (values.json) {
    console.log(JSON.stringify({ server: `${survey.address.host}:${survey.address.port}`, running: survey.running, devices: survey.devices }, null, 2));
  } else {
    print(survey);
  }
  return 0;
}
