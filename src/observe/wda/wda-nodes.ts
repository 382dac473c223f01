// One WebDriverAgent element → UiNodes in the platform-neutral model, keeping what a person sees.
// XCUITest reports the view hierarchy, not what is drawn: chains of unnamed `Other` wrappers, elements
// of zero size, a React Native text repeated on its parent, scroll bars as elements, icon-font glyphs
// as labels. Those are folded away here, so the screen builder reads iOS trees as it reads Android's.
import type { NodeFlags, UiNode } from '../ui-node.js';
import type { WdaElement } from './wda-source.js';

const T = 'XCUIElementType';
const CLICKABLE = new Set(
  ['Button', 'Cell', 'Link', 'Tab', 'Key', 'Switch', 'Toggle', 'CheckBox', 'RadioButton', 'MenuItem', 'MenuBarItem', 'Icon', 'PopUpButton', 'MenuButton']
    .concat(['DisclosureTriangle', 'IncrementArrow', 'DecrementArrow', 'ColorWell'])
    .map((t) => T + t),
);
const CHECKABLE = new Set(['Switch', 'Toggle', 'CheckBox', 'RadioButton'].map((t) => T + t));
const EDITABLE = new Set(['TextField', 'SecureTextField', 'SearchField', 'TextView'].map((t) => T + t));
const SCROLLING = new Set(['ScrollView', 'Table', 'CollectionView', 'Outline', 'Browser'].map((t) => T + t));
/** Types that draw nothing of their own: without a name they are layout. */
const LAYOUT = new Set(['Other', 'Group', 'Any', 'LayoutArea', 'LayoutItem', 'Pane', 'Grid', 'SplitGroup'].map((t) => T + t));
/** Elements whose accessibility label stands for everything inside them (VoiceOver reads them as one). */
const WHOLE = new Set(['Button', 'Switch', 'Toggle', 'CheckBox', 'RadioButton', 'Link', 'StaticText', 'Key', 'Tab', 'MenuItem'].map((t) => T + t));
const TEXT_TYPE = `${T}StaticText`;
const CELL = `${T}Cell`;
const PICTURE = /^XCUIElementType(Image|Icon)$/;

