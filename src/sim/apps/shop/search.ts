import type { AppView, Widget } from '../../types.js';
import { productById, type Product } from './catalogue.js';
import { productList } from './rows.js';
import type { Screen, ShopActions } from './state.js';
import { COLORS, iconButton, inset, screen as layout, spinner, text } from './widgets.js';

type SearchScreen = Extract<Screen, { kind: 'search' }>;

/** Search bar on top; a spinner while the (slow) search runs, then the matching products. */
export function searchView(app: ShopActions, screen: SearchScreen): AppView {
  const submit = (): void => app.search(screen.query);
  const bar: Widget = {
    cls: 'android.view.ViewGroup',
    id: 'toolbar',
    layout: 'row',
    height: 56,
    padding: { left: 4, right: 4 },
    gap: 4,
    style: { background: COLORS.primary },
    children: [
      { ...iconButton({ icon: 'back', desc: 'Navigate up', onClick: () => app.pop() }), align: 'center' },
      {
        cls: 'android.widget.EditText',
        id: 'search_src_text',
        hint: 'Search products',
        text: screen.query,
        width: 'fill',
        height: 44,
        align: 'center',
        padding: { left: 12, right: 12 },
        clickable: true,
        focusable: true,
        longClickable: true,
        onText: (query) => app.update({ ...screen, query }),
        onSubmit: submit,
        style: { background: COLORS.surface, color: COLORS.text, fontSize: 16, radius: 22 },
      },
      { ...iconButton({ icon: 'search', id: 'search_button', desc: 'Search', onClick: submit }), align: 'center' },
    ],
  };
  return { activity: '.SearchActivity', root: layout(bar, ...body(app, screen)), toast: app.state.toast };
}

function body(app: ShopActions, screen: SearchScreen): Widget[] {
  if (screen.status === 'idle') {
    return [
      inset(16, text('Try “headphones”, “USB-C” or “charger”', { id: 'search_hint', width: 'fill', style: { color: COLORS.secondaryText, fontSize: 14 } })),
    ];
  }
  if (screen.status === 'loading') {
    return [
      {
        cls: 'android.widget.LinearLayout',
        key: 'loading',
        padding: { top: 64 },
        gap: 16,
        children: [
          spinner('progress'),
          text(`Searching for “${screen.submitted}”…`, { align: 'center', style: { color: COLORS.secondaryText, fontSize: 14 } }),
        ],
      },
    ];
  }
  const results = screen.results.map(productById).filter((p): p is Product => p !== undefined);
  if (results.length === 0) {
    return [inset(16, text(`No results for “${screen.submitted}”`, { id: 'empty', width: 'fill', style: { color: COLORS.secondaryText } }))];
  }
  const count = `${results.length} ${results.length === 1 ? 'result' : 'results'} for “${screen.submitted}”`;
  return [
    inset(16, text(count, { id: 'result_count', width: 'fill', style: { color: COLORS.secondaryText, fontSize: 14 } })),
    productList(results, (id) => app.push({ kind: 'product', productId: id, quantity: 1 })),
  ];
}
