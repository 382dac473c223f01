// Sample apps: a declarative description, re-rendered from state after every event.
import type { Clock, LogPriority, Phone, Random, VirtualFs } from './device.js';
import type { Drawing } from './drawing.js';
import type { Bounds } from './screen.js';

/** One element of an app screen before layout. Sizes are in dp; the runtime converts to pixels. */
export interface Widget {
  /** Android class that uiautomator reports, e.g. 'android.widget.Button', 'android.view.View'. */
  cls: string;
  /**
   * resource-id without the package ('login' becomes 'com.example.shop:id/login'); absent in Compose-style apps.
   * An id that already names a package ('android:id/title') is dumped as it is.
   */
  id?: string;
  /** Identity for focus, scroll offset and events across re-renders; defaults to id, then to the tree path. */
  key?: string;
  text?: string;
  /** content-desc. */
  desc?: string;
  /** EditText hint, dumped as text while the field is empty (as Android does). */
  hint?: string;

  /** How children are placed: 'column' (default), 'row', or 'stack' (on top of each other). */
  layout?: 'column' | 'row' | 'stack';
  /**
   * dp, or 'fill' the parent (default for width), or 'wrap' the content (default for height).
   * Along a row's axis (width) or a column's axis (height), 'fill' children share the space the
   * other children leave, like weight 1; a number with a weight is the base size the share is added to.
   */
  width?: number | 'fill' | 'wrap';
  height?: number | 'fill' | 'wrap';
  /** Share of the parent's remaining space along its layout axis (like LinearLayout weight). */
  weight?: number;
  padding?: number | { top?: number; right?: number; bottom?: number; left?: number };
  /** Space between children, dp. */
  gap?: number;
  /** Cross-axis alignment of this widget within its parent. */
  align?: 'start' | 'center' | 'end';
  /** Only for layout 'stack': where this child sits inside the parent. */
  gravity?: 'top' | 'center' | 'bottom';

  clickable?: boolean;
  longClickable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  /** Default true. A disabled widget ignores input and is drawn greyed out. */
  enabled?: boolean;
  focusable?: boolean;
  selected?: boolean;
  password?: boolean;
  /** EditText: take focus and show the keyboard when its screen or dialog appears (requestFocus + SHOW_IMPLICIT). */
  autofocus?: boolean;
  /**
   * EditText: ENTER inserts a new line (inputType textMultiLine). Otherwise ENTER runs onSubmit, or
   * moves to the next field, or closes the keyboard on the last one (IME actions next/done).
   */
  multiline?: boolean;
  /** Scroll container: children beyond the viewport are laid out but not dumped or drawn. */
  scrollable?: 'vertical' | 'horizontal';
  /** Hidden widgets take no space and are not dumped (View.GONE). */
  visible?: boolean;

  style?: WidgetStyle;

  onClick?: () => void;
  onLongClick?: () => void;
  /** EditText: the new full value after typing or deleting. */
  onText?: (value: string) => void;
  /** IME action (enter/search key) while this field has focus. */
  onSubmit?: () => void;
  /** A swipe that started on this widget (for swipe-to-delete rows). */
  onSwipe?: (direction: 'left' | 'right' | 'up' | 'down') => void;
  /** Every tap and swipe that starts on this widget or inside it, before clicks (View.OnTouchListener). */
  onTouch?: (touch: Touch) => void;

  children?: Widget[];
}

export interface WidgetStyle {
  /** CSS colours, e.g. '#6200ee'. */
  background?: string;
  color?: string;
  /** sp. */
  fontSize?: number;
  bold?: boolean;
  /** How the lines of a TextView's text sit in its box; default start (centred on its own fill when it fits one line). */
  textAlign?: 'start' | 'center';
  /** Corner radius, dp. */
  radius?: number;
  border?: string;
  /** A named glyph drawn in the widget's box (icon buttons, images). */
  icon?: IconName;
  /** What the app paints in the widget's box instead of the class's own content (a SurfaceView's frames). */
  drawing?: Drawing;
}

/** A finger's tap or swipe as Widget.onTouch receives it, in screen pixels. */
export interface Touch {
  kind: 'tap' | 'swipe';
  /** Where the finger went down. */
  x: number;
  y: number;
  /** Where it lifted; where it went down for a tap. */
  endX: number;
  endY: number;
  /** The widget's box on screen, px (unclipped). */
  bounds: Bounds;
  /** Pixels per dp. */
  scale: number;
}

export type IconName =
  | 'back'
  | 'search'
  | 'cart'
  | 'menu'
  | 'more'
  | 'add'
  | 'delete'
  | 'close'
  | 'check'
  | 'star'
  | 'settings'
  | 'wifi'
  | 'bluetooth'
  | 'moon'
  | 'info'
  | 'bell'
  | 'user'
  | 'edit'
  | 'pin'
  | 'share'
  | 'image'
  | 'lock'
  | 'chevron'
  | 'spinner';

