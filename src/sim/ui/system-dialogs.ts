// The system's own dialogs: runtime permission requests (PermissionController) and the app
// error dialogs of system_server ("keeps stopping", "isn't responding"), with Android's ids and strings.
import type { Widget } from '../types.js';
import type { SystemPalette } from './theme.js';

export const PERMISSION_CONTROLLER = 'com.google.android.permissioncontroller';
const PC_ID = 'com.android.permissioncontroller:id';

/** PermissionController's wording for the permissions the sample apps use. */
const PERMISSION_PHRASES: Record<string, string> = {
  'android.permission.POST_NOTIFICATIONS': 'send you notifications',
  'android.permission.CAMERA': 'take pictures and record video',
  'android.permission.RECORD_AUDIO': 'record audio',
  'android.permission.ACCESS_FINE_LOCATION': 'access this device\u2019s location',
  'android.permission.ACCESS_COARSE_LOCATION': 'access this device\u2019s location',
  'android.permission.READ_CONTACTS': 'access your contacts',
  'android.permission.READ_CALENDAR': 'access your calendar',
  'android.permission.READ_MEDIA_IMAGES': 'access photos and videos on this device',
};

/** Permissions whose dialog offers "While using the app" and "Only this time" instead of "Allow". */
const FOREGROUND_ONLY = new Set([
  'android.permission.CAMERA',
  'android.permission.RECORD_AUDIO',
  'android.permission.ACCESS_FINE_LOCATION',
  'android.permission.ACCESS_COARSE_LOCATION',
]);

export function permissionMessage(appLabel: string, permission: string, label: string): string {
  const phrase = PERMISSION_PHRASES[permission] ?? label.replace(/\?$/, '');
  return `Allow ${appLabel} to ${phrase}?`;
}

function dialogButton(options: { id: string; text: string; onClick: () => void; palette: SystemPalette }): Widget {
  return {
    cls: 'android.widget.Button',
    id: options.id,
    text: options.text,
    height: 48,
    clickable: true,
    focusable: true,
    onClick: options.onClick,
    style: { color: options.palette.accent, background: options.palette.surface, border: options.palette.accent, radius: 24, fontSize: 14, bold: true },
  };
}

export function permissionDialog(options: {
  appLabel: string;
  permission: string;
  label: string;
  palette: SystemPalette;
  answer: (granted: boolean) => void;
}): Widget {
  const { palette, answer } = options;
  const buttons: Widget[] = FOREGROUND_ONLY.has(options.permission)
    ? [
        dialogButton({ id: `${PC_ID}/permission_allow_foreground_only_button`, text: 'While using the app', onClick: () => answer(true), palette }),
        dialogButton({ id: `${PC_ID}/permission_allow_one_time_button`, text: 'Only this time', onClick: () => answer(true), palette }),
      ]
    : [dialogButton({ id: `${PC_ID}/permission_allow_button`, text: 'Allow', onClick: () => answer(true), palette })];
  buttons.push(dialogButton({ id: `${PC_ID}/permission_deny_button`, text: 'Don\u2019t allow', onClick: () => answer(false), palette }));
  return {
    cls: 'android.widget.LinearLayout',
    id: `${PC_ID}/grant_dialog`,
    padding: 24,
    gap: 16,
    style: { background: palette.surface, radius: 28 },
    children: [
      {
        cls: 'android.widget.ImageView',
        id: `${PC_ID}/permission_icon`,
        width: 24,
        height: 24,
        align: 'center',
        style: { icon: 'bell', color: palette.accent },
      },
      {
        cls: 'android.widget.TextView',
        id: `${PC_ID}/permission_message`,
        text: permissionMessage(options.appLabel, options.permission, options.label),
        style: { color: palette.onSurface, fontSize: 20 },
      },
      { cls: 'android.widget.LinearLayout', id: `${PC_ID}/button_group`, gap: 8, children: buttons },
    ],
  };
}

