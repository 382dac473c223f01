// The Shop's fixed catalogue: 50 products, the same on every phone so specs can name them.

export interface Product {
  id: number;
  title: string;
  /** Price in cents, to keep totals exact. */
  price: number;
  category: Category;
  description: string;
}

export const CATEGORIES = ['Audio', 'Cables', 'Chargers', 'Accessories', 'Wearables'] as const;
export type Category = (typeof CATEGORIES)[number];

const ITEMS: Array<[string, number, Category]> = [
  ['Wireless Headphones', 5999, 'Audio'],
  ['Noise Cancelling Headphones', 19999, 'Audio'],
  ['Over-Ear Studio Headphones', 12999, 'Audio'],
  ['Kids Headphones', 2499, 'Audio'],
  ['Sports Earbuds', 3999, 'Audio'],
  ['True Wireless Earbuds', 7999, 'Audio'],
  ['Bluetooth Speaker', 4999, 'Audio'],
  ['Portable Party Speaker', 14999, 'Audio'],
  ['Smart Speaker', 9999, 'Audio'],
  ['Soundbar', 22999, 'Audio'],
  ['USB Microphone', 6999, 'Audio'],
  ['Headphone Stand', 1999, 'Audio'],
  ['USB-C Cable', 999, 'Cables'],
  ['USB-C to Lightning Cable', 1999, 'Cables'],
  ['Braided USB-C Cable (2 m)', 1499, 'Cables'],
  ['HDMI Cable', 1299, 'Cables'],
  ['DisplayPort Cable', 1599, 'Cables'],
  ['Micro-USB Cable', 699, 'Cables'],
  ['Ethernet Cable (5 m)', 1199, 'Cables'],
  ['Aux Audio Cable', 799, 'Cables'],
  ['USB-C to HDMI Adapter', 2499, 'Cables'],
  ['USB Hub (4 ports)', 2999, 'Cables'],
  ['USB-C Wall Charger 20 W', 1999, 'Chargers'],
  ['GaN Charger 65 W', 4999, 'Chargers'],
  ['Car Charger', 1599, 'Chargers'],
  ['Wireless Charging Pad', 2999, 'Chargers'],
  ['3-in-1 Charging Stand', 5999, 'Chargers'],
  ['Power Bank 10000 mAh', 3499, 'Chargers'],
  ['Power Bank 20000 mAh', 5499, 'Chargers'],
  ['Solar Power Bank', 4499, 'Chargers'],
  ['Travel Adapter', 2299, 'Chargers'],
  ['Charging Dock', 3999, 'Chargers'],
  ['Phone Case', 1499, 'Accessories'],
  ['Screen Protector', 999, 'Accessories'],
  ['Phone Stand', 1299, 'Accessories'],
  ['Car Phone Mount', 1999, 'Accessories'],
  ['Pop Grip', 899, 'Accessories'],
  ['Laptop Sleeve', 2499, 'Accessories'],
  ['Wireless Mouse', 2999, 'Accessories'],
  ['Mechanical Keyboard', 8999, 'Accessories'],
  ['HD Webcam', 4999, 'Accessories'],
  ['Stylus Pen', 1999, 'Accessories'],
  ['Fitness Tracker', 4999, 'Wearables'],
  ['Smart Watch', 19999, 'Wearables'],
  ['Smart Watch Band', 1999, 'Wearables'],
  ['Smart Ring', 29999, 'Wearables'],
  ['Kids Smart Watch', 6999, 'Wearables'],
  ['Sleep Headband', 8999, 'Wearables'],
  ['VR Headset', 39999, 'Wearables'],
  ['Smart Glasses', 24999, 'Wearables'],
];

const BLURB: Record<Category, string> = {
  Audio: 'Rich, balanced sound with deep bass. Up to 30 hours of battery life and a one-year warranty.',
  Cables: 'Durable, tangle-free and tested for 10,000 bends. Supports fast charging and data transfer.',
  Chargers: 'Charges your phone to 50% in about 30 minutes, with built-in protection against overheating.',
  Accessories: 'Designed to fit everyday life. Lightweight, sturdy and easy to clean.',
  Wearables: 'Tracks steps, heart rate and sleep. Water resistant to 50 m and syncs with your phone.',
};

export const PRODUCTS: readonly Product[] = ITEMS.map(([title, price, category], index) => ({
  id: index + 1,
  title,
  price,
  category,
  description: `${title}. ${BLURB[category]}`,
}));

export function productById(id: number): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}

/** Products whose title or category contains every word of the query, case-insensitive. */
export function searchProducts(query: string): Product[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return PRODUCTS.filter((p) => {
    const haystack = `${p.title} ${p.category}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
