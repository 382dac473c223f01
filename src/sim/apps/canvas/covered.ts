// CoveredActivity: an upgrade offer with native Buy, Cancel and Restore purchase buttons, and a
// tutorial card ("New: layers") shown over Buy and Cancel in a popup window that takes no focus, so
// a plain `uiautomator dump` (the active window) never holds it. A tap where the card is lands on the
// card, which closes it; Buy and Cancel are reached only once it is gone. Restore purchase stays clear.
import type { AppView, Popup, Widget } from '../../types.js';
import type { CanvasActions, CanvasScreen } from './state.js';

type CoveredScreen = Extract<CanvasScreen, { kind: 'covered' }>;

/** Where the offer's rows sit, dp from the content area's top (fixed heights, so the card's place is known). */
const PAD = 24;
const GAP = 16;
const ROWS = { title: 40, summary: 48, price: 32, button: 48 } as const;
const BUY_TOP = PAD + ROWS.title + GAP + ROWS.summary + GAP + ROWS.price + GAP;

/** The tutorial card's paint and place: over Buy and Cancel, clear of the price above and Restore purchase below. */
export const TIP_CARD = {
  background: '#263238',
  top: BUY_TOP - 10,
  height: 2 * ROWS.button + GAP + 20,
} as const;

function offerButton(options: { id: string; text: string; style: Widget['style']; onClick: () => void }): Widget {
  return { cls: 'android.widget.Button', id: options.id, text: options.text, height: ROWS.button, style: options.style, onClick: options.onClick };
}

export function coveredView(app: CanvasActions, screen: CoveredScreen): AppView {
  const set = (status: string, line: string) => () => {
    app.ctx.log('I', 'canvas', `canvas: ${line}`);
    app.replace({ ...screen, status });
  };
  const text = (id: string, value: string, look: { height: number; style: Widget['style'] }): Widget => ({
    cls: 'android.widget.TextView',
    id,
    text: value,
    ...look,
  });
  return {
    activity: '.CoveredActivity',
    root: {
      cls: 'android.widget.LinearLayout',
      key: 'offer_root',
      width: 'fill',
      height: 'fill',
      padding: PAD,
      gap: GAP,
      style: { background: '#ffffff' },
      children: [
        text('title', 'Pro upgrade', { height: ROWS.title, style: { fontSize: 24, bold: true } }),
        text('summary', 'Every brush, layers and full-size export.', { height: ROWS.summary, style: { fontSize: 16 } }),
        text('price', '$4.99 once', { height: ROWS.price, style: { fontSize: 20, bold: true } }),
        offerButton({
          id: 'buy',
          text: 'Buy',
          style: { background: '#1a73e8', color: '#ffffff', radius: 24, fontSize: 16, bold: true },
          onClick: set('Purchase complete', 'bought'),
        }),
        offerButton({
          id: 'cancel',
          text: 'Cancel',
          style: { background: '#eef0f3', color: '#1f1f1f', radius: 24, fontSize: 16 },
          onClick: set('Offer declined', 'declined'),
        }),
        offerButton({
          id: 'restore',
          text: 'Restore purchase',
          style: { background: '#ffffff', color: '#1a73e8', border: '1dp #1a73e8', radius: 24, fontSize: 16 },
          onClick: set('Nothing to restore', 'restore'),
        }),
        text('status', screen.status, { height: 24, style: { fontSize: 16 } }),
      ],
    },
    ...(screen.tip ? { popup: tipCard(app, screen) } : {}),
  };
}

/** The tutorial card: opaque, its words at its foot (over Cancel), closed by a tap anywhere on it. */
function tipCard(app: CanvasActions, screen: CoveredScreen): Popup {
  return {
    at: { x: 12, y: TIP_CARD.top, h: TIP_CARD.height },
    root: {
      cls: 'android.widget.LinearLayout',
      key: 'tip_card',
      width: 'fill',
      height: 'fill',
      padding: { left: 20, right: 20, top: 16, bottom: 14 },
      gap: 2,
      clickable: true,
      style: { background: TIP_CARD.background, radius: 16 },
      onClick: () => {
        app.ctx.log('I', 'canvas', 'canvas: tip closed');
        app.replace({ ...screen, tip: false });
      },
      children: [
        { cls: 'android.view.View', key: 'tip_space', height: 'fill' },
        { cls: 'android.widget.TextView', key: 'tip_title', text: 'New: layers', style: { fontSize: 18, bold: true, color: '#ffffff' } },
        { cls: 'android.widget.TextView', key: 'tip_hint', text: 'Tap to close', style: { fontSize: 14, color: '#b0bec5' } },
      ],
    },
  };
}

/** The offer as it opens: the tutorial card up, nothing bought. */
export function coveredOffer(): CoveredScreen {
  return { kind: 'covered', tip: true, status: 'Not bought yet' };
}