/** A screen of a running app, from its render function. */
export interface AppView {
  /** Activity class name relative to the package, e.g. '.LoginActivity'. */
  activity: string;
  root: Widget;
  /**
   * An in-app dialog, drawn over a scrim in its own window. A 'fill' root is as wide as the screen
   * less 24 dp margins; the root's gravity/align place it (centred by default, gravity 'top' + align
   * 'end' for an overflow menu).
   */
  dialog?: Widget;
  /**
   * Transient message shown at the bottom; lasts for the runtime's toast duration (about 2 s of
   * phone clock). A toast starts when this value changes; to show the same text again, clear it first.
   */
  toast?: string;
  /** Whether a tap outside the dialog closes it (through back()), as Dialog.setCanceledOnTouchOutside. Default true. */
  dialogCancelable?: boolean;
  /** Snackbar (part of the app window, e.g. "Note deleted · UNDO"). */
  snackbar?: Widget;
  /**
   * A window of the app above its activity that takes no input focus (a PopupWindow: a tutorial's
   * card, a tip bubble). It is drawn and touched like the activity, but a plain `uiautomator dump`,
   * which holds the active window only, leaves it out.
   */
  popup?: Popup;
}

/** A popup window's content and where it is shown, dp from the top-left corner of the activity's content area. */
export interface Popup {
  root: Widget;
  /** Without a width, the popup spans the content area less `x` on either side. */
  at: { x: number; y: number; w?: number; h: number };
}

/** What an app can ask of the phone. */
export interface AppContext {
  readonly clock: Clock;
  readonly random: Random;
  log(priority: LogPriority, tag: string, message: string): void;
  /** Re-render after state changed outside an event handler (timers). */
  invalidate(): void;
  /** Throw inside the app process: "<App> keeps stopping" dialog, FATAL EXCEPTION in logcat, process gone. */
  crash(exception: string): void;
  /** Stop responding: input is ignored and the ANR dialog appears after the ANR delay. */
  freeze(): void;
  /** Whether a runtime permission is granted to this app. */
  hasPermission(permission: string): boolean;
  /**
   * Ask the user for a permission through the system dialog of com.google.android.permissioncontroller.
   * label says what the permission allows, as the dialog phrases it ('send you notifications'):
   * "Allow <App> to send you notifications?". No dialog when already granted. onResult runs once
   * the user answers (true = Allow), after the grant is recorded.
   */
  requestPermission(permission: string, label: string, onResult?: (granted: boolean) => void): void;
  /** How many times this app process was started since install or clear-data (first launch = 1). */
  readonly launchCount: number;
  /**
   * Aborted when this process ends (force-stop, crash, `pm clear`, the phone stopping): an app
   * cancels its timers and network requests on it, as a killed process loses them.
   */
  readonly signal?: AbortSignal;
  /** App-private persistent storage that survives force-stop but not `pm clear`. */
  readonly storage: Map<string, unknown>;
  /**
   * The phone's identity, settings and properties, for system apps such as Settings (read them at
   * render time: the shell may change a setting between two renders).
   */
  readonly phone?: Pick<Phone, 'info' | 'settings' | 'props'>;
  /** The device's files as an app with storage access reads them (/sdcard). */
  readonly files?: Pick<VirtualFs, 'stat' | 'read'>;
}

/** An installed app: how to create a fresh process and what the package manager knows of it. */
export interface AppDefinition {
  package: string;
  label: string;
  versionName: string;
  versionCode: number;
  launchActivity: string;
  /** Activities that `am start -n` accepts, relative to the package ('.MainActivity'). */
  activities: string[];
  /** Runtime permissions the app declares ('android.permission.POST_NOTIFICATIONS'). */
  permissions: string[];
  /** Whether a VIEW intent for this URI opens this app (`am start -a android.intent.action.VIEW -d URI`). */
  handles?: (uri: string) => boolean;
  /** Create a process. Called on launch after the app was stopped or its data cleared. */
  start(ctx: AppContext, launch: AppLaunch): AppProcess;
}

export interface AppLaunch {
  activity?: string;
  /** Deep link for `am start -a android.intent.action.VIEW -d URI`. */
  uri?: string;
  /** String extras (`am start --es KEY VALUE`). */
  extras?: Record<string, string>;
}

export interface AppProcess {
  view(): AppView;
  /** Back key. Return true if handled (closed a dialog, popped a screen); false lets the system finish the activity. */
  back(): boolean;
  /** A later intent delivered to the running process (deep link while running). */
  intent?(launch: AppLaunch): void;
}
