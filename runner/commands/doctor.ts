import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { surveyDevices, type AdbSurvey } from './adb-devices.js';
import { checkLlm } from './doctor-llm.js';
import {
  checkAdbBinary,
  checkAdbServer,
  checkApp,
  checkDevices,
  checkNode,
  checkOcr,
  checkPlaywright,
  versions,
  type AppTarget,
  type CheckResult,
} from './doctor-checks.js';
import { loadProjectConfig, type ProjectConfig } from './doctor-config.js';
import { checkIos } from './doctor-ios.js';
import { surveyIos } from './ios-devices.js';

export const DOCTOR_USAGE = `Usage: mobiletest doctor

Checks what mobiletest needs, each line with ✓ or ✗ and, when something is wrong, the fix:
Node.js, the single copy of @playwright/test, the project's config (loaded as \`mobiletest test\`
loads it), adb and its server, the connected devices (or the virtual phone), iOS (xcrun and its
simulators, else the WebDriverAgent of MOBILETEST_WDA_URL, else the virtual iPhone), the configured app on
them, the model agent steps use (or the offline rules planner) with the plan cache mode, and OCR
data. "-" marks what is optional or not set. Exits 1 when a check fails.`;

const MARKS: Record<CheckResult['status'], string> = { ok: '✓', fail: '✗', info: '-' };

function print(result: CheckResult): void {
  console.log(`${MARKS[result.status]} ${result.title}: ${result.detail}`);
  if (result.fix && result.status !== 'ok') console.log(`    ${result.status === 'fail' ? 'fix' : 'hint'}: ${result.fix}`);
}

/** Each distinct app and phone the config's projects set; one target without an app when none sets one. */
function appTargets(config: ProjectConfig): AppTarget[] {
  const targets = new Map<string, AppTarget>();
  for (const { app, device, platform } of config.projects) targets.set(JSON.stringify([app, device, platform]), { app, device, platform, config: config.file });
  const withApp = [...targets.values()].filter((target) => target.app);
  return withApp.length > 0 ? withApp : [{ config: config.file }];
}

async function appChecks(config: ProjectConfig, survey: AdbSurvey): Promise<CheckResult[]> {
  if (config.check?.status === 'fail') return [{ status: 'info', title: 'app', detail: `not checked, as ${config.file} does not load` }];
  return (await Promise.all(appTargets(config).map((target) => checkApp(target, survey)))).flat();
}

/** Each distinct `ai` setting of the config's projects (undefined: none, so the environment decides). */
function aiSettings(config: ProjectConfig): Array<ProjectConfig['projects'][number]['ai']> {
  const settings = new Map(config.projects.map((project) => [JSON.stringify(project.ai ?? null), project.ai]));
  return settings.size > 0 ? [...settings.values()] : [undefined];
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
  const [survey, ios, config] = await Promise.all([surveyDevices(), surveyIos(), loadProjectConfig(cwd)]);
  const results: CheckResult[] = [
    checkNode(),
    checkPlaywright(cwd),
    ...(config.check ? [config.check] : []),
    await checkAdbBinary(),
    checkAdbServer(survey),
    ...checkDevices(survey),
    checkIos(ios, config.projects),
    ...(await appChecks(config, survey)),
    ...aiSettings(config).map((ai) => checkLlm(process.env, ai)),
    checkOcr(),
  ];
  results.forEach(print);
  console.log(`\nversions: ${versions(cwd)}`);
  const failed = results.filter((result) => result.status === 'fail').length;
  console.log(failed === 0 ? 'All checks passed.' : `${failed} check${failed === 1 ? '' : 's'} failed: see the fixes above.`);
  return failed === 0 ? 0 : 1;
}
