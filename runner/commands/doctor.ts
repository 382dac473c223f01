import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { surveyDevices } from './adb-devices.js';
import { checkLlm, configuredAi } from './doctor-llm.js';
import { checkAdbBinary, checkAdbServer, checkApp, checkDevices, checkNode, checkOcr, checkPlaywright, versions, type CheckResult } from './doctor-checks.js';

export const DOCTOR_USAGE = `Usage: mobiletest doctor

Checks what mobiletest needs, each line with ✓ or ✗ and, when something is wrong, the fix:
Node.js, the single copy of @playwright/test, adb and its server, the connected devices (or the
virtual phone), the configured app on them, the model agent steps use (or the offline rules
planner) with the plan cache mode, and OCR data. "-" marks what is optional
or not set. Exits 1 when a check fails.`;

const MARKS: Record<CheckResult['status'], string> = { ok: '✓', fail: '✗', info: '-' };

function print(result: CheckResult): void {
  console.log(`${MARKS[result.status]} ${result.title}: ${result.detail}`);
  if (result.fix && result.status !== 'ok') console.log(`    ${result.status === 'fail' ? 'fix' : 'hint'}: ${result.fix}`);
}

export async function runDoctorCommand(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${DOCTOR_USAGE}`);
  }
  if (values.help) {
    console.log(DOCTOR_USAGE);
    return 0;
  }
  const cwd = process.cwd();
  const survey = await surveyDevices();
  const results: CheckResult[] = [
    checkNode(),
    checkPlaywright(cwd),
    await checkAdbBinary(),
    checkAdbServer(survey),
    ...checkDevices(survey),
    ...(await checkApp(cwd, survey)),
    checkLlm(process.env, configuredAi(cwd)),
    checkOcr(),
  ];
  results.forEach(print);
  console.log(`\nversions: ${versions(cwd)}`);
  const failed = results.filter((result) => result.status === 'fail').length;
  console.log(failed === 0 ? 'All checks passed.' : `${failed} check${failed === 1 ? '' : 's'} failed: see the fixes above.`);
  return failed === 0 ? 0 : 1;
}
