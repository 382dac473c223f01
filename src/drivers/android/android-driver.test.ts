import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { PrivateAdbServer, adbMissingReason, startSim, type Sim } from '../../sim/index.js';
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import { UnsupportedText } from '../errors/unsupported-text.js';
import { ADB_PATHS, connectThrough, type Connected } from '../testing/paths.js';
import { findNode, hasNode, type NodeQuery } from '../testing/screen.js';
import type { AndroidDriver } from './android-driver.js';

const SHOP = 'com.example.shop';
const NOTES = 'com.example.notes';
const SETTINGS = 'com.android.settings';

/** Where a label now sits on screen, undefined once it has scrolled out of the dump. */
function labelY(xml: string, text: string): number | undefined {
  return hasNode(xml, { text }) ? findNode(xml, { text }).y : undefined;
}

/** Strings a test might type that a careless driver would hand to the device's shell. */
const HOSTILE = [
  `'; rm -rf /sdcard/* #`,
  '$(reboot)',
  '`id`',
  '&& echo pwned > /sdcard/pwned',
  `"double" 'single' \\back\\slash`,
  'a|b;c&d<e>f(g)h',
  '$HOME ${PATH} $? $$',
  '100%s sure, %% and %s%s',
  '  spaced   out  ',
  '~!@#^*_+={}[]:,.?/',
];

