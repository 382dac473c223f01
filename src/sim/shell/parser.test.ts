import { test, expect } from '@playwright/test';
import type { Phone } from '../types.js';
import { createShellSession } from './index.js';
import { shell, testPhone } from './testing.js';

async function sh(line: string, phone: Phone = testPhone()): Promise<{ out: string; err: string; code: number }> {
  const { out, err, code } = await shell(phone, line);
  return { out, err, code };
}

test('quotes and escapes reach the command as one argument each', async () => {
  expect((await sh(`echo 'a  b' "c  d" e\\ f`)).out).toBe('a  b c  d e f\n');
  expect((await sh(`echo "it's" 'say "hi"' \\$HOME`)).out).toBe(`it's say "hi" $HOME\n`);
  expect((await sh(`echo ""`)).out).toBe('\n');
  expect((await sh(`echo a""b`)).out).toBe('ab\n');
});

test('variables and $? expand; unquoted values split, quoted ones do not', async () => {
  expect((await sh('echo $HOME $EXTERNAL_STORAGE')).out).toBe('/ /sdcard\n');
  expect((await sh('false; echo $?; true; echo $?')).out).toBe('1\n0\n');
  expect((await sh('X="a   b"; echo $X; echo "$X"')).out).toBe('a b\na   b\n');
  expect((await sh('echo ${ANDROID_DATA}/x "$NOPE"end')).out).toBe('/data/x end\n');
});

test('&&, || and ; follow exit statuses', async () => {
  expect((await sh('true && echo yes || echo no')).out).toBe('yes\n');
  expect((await sh('false && echo yes || echo no')).out).toBe('no\n');
  expect((await sh('false; echo after')).out).toBe('after\n');
  expect((await sh('! false && echo negated')).out).toBe('negated\n');
});

test('an unknown command prints mksh wording and exits 127', async () => {
  const result = await sh('frobnicate --now');
  expect(result).toEqual({ out: '', err: '/system/bin/sh: frobnicate: inaccessible or not found\n', code: 127 });
  expect((await sh('frobnicate; echo $?')).out).toBe('127\n');
});

test('syntax errors print as mksh does and exit 1', async () => {
  expect(await sh(`echo 'open`)).toEqual({ out: '', err: '/system/bin/sh: no closing quote\n', code: 1 });
  expect((await sh('echo a |')).err).toBe('/system/bin/sh: syntax error: unexpected EOF\n');
  expect((await sh('echo a ;; echo b')).err).toBe("/system/bin/sh: syntax error: unexpected ';;'\n");
  expect((await sh('if true; then echo x')).err).toBe("/system/bin/sh: syntax error: unmatched 'if'\n");
  expect((await sh('echo $(stat -c %U x) ( ')).err).toBe("/system/bin/sh: syntax error: unexpected '('\n");
  expect((await sh('fi')).err).toBe("/system/bin/sh: syntax error: unexpected 'fi'\n");
});

test('redirections write, append, read and discard', async () => {
  const phone = testPhone();
  await sh('echo one > /sdcard/f.txt; echo two >> /sdcard/f.txt', phone);
  expect(phone.fs.read('/sdcard/f.txt')?.toString()).toBe('one\ntwo\n');
  expect((await sh('cat < /sdcard/f.txt', phone)).out).toBe('one\ntwo\n');
  expect(await sh('cat /nope 2>/dev/null', phone)).toEqual({ out: '', err: '', code: 1 });
  expect(await sh('cat /nope 2>&1', phone)).toEqual({ out: 'cat: /nope: No such file or directory\n', err: '', code: 1 });
  expect(await sh('echo oops >&2', phone)).toEqual({ out: '', err: 'oops\n', code: 0 });
  expect(await sh('echo x > /system/x', phone)).toEqual({ out: '', err: "/system/bin/sh: can't create /system/x: Read-only file system\n", code: 1 });
  expect((await sh('cat < /missing', phone)).err).toBe("/system/bin/sh: can't open /missing: No such file or directory\n");
});

