// An app's top bar as UIKit's navigation bar draws it on an iPhone: a light bar, the title black and
// centred, the bar's buttons in the system blue. Only the look changes: ids, sizes and handlers stay,
// so the page source and the picture agree.
import type { Widget } from '../types.js';
import { IOS_BLUE } from './springboard.js';

const BAR = '#f7f7f7';
const APP_BAR_IDS = new Set(['toolbar', 'action_bar', 'app_bar', 'top_app_bar']);

const isAppBar = (w: Widget): boolean => APP_BAR_IDS.has(w.id ?? '');

function restyle(w: Widget, isBar: boolean): Widget {
  const style = { ...w.style };
  if (isBar) style.background = BAR;
  else if (style.icon) style.color = IOS_BLUE;
  else if (w.text !== undefined && !style.background) Object.assign(style, { color: '#000000', fontSize: 17, bold: true, textAlign: 'center' as const });
  return { ...w, style, children: w.children?.map((child) => restyle(child, false)) };
}

/** The app's screen with its top bar restyled; untouched subtrees are the same objects. */
export function iosLook(root: Widget): Widget {
  if (isAppBar(root)) return restyle(root, true);
  if (!root.children) return root;
  let changed = false;
  const children = root.children.map((child) => {
    const next = iosLook(child);
    if (next !== child) changed = true;
    return next;
  });
  return changed ? { ...root, children } : root;
}
