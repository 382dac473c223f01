// `cmd location`: LocationShellCommand. The master switch is `settings secure location_mode`
// (3, on, on a new phone; 0 off), as LocationManagerService keeps it.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand, missingArgument, withoutUser } from './framework.js';
import { javaException, SHELL_COMMAND_FRAMES } from './java.js';

const HELP = `Location service commands:
  help or -h
    Print this help text.
  is-location-enabled [--user <USER_ID>]
    Gets the master location switch enabled state. If no user is specified,
    the current user is assumed.
  set-location-enabled true|false [--user <USER_ID>]
    Sets the master location switch enabled state. If no user is specified,
    the current user is assumed.
  providers
    The providers command is followed by a subcommand, as listed below:

    add-test-provider <PROVIDER> [--requiresNetwork] [--requiresSatellite]
      [--requiresCell] [--hasMonetaryCost] [--supportsAltitude]
      [--supportsSpeed] [--supportsBearing]
      [--powerRequirement <POWER_REQUIREMENT>]
      [--extraAttributionTags <TAG>,<TAG>,...]
      Add the given test provider. Requires MOCK_LOCATION permissions which
      can be enabled by running "adb shell appops set <uid>
      android:mock_location allow". There are optional flags that can be
      used to configure the provider properties and additional arguments. If
      no flags are included, then default values will be used.
    remove-test-provider <PROVIDER>
      Remove the given test provider.
    set-test-provider-enabled <PROVIDER> true|false
      Sets the given test provider enabled state.
    set-test-provider-location <PROVIDER> --location <LATITUDE>,<LONGITUDE>
      [--accuracy <ACCURACY>] [--time <TIME>]
      Set location for given test provider. Accuracy and time are optional.
    send-extra-command <PROVIDER> <COMMAND>
      Sends the given extra command to the given provider.

      Common commands that may be supported by the gnss provider include:
        force_time_injection - requests NTP time injection
        force_psds_injection - requests PSDS injection
        delete_aiding_data - requests deletion of any predictive aiding data
`;

export function locationEnabled(phone: Phone): boolean {
  return (phone.settings.secure.get('location_mode') ?? '3') !== '0';
}

function location(ctx: CommandContext): number {
  const [verb, ...rest] = ctx.args;
  const args = withoutUser(rest);
  switch (verb) {
    case 'is-location-enabled':
      ctx.stdout(`${locationEnabled(ctx.phone)}\n`);
      return 0;
    case 'set-location-enabled': {
      const value = args[0];
      if (value === undefined)
        return missingArgument(ctx, {
          verb,
          after: verb,
          handler: 'com.android.server.location.LocationShellCommand.handleSetLocationEnabled(LocationShellCommand.java:137)',
        });
      // Boolean.parseBoolean: anything but "true" (any case) turns location off.
      ctx.phone.settings.secure.set('location_mode', value.toLowerCase() === 'true' ? '3' : '0');
      return 0;
    }
    case 'providers':
      if (args[0] === undefined)
        return missingArgument(ctx, { verb, after: verb, handler: 'com.android.server.location.LocationShellCommand.onCommand(LocationShellCommand.java:88)' });
      if (['add-test-provider', 'remove-test-provider', 'set-test-provider-enabled', 'set-test-provider-location'].includes(args[0])) {
        // Test providers need MOCK_LOCATION, which the shell package is not given until appops allows it.
        return javaException(ctx, {
          command: verb,
          exception: 'java.lang.SecurityException: com.android.shell from uid 2000 not allowed to perform MOCK_LOCATION',
          frames: [
            'android.app.AppOpsManager.checkOp(AppOpsManager.java:8710)',
            'com.android.server.location.LocationManagerService.addTestProvider(LocationManagerService.java:1443)',
            ...SHELL_COMMAND_FRAMES,
          ],
        });
      }
      return args[0] === 'send-extra-command' ? 0 : defaultCommand(ctx, args[0], { help: HELP });
    default:
      return defaultCommand(ctx, verb, { help: HELP });
  }
}

export const locationCommands: CommandTable = { location };
