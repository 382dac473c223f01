import type { Widget } from '../../types.js';
import { formatPrice, type Product } from './catalogue.js';
import { COLORS, text } from './widgets.js';

/** One product card in a RecyclerView: thumbnail, title and price. */
export function productRow(product: Product, onClick: () => void): Widget {
  return {
    cls: 'android.widget.LinearLayout',
    id: 'product_row',
    key: `product_row_${product.id}`,
    layout: 'row',
    height: 80,
    padding: { left: 16, right: 16, top: 8, bottom: 8 },
    gap: 16,
    clickable: true,
    focusable: true,
    onClick,
    style: { background: COLORS.surface, border: COLORS.divider },
    children: [
      {
        cls: 'android.widget.ImageView',
        id: 'product_image',
        width: 64,
        height: 64,
        align: 'center',
        style: { icon: 'image', background: '#ede7f6', color: COLORS.primary, radius: 8 },
      },
      {
        cls: 'android.widget.LinearLayout',
        width: 'fill',
        align: 'center',
        gap: 4,
        children: [
          text(product.title, { id: 'product_title', width: 'fill', style: { fontSize: 16 } }),
          text(formatPrice(product.price), { id: 'product_price', style: { fontSize: 14, bold: true, color: COLORS.primary } }),
        ],
      },
    ],
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
