import { expect, test } from '@playwright/test';
import { adbKeyboardCommand, shellQuote, typingCommands, untypable } from './text-input.js';

/** Words of a command line as the device's shell splits them, for the quoting typingCommands produces. */
function shellWords(command: string): string[][] {
  const commands: string[][] = [[]];
  let word: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated quote in ${command}`);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '\\') {
      word = (word ?? '') + command[++i];
    } else if (c === ' ') {
      if (word !== undefined) commands[commands.length - 1].push(word);
      word = undefined;
    } else if (c === '&' && command[i + 1] === '&' && word === undefined) {
      commands.push([]);
      i++;
    } else {
      if (!/[\w-]/.test(c)) throw new Error(`${JSON.stringify(c)} outside quotes in ${command}`);
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) commands[commands.length - 1].push(word);
  return commands;
}

/** InputShellCommand.sendText's decoding: `%s` is a space, nothing else is special. */
function inputTextDecode(arg: string): string {
  const buff = [...arg];
  let escape = false;
  for (let i = 0; i < buff.length; i++) {
    if (escape) {
      escape = false;
      if (buff[i] === 's') {
        buff[i] = ' ';
        buff.splice(--i, 1);
      }
    }
    if (buff[i] === '%') escape = true;
  }
  return buff.join('');
}

/** What the device ends up typing when it runs the commands. */
function typedBy(commands: string[]): string {
  let typed = '';
  for (const words of commands.flatMap(shellWords)) {
    if (words[0] === 'input' && words[1] === 'text' && words.length === 3) typed += inputTextDecode(words[2]);
    else if (words.join(' ') === 'input keyevent 66') typed += '\n';
    else throw new Error(`unexpected command: ${words.join(' ')}`);
  }
  return typed;
}

test('every printable ASCII string is typed exactly, whatever its quotes, percents and shell characters', () => {
  const samples = [
    `'; rm -rf /sdcard/* #`,
    '$(reboot)',
    '`id`',
    '&& echo pwned > /sdcard/pwned',
    '%s',
    '%%s',
    '%',
    's%',
    '% s',
    '%ss',
    '100%s%s sure',
    "it's",
    "''",
    '\\',
    "\\'",
    ' ',
    '  two  spaces  ',
    'line one\nline two',
    '\n\nend',
    'tab\there',
    'a%\nsb',
  ];
  let seed = 7;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const alphabet = ' %s\'"\\`$&;|<>()*?~#!\nab';
  for (let i = 0; i < 300; i++)
    samples.push(Array.from({ length: 1 + Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
  for (const text of samples) expect(typedBy(typingCommands(text)), JSON.stringify(text)).toBe(text);
});

test('Windows and old Mac line ends press enter once', () => {
  expect(typedBy(typingCommands('a\r\nb\rc'))).toBe('a\nb\nc');
});

test('long text is split into bounded commands that still type it all', () => {
  const text = 'x'.repeat(5000) + ' y'.repeat(2000);
  const commands = typingCommands(text);
  expect(commands.length).toBeGreaterThan(1);
  for (const command of commands) expect(Buffer.byteLength(command)).toBeLessThanOrEqual(3500);
  expect(typedBy(commands)).toBe(text);
});

test('only what `input text` can type passes; the rest is named once each, in order', () => {
  expect(untypable('plain ASCII ~ with\ttab\nand newline')).toEqual([]);
  expect(untypable('café, naïve café ✓ 😀 \u0007')).toEqual(['é', 'ï', '✓', '😀', '\u0007']);
});

test('shell quoting keeps single quotes inside a quoted word', () => {
  expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  expect(shellWords(`echo ${shellQuote("a'b'c")}`)).toEqual([['echo', "a'b'c"]]);
});

test('the ADBKeyboard broadcast carries the text as base64, so nothing in it reaches the shell', () => {
  const command = adbKeyboardCommand("héllo '$(reboot)'");
  expect(command).toMatch(/^am broadcast -a ADB_INPUT_B64 --es msg [A-Za-z0-9+/=]+$/);
  expect(Buffer.from(command.split(' ').at(-1) ?? '', 'base64').toString('utf8')).toBe("héllo '$(reboot)'");
});
