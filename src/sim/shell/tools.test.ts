import { test, expect } from '@playwright/test';
import { shell, testPhone } from './testing.js';

test('pkill and pgrep find app processes by name, and the shell user may not signal them', async () => {
  const phone = testPhone();
  await shell(phone, 'monkey -p com.example.notes 1');
  const pid = (await shell(phone, 'pidof com.example.notes')).out.trim();
  expect(await shell(phone, 'pgrep notes')).toMatchObject({ out: `${pid}\n`, code: 0 });
  expect((await shell(phone, 'pgrep -l -x com.example.notes')).out).toBe(`${pid} com.example.notes\n`);
  expect(await shell(phone, 'pkill com.example.notes')).toMatchObject({ err: `pkill: TERM->${pid}: Operation not permitted\n`, code: 1 });
  expect((await shell(phone, 'pkill -9 notes')).err).toBe(`pkill: KILL->${pid}: Operation not permitted\n`);
  expect((await shell(phone, 'pkill -l HUP notes')).err).toBe(`pkill: HUP->${pid}: Operation not permitted\n`);
  expect((await shell(phone, 'pidof com.example.notes')).out.trim()).toBe(pid);
  expect(await shell(phone, 'pkill no.such.process')).toMatchObject({ out: '', err: '', code: 1 });
  expect(await shell(phone, 'pkill -l NOPE notes')).toMatchObject({ err: "pkill: bad -L 'NOPE'\n", code: 1 });
  expect(await shell(phone, 'pkill')).toMatchObject({ err: 'pkill: No PATTERN (see "pkill --help")\n', code: 1 });
});

test('run-as refuses every app on a user build, and names a package it does not know', async () => {
  const phone = testPhone();
  expect(await shell(phone, 'run-as com.example.shop ls')).toMatchObject({ err: 'run-as: package not debuggable: com.example.shop\n', code: 1 });
  expect(await shell(phone, 'run-as com.example.missing id')).toMatchObject({ err: 'run-as: unknown package: com.example.missing\n', code: 1 });
  expect((await shell(phone, 'run-as')).err).toBe('run-as: usage: run-as <package-name> [--user <uid>] <command> [<args>]\n\n');
});

test('locksettings: no credential at first, then one that later commands must give with --old', async () => {
  const phone = testPhone();
  // Screen lock "None": the lock screen is disabled until set otherwise.
  expect((await shell(phone, 'locksettings get-disabled')).out).toBe('true\n');
  expect((await shell(phone, 'locksettings set-disabled false')).out).toBe('Lock screen disabled set to false\n');
  expect((await shell(phone, 'locksettings get-disabled')).out).toBe('false\n');
  expect(await shell(phone, 'locksettings clear --old 1234')).toMatchObject({ out: 'Old password provided but user has no password\n', code: 255 });
  expect((await shell(phone, 'locksettings verify')).out).toBe('Lock credential verified successfully\n');
  expect((await shell(phone, 'locksettings set-pin 1234')).out).toBe("Pin set to '1234'\n");
  expect(await shell(phone, 'locksettings verify --old 0000')).toMatchObject({ out: "Old password '0000' didn't match\n", code: 255 });
  expect(await shell(phone, 'locksettings clear --old 1234')).toMatchObject({ out: 'Lock credential cleared\n', code: 0 });
  expect((await shell(phone, 'cmd lock_settings help')).out).toMatch(/^lockSettings service commands:\n/);
});

test('screenrecord checks its options and file, then fails as a phone whose AVC encoder cannot start, leaving an empty file', async () => {
  const phone = testPhone();
  const help = await shell(phone, 'screenrecord --help');
  expect(help).toMatchObject({ out: '', code: 0 });
  expect(help.err).toMatch(/^Usage: screenrecord \[options\] <filename>\n\nAndroid screenrecord v1\.3\./);
  const recorded = await shell(phone, 'screenrecord /sdcard/clip.mp4');
  expect(recorded.err).toBe(
    'ERROR: unable to create video/avc codec instance\nWARNING: failed at 1080x2400, retrying at 720x1280\nERROR: unable to create video/avc codec instance\n',
  );
  expect(recorded.code).toBe(0);
  expect((await shell(phone, 'stat -c %s /sdcard/clip.mp4')).out).toBe('0\n');
  expect(await shell(phone, 'screenrecord')).toMatchObject({ err: 'Must specify output file (see --help).\n', code: 2 });
  expect((await shell(phone, 'screenrecord --verbose --bit-rate 4M --size 1280x720 /sdcard/v.mp4')).out).toBe(
    'Display is 1080x2400 @60.00fps (orientation=ROTATION_0), layerStack=0\nConfiguring recorder for 1280x720 video/avc at 4.00Mbps\n',
  );
  expect(await shell(phone, 'screenrecord --size 12x /sdcard/x.mp4')).toMatchObject({ err: "Invalid size '12x', must be width x height\n", code: 2 });
  expect(await shell(phone, 'screenrecord /system/clip.mp4')).toMatchObject({ err: "Unable to open '/system/clip.mp4': Read-only file system\n", code: 1 });
});

