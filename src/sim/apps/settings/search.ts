// Settings search: every screen and the settings inside them, matched as you type, each result
// with the path that leads to it ("Network & internet > Internet").
import type { Widget } from '../../types.js';
import { ENTRIES } from './pages.js';
import type { PageId, SettingsScreen } from './state.js';
import { label, pageRoot, row, upButton } from './widgets.js';

interface Indexed {
  title: string;
  path: string;
  page: PageId;
}

const INSIDE: readonly Indexed[] = [
  { title: 'Wi-Fi', path: 'Network & internet', page: 'wifi' },
  { title: 'Internet', path: 'Network & internet', page: 'wifi' },
  { title: 'Airplane mode', path: 'Network & internet', page: 'network' },
  { title: 'Hotspot & tethering', path: 'Network & internet', page: 'network' },
  { title: 'VPN', path: 'Network & internet', page: 'network' },
  { title: 'Bluetooth', path: 'Connected devices', page: 'connected' },
  { title: 'Pair new device', path: 'Connected devices', page: 'pair' },
  { title: 'Dark theme', path: 'Display', page: 'display' },
  { title: 'Brightness level', path: 'Display', page: 'display' },
  { title: 'Screen timeout', path: 'Display', page: 'display' },
  { title: 'Auto-rotate screen', path: 'Display', page: 'display' },
  { title: 'Battery Saver', path: 'Battery', page: 'battery' },
  { title: 'Battery percentage', path: 'Battery', page: 'battery' },
  { title: 'Do Not Disturb', path: 'Sound & vibration', page: 'sound' },
  { title: 'Languages', path: 'System', page: 'system' },
  { title: 'Date & time', path: 'System', page: 'system' },
  { title: 'Device name', path: 'About phone', page: 'about' },
  { title: 'Model', path: 'About phone', page: 'about' },
  { title: 'Android version', path: 'About phone', page: 'about' },
  { title: 'Build number', path: 'About phone', page: 'about' },
  { title: 'Use location', path: 'Location', page: 'location' },
];

const INDEX: readonly Indexed[] = [...ENTRIES.map((e) => ({ title: e.title, path: 'Settings', page: e.page })), ...INSIDE];

export function searchResults(query: string): Indexed[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const words = q.split(/\s+/);
  return INDEX.filter((item) => words.every((w) => item.title.toLowerCase().includes(w))).sort(
    (a, b) => Number(!a.title.toLowerCase().startsWith(q)) - Number(!b.title.toLowerCase().startsWith(q)),
  );
}

export function searchPage(s: SettingsScreen): Widget {
  const { p } = s;
  const results = searchResults(s.state.query);
  const list: Widget[] = results.map((r) =>
    row({ key: `result_${r.title}`, title: r.title, summary: r.path, icon: 'search', p, onClick: () => s.open(r.page) }),
  );
  return pageRoot('search', p, [
    {
      cls: 'android.widget.LinearLayout',
      id: 'com.android.settings:id/search_toolbar',
      layout: 'row',
      height: 64,
      padding: { left: 4, right: 16 },
      gap: 8,
      children: [
        { ...upButton(p, () => s.up()), align: 'center' },
        {
          cls: 'android.widget.EditText',
          id: 'android:id/search_src_text',
          hint: 'Search settings',
          text: s.state.query,
          width: 0,
          weight: 1,
          height: 56,
          align: 'center',
          autofocus: true,
          onText: (value) => {
            s.state.query = value;
          },
          onSubmit: () => {
            if (results[0]) s.open(results[0].page);
          },
          style: { color: p.text, fontSize: 18 },
        },
      ],
    },
    results.length === 0 && s.state.query.trim() !== ''
      ? label('No results', p, { id: 'com.android.settings:id/no_results', align: 'center', padding: { top: 48 }, style: { color: p.secondary, fontSize: 16 } })
      : {
          cls: 'androidx.recyclerview.widget.RecyclerView',
          id: 'com.android.settings:id/list_results',
          key: 'list_search',
          height: 0,
          weight: 1,
          scrollable: 'vertical',
          children: list,
        },
  ]);
}
