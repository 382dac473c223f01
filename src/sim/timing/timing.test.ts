import { test, expect } from '@playwright/test';
import { createPhone } from '../phone.js';
import { runShell } from '../shell/index.js';
import type { AppDefinition, Phone, TimingMode } from '../types.js';
import { sampleApps } from '../apps/index.js';
import { commandCost, type PhoneFacts } from './costs.js';

const LOADER = 'com.example.loader';

/** An app whose screen shows a spinner for spinMs (for ever when undefined), then the word "Loaded". */
/** A spinner for ever, or for `spinMs` then "Loaded"; `hangAfterMs` blocks its main thread that much later. */
function loaderApp(spinMs?: number, hangAfterMs?: number): AppDefinition {
  return {
    package: LOADER,
    label: 'Loader',
    versionName: '1.0',
    versionCode: 1,
    launchActivity: '.MainActivity',
    activities: ['.MainActivity'],
    permissions: [],
    start(ctx) {
      let loading = true;
      if (spinMs !== undefined)
        ctx.clock.setTimeout(() => {
          loading = false;
          ctx.invalidate();
        }, spinMs);
      if (hangAfterMs !== undefined) ctx.clock.setTimeout(() => ctx.freeze(), hangAfterMs);
      return {
        view: () => ({
          activity: '.MainActivity',
          root: {
            cls: 'android.widget.FrameLayout',
            children: [
              loading
                ? { cls: 'android.widget.ProgressBar', id: 'progress', width: 48, height: 48 }
                : { cls: 'android.widget.TextView', id: 'status', text: 'Loaded' },
            ],
          },
        }),
        back: () => false,
      };
    },
  };
}

/** A phone on a frozen clock whose real timing waits no wall time: the clock shows what a client would wait. */
function pacedPhone(options: { timing: TimingMode; apps?: AppDefinition[]; seed?: number }): Phone {
  return createPhone({
    apps: options.apps ?? Object.values(sampleApps),
    frozenAt: Date.UTC(2026, 0, 1, 12, 0, 0),
    seed: options.seed ?? 1,
    timing: options.timing,
    sleep: () => Promise.resolve(),
  });
}

async function sh(phone: Phone, line: string): Promise<{ out: string; err: string; code: number; ms: number }> {
  let out = '';
  let err = '';
  const start = phone.clock.now();
  const code = await runShell(phone, line, {
    stdout: (c) => {
      out += c.toString();
    },
    stderr: (c) => {
      err += c.toString();
    },
    signal: new AbortController().signal,
  });
  return { out, err, code, ms: phone.clock.now() - start };
}

function facts(overrides: Partial<{ nodes: number; pixels: number; logLines: number; packages: number; running: boolean }> = {}): PhoneFacts {
  const f = { nodes: 18, pixels: 1080 * 2400, logLines: 500, packages: 200, running: false, ...overrides };
  return { nodes: () => f.nodes, pixels: () => f.pixels, logLines: () => f.logLines, packages: () => f.packages, running: () => f.running };
}

test('a stock uiautomator dump of a small screen costs what real phones take, 2.1-2.2 s, within 25%', () => {
  // The shell's start and the one-second idle wait every dump pays come on top of the command itself.
  const total = commandCost('sh', [], facts()).ms + commandCost('uiautomator', ['dump'], facts({ nodes: 18 })).ms + 1000;
  expect(total).toBeGreaterThan(2150 * 0.75);
  expect(total).toBeLessThan(2150 * 1.25);
});

test('a dump costs more the more nodes the screen holds', () => {
  const small = commandCost('uiautomator', ['dump', '/dev/tty'], facts({ nodes: 18 })).ms;
  const large = commandCost('uiautomator', ['dump', '/dev/tty'], facts({ nodes: 400 })).ms;
  expect(large - small).toBeCloseTo((400 - 18) * 1.4, 5);
});

test('screencap -p costs more on a larger screen, and raw output skips the PNG encoding', () => {
  const phone = commandCost('screencap', ['-p'], facts({ pixels: 1080 * 2400 })).ms;
  const tablet = commandCost('screencap', ['-p'], facts({ pixels: 1600 * 2560 })).ms;
  const raw = commandCost('screencap', [], facts({ pixels: 1080 * 2400 })).ms;
  expect(tablet).toBeGreaterThan(phone);
  expect(raw).toBeLessThan(phone / 2);
});

test('input text costs more for longer text, and a swipe lasts its gesture', () => {
  expect(commandCost('input', ['text', 'a'.repeat(40)], facts()).ms).toBeGreaterThan(commandCost('input', ['text', 'a'], facts()).ms);
  expect(commandCost('input', ['swipe', '1', '2', '3', '4', '900'], facts()).ms - commandCost('input', ['tap', '1', '2'], facts()).ms).toBe(900);
  expect(commandCost('input', ['touchscreen', 'tap', '1', '2'], facts()).ms).toBe(commandCost('input', ['tap', '1', '2'], facts()).ms);
});

test('am start -W waits longer for a cold start than for a running app', () => {
  const cold = commandCost('am', ['start', '-W', '-n', 'com.x/.Main'], facts({ running: false })).ms;
  const hot = commandCost('am', ['start', '-W', '-n', 'com.x/.Main'], facts({ running: true })).ms;
  expect(cold).toBeGreaterThan(hot * 2);
});

