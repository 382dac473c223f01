import { DeviceError } from './device-error.js';

/** The device has no way to type some characters of the text; nothing was typed. */
export class UnsupportedText extends DeviceError {
  override name = 'UnsupportedText';
  readonly characters: string[];

  constructor(options: { device: string; characters: string[]; hint: string }) {
    const shown = options.characters.map((c) => `"${c}" (U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
    super(options.device, `Device ${options.device} cannot type ${shown}; nothing was typed. ${options.hint}`);
    this.characters = options.characters;
  }
}
