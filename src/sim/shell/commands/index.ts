import type { CommandTable } from '../registry.js';
import { activityCommands } from './activity.js';
import { appopsCommands } from './appops.js';
import { basicCommands } from './basic.js';
import { cmdCommands } from './cmd.js';
import { contentCommands } from './content.js';
import { dumpsysCommands } from './dumpsys.js';
import { fileCommands } from './files.js';
import { inputCommands } from './input.js';
import { lockCommands } from './locksettings.js';
import { logcatCommands } from './logcat.js';
import { pkillCommands } from './pkill.js';
import { packageCommands } from './pm.js';
import { processCommands } from './ps.js';
import { runAsCommands } from './run-as.js';
import { screenCommands } from './screen.js';
import { screenrecordCommands } from './screenrecord.js';
import { systemCommands } from './system.js';
import { testCommands } from './test.js';
import { textCommands } from './text.js';

/** Every command the phone's shell can run, by name. */
export const commands: CommandTable = {
  ...basicCommands,
  ...fileCommands,
  ...textCommands,
  ...testCommands,
  ...systemCommands,
  ...inputCommands,
  ...screenCommands,
  ...activityCommands,
  ...packageCommands,
  ...cmdCommands,
  ...dumpsysCommands,
  ...logcatCommands,
  ...processCommands,
  ...pkillCommands,
  ...runAsCommands,
  ...contentCommands,
  ...appopsCommands,
  ...lockCommands,
  ...screenrecordCommands,
  which: (ctx) => {
    let status = 0;
    for (const name of ctx.args) {
      if (name in commands) ctx.stdout(`/system/bin/${name}\n`);
      else status = 1;
    }
    return status;
  },
};
