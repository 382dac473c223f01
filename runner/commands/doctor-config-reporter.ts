// The reporter `mobiletest doctor` loads the project's config with: it prints what each project's `use`
// sets for the app, the phone, its platform and the agent, as Playwright resolved it, on one marked line.
import type { FullConfig, Reporter } from '@playwright/test/reporter';
import type { MobileOptions, MobileWorkerOptions } from '../fixtures/options.js';

/** The start of the line the reporter prints; the rest is JSON of ConfiguredProject[]. */
export const CONFIG_LINE = 'mobiletest-doctor-config ';

export interface ConfiguredProject {
  name: string;
  app?: string;
  /** The phone setting: `devices` as defineConfig() passes it on, or `device` in a config written without it. */
  device?: string;
  /** `android` or `ios`, as the project's `use` sets it (undefined: android, unless MOBILETEST_PLATFORM says). */
  platform?: string;
  ai?: MobileOptions['ai'];
}

export default class DoctorConfigReporter implements Reporter {
  onBegin(config: FullConfig): void {
    const projects = config.projects.map((project): ConfiguredProject => {
      const use = project.use as Partial<MobileOptions & MobileWorkerOptions>;
      return { name: project.name, app: use.app, device: use.devices ?? use.device, platform: use.platform, ai: use.ai };
    });
    process.stdout.write(`${CONFIG_LINE}${JSON.stringify(projects)}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
