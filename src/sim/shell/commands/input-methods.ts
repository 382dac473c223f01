// The phone's input methods: Gboard always, and ADBKeyboard (github.com/senzhk/ADBKeyBoard) once its
// APK is installed and enabled. ADBKeyboard types whatever text a broadcast carries, which is how
// automation types characters `input text` cannot (non-ASCII).
import type { Phone } from '../../types.js';
import { type CommandContext } from '../registry.js';

/** Gboard, the keyboard every phone starts with (phone.ts sets it as the default input method). */
export const LATIN_IME = 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME';
export const ADB_KEYBOARD_PACKAGE = 'com.android.adbkeyboard';
export const ADB_KEYBOARD_IME = `${ADB_KEYBOARD_PACKAGE}/.AdbIME`;

/** Input methods installed on the phone, enabled or not. */
function installed(phone: Phone): string[] {
  return phone.packages.get(ADB_KEYBOARD_PACKAGE) ? [LATIN_IME, ADB_KEYBOARD_IME] : [LATIN_IME];
}

function enabled(phone: Phone): string[] {
  const listed = (phone.settings.secure.get('enabled_input_methods') ?? LATIN_IME).split(':');
  return installed(phone).filter((id) => listed.includes(id));
}

/** The selected input method, as `settings get secure default_input_method` and `dumpsys input_method` show it. */
export function currentInputMethod(phone: Phone): string {
  const chosen = phone.settings.secure.get('default_input_method');
  return chosen && enabled(phone).includes(chosen) ? chosen : LATIN_IME;
}

/** `ime list|enable|disable|set`, with Android's messages. */
export function ime(ctx: CommandContext): number {
  const [verb, ...rest] = ctx.args;
  const { phone } = ctx;
  if (verb === 'list') {
    const ids = rest.includes('-a') ? installed(phone) : enabled(phone);
    ctx.stdout(ids.map((id) => (rest.includes('-s') ? `${id}\n` : `${id}:\n  mId=${id}\n`)).join(''));
    return 0;
  }
  if (verb === 'enable' || verb === 'disable' || verb === 'set') {
    const id = rest.filter((a) => !a.startsWith('-'))[0] ?? '';
    if (!installed(phone).includes(id)) {
      ctx.stderr(`Unknown input method ${id} cannot be ${verb === 'set' ? 'selected' : `${verb}d`} for user #0\n`);
      return 255;
    }
    const on = enabled(phone);
    if (verb === 'set') {
      if (!on.includes(id)) {
        ctx.stderr(`Input method ${id} is not enabled for user #0\n`);
        return 255;
      }
      phone.settings.secure.set('default_input_method', id);
      ctx.stdout(`Input method ${id} selected for user #0\n`);
      return 0;
    }
    const already = on.includes(id) === (verb === 'enable');
    const next = verb === 'enable' ? [...new Set([...on, id])] : on.filter((m) => m !== id);
    phone.settings.secure.set('enabled_input_methods', next.join(':'));
    ctx.stdout(`Input method ${id}: ${already ? 'already ' : ''}${verb}d for user #0\n`);
    return 0;
  }
  ctx.stdout('ime <command>:\n  list [-a] [-s]\n  enable [--user <USER_ID>] <ID>\n  disable [--user <USER_ID>] <ID>\n  set [--user <USER_ID>] <ID>\n');
  return verb === undefined || verb === 'help' ? 0 : 255;
}

/** ADBKeyboard's broadcasts, when it is the selected input method: type the text of `--es msg`. */
export function adbKeyboardBroadcast(phone: Phone, args: string[]): void {
  if (currentInputMethod(phone) !== ADB_KEYBOARD_IME) return;
  const action = args[args.indexOf('-a') + 1];
  const msgAt = args.findIndex((a, i) => a === '--es' && args[i + 1] === 'msg');
  const msg = msgAt >= 0 ? (args[msgAt + 2] ?? '') : '';
  if (action === 'ADB_INPUT_TEXT') phone.ui.typeText(msg);
  else if (action === 'ADB_INPUT_B64') phone.ui.typeText(Buffer.from(msg, 'base64').toString('utf8'));
}
