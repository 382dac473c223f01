// `cmd wifi`: WifiShellCommand as the shell user runs it. Wi-Fi follows `settings global wifi_on`;
// while it is on the phone is joined to the network the Settings app shows as connected.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand, missingArgument } from './framework.js';
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
  forget-network <networkId>
    Remove the network mentioned by <networkId>
        - Use list-networks to retrieve <networkId> for the network
  status
    Current wifi status
  set-verbose-logging enabled|disabled 
    Set the verbose logging enabled or disabled
  is-verbose-logging
    Check whether verbose logging enabled or disabled

`;

const verbose = new WeakMap<Phone, boolean>();

/** A MAC address that stays the same for a thing across runs. */
function mac(seed: string): string {
  const hex = identity(`mac:${seed}`).padStart(8, '0') + identity(`mac2:${seed}`).slice(0, 4);
  // Locally administered, unicast: the randomised MAC Android gives each network.
  const first = ((parseInt(hex.slice(0, 2), 16) & 0xfc) | 0x02).toString(16).padStart(2, '0');
  return [first, ...hex.slice(2, 12).match(/../g) ?? []].join(':');
}

function wifiOn(phone: Phone): boolean {
  return phone.settings.global.get('wifi_on') !== '0';
}

function scanAlways(phone: Phone): boolean {
  return phone.settings.global.get('wifi_scan_always_enabled') === '1';
}

/** WifiInfo.toString for the connected network, as Android 14 prints it to a caller with NETWORK_SETTINGS. */
function wifiInfo(): string {
  return `SSID: "${CONNECTED_SSID}", BSSID: ${mac(`bssid:${CONNECTED_SSID}`)}, MAC: ${mac(`sta:${CONNECTED_SSID}`)}, IP: /192.168.1.23, `
    + 'Security type: 2, Supplicant state: COMPLETED, Wi-Fi standard: 11ac, RSSI: -52, Link speed: 433Mbps, Tx Link speed: 433Mbps, '
    + 'Max Supported Tx Link speed: 866Mbps, Rx Link speed: 390Mbps, Max Supported Rx Link speed: 866Mbps, Frequency: 5180MHz, Net ID: 0, '
    + 'Metered hint: false, score: 60, isUsable: true, CarrierMerged: false, SubscriptionId: -1, IsPrimary: 1, Trusted: true, Restricted: false, '
    + 'Ephemeral: false, OEM paid: false, OEM private: false, OSU AP: false, FQDN: <none>, Provider friendly name: <none>, Requesting package name: <none>';
}

function status(ctx: CommandContext): number {
  const on = wifiOn(ctx.phone);
  ctx.stdout(`Wifi is ${on ? 'enabled' : 'disabled'}\nWifi scanning is ${scanAlways(ctx.phone) ? 'always available' : 'only available when wifi is enabled'}\n`);
  if (!on) return 0;
  ctx.stdout(`==== Primary ClientModeManager instance ====\nWifi is connected to "${CONNECTED_SSID}"\nWifiInfo: ${wifiInfo()}\n`);
  for (const counter of ['successfulTxPackets', 'successfulTxPacketsPerSecond', 'retriedTxPackets', 'retriedTxPacketsPerSecond', 'lostTxPackets', 'lostTxPacketsPerSecond', 'successfulRxPackets', 'successfulRxPacketsPerSecond']) {
    ctx.stdout(`${counter}: ${counter.endsWith('PerSecond') ? '0.0' : '0'}\n`);
  }
  return 0;
}

/** `enabled|disabled` arguments; anything else is refused with the verb's own sentence. */
function toggle(ctx: CommandContext, verb: string, value: string | undefined): boolean | undefined {
  if (value === 'enabled' || value === 'disabled') return value === 'enabled';
  ctx.stdout(`Invalid argument to '${verb}' - must be 'enabled' or 'disabled'\n`);
  return undefined;
}

function wifi(ctx: CommandContext): number {
  const [verb, value] = ctx.args;
  const handler = 'com.android.server.wifi.WifiShellCommand.onCommand(WifiShellCommand.java:631)';
  switch (verb) {
    case 'status':
      return status(ctx);
    case 'set-wifi-enabled':
    case 'set-scan-always-available':
    case 'set-verbose-logging': {
      if (value === undefined) return missingArgument(ctx, { verb, after: verb, handler });
      const on = toggle(ctx, verb, value);
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
    case 'start-scan':
      return 0;
    case 'list-networks':
      ctx.stdout(`Network Id      SSID                         Security type\n${'0'.padEnd(12)} ${CONNECTED_SSID.padEnd(32)} wpa2-psk\n`);
      return 0;
    case 'list-scan-results':
      // The last scan found the access point the phone is joined to.
      if (!wifiOn(ctx.phone)) ctx.stdout('No scan results\n');
      else ctx.stdout(`    ${'BSSID'.padEnd(17)} ${'Frequency'.padEnd(9)} ${'RSSI'.padStart(5)} ${'Age(sec)'.padStart(6)} ${'SSID'.padEnd(20)} Flags\n  ${mac(`bssid:${CONNECTED_SSID}`)} ${'5180'.padStart(9)} ${'-52'.padStart(5)}   2.114    ${CONNECTED_SSID.padEnd(20)} [WPA2-PSK-CCMP][RSN-PSK-CCMP][ESS]\n`);
      return 0;
    default:
      return defaultCommand(ctx, verb, { help: HELP });
  }
}

export const wifiCommands: CommandTable = { wifi };
