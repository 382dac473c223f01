// `cmd wifi`: WifiShellCommand as the shell user runs it. Wi-Fi follows `settings global wifi_on`;
// while it is on the phone is joined to the network the Settings app shows as connected.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand } from './framework.js';
import { javaException, SHELL_COMMAND_FRAMES } from './java.js';
import { identity } from './names.js';

/** The network a new phone has joined (the Settings app shows the same one). */
export const CONNECTED_SSID = 'HomeNet-5G';

const HELP = `Wi-Fi (wifi) commands:
  help or -h
    Print this help text.
  get-country-code
    Gets country code as a two-letter string
  set-wifi-enabled enabled|disabled
    Enables/disables Wifi on this device.
  set-scan-always-available enabled|disabled
    Sets whether scanning should be available even when wifi is off.
  list-scan-results
    Lists the latest scan results
  start-scan
    Start a new scan
  list-networks
    Lists the saved networks
  connect-network <ssid> open|owe|wpa2|wpa3 [<passphrase>] [-m] [-d] [-b <bssid>] [-r auto|none|persistent|non_persistent]
    Connect to a network with provided params and add to saved networks list
    <ssid> - SSID of the network
    open|owe|wpa2|wpa3 - Security type of the network.
        - Use 'open' or 'owe' for networks with no passphrase
           - 'open' - Open networks (Most prevalent)
           - 'owe' - Enhanced open networks
        - Use 'wpa2' or 'wpa3' for networks with passphrase
           - 'wpa2' - WPA-2 PSK networks (Most prevalent)
           - 'wpa3' - WPA-3 PSK networks
    -m - Mark the network metered.
    -d - Mark the network autojoin disabled.
    -h - Mark the network hidden.
    -p - Mark the network private (not shared).
    -b <bssid> - Set specific BSSID.
    -r auto|none|persistent|non_persistent - MAC randomization scheme for the network
  add-network <ssid> open|owe|wpa2|wpa3 [<passphrase>] [-m] [-d] [-b <bssid>] [-r auto|none|persistent|non_persistent]
    Add/update saved network with provided params
    <ssid> - SSID of the network
    open|owe|wpa2|wpa3 - Security type of the network.
        - Use 'open' or 'owe' for networks with no passphrase
           - 'open' - Open networks (Most prevalent)
           - 'owe' - Enhanced open networks
        - Use 'wpa2' or 'wpa3' for networks with passphrase
           - 'wpa2' - WPA-2 PSK networks (Most prevalent)
           - 'wpa3' - WPA-3 PSK networks
    -m - Mark the network metered.
    -d - Mark the network autojoin disabled.
    -h - Mark the network hidden.
    -p - Mark the network private (not shared).
    -b <bssid> - Set specific BSSID.
    -r auto|none|persistent|non_persistent - MAC randomization scheme for the network
  forget-network <networkId>
    Remove the network mentioned by <networkId>
        - Use list-networks to retrieve <networkId> for the network
  status
    Current wifi status
  set-verbose-logging enabled|disabled 
    Set the verbose logging enabled or disabled
  is-verbose-logging
    Check whether verbose logging enabled or disabled
  start-restricting-auto-join-to-subscription-id subId
    temporarily disable all wifi networks except merged carrier networks with the given subId
  stop-restricting-auto-join-to-subscription-id
    Undo the effects of start-restricting-auto-join-to-subscription-id
  add-suggestion <ssid> open|owe|wpa2|wpa3 [<passphrase>] [-u] [-o] [-p] [-m]  [-s] [-d] [-b <bssid>] [-e] [-i] [-a <carrierId>] [-c <subscriptionId>]
    Add a network suggestion with provided params
    Use 'network-suggestions-set-user-approved com.android.shell yes' to approve suggestions added via shell (Needs root access)
    <ssid> - SSID of the network
    open|owe|wpa2|wpa3 - Security type of the network.
        - Use 'open' or 'owe' for networks with no passphrase
           - 'open' - Open networks (Most prevalent)
           - 'owe' - Enhanced open networks
        - Use 'wpa2' or 'wpa3' for networks with passphrase
           - 'wpa2' - WPA-2 PSK networks (Most prevalent)
           - 'wpa3' - WPA-3 PSK networks
    -u - Mark the suggestion untrusted.
    -o - Mark the suggestion oem paid.
    -p - Mark the suggestion oem private.
    -m - Mark the suggestion metered.
    -h - Mark the network hidden.
    -s - Share the suggestion with user.
    -d - Mark the suggestion autojoin disabled.
    -b <bssid> - Set specific BSSID.
    -r - Enable non_persistent randomization (disabled by default)
    -a - Mark the suggestion carrier merged
    -c <carrierId> - set carrier Id
    -i <subscriptionId> - set subscription Id, if -a is used, this must be set
  remove-suggestion <ssid>
    Remove a network suggestion with provided SSID of the network
  remove-all-suggestions
    Removes all suggestions added via shell
  list-suggestions
    Lists the suggested networks added via shell
  set-coex-cell-channels [lte|nr <bandNumber 1-261> <downlinkFreqKhz or UNKNOWN: 2147483647> <downlinkBandwidthKhz or UNKNOWN: 2147483647> <uplinkFreqKhz or UNKNOWN: 2147483647> <uplinkBandwidthKhz or UNKNOWN: 2147483647>] ...
    Sets a list of zero or more cell channels to use for coex calculations. Actual device reported cell channels will be ignored until reset-coex-cell-channels is called.
  reset-coex-cell-channels
    Removes all cell channels set in set-coex-cell-channels and returns to listening on actual device reported cell channels
  get-coex-cell-channels
    Prints the cell channels being used for coex.
  set-connected-score <score>
    Set connected wifi network score (to choose between LTE & Wifi for default route).
    This turns off the active connected scorer (default or external).
    Only works while connected to a wifi network. This score will stay in effect until you call reset-connected-score or the device disconnects from the current network.
    <score> - Integer score should be in the range of 0 - 60
  reset-connected-score
    Turns on the default connected scorer.
    Note: Will clear any external scorer set.
  start-softap <ssid> (open|wpa2|wpa3|wpa3_transition) <passphrase> [-b 2|5|6|any]
    Start softap with provided params
    Note that the shell command doesn't activate internet tethering. In some devices, internet sharing is possible when Wi-Fi STA is also enabled and isassociated to another AP with internet access.
    <ssid> - SSID of the network
    open|wpa2|wpa3|wpa3_transition - Security type of the network.
        - Use 'open' for networks with no passphrase
        - Use 'wpa2', 'wpa3', 'wpa3_transition' for networks with passphrase
    -b 2|5|6|any|bridged - select the preferred band.
        - Use '2' to select 2.4GHz band as the preferred band
        - Use '5' to select 5GHz band as the preferred band
        - Use '6' to select 6GHz band as the preferred band
        - Use 'any' to indicate no band preference
        - Use 'bridged' to indicate bridged AP which enables APs on both 2.4G + 5G
    Note: If the band option is not provided, 2.4GHz is the preferred band.
          The exact channel is auto-selected by FW unless overridden by force-softap-channel command
  stop-softap
    Stop softap (hotspot)

`;

