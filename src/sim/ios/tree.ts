// What WebDriverAgent sees of the phone: the laid-out windows translated into XCUIElement snapshots
// (type, name, label, value, rect in points, ...), as XCTest reports an iPhone app's accessibility tree.
import type { Bounds, Frame, LaidOutNode, LaidOutWindow } from '../types.js';
import { SPRINGBOARD } from '../ui/springboard.js';

export interface WdaRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One element as WDA describes it; type without the XCUIElementType prefix ('Button'). */
export interface WdaElement {
  type: string;
  identifier: string;
  name: string | null;
  label: string | null;
  value: string | null;
  placeholderValue: string | null;
  enabled: boolean;
  visible: boolean;
  accessible: boolean;
  selected: boolean;
  focused: boolean;
  rect: WdaRect;
  index: number;
  traits: string;
  children: WdaElement[];
  /** Identity across snapshots (for element ids); the same widget keeps its key while on screen. */
  key: string;
  /** Pixel box on screen (clipped), where a tap on the element lands. */
  hit: Bounds;
  parent?: WdaElement;
  /** Application element only. */
  bundleId?: string;
  processId?: number;
}

/** The app a snapshot is of: its bundle id, name (label) and pid. */
export interface SnapshotApp {
  bundleId: string;
  label: string;
  pid: number;
}

const SCROLLERS = /(RecyclerView|ListView|GridView)$/;
const SWITCHES = /(Switch|SwitchCompat|SwitchMaterial|CheckBox|ToggleButton)$/;
/** Top app bars: an Android Toolbar, or an app's own bar with a toolbar-like id. */
const NAV_BAR_IDS = /^(toolbar|action_bar|app_bar|top_app_bar)$/;
const BACK = /^(navigate up|back)$/i;

const short = (cls: string): string => cls.slice(cls.lastIndexOf('.') + 1);
const keyOf = (node: LaidOutNode): string | undefined => (node as { key?: string }).key;
const hintOf = (node: LaidOutNode): string | undefined => (node as { widget?: { hint?: string } }).widget?.hint;
const frameOf = (node: LaidOutNode): Bounds => node.frame ?? node.bounds;

/** A resource id without its package ('com.example.shop:id/login' is 'login'); Android's own decor ids are dropped. */
export function identifierOf(resourceId: string): string {
  if (!resourceId || resourceId.startsWith('android:')) return '';
  const at = resourceId.indexOf(':id/');
  return at >= 0 ? resourceId.slice(at + 4) : resourceId;
}

function allText(node: LaidOutNode, out: string[] = []): string[] {
  if (node.contentDesc) out.push(node.contentDesc);
  else if (node.text && !node.showingHint) out.push(node.text);
  for (const child of node.children) allText(child, out);
  return out;
}

function toPoints(b: Bounds, scale: number): WdaRect {
  const x = Math.round(b.left / scale);
  const y = Math.round(b.top / scale);
  return { x, y, width: Math.round(b.right / scale) - x, height: Math.round(b.bottom / scale) - y };
}

interface Context {
  scale: number;
  /** Inside a navigation bar: its title is a Header, its up button the BackButton. */
  navBar: boolean;
  /** SpringBoard's home screen: app shortcuts are Icons. */
  springboard: boolean;
  /** Inside a Table/CollectionView: its direct children are cells. */
  listParent: boolean;
  hidden: boolean;
  keyboard: boolean;
}

/** The XCUIElement type a widget of an Android class stands for on an iPhone. */
function typeOf(node: LaidOutNode, ctx: Context): string {
  const cls = short(node.cls);
  if (ctx.keyboard) return node.clickable ? keyType(node) : 'Other';
  if (ctx.springboard && node.clickable) return 'Icon';
  if (ctx.listParent) return 'Cell';
  if (cls === 'EditText') return node.password ? 'SecureTextField' : 'TextField';
  if (SWITCHES.test(cls)) return 'Switch';
  if (node.checkable) return 'Button';
  if (cls === 'ProgressBar') return 'ActivityIndicator';
  if (SCROLLERS.test(cls)) return 'Table';
  if (/ScrollView$/.test(cls) || node.scrollable) return 'ScrollView';
  const id = identifierOf(node.resourceId);
  if ((cls === 'Toolbar' && !id.includes('search')) || NAV_BAR_IDS.test(id)) return 'NavigationBar';
  if (cls === 'Button' || cls === 'ImageButton') return 'Button';
  if (cls === 'ImageView') return node.clickable ? 'Button' : 'Image';
  if (cls === 'TextView') return node.clickable ? 'Button' : 'StaticText';
  if (node.clickable) return 'Button';
  if (cls === 'View' && node.text) return 'StaticText';
  if (cls === 'View' && node.contentDesc && node.children.length === 0) return 'Image';
  return 'Other';
}

