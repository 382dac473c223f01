// A WDA session: its id, capabilities and the ids handed out for elements. An element keeps its id
// for the session's life while the same widget is on screen, as WDA's element cache does.
import { randomUUID } from 'node:crypto';
import { WdaError } from './errors.js';
import { walk, type WdaElement } from './tree.js';

/** The W3C key for an element reference, and the legacy JSONWP one WDA also sends. */
export const W3C_ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export class WdaSession {
  readonly id = randomUUID().toUpperCase();
  private readonly idsByKey = new Map<string, string>();
  private readonly keysById = new Map<string, string>();

  constructor(
    readonly capabilities: Record<string, unknown>,
    readonly bundleId: string | undefined,
  ) {}

  /** The reference a client gets for an element: `{"ELEMENT": id, "element-6066-…": id}`. */
  reference(el: WdaElement): Record<string, string> {
    let id = this.idsByKey.get(el.key);
    if (!id) {
      id = randomUUID().toUpperCase();
      this.idsByKey.set(el.key, id);
      this.keysById.set(id, el.key);
    }
    return { ELEMENT: id, [W3C_ELEMENT]: id };
  }

  /** The element behind an id in the current snapshot; stale when its widget left the screen. */
  resolve(id: string, root: WdaElement): WdaElement {
    const key = this.keysById.get(id);
    if (!key)
      throw new WdaError(
        'no such element',
        `The element identified by "${id}" is either not present or it has expired from the internal cache. Try to find it again`,
      );
    for (const el of walk(root)) if (el.key === key) return el;
    throw new WdaError(
      'stale element reference',
      `The previously found element ""${id}"" is not present in the current view anymore. Make sure the application UI has the expected state.`,
    );
  }
}

/** The capabilities WDA reads from POST /session: alwaysMatch merged with the first firstMatch, 'appium:' prefixes dropped. */
export function parseCapabilities(body: unknown): Record<string, unknown> {
  const caps = (body as { capabilities?: unknown } | undefined)?.capabilities;
  if (!caps || typeof caps !== 'object') throw new WdaError('session not created', "'capabilities' is mandatory to create a new session");
  const { alwaysMatch = {}, firstMatch = [{}] } = caps as { alwaysMatch?: Record<string, unknown>; firstMatch?: Array<Record<string, unknown>> };
  const merged: Record<string, unknown> = { ...alwaysMatch, ...(firstMatch[0] ?? {}) };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(merged)) out[key.replace(/^appium:/, '')] = value;
  return out;
}
