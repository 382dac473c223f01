// @mobilenext/mobile-mcp driven as an MCP client drives it, with both of its robots.
import sharp from 'sharp';
import { PNG } from 'pngjs';
import { readFile } from 'node:fs/promises';
import { NOT_APK_FAILURE, SHOP, expect, focusedWindow, launchShopQuietly, test } from './phone.js';
import { shown, startMobileMcp, type McpElement, type MobileMcp, type Robot } from './mobile-mcp.js';

const KEYBOARD = 'com.google.android.inputmethod.latin:';
const labels = (elements: McpElement[]): string[] => elements.map(shown).filter(Boolean);
const centre = (element: McpElement) => ({
  x: element.coordinates.x + (element.coordinates.width >> 1),
  y: element.coordinates.y + (element.coordinates.height >> 1),
});

function find(elements: McpElement[], label: string): McpElement {
  const found = elements.find((e) => shown(e) === label || e.identifier?.endsWith(`:id/${label}`));
  if (!found) throw new Error(`mobile-mcp lists no element "${label}"; it lists: ${labels(elements).join(' | ')}`);
  return found;
}

const withMcp = (robot: Robot) => async (peer: Parameters<typeof startMobileMcp>[0], body: (mcp: MobileMcp) => Promise<void>) => {
  const mcp = await startMobileMcp(peer, robot);
  try {
    await body(mcp);
  } finally {
    await mcp.close();
  }
};

test('mobile-mcp lists the phone as an online Android 14 device', async ({ peer }) => {
  await withMcp('mobilecli')(peer, async (mcp) => {
    const { devices } = JSON.parse((await mcp.call('mobile_list_available_devices')).text) as { devices: Array<Record<string, string>> };
    expect(devices).toContainEqual(expect.objectContaining({ id: peer.serial, platform: 'android', version: '14', state: 'online' }));
    expect((await mcp.call('mobile_get_screen_size')).text).toBe(`Screen size is ${(await peer.phone.shell('wm size')).match(/(\d+x\d+)/)?.[1]} pixels`);
  });
});

test('legacy robot: mobile_list_apps names the launchable apps', async ({ peer }) => {
  await withMcp('legacy')(peer, async (mcp) => {
    const answer = await mcp.call('mobile_list_apps');
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.text).toMatch(/^Found these apps on device: /);
    for (const pkg of [SHOP, 'com.example.notes', 'com.android.settings']) expect(answer.text).toContain(`(${pkg})`);
  });
});

test('legacy robot: typing non-ASCII text asks for mobilenext devicekit, which the phone does not have', async ({ peer }) => {
  await launchShopQuietly(peer.phone);
  await peer.phone.tap('Email');
  await withMcp('legacy')(peer, async (mcp) => {
    const answer = await mcp.call('mobile_type_keys', { text: 'zoë@example.com', submit: false });
    expect(answer.text).toContain('Non-ASCII text is not supported on Android, please install mobilenext devicekit');
  });
});

test('mobilecli robot: the tools that need its DeviceServer (a dex run by app_process) say it could not start', async ({ peer }) => {
  await withMcp('mobilecli')(peer, async (mcp) => {
    for (const [tool, args] of [
      ['mobile_list_apps', {}],
      ['mobile_clipboard', {}],
    ] as const) {
      const answer = await mcp.call(tool, args);
      expect(answer, tool).toMatchObject({ isError: true, text: expect.stringContaining('launch device server') });
    }
  });
});

