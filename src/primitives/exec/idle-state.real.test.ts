import { expect, test } from '@playwright/test';
import { startSim, type SimOptions } from '../../sim/index.js';
import { sharedPhone } from './testing/phone.js';

// A screen that never stops animating, on a phone at real timing: uiautomator waits up to its 10 s
// for an idle screen on every dump and then gives up with "could not get idle state", as on a phone.
type AppDefinition = Exclude<NonNullable<SimOptions['apps']>[number], string>;

const LOADER = 'com.example.loader';
/** An app whose only screen spins for ever above "Loading…". */
const loader: AppDefinition = {
  package: LOADER,
  label: 'Loader',
  versionName: '1.0',
  versionCode: 1,
  launchActivity: '.MainActivity',
  activities: ['.MainActivity'],
  permissions: [],
  start: () => ({
    view: () => ({
      activity: '.MainActivity',
      root: {
        cls: 'android.widget.LinearLayout',
        children: [
          { cls: 'android.widget.ProgressBar', id: 'progress', width: 48, height: 48 },
          { cls: 'android.widget.TextView', id: 'status', text: 'Loading…' },
        ],
      },
    }),
    back: () => false,
  }),
};

const phone = sharedPhone((timing) => startSim({ serverPort: 0, seed: 1, timing, apps: ['shop', loader] }));

test(
  'a screen that never stops animating fails the action with uiautomator’s idle-state error and says to turn animations off',
  { tag: '@real-timing' },
  async () => {
    // Every dump waits uiautomator's own 10 s for an idle screen, and the driver asks five times before it gives up.
    test.setTimeout(120_000);
    const exec = await phone.session.executor({ app: LOADER });
    const launched = await exec.run({ name: 'launch_app', params: {} });
    expect(launched.verdict, launched.failure?.message).not.toBe('OK');
    expect(launched.failure).toMatchObject({ name: 'HierarchyUnavailable', category: 'environment' });
    expect(launched.failure?.message).toContain('could not get idle state');
    expect(launched.failure?.suggestion).toContain('Turn animations off');
    expect((await phone.session.driver.foreground()).app).toBe(LOADER);

    // Animations off, as the suggestion says: the same screen, spinner and all, reads at once.
    await phone.session.driver.prepare({});
    const seen = await exec.ok({ name: 'assert_visible', params: { target: 'Loading…' } });
    expect(seen.after?.screen.elements.some((e) => e.role === 'progress')).toBe(true);
  },
);
