// The doctor's iOS line: xcrun and its simulators, else the WebDriverAgent of MOBILETEST_WDA_URL, else
// whether the config's iOS projects need a real iPhone (a failure) or run on the virtual one (said only).
import { parseDeviceSpec } from '../device/lease/spec.js';
import { deviceSetting, platformSetting } from '../fixtures/options.js';
import type { CheckResult } from './doctor-checks.js';
import type { ConfiguredProject } from './doctor-config.js';
import { IOS_NEEDS, type IosSurvey } from './ios-devices.js';

/** True when a project runs on iOS with a device setting other than the virtual iPhone. */
function needsRealIphone(project: ConfiguredProject): boolean {
  if (platformSetting(project.platform === 'ios' ? 'ios' : undefined) !== 'ios') return false;
  const kind = parseDeviceSpec(deviceSetting(project.device)).kind;
  // No device setting ('auto') runs on the virtual iPhone where no simulator is booted.
  return kind !== 'sim' && kind !== 'auto';
}

export function checkIos(ios: IosSurvey, projects: ConfiguredProject[]): CheckResult {
  if (ios.xcrun) {
    if (ios.problem) return { status: 'fail', title: 'iOS', detail: `xcrun simctl failed: ${ios.problem}`, fix: 'check Xcode: xcrun simctl list devices' };
    const booted = ios.simulators.filter((s) => s.state === 'Booted').length;
    return { status: 'ok', title: 'iOS', detail: `xcrun found, ${ios.simulators.length} simulators, ${booted} booted` };
  }
  if (ios.wda) {
    return ios.wda.answers
      ? { status: 'ok', title: 'iOS', detail: `WebDriverAgent ${ios.wda.url} (MOBILETEST_WDA_URL) ${ios.wda.detail}` }
      : {
          status: 'fail',
          title: 'iOS',
          detail: `WebDriverAgent ${ios.wda.url} (MOBILETEST_WDA_URL) ${ios.wda.detail}`,
          fix: 'start WebDriverAgent on the iPhone (xcodebuild test-without-building), or fix MOBILETEST_WDA_URL',
        };
  }
  const real = projects.filter(needsRealIphone).map((project) => project.name || 'the config');
  if (real.length > 0)
    return { status: 'fail', title: 'iOS', detail: `no xcrun and no WebDriverAgent, but ${real.join(', ')} run on iOS devices`, fix: IOS_NEEDS };
  return { status: 'info', title: 'iOS', detail: 'no xcrun here: the virtual iPhone will be used', fix: IOS_NEEDS };
}
