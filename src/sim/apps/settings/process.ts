// One running Settings process: which screen is open (and through which Activity), its dialog,
// toasts, and joining a Wi-Fi network in the background.
import type { AppContext, AppLaunch, AppProcess, AppView, Widget } from '../../types.js';
import { BackStack } from '../kit/back-stack.js';
import { Expiring, OneShotTimer, TOAST_MS } from '../kit/timers.js';
import {
  aboutPage,
  batteryPage,
  connectedPage,
  developerPage,
  deviceNameDialog,
  displayPage,
  homePage,
  pairPage,
  plainPage,
  soundPage,
  systemPage,
} from './pages.js';
import { searchPage } from './search.js';
import { SUB_SETTINGS, type Nav, type PageId, type SettingsScreen, type SettingsState } from './state.js';
import { networkPage, wifiDetailsPage, wifiPage, wifiPasswordDialog } from './wifi.js';
import { paletteFor, type Palette } from './widgets.js';

/** The Activities `am start -n com.android.settings/<activity>` opens, and the screen each shows. */
export const ACTIVITIES: Record<string, PageId> = {
  '.Settings': 'home',
  '.SubSettings': 'home',
  '.SearchActivity': 'search',
  '.Settings$NetworkDashboardActivity': 'network',
  '.Settings$WifiSettingsActivity': 'wifi',
  '.Settings$NetworkProviderSettingsActivity': 'wifi',
  '.Settings$ConnectedDeviceDashboardActivity': 'connected',
  '.Settings$ManageApplicationsActivity': 'apps',
  '.Settings$ConfigureNotificationSettingsActivity': 'notifications',
  '.Settings$PowerUsageSummaryActivity': 'battery',
  '.Settings$StorageDashboardActivity': 'storage',
  '.Settings$SoundSettingsActivity': 'sound',
  '.Settings$DisplaySettingsActivity': 'display',
  '.Settings$AccessibilitySettingsActivity': 'accessibility',
  '.Settings$SecurityDashboardActivity': 'security',
  '.Settings$LocationSettingsActivity': 'location',
  '.Settings$SystemDashboardActivity': 'system',
  '.Settings$DevelopmentSettingsDashboardActivity': 'developer',
  '.Settings$MyDeviceInfoActivity': 'about',
};

const JOIN_MS = 1500;

function routeFor(launch: AppLaunch): Nav {
  const activity = launch.activity && ACTIVITIES[launch.activity] ? launch.activity : '.Settings';
  return { page: ACTIVITIES[activity] ?? 'home', activity };
}

export class SettingsProcess implements AppProcess, SettingsScreen {
  readonly state: SettingsState;
  /** Used when the phone gives no settings (an app context outside a phone). */
  private readonly local = { global: new Map<string, string>(), system: new Map<string, string>(), secure: new Map<string, string>() };
  private readonly toast: Expiring<string>;
  private readonly joining: OneShotTimer;

  constructor(
    readonly ctx: AppContext,
    launch: AppLaunch,
  ) {
    this.state = { stack: new BackStack([routeFor(launch)]), query: '', buildTaps: 0 };
    this.toast = new Expiring({
      ctx,
      ms: TOAST_MS,
      set: (message) => {
        this.state.toast = message;
      },
    });
    this.joining = new OneShotTimer(ctx.clock);
    if (!ctx.storage.has('wifi.connected') && ctx.launchCount === 1) {
      ctx.storage.set('wifi.connected', 'HomeNet-5G');
      ctx.storage.set('wifi.saved', ['HomeNet-5G']);
    }
  }

  get p(): Palette {
    return paletteFor(this.get('secure', 'ui_night_mode') === '2');
  }

  get info(): SettingsScreen['info'] {
    return this.ctx.phone?.info;
  }

  private top(): Nav {
    return this.state.stack.top;
  }

  get(ns: 'global' | 'system' | 'secure', key: string): string | undefined {
    return (this.ctx.phone?.settings ?? this.local)[ns].get(key);
  }

  put(ns: 'global' | 'system' | 'secure', key: string, value: string): void {
    (this.ctx.phone?.settings ?? this.local)[ns].set(key, value);
  }

  open(page: PageId, extra: Partial<Nav> = {}): void {
    if (page !== 'search') this.state.query = this.top().page === 'search' ? this.state.query : '';
    this.state.stack.push({ page, activity: SUB_SETTINGS, ...extra });
  }

  up(): void {
    this.state.stack.pop();
    if (this.top().page !== 'search') this.state.query = '';
  }

  showToast(message: string): void {
    this.toast.show(message);
  }

  /** Joins a network: "Connecting…" for a moment, then "Connected". */
  connect(ssid: string): void {
    this.state.connecting = ssid;
    this.ctx.storage.delete('wifi.connected');
    this.ctx.log('I', 'WifiService', `connect to "${ssid}" uid=1000`);
    this.joining.start(JOIN_MS, () => {
      this.state.connecting = undefined;
      this.ctx.storage.set('wifi.connected', ssid);
      this.ctx.log('I', 'WifiClientModeImpl', `CONNECTED "${ssid}"`);
      this.ctx.invalidate();
    });
  }

  view(): AppView {
    const top = this.top();
    return {
      activity: this.state.stack.depth === 1 || top.page === 'search' ? top.activity : SUB_SETTINGS,
      root: this.screen(top),
      dialog: this.dialog(),
      toast: this.state.toast,
    };
  }

  private screen(nav: Nav): Widget {
    switch (nav.page) {
      case 'home':
        return homePage(this);
      case 'search':
        return searchPage(this);
      case 'network':
        return networkPage(this);
      case 'wifi':
        return wifiPage(this);
      case 'wifi_details':
        return wifiDetailsPage(this, nav.ssid ?? '');
      case 'connected':
        return connectedPage(this);
      case 'pair':
        return pairPage(this);
      case 'display':
        return displayPage(this);
      case 'battery':
        return batteryPage(this);
      case 'sound':
        return soundPage(this);
      case 'system':
        return systemPage(this);
      case 'developer':
        return developerPage(this);
      case 'about':
        return aboutPage(this);
      default:
        return plainPage(this, nav.page);
    }
  }

  private dialog(): Widget | undefined {
    const d = this.state.dialog;
    if (!d) return undefined;
    return d.kind === 'wifi' ? wifiPasswordDialog(this, d) : deviceNameDialog(this, d);
  }

  back(): boolean {
    if (this.state.dialog) {
      this.state.dialog = undefined;
      return true;
    }
    if (this.state.stack.depth <= 1) return false;
    this.up();
    return true;
  }

  intent(launch: AppLaunch): void {
    if (!launch.activity) return;
    this.state.dialog = undefined;
    const route = routeFor(launch);
    const top = this.top();
    if (top.page !== route.page) this.state.stack.push(route);
  }
}
