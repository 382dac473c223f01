import { test, expect } from '@playwright/test';
import { AndroidDriver, DeviceObserver, type Look, type ScreenElement } from '../runner/index.js';
import { adbMissingReason, PrivateAdbServer, startSim, type Sim } from '../src/sim/index.js';

// The driver and the observed screen together, as the agent will use them: look, act, look again,
// and read what changed, through the real adb server and through the phone's own server port.
type Path = 'the real adb server' | "the phone's server port";

async function connect(path: Path, sim: Sim): Promise<{ driver: AndroidDriver; stop(): Promise<void> }> {
  if (path === "the phone's server port") {
    const driver = await AndroidDriver.connect({ port: sim.serverPort });
    return { driver, stop: () => driver.close() };
  }
  const reason = adbMissingReason();
  test.skip(!!reason, reason);
  const adb = await PrivateAdbServer.start();
  const driver = await AndroidDriver.connect({ port: adb.port, serial: await adb.connect(sim) });
  return {
    driver,
    async stop() {
      await driver.close();
      await adb.stop();
    },
  };
}

function element(look: Look, label: string): ScreenElement {
  const found = look.observation.screen.elements.find((e) => e.label === label);
  if (!found) throw new Error(`No element "${label}" on screen; it shows: ${look.observation.screen.elements.map((e) => e.label).join(' | ')}`);
  return found;
}

const centre = (e: ScreenElement) => ({ x: (e.bounds.left + e.bounds.right) >> 1, y: (e.bounds.top + e.bounds.bottom) >> 1 });

for (const path of ['the real adb server', "the phone's server port"] as const) {
  test(`through ${path}: each look reports the popup, the navigation and the crash`, async () => {
    const sim = await startSim({ port: 0, serverPort: 0, seed: 1 });
    const { driver, stop } = await connect(path, sim);
    try {
      const observer = new DeviceObserver(driver);
      await driver.launchApp('com.example.shop');
      let look = await observer.look();
      expect(look.report.popup).toMatchObject({ package: 'com.google.android.permissioncontroller', appeared: true });

      await driver.tap(centre(element(look, 'Allow')));
      look = await observer.look();
      expect(look.report.disappeared_elements.map((e) => e.label)).toContain('Allow');
      const email = element(look, 'Email');

      await driver.tap(centre(email));
      await driver.typeText('alice@example.com');
      look = await observer.look();
      expect(look.report.keyboard).toMatchObject({ shown: true, changed: true });
      // The field now shows what was typed instead of its hint, and keeps its ref.
      const filled = look.observation.screen.elements.find((e) => e.ref === email.ref);
      expect(filled?.value ?? filled?.label).toBe('alice@example.com');
      await driver.tap(centre(element(look, 'Password')));
      await driver.typeText('pass123');
      await driver.tap(centre(element(await observer.look(), 'Log in')));
      look = await observer.look();
      if (look.observation.screen.elements.some((e) => e.label === 'No thanks')) {
        await driver.tap(centre(element(look, 'No thanks')));
        look = await observer.look();
      }
      expect(look.report.activity_changed?.to).toContain('MainActivity');
      expect(look.report.new_elements.map((e) => e.label)).toContain('Hi, Alice');

      await driver.tap(centre(look.observation.screen.elements.find((e) => e.label.startsWith('Cart'))!));
      look = await observer.look();
      await driver.tap(centre(look.observation.screen.elements.find((e) => e.resourceId.endsWith(':id/coupon'))!));
      await driver.typeText('CRASH');
      await driver.key('enter');
      look = await observer.look();
      expect(look.report.crash).toMatchObject({ package: 'com.example.shop' });
      expect(look.report.crash?.evidence).toEqual(expect.arrayContaining(['log', 'dialog']));
      expect(look.logs.some((entry) => entry.message.includes('FATAL EXCEPTION'))).toBe(true);
    } finally {
      await stop();
      await sim.stop();
    }
  });
}

test('a look costs one hierarchy read and one glance; the size is read once, the log only when a crash is suspected', async () => {
  const sim = await startSim({ port: 0, serverPort: 0, seed: 1 });
  const { driver, stop } = await connect("the phone's server port", sim);
  const calls: string[] = [];
  for (const name of ['hierarchy', 'glance', 'screenSize', 'logs', 'screenshot', 'foreground', 'keyboardShown', 'mark'] as const) {
    const original = driver[name].bind(driver) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(driver, name, {
      value: (...args: unknown[]) => {
        calls.push(name);
        return original(...args);
      },
    });
  }
  const tally = () => {
    const counts = Object.fromEntries([...new Set(calls)].map((c) => [c, calls.filter((x) => x === c).length]));
    calls.length = 0;
    return counts;
  };
  try {
    const observer = new DeviceObserver(driver, { screenshots: false });
    await driver.launchApp('com.example.shop', { clearState: true, permissions: 'all' });
    await observer.look({ app: 'com.example.shop' });
    expect(tally()).toEqual({ hierarchy: 1, glance: 1, screenSize: 1 });
    const look = await observer.look({ app: 'com.example.shop' });
    await driver.tap(centre(element(look, 'Email')));
    await observer.look({ app: 'com.example.shop' });
    expect(tally()).toEqual({ hierarchy: 2, glance: 2 });

    // Stopping the app from outside: its process is gone, so the log is read (and shows no crash).
    await driver.stopApp('com.example.shop');
    const stopped = await observer.look({ app: 'com.example.shop' });
    expect(tally()).toEqual({ hierarchy: 1, glance: 1, logs: 1 });
    expect(stopped.report.crash).toBeUndefined();
  } finally {
    await stop();
    await sim.stop();
  }
});

test('the screen in hand is given up when another client touched the phone, even where the screen it leads to looks the same', async () => {
  const sim = await startSim({ port: 0, serverPort: 0, seed: 1 });
  const { driver, stop } = await connect("the phone's server port", sim);
  const other = await AndroidDriver.connect({ port: sim.serverPort });
  try {
    const observer = new DeviceObserver(driver, { screenshots: false });
    await driver.launchApp('com.example.notes', { clearState: true });
    const list = await observer.look({ app: 'com.example.notes' });
    observer.settled(list.observation);
    expect((await observer.held())?.observation).toBe(list.observation);
    // Another tool opens a new note and backs out of it: the same list, same activity, no keyboard.
    await other.tap(centre(element(list, 'New note')));
    await other.key('back');
    expect(await other.glance({ apps: ['com.example.notes'] })).toMatchObject({ foreground: { app: 'com.example.notes' }, keyboardShown: false });
    expect(await observer.held()).toBeUndefined();
    const again = await observer.look({ app: 'com.example.notes' });
    observer.settled(again.observation);
    expect(await observer.held()).toBeDefined();
  } finally {
    await other.close();
    await stop();
    await sim.stop();
  }
});