/** UIKit's scroll indicators, which XCUITest lists as elements: "Vertical scroll bar, 2 pages". */
export const SCROLL_BAR = /^(Vertical|Horizontal) scroll bar, (\d+) pages?$/;
/** Private Use Area characters: icon-font glyphs (Material Design Icons in React Native apps), not words. */
const PRIVATE_USE = /[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/gu;
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g;
/** A name that is an identifier, not words: 'backBtn', 'REDUCE_MOTION', 'input-email', 'ShortLook.Platter', 'SafariWindow?View=Narrow'. */
const IDENTIFIER = /^(?:[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Za-z0-9]+(?:[_.\-:?=&/][A-Za-z0-9]*)+|[A-Z0-9]+_[A-Z0-9_]+)$/;
/** Bars and scrollers: their label names the container ("Toolbar"), not anything a person reads. */
const CONTAINER = new Set(
  ['NavigationBar', 'Toolbar', 'TabBar', 'StatusBar', 'ScrollView', 'Table', 'CollectionView', 'WebView', 'Keyboard', 'Window'].map((t) => T + t),
);
/** UIKit's back button: labelled with the previous screen's title. */
const BACK_BUTTON = 'BackButton';
const PRESS_TRAIT = /\b(Button|Link|Tab|KeyboardKey)\b/;
const ID_PRESS = /button|btn/i;

export interface NodeContext {
  /** Device pixels per point. */
  scale: number;
  package: string;
  window: number;
}

/** Text as the user reads it: no icon glyphs, no invisible marks. Spaces stay: a field's value is compared with what was typed. */
export function readable(s: string): string {
  return s === '' ? s : s.replace(PRIVATE_USE, '').replace(INVISIBLE, '');
}

/** The element's accessibility label; WDA leaves `label` out where it equals `name`, so a worded name stands in. */
function labelOf(e: WdaElement): string {
  // A layout element is labelled for a person only where it is an accessibility element (VoiceOver reads it).
  if (CONTAINER.has(e.type) || (LAYOUT.has(e.type) && e.accessible === false)) return '';
  if (e.label !== undefined) return e.label;
  // Without a label, a cell's name is its accessibility identifier (its texts are its children's), a picture's its identifier or file name.
  if ((e.type === CELL && e.children.length > 0) || PICTURE.test(e.type)) return '';
  return e.name !== '' && !IDENTIFIER.test(e.name) && e.identifier === undefined ? e.name : '';
}

/** Nodes for `e` and what is inside it: none when it shows nothing, its children alone when it is only a wrapper. */
export function nodesOf(e: WdaElement, ctx: NodeContext): UiNode[] {
  if (LAYOUT.has(e.type) && SCROLL_BAR.test(e.name)) return [];
  const label = readable(labelOf(e)).trim();
  const whole = WHOLE.has(e.type) && label !== '' && e.accessible !== false;
  let children = whole ? [] : e.children.flatMap((c) => nodesOf(c, ctx));
  // An accessibility element with a label is one thing to VoiceOver: its texts inside say it again.
  if (LAYOUT.has(e.type) && e.accessible === true && label !== '' && !children.some(hasControl)) children = [];
  const node = nodeOf(e, { ...ctx, label, children });
  const r = node.bounds;
  if (r.right <= r.left || r.bottom <= r.top) return children;
  const f = node.flags;
  const actionable = f.clickable || f.checkable || f.editable || f.scrollable;
  if (LAYOUT.has(e.type) && !actionable && node.text === '' && node.contentDesc === '') return children;
  if (e.type === TEXT_TYPE && node.text === '' && !actionable) return children;
  // A React Native text nests a copy of itself: one node, the outer one's identifier kept.
  if (children.length === 1 && children[0].className === node.className && children[0].text === node.text) {
    node.children = children[0].children;
    node.flags.visible ||= children[0].flags.visible;
  }
  // A container labelled with its children's texts joined ("Echo Box Login Screen …"), or an alert with its title, says them twice.
  if (e.type !== TEXT_TYPE && e.accessible !== true && !actionable && node.text !== '' && saysChildren(node)) {
    node.text = '';
    node.contentDesc = '';
    if (node.resourceId === '' && node.children.length <= 1) return node.children;
  }
  return [node];
}

function nodeOf(e: WdaElement, at: NodeContext & { label: string; children: UiNode[] }): UiNode {
  const { label, children } = at;
  const type = e.type;
  const traits = e.traits;
  const value = readable(e.value);
  const editable = EDITABLE.has(type);
  const checkable = CHECKABLE.has(type) || (/\bToggleButton\b/.test(traits) && type !== TEXT_TYPE);
  const identifier = e.identifier ?? (e.name !== '' && readable(e.name).trim() !== label ? e.name : '');
  const placeholder = readable(e.placeholder).trim();
  let text = label;
  if (identifier === BACK_BUTTON) text = label === '' || /^back$/i.test(label) ? 'Back' : `Back (${label})`;
  else if (editable) text = value === placeholder ? '' : value;
  else if (type === TEXT_TYPE) text = label || value.trim();
  // A picture shows no text: its label describes it (Android's content-desc on an ImageView).
  else if (PICTURE.test(type)) text = '';
  const clickable = CLICKABLE.has(type) || (!editable && type !== TEXT_TYPE && PRESS_TRAIT.test(traits)) || (LAYOUT.has(type) && ID_PRESS.test(identifier));
  const s = at.scale;
  const { x, y, width, height } = e.rect;
  const flags: NodeFlags = {
    clickable,
    longClickable: false,
    checkable,
    checked: checkable && /^(1|true|on)$/i.test(value),
    editable,
    scrollable: SCROLLING.has(type) && scrolls(e),
    enabled: e.enabled !== false && !/\bNotEnabled\b/.test(traits),
    focusable: editable || clickable,
    focused: e.focused === true,
    selected: e.selected === true || /\bSelected\b/.test(traits),
    password: type === `${T}SecureTextField`,
    visible: e.visible !== false || children.some((c) => c.flags.visible),
  };
  return {
    className: type,
    resourceId: identifier,
    text,
    contentDesc: editable || type === TEXT_TYPE ? (label !== text ? label : '') : label,
    hint: editable ? placeholder : '',
    package: at.package,
    flags,
    bounds: { left: Math.round(x * s), top: Math.round(y * s), right: Math.round((x + width) * s), bottom: Math.round((y + height) * s) },
    window: at.window,
    depth: 0,
    children,
  };
}

/** A scroller whose scroll bars say it holds one page each way does not scroll; without scroll bars, trust the type. */
function scrolls(e: WdaElement): boolean {
  const pages = e.children.map((c) => SCROLL_BAR.exec(c.name)).filter((m) => m !== null);
  return pages.length === 0 || pages.some((m) => Number(m[2]) > 1);
}

/** Whether the texts below `n` say its label: each is part of it, or one is all of it. */
function saysChildren(n: UiNode): boolean {
  const texts: string[] = [];
  const stack = [...n.children];
  while (stack.length > 0) {
    const c = stack.pop() as UiNode;
    if (c.text !== '') texts.push(c.text);
    stack.push(...c.children);
  }
  return texts.length > 0 && (texts.every((t) => n.text.includes(t)) || texts.includes(n.text));
}

function hasControl(n: UiNode): boolean {
  return n.flags.clickable || n.flags.checkable || n.flags.editable || n.children.some(hasControl);
}

/** Depth and window index, set once the window's tree is final. */
export function placeNodes(root: UiNode, window: number): void {
  const stack: Array<[UiNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [n, depth] = stack.pop() as [UiNode, number];
    n.depth = depth;
    n.window = window;
    for (const c of n.children) stack.push([c, depth + 1]);
  }
}
