// Network & internet and Wi-Fi: the Wi-Fi switch (settings global wifi_on), the networks in
// range, joining an open network at once and a secured one through the password dialog.
import type { IconName, Widget } from '../../types.js';
import type { SettingsScreen } from './state.js';
import { alertDialog, label, page, primarySwitchRow, row, switchRow, switchWidget } from './widgets.js';

export interface Network {
  ssid: string;
  secured: boolean;
  bars: 1 | 2 | 3 | 4;
}

/** The networks in range, strongest first, as a scan on a busy street would find them. */
export const NETWORKS: readonly Network[] = [
  { ssid: 'HomeNet-5G', secured: true, bars: 4 },
  { ssid: 'HomeNet', secured: true, bars: 4 },
  { ssid: 'CoffeeShop_Guest', secured: false, bars: 3 },
  { ssid: 'Office-Secure', secured: true, bars: 3 },
  { ssid: 'AndroidAP_4821', secured: true, bars: 2 },
  { ssid: 'Airport Free WiFi', secured: false, bars: 2 },
  { ssid: 'NETGEAR42', secured: true, bars: 1 },
  { ssid: 'xfinitywifi', secured: false, bars: 1 },
];

/** WPA2 passphrases are at least 8 characters; the Connect button stays disabled below that. */
export const MIN_PASSWORD = 8;
const BARS = ['', 'one bar', 'two bars', 'three bars', 'full'];

export function wifiOn(s: SettingsScreen): boolean {
  return s.get('global', 'wifi_on') !== '0';
}

export function connectedSsid(s: SettingsScreen): string | undefined {
  const ssid = s.ctx.storage.get('wifi.connected');
  return typeof ssid === 'string' && wifiOn(s) ? ssid : undefined;
}