/** What the shell user may run; anything else is refused as if it were root-only (WifiShellCommand's NON_PRIVILEGED_COMMANDS). */
const NON_PRIVILEGED = new Set([
  'add-suggestion',
  'add-network',
  'connect-network',
  'forget-network',
  'get-country-code',
  'help',
  '-h',
  'is-verbose-logging',
  'list-scan-results',
  'list-networks',
  'list-suggestions',
  'remove-suggestion',
  'remove-all-suggestions',
  'reset-connected-score',
  'set-connected-score',
  'set-scan-always-available',
  'set-verbose-logging',
  'set-wifi-enabled',
  'start-scan',
  'start-softap',
  'status',
  'stop-softap',
]);

const HANDLER = 'com.android.server.wifi.WifiShellCommand.onCommand(WifiShellCommand.java:218)';

const verbose = new WeakMap<Phone, boolean>();

/** A MAC address that stays the same for a thing across runs. */
function mac(seed: string): string {
  const hex = identity(`mac:${seed}`).padStart(8, '0') + identity(`mac2:${seed}`).slice(0, 4);
  // Locally administered, unicast: the randomised MAC Android gives each network.
  const first = ((parseInt(hex.slice(0, 2), 16) & 0xfc) | 0x02).toString(16).padStart(2, '0');
  return [first, ...(hex.slice(2, 12).match(/../g) ?? [])].join(':');
}

function wifiOn(phone: Phone): boolean {
  return phone.settings.global.get('wifi_on') !== '0';
}

function scanAlways(phone: Phone): boolean {
  return phone.settings.global.get('wifi_scan_always_enabled') === '1';
}

/** WifiInfo.toString for the connected network, as Android 14 prints it to a caller with NETWORK_SETTINGS. */
function wifiInfo(): string {
  return (
    `SSID: "${CONNECTED_SSID}", BSSID: ${mac(`bssid:${CONNECTED_SSID}`)}, MAC: ${mac(`sta:${CONNECTED_SSID}`)}, IP: /192.168.1.23, ` +
    'Security type: 2, Supplicant state: COMPLETED, Wi-Fi standard: 11ac, RSSI: -52, Link speed: 433Mbps, Tx Link speed: 433Mbps, ' +
    'Max Supported Tx Link speed: 866Mbps, Rx Link speed: 390Mbps, Max Supported Rx Link speed: 866Mbps, Frequency: 5180MHz, Net ID: 0, ' +
    'Metered hint: false, score: 60, isUsable: true, CarrierMerged: false, SubscriptionId: -1, IsPrimary: 1, Trusted: true, Restricted: false, ' +
    'Ephemeral: false, OEM paid: false, OEM private: false, OSU AP: false, FQDN: <none>, Provider friendly name: <none>, Requesting package name: <none>'
  );
}