test('pipes stream from one command to the next', async () => {
  const phone = testPhone();
  phone.fs.write('/data/local/tmp/a', Buffer.from('alpha\nbeta\n'));
  expect((await sh('cat /data/local/tmp/a | cat | cat', phone)).out).toBe('alpha\nbeta\n');
  expect((await sh('echo hi | cat -', phone)).out).toBe('hi\n');
});

test('command substitution, globbing and control flow', async () => {
  const phone = testPhone();
  for (const name of ['a.png', 'b.png', 'c.txt']) phone.fs.write(`/sdcard/Pictures/${name}`, Buffer.from(name));
  expect((await sh('echo $(echo nested) `echo old`', phone)).out).toBe('nested old\n');
  expect((await sh('echo /sdcard/Pictures/*.png', phone)).out).toBe('/sdcard/Pictures/a.png /sdcard/Pictures/b.png\n');
  expect((await sh("echo '/sdcard/Pictures/*.png' /none/*.x", phone)).out).toBe('/sdcard/Pictures/*.png /none/*.x\n');
  expect((await sh('for f in a b; do echo $f; done', phone)).out).toBe('a\nb\n');
  expect((await sh('if false; then echo t; elif true; then echo e; else echo f; fi', phone)).out).toBe('e\n');
  expect((await sh('(exit 3); echo $?; { echo grouped; }', phone)).out).toBe('3\ngrouped\n');
  expect(await sh('exit 5; echo never', phone)).toEqual({ out: '', err: '', code: 5 });
});

test('echo handles -n, -e and backslash escapes like mksh', async () => {
  expect((await sh('echo -n abc')).out).toBe('abc');
  expect((await sh(`echo 'a\\tb\\nc'`)).out).toBe('a\tb\nc\n');
  expect((await sh(`echo -E 'a\\tb'`)).out).toBe('a\\tb\n');
  expect((await sh(`echo -e 'x\\cy'`)).out).toBe('x');
});

test('commands are found by their /system/bin path too', async () => {
  expect((await sh('/system/bin/echo ok')).out).toBe('ok\n');
  expect((await sh('/data/local/tmp/nothing')).code).toBe(127);
});

test('exec runs a command in place of the shell, as `adb logcat` sends it', async () => {
  expect(await sh(`export ANDROID_LOG_TAGS="''" ; exec echo '-n' 'in place'; echo never`)).toMatchObject({ out: 'in place', code: 0 });
  expect((await sh('exec false; echo never')).code).toBe(1);
});

test('command -v and type tell whether a command exists, as scripts check before running it', async () => {
  expect(await sh('command -v uiautomator')).toMatchObject({ out: '/system/bin/uiautomator\n', code: 0 });
  expect(await sh('command -v nothing_here')).toMatchObject({ out: '', code: 1 });
  expect((await sh('command echo direct')).out).toBe('direct\n');
  expect((await sh('type cd')).out).toBe('cd is a shell builtin\n');
});

test('printf formats its arguments', async () => {
  expect((await sh(`printf '%s=%d\\n' a 1 b 2`)).out).toBe('a=1\nb=2\n');
  expect((await sh(`printf '[%5s|%-3s|%03d]' ab c 7`)).out).toBe('[   ab|c  |007]');
});

test('an interactive session keeps variables, the working directory and $? between lines', async () => {
  const phone = testPhone();
  const session = createShellSession(phone);
  const outputs: string[] = [];
  const io = {
    stdout: (c: Buffer | string) => {
      outputs.push(c.toString());
    },
    stderr: () => undefined,
    signal: new AbortController().signal,
  };
  await session.run('cd /sdcard/Download; NAME=phone', io);
  await session.run('false', io);
  await session.run('echo $? $NAME; pwd; touch here', io);
  expect(outputs.join('')).toBe('1 phone\n/sdcard/Download\n');
  expect(phone.fs.stat('/sdcard/Download/here')).toBeDefined();
  expect(await session.run('exit 3', io)).toBe(3);
});

test('cd works out . and .. and refuses what is not a directory', async () => {
  expect((await sh('cd /sdcard/Download/../DCIM/.; pwd; cd ..; pwd')).out).toBe('/sdcard/DCIM\n/sdcard\n');
  expect(await sh('cd /nowhere')).toMatchObject({ err: '/system/bin/sh: cd: /nowhere: No such file or directory\n', code: 2 });
});