for (const path of ADB_PATHS) {
  test.describe(`AndroidDriver ${path}`, () => {
    test.describe.configure({ mode: 'serial' });
    let connected: Connected<Sim>;
    let driver: AndroidDriver;
    let sim: Sim;

    test.beforeAll(async () => {
      connected = await connectThrough(path, {
        startPhone: (options) => startSim({ ...options, seed: 1 }),
        adb: { start: () => PrivateAdbServer.start(), missingReason: adbMissingReason },
      });
      ({ driver, phone: sim } = connected);
    });

    test.afterAll(async () => {
      await connected?.close();
    });

    const dump = async (): Promise<string> => (await driver.hierarchy()).xml;
    const tapOn = async (query: NodeQuery): Promise<void> => driver.tap(findNode(await dump(), query));

    /** A new Notes draft with the title field focused. */
    async function newNote(): Promise<void> {
      await driver.launchApp(NOTES, { clearState: true });
      await tapOn({ desc: 'New note' });
      await tapOn({ cls: 'android.widget.EditText', text: 'Title' });
    }

    async function signIn(): Promise<void> {
      await driver.launchApp(SHOP, { clearState: true, permissions: 'all' });
      await tapOn({ id: 'email' });
      await driver.typeText('alice@example.com');
      await tapOn({ id: 'password' });
      await driver.typeText('pass123');
      await tapOn({ text: 'Log in' });
      const xml = await dump();
      if (hasNode(xml, { text: 'No thanks' })) await driver.tap(findNode(xml, { text: 'No thanks' }));
      expect(findNode(await dump(), { id: 'greeting' }).attributes.text).toBe('Hi, Alice');
    }

    test('the hierarchy is the bare dump and the screenshot a PNG of the whole screen', async () => {
      await driver.launchApp(SETTINGS, { stopFirst: true });
      const hierarchy = await driver.hierarchy();
      expect(hierarchy.format).toBe('uiautomator-xml');
      expect(hierarchy.xml.startsWith('<?xml')).toBe(true);
      expect(hierarchy.xml.endsWith('</hierarchy>')).toBe(true);
      expect(hierarchy.xml).not.toContain('UI hierchary dumped to');
      expect(hasNode(hierarchy.xml, { text: 'Network & internet' })).toBe(true);
      const png = PNG.sync.read(await driver.screenshot());
      expect([png.width, png.height]).toEqual([1080, 2400]);
    });

    test('a tap opens the row it hits, back returns, and foreground names the app and activity', async () => {
      await driver.launchApp(SETTINGS, { stopFirst: true });
      expect(await driver.foreground()).toEqual({ app: SETTINGS, activity: 'com.android.settings.Settings', focusedWindow: undefined });
      await tapOn({ text: 'Network & internet' });
      const inside = await dump();
      expect(hasNode(inside, { text: 'Network & internet' })).toBe(true);
      expect(hasNode(inside, { text: 'Airplane mode' })).toBe(true);
      expect((await driver.foreground()).activity).toBe('com.android.settings.SubSettings');
      await driver.key('back');
      expect((await driver.foreground()).activity).toBe('com.android.settings.Settings');
      await driver.key('home');
      expect((await driver.foreground()).app).toBe('com.google.android.apps.nexuslauncher');
    });

    test("a long press opens a note's menu, a swipe left deletes it, and a drag scrolls the list", async () => {
      await driver.launchApp(NOTES, { clearState: true });
      await driver.longPress(findNode(await dump(), { text: 'Camping trip' }));
      expect(hasNode(await dump(), { text: 'Share' })).toBe(true);
      await driver.key('back');
      expect(hasNode(await dump(), { text: 'Share' })).toBe(false);

      const card = findNode(await dump(), { text: 'Camping trip' });
      await driver.swipe({ x: 900, y: card.y }, { x: 150, y: card.y });
      const afterSwipe = await dump();
      expect(hasNode(afterSwipe, { text: 'Camping trip' })).toBe(false);
      expect(hasNode(afterSwipe, { text: 'Note deleted' })).toBe(true);

      const top = findNode(afterSwipe, { text: 'Wedding speech' });
      await driver.drag({ x: 540, y: 1800 }, { x: 540, y: 900 });
      const moved = labelY(await dump(), 'Wedding speech');
      expect(moved === undefined || moved < top.y).toBe(true);
    });

    test('typed text lands in the field exactly, and nothing in it runs on the device', async () => {
      sim.phone.fs.write('/sdcard/keep.txt', Buffer.from('still here'));
      for (const text of HOSTILE) {
        await newNote();
        await driver.typeText(text);
        const field = findNode(await dump(), { cls: 'android.widget.EditText', focused: true });
        expect(field.attributes.text, `typed ${JSON.stringify(text)}`).toBe(text);
      }
      expect(sim.phone.fs.read('/sdcard/pwned')).toBeUndefined();
      expect(sim.phone.fs.read('/sdcard/keep.txt')?.toString()).toBe('still here');
      expect((await driver.deviceInfo()).id).toBe(driver.id);
    });

    test('a newline presses enter: the next line goes to the next field', async () => {
      await newNote();
      await driver.typeText('first line\nsecond line');
      const fields = await dump();
      expect(findNode(fields, { cls: 'android.widget.EditText', text: 'first line' }).attributes.focused).toBe('false');
      expect(findNode(fields, { cls: 'android.widget.EditText', text: 'second line' }).attributes.focused).toBe('true');
    });

    test('text with characters the keyboard lacks is refused by name, and nothing is typed', async () => {
      await newNote();
      const refused = await driver.typeText('café ✓ ok').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UnsupportedText);
      expect((refused as UnsupportedText).characters).toEqual(['é', '✓']);
      expect((refused as Error).message).toContain(driver.id);
      expect(findNode(await dump(), { cls: 'android.widget.EditText', text: 'Title' }).attributes.focused).toBe('true');
    });

    test('with ADBKeyboard installed and enabled, any text is typed through it, and the keyboard is restored', async () => {
      // Set up as a user would by hand: install the keyboard's APK, then enable it (ime enable).
      const apk = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from(' package="com.android.adbkeyboard" ')]);
      expect(sim.phone.packages.install(apk)).toMatchObject({ ok: true, name: 'com.android.adbkeyboard' });
      const gboard = 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME';
      sim.phone.settings.secure.set('enabled_input_methods', `${gboard}:com.android.adbkeyboard/.AdbIME`);
      try {
        await newNote();
        const text = 'Grüße, café ✓ 東京 "quoted" $(id)';
        await driver.typeText(text);
        expect(findNode(await dump(), { cls: 'android.widget.EditText', focused: true }).attributes.text).toBe(text);
        expect(sim.phone.settings.secure.get('default_input_method') ?? gboard).toBe(gboard);
      } finally {
        sim.phone.packages.uninstall('com.android.adbkeyboard');
      }
    });

    test('delete removes the last character; the keyboard shows while a field has focus', async () => {
      await newNote();
      expect(await driver.keyboardShown()).toBe(true);
      await driver.typeText('abc');
      await driver.key('delete');
      expect(hasNode(await dump(), { cls: 'android.widget.EditText', text: 'ab' })).toBe(true);
      await driver.launchApp(SETTINGS, { stopFirst: true });
      expect(await driver.keyboardShown()).toBe(false);
    });

    test('a raw capture holds the same pixels as the PNG screenshot', async () => {
      await driver.launchApp(NOTES, { clearState: true });
      const png = PNG.sync.read(await driver.screenshot());
      const raw = await driver.capture();
      expect({ width: raw.width, height: raw.height }).toEqual({ width: png.width, height: png.height });
      expect(raw.data.equals(png.data)).toBe(true);
    });

    test('one glance reads the foreground, the keyboard, the log position and the app processes as the single calls do', async () => {
      await newNote();
      const glance = await driver.glance({ apps: [NOTES, SHOP] });
      expect(glance.foreground).toEqual(await driver.foreground());
      expect(glance.keyboardShown).toBe(true);
      const notes = sim.phone.ui.processes().find((p) => p.package === NOTES);
      expect(glance.pids[NOTES]).toBe(notes?.pid);
      await driver.stopApp(SHOP);
      expect(Object.keys(glance.pids)).toEqual([NOTES, SHOP]);
      expect((await driver.glance({ apps: [SHOP] })).pids[SHOP]).toBeUndefined();
      expect(glance.mark.deviceTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
      await expect(driver.glance({ apps: ['not a package; reboot'] })).rejects.toThrow(/not an Android package name/);
    });

    test('launch asks for permissions unless granted up front; clear wipes the sign-in; stop ends the process', async () => {
      await driver.launchApp(SHOP, { clearState: true });
      expect(hasNode(await dump(), { text: 'Allow Shop to send you notifications?' })).toBe(true);
      expect((await driver.foreground()).app).toBe('com.google.android.permissioncontroller');

      await signIn();
      expect(sim.phone.packages.get(SHOP)?.granted.has('android.permission.POST_NOTIFICATIONS')).toBe(true);
      await driver.stopApp(SHOP);
      expect(sim.phone.ui.processes().some((p) => p.package === SHOP)).toBe(false);
      await driver.launchApp(SHOP);
      expect(hasNode(await dump(), { id: 'greeting' })).toBe(true);

      await driver.clearApp(SHOP);
      expect(sim.phone.packages.get(SHOP)?.granted.size).toBe(0);
      await driver.grantPermission(SHOP, 'notifications');
      expect(sim.phone.packages.get(SHOP)?.granted.has('android.permission.POST_NOTIFICATIONS')).toBe(true);
      await driver.launchApp(SHOP, { activity: '.MainActivity' });
      const xml = await dump();
      expect(hasNode(xml, { id: 'email' })).toBe(true);
      expect(hasNode(xml, { text: 'Allow Shop to send you notifications?' })).toBe(false);
    });

    test('a deep link opens its screen; links, apps and permissions that do not exist fail with the command', async () => {
      await signIn();
      await driver.openLink('shop://product/50');
      expect(findNode(await dump(), { id: 'product_title' }).attributes.text).toBe('Smart Glasses');

      const failures = await Promise.all([
        driver.openLink('nope://nothing').catch((error: unknown) => error),
        driver.launchApp('com.example.missing').catch((error: unknown) => error),
        driver.launchApp(SHOP, { activity: '.NoSuchActivity' }).catch((error: unknown) => error),
        driver.grantPermission(SHOP, 'camera').catch((error: unknown) => error),
        driver.clearApp('com.example.missing').catch((error: unknown) => error),
      ]);
      for (const failure of failures) expect(failure).toBeInstanceOf(DeviceCommandFailed);
      const [link, missing, activity, camera] = failures as DeviceCommandFailed[];
      expect(link.message).toContain('unable to resolve Intent');
      expect(missing.message).toContain('monkey -p com.example.missing');
      expect(activity.message).toContain('does not exist');
      expect(camera.message).toContain('has not requested permission android.permission.CAMERA');
      await expect(driver.launchApp('x; reboot')).rejects.toThrow('not an Android package name');
    });

    test('logs since a mark hold the crash of the Shop, and a later mark leaves it out', async () => {
      await signIn();
      const before = await driver.mark();
      await driver.openLink('shop://cart', { appId: SHOP });
      await tapOn({ id: 'coupon' });
      await driver.typeText('CRASH\n');
      expect(hasNode(await dump(), { text: 'Shop keeps stopping' })).toBe(true);

      const logs = await driver.logs({ since: before });
      expect(logs.every((entry) => entry.time >= before.deviceTime)).toBe(true);
      const fatal = logs.find((entry) => entry.buffer === 'crash' && entry.message.includes('FATAL EXCEPTION: main'));
      expect(fatal?.message).toContain('Process: com.example.shop');
      expect(fatal?.message).toContain('java.lang.IllegalStateException: Coupon service unavailable');
      expect(fatal).toMatchObject({ priority: 'E', tag: 'AndroidRuntime' });
      expect(logs.some((entry) => entry.tag === 'ShopCoupon' && entry.message === 'Validating coupon CRASH')).toBe(true);

      // Let the device clock move past the crash's millisecond, so the next mark is strictly later.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const after = await driver.mark();
      expect((await driver.logs({ since: after })).some((entry) => entry.message.includes('FATAL EXCEPTION'))).toBe(false);
      expect((await driver.logs({ limit: 3 })).length).toBe(3);
    });

    test('prepare turns animations off, keeps the screen on and grants permissions up front', async () => {
      await driver.clearApp(SHOP);
      sim.phone.settings.global.set('window_animation_scale', '1.0');
      await driver.prepare({ grantPermissions: { [SHOP]: 'all' } });
      const global = sim.phone.settings.global;
      expect(['window_animation_scale', 'transition_animation_scale', 'animator_duration_scale'].map((key) => global.get(key))).toEqual(['0', '0', '0']);
      expect(global.get('stay_on_while_plugged_in')).toBe('7');
      expect(sim.phone.packages.get(SHOP)?.granted.has('android.permission.POST_NOTIFICATIONS')).toBe(true);
    });

    test('screen size and device info come from the device', async () => {
      expect(await driver.screenSize()).toEqual({ width: 1080, height: 2400, density: 420 });
      expect(await driver.deviceInfo()).toEqual({
        id: driver.id,
        platform: 'android',
        osVersion: '14',
        apiLevel: 34,
        model: 'mobiletest Virtual Phone',
        manufacturer: 'mobiletest',
        virtual: true,
      });
    });
  });
}
