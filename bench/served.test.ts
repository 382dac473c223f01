// The phone's count of what it served, as the read budget's peer rows read it.
import { expect, test } from '@playwright/test';
import { AndroidDriver } from '../runner/index.js';
import { classifyService, startSim, type ServedCommand } from '../src/sim/index.js';
import { figures, isAction } from './peer-budget.js';

test('the phone counts a hierarchy dump as a read, a screencap as a screenshot and a tap as another command', async () => {
  const sim = await startSim({ serverPort: 0, timing: 'fast' });
  const driver = await AndroidDriver.connect({ port: sim.serverPort as number });
  try {
    sim.served.take();
    await driver.hierarchy();
    const read = sim.served.take();
    expect(read.filter((c) => c.kind === 'read')).toHaveLength(1);
    expect(read.find((c) => c.kind === 'read')?.command).toContain('uiautomator');

    await driver.screenshot();
    expect(sim.served.take().map((c) => c.kind)).toContain('screenshot');

    await driver.tap({ x: 100, y: 200 });
    const tap = sim.served.take();
    expect(tap.map((c) => c.kind)).toEqual(['other']);
    expect(tap[0].command).toContain('input tap 100 200');
    expect(tap[0].ms).toBeGreaterThanOrEqual(0);
    // Taken once: the log starts afresh.
    expect(sim.served.take()).toEqual([]);
  } finally {
    await driver.close();
    await sim.stop();
  }
});

test('a service is a read when its command line runs uiautomator dump, a screenshot when it runs screencap', () => {
  const cases: Array<[string, string]> = [
    ["exec:uiautomator 'dump' '/dev/tty'", 'read'],
    ['shell,v2,raw:uiautomator dump /sdcard/window_dump.xml && cat /sdcard/window_dump.xml', 'read'],
    ['shell:/system/bin/uiautomator dump', 'read'],
    ['exec:screencap -p', 'screenshot'],
    ['shell,v2,TERM=xterm,raw:/system/bin/screencap -p /sdcard/s.png', 'screenshot'],
    ['framebuffer:', 'screenshot'],
    ['shell:uiautomator events', 'other'],
    ['shell:input tap 540 1200', 'other'],
    ['shell:dumpsys window displays', 'other'],
    ['sync:', 'other'],
  ];
  for (const [service, kind] of cases) expect(classifyService(service), service).toBe(kind);
});

test('the peer figures count reads, screenshots and other commands per action, and floor each action at one mean read plus what it did', () => {
  const served = (kind: ServedCommand['kind'], command: string, ms: number): ServedCommand => ({ service: `shell:${command}`, command, kind, ms });
  const steps = [
    {
      served: [served('read', 'uiautomator dump /dev/tty', 2000), served('other', 'dumpsys window displays', 70), served('other', 'input tap 1 2', 200)],
      wallMs: 2500,
    },
    {
      served: [served('read', 'uiautomator dump /dev/tty', 2200), served('read', 'uiautomator dump /dev/tty', 2300), served('screenshot', 'screencap -p', 900)],
      wallMs: 5600,
    },
  ];
  expect(isAction(steps[0].served[2])).toBe(true);
  expect(isAction(steps[0].served[1])).toBe(false);
  const result = figures(steps);
  expect(result).toMatchObject({ actions: 2, readsPerAction: 1.5, screenshotsPerAction: 0.5, otherPerAction: 1, wallSeconds: 8.1 });
  expect(result.deviceSecondsPerAction).toBeCloseTo((2000 + 70 + 200 + 2200 + 2300 + 900) / 2 / 1000, 6);
  // Mean read 2,166.7 ms per action, plus the tap's 200 ms.
  expect(result.floorSeconds).toBeCloseTo(((2 * 6500) / 3 + 200) / 1000, 6);
});