/** On the keyboard: letters are Keys, shift and return are Buttons, as UIKit's keyboard reports them. */
function keyType(node: LaidOutNode): string {
  const name = keyName(node);
  return name === 'shift' || name === 'Return' ? 'Button' : 'Key';
}

function keyName(node: LaidOutNode): string {
  const desc = node.contentDesc || node.text;
  if (/^shift$/i.test(desc)) return 'shift';
  if (/^delete$/i.test(desc)) return 'delete';
  if (/^(enter|done|search|return|go)$/i.test(desc)) return 'Return';
  if (/^space$/i.test(desc) || desc === ' ') return 'space';
  if (/^(\?123|123|symbols|numbers|more|abc|letters)$/i.test(desc)) return 'more';
  return desc;
}

function traitsOf(el: Pick<WdaElement, 'type' | 'selected' | 'enabled'>, ctx: Context): string {
  const list: string[] = [];
  if (el.selected) list.push('Selected');
  if (ctx.keyboard && (el.type === 'Key' || el.type === 'Button')) list.push('PlaysSound', 'KeyboardKey');
  if (el.type === 'Switch') list.push('ToggleButton');
  if (el.type === 'Button' || el.type === 'Switch') list.push('Button');
  else if (el.type === 'StaticText') list.push(ctx.navBar ? 'Header' : 'StaticText');
  else if (el.type === 'Image') list.push('Image');
  if (!el.enabled) list.push('NotEnabled');
  return list.join(', ');
}

function translate(node: LaidOutNode, o: { ctx: Context; index: number; path: string }): WdaElement {
  const { ctx } = o;
  const type = typeOf(node, ctx);
  const id = identifierOf(node.resourceId);
  const shownText = node.showingHint ? '' : node.text;
  let label: string | null;
  let value: string | null = null;
  let placeholder: string | null = null;
  switch (type) {
    case 'StaticText':
      label = node.contentDesc || node.text;
      value = node.text || label;
      break;
    case 'Button':
    case 'Key':
    case 'Icon':
      label = ctx.keyboard
        ? keyName(node) === 'space'
          ? ' '
          : node.contentDesc || node.text
        : node.contentDesc || shownText || allText(node).join(', ') || null;
      if (node.selected || (node.checkable && node.checked)) value = '1';
      if (ctx.navBar && label !== null && BACK.test(label)) label = 'Back';
      break;
    case 'NavigationBar':
      label = node.contentDesc || null;
      break;
    case 'TextField':
    case 'SecureTextField':
      label = node.contentDesc;
      placeholder = hintOf(node) ?? (node.showingHint ? node.text : null);
      value = shownText ? (type === 'SecureTextField' ? '\u2022'.repeat(shownText.length) : shownText) : placeholder;
      break;
    case 'Switch':
      label = node.contentDesc || shownText || null;
      value = node.checked ? '1' : '0';
      break;
    default:
      label = node.contentDesc || null;
  }
  let name = ctx.keyboard && node.clickable ? keyName(node) : id || label || null;
  if (type === 'NavigationBar') name = allText(node).find((text) => !BACK.test(text)) ?? (id || null);
  if (ctx.navBar && type === 'Button' && label === 'Back') name = 'BackButton';
  const bounds = node.bounds;
  const onScreen = bounds.right > bounds.left && bounds.bottom > bounds.top;
  const key = `${o.path}/${keyOf(node) ?? `${o.index}:${node.cls}`}`;
  const childCtx: Context = { ...ctx, listParent: type === 'Table', navBar: ctx.navBar || type === 'NavigationBar' };
  const el: WdaElement = {
    type,
    identifier: id,
    name,
    label: label ?? (type === 'TextField' || type === 'SecureTextField' ? '' : null),
    value,
    placeholderValue: placeholder,
    enabled: node.enabled,
    visible: onScreen && !ctx.hidden,
    accessible: type !== 'Other' && type !== 'Cell' && type !== 'Table' && type !== 'ScrollView' && type !== 'NavigationBar' && type !== 'Keyboard',
    selected: node.selected || node.checked,
    focused: node.focused,
    rect: toPoints(frameOf(node), ctx.scale),
    index: o.index,
    traits: '',
    children: [],
    key,
    hit: bounds,
  };
  el.traits = traitsOf(el, ctx);
  // A key is one element on an iPhone's keyboard: its label is not a child of its own.
  const leaf = (ctx.keyboard || ctx.springboard) && node.clickable;
  el.children = leaf ? [] : node.children.map((child, i) => translate(child, { ctx: childCtx, index: i, path: key }));
  return el;
}

