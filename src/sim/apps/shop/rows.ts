import type { Widget, WidgetStyle } from '../../types.js';
import { formatPrice, type Product } from './catalogue.js';
import { COLORS, text } from './widgets.js';

/** How a product picture shows: the image glyph on a pale tile. */
export const PICTURE: WidgetStyle = { icon: 'image', background: '#ede7f6', color: COLORS.primary, radius: 8 };

/** A square product picture centred in its row. */
export function thumbnail(size: number, id?: string): Widget {
  return { cls: 'android.widget.ImageView', id, width: size, height: size, align: 'center', style: PICTURE };
}

/** The title and detail lines beside a thumbnail, taking the rest of the row. */
export function textColumn(children: Widget[]): Widget {
  return { cls: 'android.widget.LinearLayout', width: 'fill', align: 'center', gap: 4, children };
}

/** One product card in a RecyclerView: thumbnail, title and price. */
export function productRow(product: Product, onClick: () => void): Widget {
  return cardRow({
    id: 'product_row',
    key: `product_row_${product.id}`,
    padding: { left: 16, right: 16, top: 8, bottom: 8 },
    gap: 16,
    onClick,
    children: [
      thumbnail(64, 'product_image'),
      textColumn([
        text(product.title, { id: 'product_title', width: 'fill', style: { fontSize: 16 } }),
        text(formatPrice(product.price), { id: 'product_price', style: { fontSize: 14, bold: true, color: COLORS.primary } }),
      ]),
    ],
  });
}

/** An 80 dp white row with a divider border: a product in a list, a line of the cart. */
export function cardRow(o: { id: string; key: string; padding: Widget['padding']; gap: number; onClick?: () => void; children: Widget[] }): Widget {
  const touch: Partial<Widget> = o.onClick ? { clickable: true, focusable: true, onClick: o.onClick } : {};
  return {
    cls: 'android.widget.LinearLayout',
    id: o.id,
    key: o.key,
    layout: 'row',
    height: 80,
    padding: o.padding,
    gap: o.gap,
    ...touch,
    style: { background: COLORS.surface, border: COLORS.divider },
    children: o.children,
  };
}

/** A vertical RecyclerView of product rows, filling the remaining height. */
export function productList(products: readonly Product[], open: (id: number) => void): Widget {
  return {
    cls: 'androidx.recyclerview.widget.RecyclerView',
    id: 'product_list',
    width: 'fill',
    height: 'fill',
    scrollable: 'vertical',
    focusable: true,
    children: products.map((p) => productRow(p, () => open(p.id))),
  };
}
