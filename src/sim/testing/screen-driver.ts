// Drives a phone's UI by what is on screen, as a test over adb does: dump, find, tap the centre.
import type { Phone } from '../types.js';
import { findAll, findNode, NodeNotFoundError, tapNode, texts, type DumpNode, type NodeQuery } from './dump-query.js';

const KEYCODE_BACK = 4;

export class ScreenDriver {
  constructor(readonly phone: Phone) {}

  dump(): string {
    return this.phone.ui.dumpXml();
  }

  find(query: NodeQuery): DumpNode | undefined {
    return findAll(this.dump(), query)[0];
  }

  get(query: NodeQuery): DumpNode {
    return findNode(this.dump(), query);
  }

  has(query: NodeQuery): boolean {
    return this.find(query) !== undefined;
  }

  /** Visible texts of the current screen, top to bottom, for readable assertions. */
  texts(): string[] {
    return texts(this.dump());
  }

  tap(query: NodeQuery): void {
    tapNode(this.phone.ui, query);
  }

  /** Taps a field and types into it, as `input tap` then `input text` would. */
  fill(query: NodeQuery, text: string): void {
    this.tap(query);
    this.phone.ui.typeText(text);
  }

  back(): void {
    this.phone.ui.keyEvent(KEYCODE_BACK);
  }

  /** Swipes up inside the first scrollable node matching `list` until `query` is on screen. */
  scrollTo(query: NodeQuery, list: NodeQuery = {}, maxSwipes = 30): DumpNode {
    for (let i = 0; i <= maxSwipes; i++) {
      const xml = this.dump();
      const found = findAll(xml, query)[0];
      if (found) return found;
      const scroller = findAll(xml, list).find((n) => n.scrollable);
      if (!scroller) break;
      const { left, right, top, bottom } = scroller.bounds;
      const x = Math.floor((left + right) / 2);
      const span = bottom - top;
      this.phone.ui.swipe({ x1: x, y1: bottom - Math.floor(span * 0.2), x2: x, y2: top + Math.floor(span * 0.2), durationMs: 300 });
    }
    throw new NodeNotFoundError(query, this.dump());
  }
}
