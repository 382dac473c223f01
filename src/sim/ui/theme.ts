// Colours of the system's own windows (launcher, keyboard, system dialogs) in light and dark theme.

export interface SystemPalette {
  surface: string;
  onSurface: string;
  secondary: string;
  accent: string;
  scrimText: string;
  keyboard: string;
  key: string;
  specialKey: string;
  wallpaper: string;
  toast: string;
  onToast: string;
}

const LIGHT: SystemPalette = {
  surface: '#f3edf7',
  onSurface: '#1d1b20',
  secondary: '#49454f',
  accent: '#6750a4',
  scrimText: '#ffffff',
  keyboard: '#e8eaed',
  key: '#ffffff',
  specialKey: '#c9ced6',
  wallpaper: '#d7e3f4',
  toast: '#323232',
  onToast: '#ffffff',
};

const DARK: SystemPalette = {
  surface: '#2b2930',
  onSurface: '#e6e0e9',
  secondary: '#cac4d0',
  accent: '#d0bcff',
  scrimText: '#ffffff',
  keyboard: '#202124',
  key: '#3c4043',
  specialKey: '#5f6368',
  wallpaper: '#1f2a38',
  toast: '#e6e0e9',
  onToast: '#1d1b20',
};

export function systemPalette(dark: boolean): SystemPalette {
  return dark ? DARK : LIGHT;
}