/** AlertDialog decor (parentPanel, title_template) around the error dialog's buttons, as system_server shows it. */
function errorDialog(options: { title: string; buttons: Widget[]; palette: SystemPalette }): Widget {
  const { palette } = options;
  return {
    cls: 'android.widget.LinearLayout',
    id: 'android:id/parentPanel',
    padding: { top: 24, bottom: 8 },
    style: { background: palette.surface, radius: 28 },
    children: [
      {
        cls: 'android.widget.LinearLayout',
        id: 'android:id/topPanel',
        children: [
          {
            cls: 'android.widget.LinearLayout',
            id: 'android:id/title_template',
            padding: { left: 24, right: 24, bottom: 16 },
            children: [{ cls: 'android.widget.TextView', id: 'android:id/alertTitle', text: options.title, style: { color: palette.onSurface, fontSize: 20 } }],
          },
        ],
      },
      {
        cls: 'android.widget.FrameLayout',
        id: 'android:id/customPanel',
        children: [
          { cls: 'android.widget.FrameLayout', id: 'android:id/custom', children: [{ cls: 'android.widget.LinearLayout', children: options.buttons }] },
        ],
      },
    ],
  };
}

function errorButton(options: { id: string; text: string; icon: 'info' | 'close' | 'spinner'; onClick: () => void; palette: SystemPalette }): Widget {
  return {
    cls: 'android.widget.Button',
    id: options.id,
    text: options.text,
    height: 48,
    padding: { left: 24, right: 24 },
    clickable: true,
    focusable: true,
    onClick: options.onClick,
    style: { color: options.palette.onSurface, background: options.palette.surface, fontSize: 16, icon: options.icon },
  };
}

export function crashDialog(options: { appLabel: string; palette: SystemPalette; appInfo: () => void; close: () => void }): Widget {
  const { palette } = options;
  return errorDialog({
    title: `${options.appLabel} keeps stopping`,
    palette,
    buttons: [
      errorButton({ id: 'android:id/aerr_app_info', text: 'App info', icon: 'info', onClick: options.appInfo, palette }),
      errorButton({ id: 'android:id/aerr_close', text: 'Close app', icon: 'close', onClick: options.close, palette }),
    ],
  });
}

export function anrDialog(options: { appLabel: string; palette: SystemPalette; close: () => void; wait: () => void }): Widget {
  const { palette } = options;
  return errorDialog({
    title: `${options.appLabel} isn\u2019t responding`,
    palette,
    buttons: [
      errorButton({ id: 'android:id/aerr_close', text: 'Close app', icon: 'close', onClick: options.close, palette }),
      errorButton({ id: 'android:id/aerr_wait', text: 'Wait', icon: 'spinner', onClick: options.wait, palette }),
    ],
  });
}

/** The lines AndroidRuntime logs for an uncaught exception on the main thread. */
export function fatalExceptionLines(options: { pkg: string; pid: number; exception: string; activity: string }): string[] {
  const cls = options.activity.startsWith('.') ? `${options.pkg}${options.activity}` : options.activity;
  const simple = cls.slice(cls.lastIndexOf('.') + 1);
  return [
    'FATAL EXCEPTION: main',
    `Process: ${options.pkg}, PID: ${options.pid}`,
    options.exception,
    `\tat ${cls}.onClick(${simple}.java:87)`,
    '\tat android.view.View.performClick(View.java:7659)',
    '\tat android.view.View.performClickInternal(View.java:7636)',
    '\tat android.view.View$PerformClick.run(View.java:30156)',
    '\tat android.os.Handler.handleCallback(Handler.java:958)',
    '\tat android.os.Handler.dispatchMessage(Handler.java:99)',
    '\tat android.os.Looper.loopOnce(Looper.java:205)',
    '\tat android.os.Looper.loop(Looper.java:294)',
    '\tat android.app.ActivityThread.main(ActivityThread.java:8177)',
    '\tat java.lang.reflect.Method.invoke(Native Method)',
    '\tat com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:552)',
    '\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:971)',
  ];
}
