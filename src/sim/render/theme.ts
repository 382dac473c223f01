// Material colours and sizes for the light and dark system themes.
import type { ScreenSize } from '../types.js';

export interface Palette {
  dark: boolean;
  background: string;
  surface: string;
  onSurface: string;
  onSurfaceVariant: string;
  primary: string;
  onPrimary: string;
  outline: string;
  hint: string;
  surfaceVariant: string;
  dialog: string;
  scrimOpacity: number;
  toast: string;
  onToast: string;
  keyboard: string;
  key: string;
  keySpecial: string;
  onKey: string;
  switchOffThumb: string;
  switchOffTrack: string;
}

const LIGHT: Palette = {
  dark: false,
  background: '#ffffff',
  surface: '#ffffff',
  onSurface: '#1c1b1f',
  onSurfaceVariant: '#49454f',
  primary: '#6750a4',
  onPrimary: '#ffffff',
  outline: '#79747e',
  hint: '#8a8590',
  surfaceVariant: '#e7e0ec',
  dialog: '#f3edf7',
  scrimOpacity: 0.4,
  toast: '#323232',
  onToast: '#ffffff',
  keyboard: '#e3e6ea',
  key: '#ffffff',
  keySpecial: '#c5cad1',
  onKey: '#202124',
  switchOffThumb: '#f1f1f1',
  switchOffTrack: '#a6a6a6',
};

const DARK: Palette = {
  dark: true,
  background: '#1c1b1f',
  surface: '#1c1b1f',
  onSurface: '#e6e1e5',
  onSurfaceVariant: '#cac4d0',
  primary: '#d0bcff',
  onPrimary: '#381e72',
  outline: '#938f99',
  hint: '#938f99',
  surfaceVariant: '#49454f',
  dialog: '#2b2930',
  scrimOpacity: 0.5,
  toast: '#e6e1e5',
  onToast: '#1c1b1f',
  keyboard: '#202124',
  key: '#3c4043',
  keySpecial: '#5f6368',
  onKey: '#e8eaed',
  switchOffThumb: '#bdbdbd',
  switchOffTrack: '#6b6b6b',
};

export function palette(dark: boolean): Palette {
  return dark ? DARK : LIGHT;
}

/** Converts dp and sp to pixels for one screen. */
export interface Units {
  dp(value: number): number;
  sp(value: number): number;
}

export function units(size: ScreenSize): Units {
  const scale = size.density / 160;
  return { dp: (value) => value * scale, sp: (value) => value * scale };
}

/** The status bar's height, as Android reserves it above every app. */
export const STATUS_BAR_DP = 24;
/** The gesture navigation area at the bottom edge. */
export const NAV_BAR_DP = 24;
/** Material's opacity for disabled widgets. */
export const DISABLED_OPACITY = 0.38;