function status(ctx: CommandContext): number {
  const on = wifiOn(ctx.phone);
  ctx.stdout(
    `Wifi is ${on ? 'enabled' : 'disabled'}\nWifi scanning is ${scanAlways(ctx.phone) ? 'always available' : 'only available when wifi is enabled'}\n`,
  );
  if (!on) return 0;
  ctx.stdout(`==== Primary ClientModeManager instance ====\nWifi is connected to "${CONNECTED_SSID}"\nWifiInfo: ${wifiInfo()}\n`);
  for (const counter of [
    'successfulTxPackets',
    'successfulTxPacketsPerSecond',
    'retriedTxPackets',
    'retriedTxPacketsPerSecond',
    'lostTxPackets',
    'lostTxPacketsPerSecond',
    'successfulRxPackets',
    'successfulRxPacketsPerSecond',
  ]) {
    ctx.stdout(`${counter}: ${counter.endsWith('PerSecond') ? '0.0' : '0'}\n`);
  }
  return 0;
}

/**
 * getNextArgRequiredTrueOrFalse("enabled", "disabled"): a missing or other word throws, and
 * onCommand prints the exception as `Invalid args for VERB: …` on stdout.
 */
function enabledOrDisabled(ctx: CommandContext, verb: string, value: string | undefined): boolean | undefined {
  if (value === 'enabled' || value === 'disabled') return value === 'enabled';
  const problem = value === undefined ? `Argument expected after "${verb}"` : `Expected 'enabled' or 'disabled' as next arg but got '${value}'`;
  ctx.stdout(`Invalid args for ${verb}: java.lang.IllegalArgumentException: ${problem}\n`);
  return undefined;
}

function wifi(ctx: CommandContext): number {
  const [given, value] = ctx.args;
  const verb = given === undefined || given === '' ? 'help' : given;
  if (!NON_PRIVILEGED.has(verb)) {
    return javaException(ctx, {
      command: verb,
      exception: `java.lang.SecurityException: Uid 2000 does not have access to ${verb} wifi command (or such command doesn't exist)`,
      frames: [HANDLER, ...SHELL_COMMAND_FRAMES],
    });
  }
  switch (verb) {
    case 'status':
      return status(ctx);
    case 'set-wifi-enabled':
    case 'set-scan-always-available':
    case 'set-verbose-logging': {
      const on = enabledOrDisabled(ctx, verb, value);
      if (on === undefined) return 255;
      if (verb === 'set-wifi-enabled') ctx.phone.settings.global.set('wifi_on', on ? '1' : '0');
      else if (verb === 'set-scan-always-available') ctx.phone.settings.global.set('wifi_scan_always_enabled', on ? '1' : '0');
      else verbose.set(ctx.phone, on);
      return 0;
    }
    case 'is-verbose-logging':
      ctx.stdout(`${verbose.get(ctx.phone) ? 'enabled' : 'disabled'}\n`);
      return 0;
    case 'get-country-code':
      ctx.stdout('Wifi Country Code = US\n');
      return 0;
    case 'list-networks':
      ctx.stdout(`Network Id      SSID                         Security type\n${'0'.padEnd(12)} ${CONNECTED_SSID.padEnd(32)} wpa2-psk\n`);
      return 0;
    case 'list-scan-results':
      // The last scan found the access point the phone is joined to.
      if (!wifiOn(ctx.phone)) ctx.stdout('No scan results\n');
      else
        ctx.stdout(
          `    ${'BSSID'.padEnd(17)} ${'Frequency'.padEnd(9)} ${'RSSI'.padStart(5)} ${'Age(sec)'.padStart(6)} ${'SSID'.padEnd(20)} Flags\n  ${mac(`bssid:${CONNECTED_SSID}`)} ${'5180'.padStart(9)} ${'-52'.padStart(5)}   2.114    ${CONNECTED_SSID.padEnd(20)} [WPA2-PSK-CCMP][RSN-PSK-CCMP][ESS]\n`,
        );
      return 0;
    case 'help':
    case '-h':
      return defaultCommand(ctx, verb, { help: HELP });
    default:
      // Joining, suggesting and hotspot verbs need their first argument; this phone accepts them without effect.
      if (value === undefined && !['start-scan', 'list-suggestions', 'remove-all-suggestions', 'reset-connected-score', 'stop-softap'].includes(verb)) {
        ctx.stdout(`Invalid args for ${verb}: java.lang.IllegalArgumentException: Argument expected after "${verb}"\n`);
        return 255;
      }
      return 0;
  }
}

export const wifiCommands: CommandTable = { wifi };