test('mobilecli robot: mobile_open_url with no app for https links fails as am start does', async ({ peer }) => {
  await withMcp('mobilecli')(peer, async (mcp) => {
    const answer = await mcp.call('mobile_open_url', { url: 'https://example.com' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain(
      'Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=https://example.com/... flg=0x10000000 }',
    );
  });
});

test('mobilecli robot: a screen recording yields no MP4, as on a phone without screenrecord', async ({ peer }, testInfo) => {
  const output = testInfo.outputPath('screen.mp4');
  await withMcp('mobilecli')(peer, async (mcp) => {
    expect((await mcp.call('mobile_start_screen_recording', { output, timeLimit: 2 })).text).toBe(
      `Screen recording started. Output will be saved to: ${output}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const stopped = await mcp.call('mobile_stop_screen_recording');
    expect(stopped.text).toContain('No active recording found');
    const mp4 = await readFile(output).catch(() => Buffer.alloc(0));
    expect(mp4.subarray(4, 8).toString('latin1')).not.toBe('ftyp');
  });
});

// mobilecli lists elements through its DeviceServer when that runs, else through a plain `uiautomator dump`
// (the phone does not run the DeviceServer): so both robots list what a plain dump shows.
for (const robot of ['mobilecli', 'legacy'] as const) {
  test.describe(`${robot} robot`, () => {
    test('mobile_launch_app opens Shop, and with its first-launch dialog up the list shows the dialog only', async ({ peer }) => {
      await withMcp(robot)(peer, async (mcp) => {
        expect((await mcp.call('mobile_launch_app', { packageName: SHOP })).text).toBe(`Launched app ${SHOP}`);
        await expect.poll(() => peer.phone.labels()).toContain('Allow');
        const elements = await mcp.elements();
        expect(labels(elements)).toEqual(expect.arrayContaining(['Allow Shop to send you notifications?', 'Allow', 'Don’t allow']));
        // The sign-in form is behind the dialog, in a window a plain uiautomator dump leaves out.
        expect.soft(labels(elements)).not.toContain('Log in');
        await mcp.call('mobile_click_on_screen_at_coordinates', centre(find(elements, 'Allow')));
        await expect.poll(async () => labels(await mcp.elements())).toContain('Log in');
        if (robot === 'mobilecli') expect((await mcp.call('mobile_get_foreground_app')).text).toContain(`(${SHOP})`);
      });
    });

    test('the element list of the sign-in form names its fields, with the keyboard up too, and typing fills the field', async ({ peer }) => {
      await launchShopQuietly(peer.phone);
      await withMcp(robot)(peer, async (mcp) => {
        const before = await mcp.elements();
        expect(labels(before)).toEqual(expect.arrayContaining(['Welcome back', 'Email', 'Password', 'Log in']));
        await mcp.call('mobile_click_on_screen_at_coordinates', centre(find(before, 'Email')));
        await expect.poll(async () => (await peer.phone.shell('dumpsys input_method')).includes('mInputShown=true')).toBe(true);

        const withKeyboard = await mcp.elements();
        // A plain dump is the app's window: the keyboard's 70-odd keys are in another one.
        expect.soft(withKeyboard.filter((e) => e.identifier?.startsWith(KEYBOARD))).toEqual([]);
        expect.soft(labels(withKeyboard).slice(0, 4)).toEqual(labels(before).slice(0, 4));
        expect.soft(withKeyboard.find((e) => e.identifier?.endsWith(':id/email'))?.focused).toBe(true);

        expect((await mcp.call('mobile_type_keys', { text: 'alice@example.com', submit: false })).isError).toBe(false);
        await expect.poll(async () => labels(await mcp.elements())).toContain('alice@example.com');
        expect(await peer.phone.labels()).toContain('alice@example.com');
      });
    });

    test('mobile_swipe_on_screen scrolls the Settings list', async ({ peer }) => {
      await peer.phone.shell('am start -W -n com.android.settings/.Settings');
      await withMcp(robot)(peer, async (mcp) => {
        const first = labels(await mcp.elements());
        expect((await mcp.call('mobile_swipe_on_screen', { direction: 'up' })).isError).toBe(false);
        await expect.poll(async () => labels(await mcp.elements())).not.toEqual(first);
      });
    });

    test('mobile_press_button HOME goes to the launcher', async ({ peer }) => {
      await launchShopQuietly(peer.phone);
      await withMcp(robot)(peer, async (mcp) => {
        expect((await mcp.call('mobile_press_button', { button: 'HOME' })).text).toBe('Pressed the button: HOME');
        await expect.poll(() => focusedWindow(peer.phone)).toMatch(/^com\.google\.android\.apps\.nexuslauncher\//);
      });
    });

    test('mobile_take_screenshot and mobile_save_screenshot give images of the screen', async ({ peer }, testInfo) => {
      const [width, height] = ((await peer.phone.shell('wm size')).match(/(\d+)x(\d+)/) ?? []).slice(1).map(Number);
      await withMcp(robot)(peer, async (mcp) => {
        const answer = await mcp.call('mobile_take_screenshot');
        expect(answer.isError, answer.text).toBe(false);
        const [image] = answer.images;
        const meta = await sharp(Buffer.from(image.data, 'base64')).metadata();
        expect(meta.format).toBe(image.mimeType === 'image/png' ? 'png' : 'jpeg');
        // Scaled down or not, the picture keeps the screen's shape.
        expect(Math.abs((meta.width ?? 0) / (meta.height ?? 1) - width / height)).toBeLessThan(0.01);

        const path = testInfo.outputPath('screen.png');
        const saved = await mcp.call('mobile_save_screenshot', { saveTo: path });
        expect(saved.isError, saved.text).toBe(false);
        const png = PNG.sync.read(await readFile(path));
        expect([png.width, png.height]).toEqual([width, height]);
      });
    });

    test('mobile_set_orientation turns the screen to landscape and back', async ({ peer }) => {
      await withMcp(robot)(peer, async (mcp) => {
        expect((await mcp.call('mobile_get_orientation')).text).toContain('portrait');
        const set = await mcp.call('mobile_set_orientation', { orientation: 'landscape' });
        expect(set.text).not.toMatch(/error|fail/i);
        await expect.poll(async () => (await mcp.call('mobile_get_orientation')).text).toContain('landscape');
        expect((await peer.phone.shell('settings get system user_rotation')).trim()).toBe('1');
        await mcp.call('mobile_set_orientation', { orientation: 'portrait' });
        await expect.poll(async () => (await mcp.call('mobile_get_orientation')).text).toContain('portrait');
      });
    });

    test('mobile_terminate_app stops Shop and mobile_uninstall_app removes Notes', async ({ peer }) => {
      await launchShopQuietly(peer.phone);
      await withMcp(robot)(peer, async (mcp) => {
        expect((await mcp.call('mobile_terminate_app', { packageName: SHOP })).text).toBe(`Terminated app ${SHOP}`);
        await expect.poll(() => peer.phone.shell(`pidof ${SHOP} || true`)).toBe('');
        const removed = await mcp.call('mobile_uninstall_app', { bundle_id: 'com.example.notes' });
        expect(removed.text).toBe('Uninstalled app com.example.notes');
        expect(await peer.phone.shell('pm list packages')).not.toContain('package:com.example.notes\n');
      });
    });
  });
}

test('mobile_get_device_logs returns what an app logged while it listened', async ({ peer }) => {
  await withMcp('mobilecli')(peer, async (mcp) => {
    const listening = mcp.call('mobile_get_device_logs', { limit: 1, filter: ['tag=PeerCheck'] });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await peer.phone.shell('log -t PeerCheck "hello from mobile-mcp"');
    const answer = await listening;
    expect(answer.isError, answer.text).toBe(false);
    expect(JSON.parse(answer.text.split('\n')[0])).toMatchObject({ tag: 'PeerCheck', message: 'hello from mobile-mcp' });
  });
});

test("mobile_install_app with a file that is not an APK fails with pm's reason", async ({ peer }, testInfo) => {
  const path = testInfo.outputPath('bogus.apk');
  await import('node:fs/promises').then((fs) => fs.writeFile(path, 'not a zip file'));
  await withMcp('mobilecli')(peer, async (mcp) => {
    const answer = await mcp.call('mobile_install_app', { path });
    expect.soft(answer.text).toMatch(NOT_APK_FAILURE);
    expect(await peer.phone.shell('pm list packages')).not.toContain('bogus');
  });
});
