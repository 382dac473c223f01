// Typing text through `input text`, which decodes only one escape (`%s` is a space) and types each
// character through the virtual keyboard's key map, so only printable ASCII, tab and newline exist.

/** One character per item that `input text` cannot type (non-ASCII, control characters), in order, once each. */
export function untypable(text: string): string[] {
  const found = new Set<string>();
  for (const char of normaliseNewlines(text)) {
    if (!/^[\x20-\x7e\n\t]$/.test(char)) found.add(char);
  }
  return [...found];
}

/** Quotes a value for the device's shell: inside single quotes nothing is special but the quote itself. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

const ENTER = 'input keyevent 66';
/** Characters per `input text` call; each call starts a process on the device, so not too few. */
const PIECE_CHARS = 800;
/** Bytes per shell command: well under the 4 KiB a service name may take on older adbd. */
const COMMAND_BYTES = 3500;

/**
 * The shell commands that type text exactly (printable ASCII, tab and newline only; check untypable()
 * first). Spaces travel as `%s`; a literal `%` followed by `s` is split across two `input text` calls so
 * it is never decoded; each newline is an ENTER key press. Every argument is single-quoted: nothing in
 * the text can run as a command.
 */
export function typingCommands(text: string): string[] {
  const steps: string[] = [];
  normaliseNewlines(text)
    .split('\n')
    .forEach((line, index) => {
      if (index > 0) steps.push(ENTER);
      for (const piece of pieces(line)) steps.push(`input text ${shellQuote(piece.replace(/ /g, '%s'))}`);
    });
  return batch(steps);
}

/** Splits a line where `input text` would misread it: between every `%` and a following `s`, and into bounded lengths. */
function pieces(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const cut = (line[i] === '%' && line[i + 1] === 's') || i + 1 - start >= PIECE_CHARS;
    if (cut) {
      out.push(line.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < line.length) out.push(line.slice(start));
  return out;
}

/** Joins steps with `&&` into as few shell commands as fit, so a failed step stops the rest. */
function batch(steps: string[]): string[] {
  const commands: string[] = [];
  let current = '';
  for (const step of steps) {
    if (current !== '' && Buffer.byteLength(current) + 4 + Buffer.byteLength(step) > COMMAND_BYTES) {
      commands.push(current);
      current = '';
    }
    current = current === '' ? step : `${current} && ${step}`;
  }
  if (current !== '') commands.push(current);
  return commands;
}

function normaliseNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** ADBKeyboard (github.com/senzhk/ADBKeyBoard): an input method that types whatever arrives in a broadcast. */
export const ADB_KEYBOARD_IME = 'com.android.adbkeyboard/.AdbIME';

/** The broadcast that makes ADBKeyboard type text; base64 keeps every character (and the shell) safe. */
export function adbKeyboardCommand(text: string): string {
  return `am broadcast -a ADB_INPUT_B64 --es msg ${Buffer.from(text, 'utf8').toString('base64')}`;
}
