// What the Settings screens share: the back stack, the open dialog, and access to the phone's
// settings (read at render time, so `settings put` from the shell shows on the next dump).
import type { AppContext, DeviceInfo } from '../../types.js';
import type { BackStack } from '../kit/back-stack.js';
import type { Palette } from './widgets.js';

export type PageId =
  | 'home'
  | 'search'
  | 'network'
  | 'wifi'
  | 'wifi_details'
  | 'connected'
  | 'pair'
  | 'apps'
  | 'notifications'
  | 'battery'
  | 'storage'
  | 'sound'
  | 'display'
  | 'accessibility'
  | 'security'
  | 'location'
  | 'system'
  | 'developer'
  | 'about';

export interface Nav {
  page: PageId;
  /** The Activity this screen is shown in: the one `am start` named, or SubSettings when opened from a list. */
  activity: string;
  /** The network of the details screen. */
  ssid?: string;
}

export type Dialog = { kind: 'wifi'; ssid: string; password: string; show: boolean } | { kind: 'device_name'; value: string };

export interface SettingsState {
  stack: BackStack<Nav>;
  dialog?: Dialog;
  query: string;
  toast?: string;
  /** The network being joined, shown as "Connecting…" until the join completes. */
  connecting?: string;
  buildTaps: number;
}

type Namespace = 'global' | 'system' | 'secure';

/** What a Settings screen builder gets: the state, the phone's settings and navigation. */
export interface SettingsScreen {
  readonly state: SettingsState;
  readonly ctx: AppContext;
  readonly p: Palette;
  readonly info: DeviceInfo | undefined;
  get(ns: Namespace, key: string): string | undefined;
  put(ns: Namespace, key: string, value: string): void;
  open(page: PageId, extra?: Partial<Nav>): void;
  up(): void;
  showToast(message: string): void;
  connect(ssid: string): void;
}

export const SUB_SETTINGS = '.SubSettings';
