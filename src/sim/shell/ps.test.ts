import { test, expect } from '@playwright/test';
import { shell, testPhone } from './testing.js';

test('ps -A prints toybox columns, and app processes appear with their pids', async () => {
  const phone = testPhone();
  await shell(phone, 'monkey -p com.example.notes 1');
  const { out } = await shell(phone, 'ps -A');
  const [header, ...rows] = out.trimEnd().split('\n');
  expect(header).toBe('USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME                       ');
  const notes = rows.map((r) => r.trim().split(/\s+/)).find((cols) => cols[8] === 'com.example.notes');
  expect(notes).toBeDefined();
  expect(notes?.[0]).toMatch(/^u0_a\d+$/);
  expect((await shell(phone, 'pidof com.example.notes')).out).toBe(`${notes?.[1]}\n`);
  expect(rows.some((r) => r.endsWith(' system_server'))).toBe(true);
  expect(
    (await shell(phone, 'ps')).out
      .trimEnd()
      .split('\n')
      .map((r) => r.trim().split(/\s+/).pop()),
  ).toEqual(['NAME', 'sh', 'ps']);
});

test("the shell user may not kill other users' processes", async () => {
  const phone = testPhone();
  await shell(phone, 'monkey -p com.example.notes 1');
  const pid = (await shell(phone, 'pidof com.example.notes')).out.trim();
  expect(await shell(phone, `kill ${pid}`)).toMatchObject({ err: `kill: ${pid}: Operation not permitted\n`, code: 1 });
  expect((await shell(phone, 'pidof com.example.notes')).out.trim()).toBe(pid);
});

test("ps --help prints toybox's usage with -A; -o picks the columns and -p the processes", async () => {
  const phone = testPhone();
  await shell(phone, 'monkey -p com.example.notes 1');
  const help = await shell(phone, 'ps --help');
  expect(help.code).toBe(0);
  expect(help.out).toMatch(/^usage: ps \[-AadefLlnwZ\]/);
  expect(help.out).toContain('-A  All');
  const pid = (await shell(phone, 'pidof com.example.notes')).out.trim();
  const listed = await shell(phone, 'ps -A -o PID,NAME');
  const [header, ...rows] = listed.out.trimEnd().split('\n');
  expect(header.trimEnd()).toBe('  PID NAME');
  expect(rows).toContain(`${pid.padStart(5)} com.example.notes`);
  expect(rows.every((r) => r.trim().split(/\s+/).length === 2)).toBe(true);
  expect((await shell(phone, `ps -o USER,PID -p ${pid}`)).out.trimEnd().split('\n')[1]).toMatch(new RegExp(`^u0_a\\d+\\s+${pid}$`));
  expect(await shell(phone, 'ps -o PID,BOGUS')).toMatchObject({ code: 1, err: 'ps: bad -o BOGUS\n' });
});

test('dumpsys activity processes lists each app process as a ProcessRecord with its pid, as appium-adb reads it', async () => {
  const phone = testPhone();
  await shell(phone, 'monkey -p com.example.notes 1');
  const pid = (await shell(phone, 'pidof com.example.notes')).out.trim();
  const uid = (await shell(phone, 'pm list packages -U com.example.notes')).out.match(/uid:(\d+)/)?.[1];
  const { out } = await shell(phone, 'dumpsys activity processes');
  expect(out.split('\n')[0]).toBe('ACTIVITY MANAGER RUNNING PROCESSES (dumpsys activity processes)');
  const record = new RegExp(`ProcessRecord\\{[0-9a-f]+ ${pid}:com\\.example\\.notes/u0a${Number(uid) - 10000}\\}`);
  expect(out).toMatch(new RegExp(`\\*APP\\* UID ${uid} ${record.source}`));
  expect(out).toMatch(new RegExp(`PID #${pid}: ${record.source}`));
  expect(out).toMatch(new RegExp(`${pid}:com\\.example\\.notes/u0a\\d+ \\(top-activity\\)`));
  expect((await shell(phone, 'dumpsys activity p')).out).toBe(out);
});
