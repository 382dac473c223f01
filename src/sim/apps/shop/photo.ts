import type { AppView } from '../../types.js';
import { productById } from './catalogue.js';
import { PICTURE } from './rows.js';
import type { Screen, ShopActions } from './state.js';
import { iconButton } from './widgets.js';

type PhotoScreen = Extract<Screen, { kind: 'photo' }>;

/**
 * The product picture full screen on black, with only a close button: a screen with almost no text,
 * as photo viewers, maps and games are, where the dump alone says too little to act on.
 */
export function photoView(app: ShopActions, screen: PhotoScreen): AppView {
  const product = productById(screen.productId);
  return {
    // A full-screen fragment of the product page, not an Activity of its own.
    activity: '.ProductActivity',
    root: {
      cls: 'android.widget.FrameLayout',
      key: 'photo_viewer',
      layout: 'stack',
      width: 'fill',
      height: 'fill',
      style: { background: '#000000' },
      children: [
        {
          cls: 'android.widget.ImageView',
          id: 'photo',
          desc: product?.title ?? 'Product photo',
          height: 360,
          gravity: 'center',
          style: { ...PICTURE, radius: 0 },
        },
        { ...iconButton({ icon: 'close', id: 'close_photo', desc: 'Close', onClick: () => app.pop() }), gravity: 'top', align: 'start' },
      ],
    },
  };
}
