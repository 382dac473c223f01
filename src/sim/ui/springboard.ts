// SpringBoard's alert, as an iPhone shows a permission request over the app: a 270 pt card with a
// bold title, a message, and two buttons side by side under a hairline. Strings as iOS 17 words them.
import type { Widget } from '../types.js';

export const SPRINGBOARD = 'com.apple.springboard';
export const IOS_BLUE = '#007aff';
const HAIRLINE = '#c6c6c8';
const CARD = '#f2f2f7';

/** iOS's title and message for the permissions the sample apps ask for. */
const IOS_REQUESTS: Record<string, { title: (app: string) => string; message: string }> = {
  'android.permission.POST_NOTIFICATIONS': {
    title: (app) => `\u201c${app}\u201d Would Like to Send You Notifications`,
    message: 'Notifications may include alerts, sounds, and icon badges. These can be configured in Settings.',
  },
  'android.permission.CAMERA': {
    title: (app) => `\u201c${app}\u201d Would Like to Access the Camera`,
    message: 'This app uses the camera to take pictures.',
  },
  'android.permission.ACCESS_FINE_LOCATION': {
    title: (app) => `Allow \u201c${app}\u201d to use your location?`,
    message: 'Your location is used to show nearby results.',
  },
};

/** The alert's title and message for a permission; unknown permissions use the app's own label text. */
export function iosPermissionText(appLabel: string, permission: string, label: string): { title: string; message: string } {
  const known = IOS_REQUESTS[permission];
  if (known) return { title: known.title(appLabel), message: known.message };
  return { title: `\u201c${appLabel}\u201d Would Like to ${label.replace(/\?$/, '')}`, message: '' };
}

function alertButton(o: { text: string; bold: boolean; onClick: () => void }): Widget {
  return {
    cls: 'android.widget.Button',
    key: `alert_button_${o.text}`,
    text: o.text,
    width: 'fill',
    weight: 1,
    height: 44,
    clickable: true,
    focusable: true,
    onClick: o.onClick,
    style: { color: IOS_BLUE, background: '#00000000', fontSize: 17, bold: o.bold },
  };
}

const hairline = (key: string, vertical: boolean): Widget => ({
  cls: 'android.view.View',
  key,
  width: vertical ? 0.34 : 'fill',
  height: vertical ? 'fill' : 0.34,
  style: { background: HAIRLINE },
});

/** A UIAlertController-style card: title, message, then the buttons (two in a row, more stacked). */
export function iosAlert(o: { key: string; title: string; message: string; buttons: Array<{ text: string; bold?: boolean; onClick: () => void }> }): Widget {
  const buttons = o.buttons.map((b) => alertButton({ text: b.text, bold: b.bold ?? false, onClick: b.onClick }));
  const row: Widget[] =
    buttons.length === 2 && buttons[0] && buttons[1]
      ? [
          {
            cls: 'android.widget.LinearLayout',
            key: `${o.key}_buttons`,
            layout: 'row',
            height: 44,
            children: [buttons[0], hairline('alert_split', true), buttons[1]],
          },
        ]
      : buttons.flatMap((b, i) => (i === 0 ? [b] : [hairline(`alert_line_${i}`, false), b]));
  const texts: Widget[] = [
    {
      cls: 'android.widget.TextView',
      key: 'alert_title',
      text: o.title,
      align: 'center',
      width: 'wrap',
      style: { color: '#000000', fontSize: 17, bold: true, textAlign: 'center' },
    },
  ];
  if (o.message) {
    texts.push({
      cls: 'android.widget.TextView',
      key: 'alert_message',
      text: o.message,
      align: 'center',
      width: 'wrap',
      style: { color: '#000000', fontSize: 13, textAlign: 'center' },
    });
  }
  return {
    cls: 'android.widget.LinearLayout',
    key: o.key,
    width: 270,
    style: { background: CARD, radius: 14 },
    children: [
      { cls: 'android.widget.LinearLayout', key: `${o.key}_texts`, padding: { top: 20, left: 16, right: 16, bottom: 18 }, gap: 4, children: texts },
      hairline('alert_line', false),
      ...row,
    ],
  };
}
