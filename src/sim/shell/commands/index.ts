import type { CommandTable } from '../registry.js';
import { basicCommands } from './basic.js';
import { fileCommands } from './files.js';

/** Every command the phone's shell can run, by name. */
export const commands: CommandTable = {
  ...basicCommands,
  ...fileCommands,
};