test('uiautomator dump && cat pays for both commands, and the same seed paces a phone the same way', async () => {
  const first = pacedPhone({ timing: 'real', seed: 3 });
  const again = pacedPhone({ timing: 'real', seed: 3 });
  const other = pacedPhone({ timing: 'real', seed: 4 });
  const line = 'uiautomator dump /sdcard/ui.xml && cat /sdcard/ui.xml';
  const a = await sh(first, line);
  expect(a.code).toBe(0);
  expect(a.out).toContain('<hierarchy');
  expect(a.ms).toBeGreaterThan(1800);
  expect(a.ms).toBeLessThan(2800);
  expect((await sh(again, line)).ms).toBe(a.ms);
  expect((await sh(other, line)).ms).not.toBe(a.ms);
  // Jitter comes from a stream of its own: the apps' random choices are the same as at fast timing.
  expect(first.random.next()).toBe(pacedPhone({ timing: 'fast', seed: 3 }).random.next());
});

test("at real timing a dump under an endless spinner fails with uiautomator's idle-state error after 10 s", async () => {
  const phone = pacedPhone({ timing: 'real', apps: [loaderApp()] });
  phone.ui.launch(LOADER);
  const result = await sh(phone, 'uiautomator dump /sdcard/ui.xml');
  expect(result).toMatchObject({ out: '', err: 'ERROR: could not get idle state.\n', code: 0 });
  expect(phone.fs.stat('/sdcard/ui.xml')).toBeUndefined();
  expect(result.ms).toBeGreaterThanOrEqual(10_000);
  // Developer options' animator duration scale off stops the spinner, as on a phone.
  await sh(phone, 'settings put global animator_duration_scale 0');
  const still = await sh(phone, 'uiautomator dump /sdcard/ui.xml');
  expect(still.out).toBe('UI hierchary dumped to: /sdcard/ui.xml\n');
  expect(still.ms).toBeLessThan(3000);
});

test("at real timing a hung app's spinner sends no events: the dump is idle and shows the ANR dialog over it", async () => {
  const phone = pacedPhone({ timing: 'real', apps: [loaderApp(undefined, 100)] });
  phone.ui.launch(LOADER);
  phone.clock.advance(10_000);
  const result = await sh(phone, 'uiautomator dump /dev/tty');
  expect(result.out).toContain('isn’t responding');
  expect(result.ms).toBeLessThan(3000);
});

test("an injected idle-state fault costs uiautomator's global timeout at real timing, and nothing at fast timing", async () => {
  for (const timing of ['real', 'fast'] as const) {
    const phone = pacedPhone({ timing });
    phone.faults.set({ idleStateErrors: 1 });
    const result = await sh(phone, 'uiautomator dump /sdcard/ui.xml');
    expect(result.err).toBe('ERROR: could not get idle state.\n');
    if (timing === 'real') expect(result.ms).toBeGreaterThanOrEqual(10_000);
    else expect(result.ms).toBe(0);
  }
});

test('at real timing a dump during a short load waits for it to end and shows what came after', async () => {
  const phone = pacedPhone({ timing: 'real', apps: [loaderApp(2500)] });
  phone.ui.launch(LOADER);
  const result = await sh(phone, 'uiautomator dump /dev/tty');
  expect(result.out).toContain('text="Loaded"');
  expect(result.out).not.toContain('ProgressBar');
  // Idle comes one idle timeout after the spinner's last frame.
  expect(result.ms).toBeGreaterThanOrEqual(2500 - 16 + 1000);
});

test("fast timing answers at once and keeps today's dump under a spinner", async () => {
  const phone = pacedPhone({ timing: 'fast', apps: [loaderApp()] });
  phone.ui.launch(LOADER);
  const dump = await sh(phone, 'uiautomator dump /dev/tty && input tap 10 10 && screencap -p > /sdcard/s.png');
  expect(dump.code).toBe(0);
  expect(dump.out).toContain('android.widget.ProgressBar');
  expect(dump.ms).toBe(0);
  expect(phone.timing.mode).toBe('fast');
});

test('real timing makes a client wait in wall time', async () => {
  const phone = createPhone({ apps: [loaderApp(0)], timing: 'real', seed: 1 });
  const start = performance.now();
  await runShell(phone, 'input keyevent KEYCODE_BACK', { stdout: () => undefined, stderr: () => undefined, signal: new AbortController().signal });
  // The shell's 25 ms and input's 200 ms, at worst three sigmas (0.15 each) below their medians.
  expect(performance.now() - start).toBeGreaterThan(225 * Math.exp(-0.45) - 2);
});

test("a pull takes its bytes' time over USB 2.0 at real timing, and none at fast timing", async () => {
  const real = pacedPhone({ timing: 'real' });
  const start = real.clock.now();
  await real.timing.transfer(38e6);
  expect(real.clock.now() - start).toBeCloseTo(1000, 6);
  const fast = pacedPhone({ timing: 'fast' });
  const before = fast.clock.now();
  await fast.timing.transfer(38e6);
  expect(fast.clock.now()).toBe(before);
});
