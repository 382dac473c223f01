// device.find(target): a Playwright-like locator. Nothing is looked up until a query runs; each
// query looks at the screen once, and the matchers in runner/fixtures poll these queries.
import { redactText } from '../../src/events/index.js';
import { screenText, type Look, type Screen, type ScreenElement } from '../../src/observe/index.js';
import type { ActionResult } from '../../src/primitives/exec/types.js';
import { bestMatches, describeTarget, locate, type LocateResult, type Target } from '../../src/primitives/index.js';

export interface LocatorSource {
  look(): Promise<Look>;
  /** Runs an assertion primitive on the device (dialog policy, retries and events included); never throws on a false assertion. */
  assert(call: { name: 'assert_visible' | 'assert_not_visible' | 'assert_text' | 'assert_state'; params: Record<string, unknown> }): Promise<ActionResult>;
  target: Target;
}

/** One look at the screen and where the target is on it. */
export interface LocatorSnapshot {
  screen: Screen;
  result: LocateResult;
  /** The element the target resolves to; undefined when missing or ambiguous. */
  element: ScreenElement | undefined;
  /** The elements that match as well as the best one. */
  matches: ScreenElement[];
}

/** A query that needs exactly one element found none or several: says which, and what the screen shows. */
export class LocatorError extends Error {
  override name = 'LocatorError';

  constructor(message: string) {
    // It quotes the screen, which may show a secret; the message is printed and kept in reports.
    super(redactText(message));
  }
}

export class MobileLocator {
  constructor(private readonly source: LocatorSource) {}

  get target(): Target {
    return this.source.target;
  }

  toString(): string {
    return `find(${describeTarget(this.source.target)})`;
  }

  /** Runs an assertion primitive about this target, e.g. `{ name: 'assert_visible', params: { timeout_ms } }`. */
  assert(name: Parameters<LocatorSource['assert']>[0]['name'], params: Record<string, unknown>): Promise<ActionResult> {
    return this.source.assert({ name, params: { target: this.source.target, ...params } });
  }

  /** Looks at the screen once and locates the target there. */
  async snapshot(): Promise<LocatorSnapshot> {
    const { observation } = await this.source.look();
    // Reads follow the checks' rule: a lookalike (a label a few edits off) is not the element asked about.
    const result = locate(observation.screen, this.source.target, { for: 'read', lookalikes: false });
    const matches = bestMatches(result);
    const element = result.status === 'found' ? result.best.element : undefined;
    return { screen: observation.screen, result, element, matches };
  }

  async isVisible(): Promise<boolean> {
    return (await this.snapshot()).result.status !== 'not_found';
  }

  async isHidden(): Promise<boolean> {
    return !(await this.isVisible());
  }

  async isChecked(): Promise<boolean> {
    return (await this.one()).states.includes('checked');
  }

  async isEnabled(): Promise<boolean> {
    return !(await this.one()).states.includes('disabled');
  }

  /** An input's value, else the element's label. */
  async text(): Promise<string> {
    return elementText(await this.one());
  }

  /** How many elements match the target equally well (0 when none). */
  async count(): Promise<number> {
    return (await this.snapshot()).matches.length;
  }

  private async one(): Promise<ScreenElement> {
    const snapshot = await this.snapshot();
    return oneElement(this, snapshot);
  }
}

export function elementText(element: ScreenElement): string {
  return element.value ?? element.label;
}

/** The single element a query acts on, or a LocatorError saying why there is none. */
export function oneElement(locator: MobileLocator, snapshot: LocatorSnapshot): ScreenElement {
  const { result } = snapshot;
  if (result.status === 'found') return result.best.element;
  if (result.status === 'ambiguous') {
    const shown = result.candidates
      .slice(0, 5)
      .map((c) => `${c.element.ref} ${c.element.role} "${c.element.label}"`)
      .join(', ');
    throw new LocatorError(`${locator} matches ${result.candidates.length} elements (${shown}); name one exactly, e.g. { text, role, index }`);
  }
  const nearest = result.nearest
    .slice(0, 5)
    .map((n) => `"${n.label}"`)
    .join(', ');
  throw new LocatorError(`${locator} is not on screen${nearest ? `; closest: ${nearest}` : ''}\n\nScreen:\n${screenText(snapshot.screen)}`);
}