function saved(s: SettingsScreen): string[] {
  const list = s.ctx.storage.get('wifi.saved');
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

export function setWifi(s: SettingsScreen, on: boolean): void {
  s.put('global', 'wifi_on', on ? '1' : '0');
  s.ctx.log('I', 'WifiService', `setWifiEnabled package=com.android.settings uid=1000 enable=${on}`);
}

export function networkPage(s: SettingsScreen): Widget {
  const { p } = s;
  const ssid = connectedSsid(s);
  const internetSummary = !wifiOn(s) ? 'Off' : (ssid ?? 'Not connected');
  return page({
    key: 'network',
    title: 'Network & internet',
    p,
    onUp: () => s.up(),
    rows: [
      primarySwitchRow({
        key: 'wifi',
        title: 'Wi-Fi',
        summary: internetSummary,
        icon: 'wifi',
        checked: wifiOn(s),
        p,
        onOpen: () => s.open('wifi'),
        onToggle: (on) => setWifi(s, on),
      }),
      row({ key: 'mobile', title: 'SIMs', summary: 'No SIM', icon: 'info', p, onClick: () => s.showToast('No SIM card inserted') }),
      switchRow({
        key: 'airplane',
        title: 'Airplane mode',
        icon: 'info',
        checked: s.get('global', 'airplane_mode_on') === '1',
        p,
        onToggle: (on) => s.put('global', 'airplane_mode_on', on ? '1' : '0'),
      }),
      row({ key: 'hotspot', title: 'Hotspot & tethering', summary: 'Off', icon: 'share', p, onClick: () => s.showToast('Hotspot needs a mobile network') }),
      row({ key: 'data_saver', title: 'Data Saver', summary: 'Off', icon: 'info', p, onClick: () => s.showToast('Data Saver is off') }),
      row({ key: 'vpn', title: 'VPN', summary: 'None', icon: 'lock', p, onClick: () => s.showToast('No VPNs added') }),
      row({ key: 'private_dns', title: 'Private DNS', summary: 'Automatic', icon: 'lock', p }),
    ],
  });
}

function signalIcon(network: Network): IconName {
  return network.secured ? 'lock' : 'wifi';
}

function networkRow(s: SettingsScreen, network: Network): Widget {
  const connected = connectedSsid(s) === network.ssid;
  const summary =
    s.state.connecting === network.ssid
      ? 'Connecting\u2026'
      : connected
        ? 'Connected'
        : saved(s).includes(network.ssid)
          ? 'Saved'
          : network.secured
            ? 'Secured'
            : 'Open';
  const onClick = (): void => {
    if (connected) {
      s.open('wifi_details', { ssid: network.ssid });
      return;
    }
    if (!network.secured || saved(s).includes(network.ssid)) {
      s.connect(network.ssid);
      return;
    }
    s.state.dialog = { kind: 'wifi', ssid: network.ssid, password: '', show: false };
  };
  const widget = row({ key: `network_${network.ssid}`, title: network.ssid, summary, icon: signalIcon(network), p: s.p, onClick });
  return { ...widget, desc: `${network.ssid},${network.secured ? 'Secure network' : 'Open network'},Wifi signal ${BARS[network.bars]}` };
}

export function wifiPage(s: SettingsScreen): Widget {
  const { p } = s;
  const on = wifiOn(s);
  const bar: Widget = {
    cls: 'android.widget.LinearLayout',
    id: 'com.android.settings:id/switch_bar',
    layout: 'row',
    padding: { left: 24, right: 24, top: 20, bottom: 20 },
    onClick: () => setWifi(s, !on),
    style: { background: on ? p.barOn : p.surface, radius: 28 },
    children: [
      label('Use Wi-Fi', p, {
        id: 'com.android.settings:id/switch_text',
        width: 0,
        weight: 1,
        align: 'center',
        style: { color: on ? p.onBarOn : p.text, fontSize: 20 },
      }),
      switchWidget(on, p),
    ],
  };
  const rows: Widget[] = on
    ? [
        ...NETWORKS.map((n) => networkRow(s, n)),
        row({ key: 'add_network', title: 'Add network', icon: 'add', p, onClick: () => s.showToast('Scan a QR code or enter the network name') }),
        row({ key: 'network_prefs', title: 'Network preferences', summary: 'Wi-Fi turns back on automatically', p }),
      ]
    : [label('To see available networks, turn Wi-Fi on.', p, { key: 'wifi_off', padding: 24, width: 'fill', style: { color: p.secondary, fontSize: 14 } })];
  return page({
    key: 'wifi',
    title: 'Wi-Fi',
    p,
    onUp: () => s.up(),
    header: [{ cls: 'android.widget.FrameLayout', key: 'switch_bar_frame', padding: { left: 16, right: 16, bottom: 8 }, children: [bar] }],
    rows,
  });
}

export function wifiDetailsPage(s: SettingsScreen, ssid: string): Widget {
  const { p } = s;
  const forget = (): void => {
    s.ctx.storage.set(
      'wifi.saved',
      saved(s).filter((x) => x !== ssid),
    );
    if (s.ctx.storage.get('wifi.connected') === ssid) s.ctx.storage.delete('wifi.connected');
    s.up();
  };
  const disconnect = (): void => {
    if (s.ctx.storage.get('wifi.connected') === ssid) s.ctx.storage.delete('wifi.connected');
    s.up();
  };
  const button = (text: string, id: string, onClick: () => void): Widget => ({
    cls: 'android.widget.Button',
    id,
    text,
    width: 0,
    weight: 1,
    height: 48,
    onClick,
    style: { color: p.accent, fontSize: 14, bold: true },
  });
  return page({
    key: 'wifi_details',
    title: ssid,
    p,
    onUp: () => s.up(),
    header: [
      {
        cls: 'android.widget.LinearLayout',
        key: 'details_buttons',
        layout: 'row',
        padding: { left: 16, right: 16 },
        children: [button('Forget', 'com.android.settings:id/button1', forget), button('Disconnect', 'com.android.settings:id/button2', disconnect)],
      },
    ],
    rows: [
      row({ key: 'status', title: 'Status', summary: connectedSsid(s) === ssid ? 'Connected' : 'Disconnected', p }),
      row({ key: 'signal', title: 'Signal strength', summary: 'Excellent', p }),
      row({ key: 'frequency', title: 'Frequency', summary: ssid.endsWith('5G') ? '5 GHz' : '2.4 GHz', p }),
      row({ key: 'security', title: 'Security', summary: NETWORKS.find((n) => n.ssid === ssid)?.secured ? 'WPA2-Personal' : 'None', p }),
    ],
  });
}

export function wifiPasswordDialog(s: SettingsScreen, d: { ssid: string; password: string; show: boolean }): Widget {
  const { p } = s;
  const join = (): void => {
    if (d.password.length < MIN_PASSWORD) return;
    s.state.dialog = undefined;
    s.ctx.storage.set('wifi.saved', [...saved(s).filter((x) => x !== d.ssid), d.ssid]);
    s.connect(d.ssid);
  };
  return alertDialog({
    title: d.ssid,
    p,
    positive: 'Connect',
    positiveEnabled: d.password.length >= MIN_PASSWORD,
    onPositive: join,
    onCancel: () => {
      s.state.dialog = undefined;
    },
    content: [
      {
        cls: 'android.widget.EditText',
        id: 'com.android.settings:id/password',
        hint: 'Password',
        text: d.password,
        password: !d.show,
        autofocus: true,
        height: 56,
        onText: (value) => {
          d.password = value;
        },
        onSubmit: join,
        style: { color: p.text, border: p.accent, fontSize: 16 },
      },
      {
        cls: 'android.widget.CheckBox',
        id: 'com.android.settings:id/show_password',
        text: 'Show password',
        checked: d.show,
        onClick: () => {
          d.show = !d.show;
        },
        style: { color: p.text, fontSize: 14 },
      },
    ],
  });
}
