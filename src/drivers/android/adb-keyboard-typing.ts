// Text Android's `input text` cannot type (anything outside printable ASCII) goes through the
// ADBKeyboard input method's broadcast, when that keyboard is installed.
import { sleep, type CallScope } from '../calls.js';
import { UnsupportedText } from '../errors/unsupported-text.js';
import type { AdbDevice } from './adb-device.js';
import { ADB_KEYBOARD_IME, adbKeyboardCommand } from './text-input.js';

/** Text to type, and the characters of it `input text` cannot type. */
export interface UntypableText {
  text: string;
  unsupported: string[];
}

/** Non-ASCII text through ADBKeyboard's broadcast when that keyboard is installed; otherwise nothing is typed. */
export async function typeWithAdbKeyboard(adb: AdbDevice, scope: CallScope, { text, unsupported }: UntypableText): Promise<void> {
  const keyboards = await adb.run('ime list -s', scope);
  if (!keyboards.split('\n').some((line) => line.trim() === ADB_KEYBOARD_IME)) {
    throw new UnsupportedText({
      device: adb.serial,
      characters: unsupported,
      hint: `Android's \`input text\` types printable ASCII only. To type other characters, install ADBKeyboard (github.com/senzhk/ADBKeyBoard) and enable it: adb shell ime enable ${ADB_KEYBOARD_IME}`,
    });
  }
  const previous = (await adb.run('settings get secure default_input_method', scope)).trim();
  const label = `ADBKeyboard broadcast (${[...text].length} characters)`;
  if (previous === ADB_KEYBOARD_IME) {
    await adb.run(adbKeyboardCommand(text), scope, { label });
    return;
  }
  await adb.run(`ime set ${ADB_KEYBOARD_IME}`, scope);
  try {
    // A broadcast sent before the keyboard is bound is dropped: wait until it is the current one.
    for (let i = 0; i < 20 && !(await adb.run('dumpsys input_method | grep mCurMethodId', scope, { okExitCodes: [0, 1] })).includes(ADB_KEYBOARD_IME); i++)
      await sleep(100, scope.signal);
    await adb.run(adbKeyboardCommand(text), scope, { label });
  } finally {
    if (/^[\w.]+\/[\w.$]+$/.test(previous)) await adb.run(`ime set ${previous}`, scope);
  }
}