function container(o: {
  type: string;
  rect: WdaRect;
  hit: Bounds;
  key: string;
  index: number;
  visible: boolean;
  children: WdaElement[];
  name?: string;
}): WdaElement {
  return {
    type: o.type,
    identifier: '',
    name: o.name ?? null,
    label: o.name ?? null,
    value: null,
    placeholderValue: null,
    enabled: true,
    visible: o.visible,
    accessible: false,
    selected: false,
    focused: false,
    rect: o.rect,
    index: o.index,
    traits: '',
    children: o.children,
    key: o.key,
    hit: o.hit,
  };
}

function alertTitle(root: LaidOutNode): string {
  const texts: string[] = [];
  const visit = (n: LaidOutNode): void => {
    if (!n.clickable && n.text && short(n.cls) !== 'EditText') texts.push(n.text);
    n.children.forEach(visit);
  };
  visit(root);
  return texts[0] ?? '';
}

/** A window's element: Window > Other > (Alert | Keyboard | the window's content). */
function windowElement(window: LaidOutWindow, o: { index: number; scale: number; hidden: boolean; screen: Bounds; springboard: boolean }): WdaElement {
  const keyboard = window.kind === 'keyboard';
  const ctx: Context = { scale: o.scale, listParent: false, hidden: o.hidden, keyboard, navBar: false, springboard: o.springboard && window.kind === 'app' };
  const path = `w${o.index}:${window.kind}`;
  const content = translate(window.root, { ctx, index: 0, path });
  const screenRect = toPoints(o.screen, o.scale);
  let inner = content;
  if (window.kind === 'dialog' || window.kind === 'system-dialog') {
    const title = alertTitle(window.root);
    inner = {
      ...container({
        type: 'Alert',
        rect: content.rect,
        hit: content.hit,
        key: `${path}/alert`,
        index: 0,
        visible: !o.hidden,
        children: [content],
        name: title,
      }),
    };
    inner = container({ type: 'Other', rect: screenRect, hit: o.screen, key: `${path}/dim`, index: 0, visible: !o.hidden, children: [inner] });
  } else if (keyboard) {
    inner = container({ type: 'Keyboard', rect: content.rect, hit: content.hit, key: `${path}/kb`, index: 0, visible: !o.hidden, children: [content] });
    inner = container({ type: 'Other', rect: content.rect, hit: content.hit, key: `${path}/host`, index: 0, visible: !o.hidden, children: [inner] });
  }
  return container({ type: 'Window', rect: screenRect, hit: o.screen, key: path, index: o.index, visible: !o.hidden, children: [inner] });
}

function link(el: WdaElement): void {
  for (const child of el.children) {
    child.parent = el;
    link(child);
  }
}

/**
 * The snapshot of the app in front, or SpringBoard's when its alert is up (as XCTest's active
 * application is then SpringBoard). Windows bottom to top; those under an alert are not visible.
 */
export function snapshot(frame: Frame, app: SnapshotApp & { home?: boolean }): WdaElement {
  const scale = frame.size.density / 160;
  const screen = { left: 0, top: 0, right: frame.size.width, bottom: frame.size.height };
  const springboard = frame.windows.some((w) => w.kind === 'system-dialog' && w.package === SPRINGBOARD) || app.home === true;
  const windows = springboard && app.home !== true ? frame.windows.filter((w) => w.package === SPRINGBOARD) : frame.windows;
  const alertAt = windows.findLastIndex((w) => w.kind === 'dialog' || w.kind === 'system-dialog');
  const children = windows.map((w, i) =>
    windowElement(w, { index: i, scale, hidden: alertAt >= 0 && i < alertAt && w.kind !== 'keyboard', screen, springboard: app.home === true }),
  );
  const root = container({
    type: 'Application',
    rect: toPoints(screen, scale),
    hit: screen,
    key: springboard ? 'springboard' : `app:${app.bundleId}`,
    index: 0,
    visible: true,
    children,
    name: springboard ? ' ' : app.label,
  });
  root.bundleId = springboard ? SPRINGBOARD : app.bundleId;
  root.processId = app.pid;
  link(root);
  return root;
}

/** Every element, parents before children (document order). */
export function* walk(el: WdaElement): Generator<WdaElement> {
  yield el;
  for (const child of el.children) yield* walk(child);
}
