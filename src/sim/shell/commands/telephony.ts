// `cmd phone`: TelephonyShellCommand on a phone with a modem and no SIM card inserted.
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand, missingArgument } from './framework.js';

const HELP = `Telephony Commands:
  help
    Print this help text.
  ims
    IMS Commands.
  uce
    RCS User Capability Exchange Commands.
  emergency-number-test-mode
    Emergency Number Test Mode Commands.
  end-block-suppression
    End Block Suppression command.
  data
    Data Test Mode Commands.
  cc
    Carrier Config Commands.
  gba
    GBA Commands.
  src
    RCS VoLTE Single Registration Config Commands.
  restart-modem
    Restart modem command.
  unattended-reboot
    Prepare for unattended reboot.
  has-carrier-privileges [package]
    Query carrier privilege status for a package. Prints true or false.
  get-allowed-network-types-for-users
    Get the Allowed Network Types.
  set-allowed-network-types-for-users
    Set the Allowed Network Types.
Mobile Data Test Mode Commands:
  data enable: enable mobile data connectivity
  data disable: disable mobile data connectivity
Emergency Number Test Mode Commands:
  emergency-number-test-mode 
    Add(-a), Clear(-c), Print (-p) or Remove(-r) the emergency number list in the test mode
      -a <emergency number address>: add an emergency number address for the test mode, only allows '0'-'9', '*', '#' or '+'.
      -c: clear the emergency number list in the test mode.
      -r <emergency number address>: remove an existing emergency number address added by the test mode, only allows '0'-'9', '*', '#' or '+'.
      -p: get the full emergency number list in the test mode.
`;

const DATA_HELP = 'Mobile Data Test Mode Commands:\n  data enable: enable mobile data connectivity\n  data disable: disable mobile data connectivity\n';

function phoneService(ctx: CommandContext): number {
  const [verb, arg] = ctx.args;
  switch (verb) {
    case 'data':
      if (arg === undefined)
        return missingArgument(ctx, {
          verb,
          after: verb,
          handler: 'com.android.phone.TelephonyShellCommand.handleDataTestModeCommand(TelephonyShellCommand.java:1402)',
        });
      if (arg === 'enable' || arg === 'disable') {
        ctx.phone.settings.global.set('mobile_data', arg === 'enable' ? '1' : '0');
        return 0;
      }
      ctx.stdout(DATA_HELP);
      return 0;
    case 'has-carrier-privileges':
      // No SIM, so no carrier, so no package has carrier privileges.
      ctx.stdout('false\n');
      return 0;
    case 'end-block-suppression':
    case 'restart-modem':
      return 0;
    default:
      return defaultCommand(ctx, verb, { help: HELP });
  }
}

export const telephonyCommands: CommandTable = { phone: phoneService };
