// Hand-built frames of typical screens, for the renderer's tests and its timing script.
import type { Bounds, Frame, LaidOutNode, LaidOutWindow, ScreenSize } from '../types.js';

export const PHONE: ScreenSize = { width: 1080, height: 2400, density: 420 };

/** A node with Android's defaults; pass only what differs. */
export function node(cls: string, bounds: Bounds, props: Partial<LaidOutNode> = {}): LaidOutNode {
  return {
    cls,
    resourceId: '',
    package: 'com.example.shop',
    text: '',
    contentDesc: '',
    checkable: false,
    checked: false,
    clickable: false,
    enabled: true,
    focusable: false,
    focused: false,
    scrollable: false,
    longClickable: false,
    password: false,
    selected: false,
    bounds,
    children: [],
    ...props,
  };
}

export function frame(windows: LaidOutWindow[], options: { size?: ScreenSize; darkTheme?: boolean } = {}): Frame {
  return {
    size: options.size ?? PHONE,
    windows,
    statusBar: { time: '12:30', battery: 80, wifi: true, notifications: 1 },
    orientation: 0,
    darkTheme: options.darkTheme ?? false,
  };
}

export function appWindow(children: LaidOutNode[], size: ScreenSize = PHONE): LaidOutWindow {
  const top = Math.round((24 * size.density) / 160);
  return {
    kind: 'app',
    package: 'com.example.shop',
    root: node('android.widget.FrameLayout', { left: 0, top, right: size.width, bottom: size.height }, { children }),
  };
}

const PRODUCTS = [
  'Wireless headphones',
  'Bluetooth speaker',
  'USB-C charger',
  'Phone case',
  'Smart watch',
  'Fitness band',
  'Power bank 20000 mAh',
  'Screen protector',
  'Car mount',
  'Laptop stand',
  'Mechanical keyboard',
  'Webcam 1080p',
];

/** A catalogue: toolbar with title and icons, a search field, twelve product rows with image, name, price and chevron. */
export function catalogueFrame(options: { darkTheme?: boolean } = {}): Frame {
  const toolbar = node(
    'android.view.ViewGroup',
    { left: 0, top: 63, right: 1080, bottom: 210 },
    {
      style: { background: '#6750a4' },
      children: [
        node(
          'android.widget.ImageButton',
          { left: 21, top: 74, right: 147, bottom: 200 },
          { contentDesc: 'Open menu', clickable: true, style: { icon: 'menu', color: '#ffffff' } },
        ),
        node(
          'android.widget.TextView',
          { left: 168, top: 74, right: 780, bottom: 200 },
          { text: 'Shop', style: { color: '#ffffff', fontSize: 22, bold: true } },
        ),
        node(
          'android.widget.ImageButton',
          { left: 801, top: 74, right: 927, bottom: 200 },
          { contentDesc: 'Search', clickable: true, style: { icon: 'search', color: '#ffffff' } },
        ),
        node(
          'android.widget.ImageButton',
          { left: 933, top: 74, right: 1059, bottom: 200 },
          { contentDesc: 'Cart', clickable: true, style: { icon: 'cart', color: '#ffffff' } },
        ),
      ],
    },
  );
  const search = node(
    'android.widget.EditText',
    { left: 42, top: 242, right: 1038, bottom: 389 },
    {
      text: 'Search products',
      showingHint: true,
      clickable: true,
      focusable: true,
      resourceId: 'com.example.shop:id/search',
      style: { background: '#f3edf7', radius: 28, icon: 'search' },
    },
  );
  const rows = PRODUCTS.map((name, i) => {
    const top = 420 + i * 160;
    return node(
      'android.widget.LinearLayout',
      { left: 0, top, right: 1080, bottom: top + 158 },
      {
        clickable: true,
        children: [
          node(
            'android.widget.ImageView',
            { left: 42, top: top + 21, right: 158, bottom: top + 137 },
            {
              style: { icon: 'image', background: '#eaddff', radius: 8, color: '#6750a4' },
            },
          ),
          node('android.widget.TextView', { left: 200, top: top + 21, right: 900, bottom: top + 84 }, { text: name, style: { fontSize: 16 } }),
          node(
            'android.widget.TextView',
            { left: 200, top: top + 84, right: 900, bottom: top + 137 },
            {
              text: `$${(19.99 + i * 10).toFixed(2)} · In stock`,
              style: { color: '#49454f', fontSize: 14 },
            },
          ),
          node('android.widget.ImageView', { left: 960, top: top + 47, right: 1039, bottom: top + 111 }, { style: { icon: 'chevron' } }),
        ],
      },
    );
  });
  return frame([appWindow([toolbar, search, ...rows])], options);
}

/** A sign-in form with a focused field, a password, a switch, a check box and buttons, one disabled. */
export function signInFrame(options: { darkTheme?: boolean; keyboard?: boolean } = {}): Frame {
  const app = appWindow([
    node('android.widget.TextView', { left: 63, top: 120, right: 1017, bottom: 240 }, { text: 'Sign in', style: { fontSize: 28, bold: true } }),
    node(
      'android.widget.EditText',
      { left: 63, top: 300, right: 1017, bottom: 447 },
      { text: 'alice@example.com', focused: true, focusable: true, clickable: true },
    ),
    node('android.widget.EditText', { left: 63, top: 480, right: 1017, bottom: 627 }, { text: 'secret', password: true, focusable: true, clickable: true }),
    node(
      'android.widget.EditText',
      { left: 63, top: 660, right: 1017, bottom: 807 },
      { text: 'Coupon code', showingHint: true, focusable: true, style: { border: '1dp #79747e' } },
    ),
    node('android.widget.Switch', { left: 63, top: 850, right: 1017, bottom: 976 }, { text: 'Remember me', checkable: true, checked: true, clickable: true }),
    node(
      'android.widget.CheckBox',
      { left: 63, top: 1000, right: 1017, bottom: 1126 },
      { text: 'I accept the terms', checkable: true, checked: true, clickable: true },
    ),
    node('android.widget.Button', { left: 63, top: 1180, right: 1017, bottom: 1306 }, { text: 'Log in', clickable: true }),
    node('android.widget.Button', { left: 63, top: 1340, right: 1017, bottom: 1466 }, { text: 'Create account', clickable: true, enabled: false }),
  ]);
  const windows: LaidOutWindow[] = [app];
  if (options.keyboard) {
    windows.push({
      kind: 'keyboard',
      package: 'com.google.android.inputmethod.latin',
      root: node('android.widget.FrameLayout', { left: 0, top: 1580, right: 1080, bottom: 2337 }),
    });
  }
  return frame(windows, options);
}