test('cmd deviceidle forces Doze and back, keeps a user whitelist, and dumpsys deviceidle runs its commands too', async () => {
  const phone = testPhone();
  expect((await shell(phone, 'cmd deviceidle get deep')).out).toBe('ACTIVE\n');
  expect((await shell(phone, 'cmd deviceidle force-idle')).out).toBe('Now forced in to deep idle mode\n');
  expect((await shell(phone, 'dumpsys deviceidle get deep')).out).toBe('IDLE\n');
  expect((await shell(phone, 'cmd deviceidle unforce')).out).toBe('Light state: ACTIVE, deep state: ACTIVE\n');
  expect((await shell(phone, 'cmd deviceidle force-inactive')).out).toBe('Light state: INACTIVE, deep state: INACTIVE\n');
  expect((await shell(phone, 'cmd deviceidle step')).out).toBe('Stepped to deep: IDLE_PENDING\n');
  expect((await shell(phone, 'cmd deviceidle whitelist +com.example.shop')).out).toBe('Added: com.example.shop\n');
  expect((await shell(phone, 'cmd deviceidle whitelist')).out).toMatch(
    /^system-excidle,com\.android\.providers\.downloads,\d+\n(system,[\w.]+,\d+\n)*user,com\.example\.shop,\d+\n$/,
  );
  expect((await shell(phone, 'cmd deviceidle whitelist +com.example.missing')).out).toBe('Unknown package: com.example.missing\n');
  expect(await shell(phone, 'cmd deviceidle whitelist com.example.shop')).toMatchObject({
    out: 'Package must be prefixed with +, -, or =: com.example.shop\n',
    code: 255,
  });
  expect((await shell(phone, 'dumpsys deviceidle')).out).toContain('  Whitelist user apps:\n    com.example.shop\n');
  expect((await shell(phone, 'cmd deviceidle disable')).out).toBe('Deep idle mode disabled\nLight idle mode disabled\n');
  expect((await shell(phone, 'cmd deviceidle enabled')).out).toBe('0\n');
  expect((await shell(phone, 'cmd deviceidle enable deep')).out).toBe('Deep idle mode enable\n');
  expect((await shell(phone, 'cmd deviceidle enable deep')).out).toBe('');
});

test('/proc/stat counts CPU time for both CPUs, and /proc/net/tcp6 lists adbd listening on port 5555 as the shell user', async () => {
  const phone = testPhone();
  phone.clock.advance(90_000);
  // The second figure is idle time summed over both CPUs, so it can exceed the uptime.
  const [up, idle] = (await shell(phone, 'cat /proc/uptime')).out.trim().split(' ').map(Number);
  expect(up).toBe(90);
  expect(idle).toBeGreaterThan(up);
  expect(idle).toBeLessThan(2 * up);
  const stat = (await shell(phone, 'cat /proc/stat')).out.split('\n');
  const [all, cpu0, cpu1] = stat.slice(0, 3).map((line) => line.split(/\s+/));
  expect([all[0], cpu0[0], cpu1[0]]).toEqual(['cpu', 'cpu0', 'cpu1']);
  expect(all.slice(1).map(Number)).toEqual(cpu0.slice(1).map((v, i) => Number(v) + Number(cpu1[i + 1])));
  // 100 jiffies a second on each CPU since boot, and boot was 90 s before the phone's `date`.
  expect(cpu0.slice(1).reduce((sum, v) => sum + Number(v), 0)).toBe(9000);
  const now = Number((await shell(phone, 'date +%s')).out);
  expect(stat.find((l) => l.startsWith('btime '))).toBe(`btime ${now - 90}`);
  const tcp6 = (await shell(phone, 'cat /proc/net/tcp6')).out.split('\n');
  expect(tcp6[0]).toMatch(/^ {2}sl {2}local_address {25}remote_address {24}st tx_queue rx_queue tr tm->when retrnsmt {3}uid {2}timeout inode$/);
  const [, local, , state, , , , uid] = tcp6[1].trim().split(/\s+/);
  expect([local, state, uid]).toEqual([`${'0'.repeat(32)}:15B3`, '0A', '2000']);
  expect((await shell(phone, 'ps -A -o USER,NAME')).out).toMatch(/^shell\s+adbd$/m);
  const tcp = (await shell(phone, 'cat /proc/net/tcp')).out;
  expect(tcp.split('\n')[0]).toHaveLength(149);
});
