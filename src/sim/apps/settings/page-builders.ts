// What every Settings sub-page is built from: a titled page with an up button, and switches
// bound to a setting of the phone.
import type { IconName, Widget } from '../../types.js';
import type { PageId, SettingsScreen } from './state.js';
import { page, switchRow } from './widgets.js';

/** A sub-page: its key, title, rows and what sits between the title and the rows. */
interface SimplePage {
  key: PageId;
  title: string;
  rows: Widget[];
  header?: Widget[];
}

export function simple(s: SettingsScreen, { key, title, rows, header }: SimplePage): Widget {
  return page({ key, title, p: s.p, onUp: () => s.up(), rows, header });
}

/** A switch row bound to a setting: checked when it holds `on` (default '1'), writing `on` or `off` when flipped. */
export function toggle(
  s: SettingsScreen,
  o: {
    key: string;
    title: string;
    summary?: string;
    icon?: IconName;
    ns: 'global' | 'system' | 'secure';
    setting: string;
    on?: string;
    off?: string;
    defaultOn?: boolean;
  },
): Widget {
  const on = o.on ?? '1';
  const value = s.get(o.ns, o.setting);
  const checked = value === undefined ? o.defaultOn === true : value === on;
  return switchRow({
    key: o.key,
    title: o.title,
    summary: o.summary,
    icon: o.icon,
    checked,
    p: s.p,
    onToggle: (next) => s.put(o.ns, o.setting, next ? on : (o.off ?? '0')),
  });
}
