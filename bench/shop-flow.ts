// The Shop flow the trace benchmarks drive: 20 scripted steps through every kind of screen change.
import type { PrimitiveCall } from '../runner/index.js';

/** Sign in, search, open a product, add it twice, scroll the catalogue, open the cart. */
export const SHOP_FLOW: PrimitiveCall[] = [
  { name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } },
  { name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } },
  { name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } },
  { name: 'tap', params: { target: 'Log in', expected: { visible: 'Hi, Alice' } } },
  { name: 'assert_text', params: { target: { id: 'greeting' }, equals: 'Hi, Alice' } },
  { name: 'tap', params: { target: 'Search' } },
  { name: 'input_text', params: { target: 'Search products', text: 'headphones', submit: true } },
  { name: 'wait_for', params: { target: { text: '4 results for “headphones”' }, state: 'visible', timeout_ms: 8000 } },
  { name: 'tap', params: { target: 'Wireless Headphones' } },
  { name: 'assert_text', params: { target: { id: 'product_price' }, equals: '$59.99' } },
  { name: 'tap', params: { target: 'Add to cart' } },
  { name: 'tap', params: { target: 'Add to cart' } },
  { name: 'assert_text', params: { target: { id: 'cart_badge' }, equals: '2' } },
  { name: 'press_key', params: { key: 'back' } },
  { name: 'hide_keyboard', params: {} },
  { name: 'press_key', params: { key: 'back' } },
  { name: 'swipe', params: { direction: 'up', distance: 0.4 } },
  { name: 'scroll_to', params: { target: 'Smart Glasses' } },
  { name: 'open_link', params: { url: 'shop://cart', expected: { activity: '.CartActivity' } } },
  { name: 'assert_visible', params: { target: 'Wireless Headphones' } },
];
