// A scripted flow of mobiletest primitives done the way an MCP client agent does it with mobile-mcp:
// each step looks (mobile_list_elements_on_screen), then acts through mobile-mcp's tools at the listed
// element's centre. As the list tool's own description asks, the agent lists again only after an
// action (an assertion leaves its list valid for the next step). Every expectation and assertion of
// the flow is checked on those lists, so the figure is for a flow that reached each screen it should.
import type { PrimitiveCall } from '../runner/index.js';
import { centre, shown, type McpElement, type MobileMcp } from './peer-mcp.js';

export class PeerFlowFailed extends Error {
  override name = 'PeerFlowFailed';
}

type Target = string | { text?: string; desc?: string; id?: string; role?: string } | { x: number; y: number };

export interface PeerAgentOptions {
  mcp: MobileMcp;
  /** The phone's screen in pixels (mobile_get_screen_size), for swipes given as a share of it. */
  screen: { width: number; height: number };
  /** How long a look may be repeated for an element or a text to appear, ms. */
  patienceMs: number;
  /** The app launch_app opens when its call names none. */
  app: string;
}

/** A pause between two looks at a screen that is not there yet, as an agent's next turn would make. */
const RELOOK_MS = 200;
/** Swipes scroll_to makes before it gives up. */
const MAX_SCROLLS = 25;
const KEYS: Record<string, string> = { back: 'BACK', home: 'HOME', enter: 'ENTER', volume_up: 'VOLUME_UP', volume_down: 'VOLUME_DOWN' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describe = (target: Target): string => (typeof target === 'string' ? `"${target}"` : JSON.stringify(target));
const listing = (elements: McpElement[]): string => elements.map(shown).filter(Boolean).join(' | ') || '(nothing with text)';

/** The listed element a target names: its text or label (content description), or its resource id's last part. */
export function findElement(elements: McpElement[], target: Target): McpElement | undefined {
  if (typeof target === 'object' && 'x' in target) return undefined;
  const idIs = (e: McpElement, id: string) => e.identifier === id || e.identifier?.endsWith(`:id/${id}`) === true;
  if (typeof target === 'string') return elements.find((e) => e.text === target || e.label === target) ?? elements.find((e) => idIs(e, target));
  return elements.find(
    (e) =>
      (target.text === undefined || e.text === target.text) &&
      (target.desc === undefined || e.label === target.desc) &&
      (target.id === undefined || idIs(e, target.id)) &&
      (target.role === undefined || e.type.toLowerCase().includes(target.role.toLowerCase())),
  );
}

/** One agent session over mobile-mcp; run() does one primitive call of the flow. */
export class PeerAgent {
  private lastLook: McpElement[] | undefined;

  constructor(private readonly options: PeerAgentOptions) {}

  async run(call: PrimitiveCall): Promise<void> {
    switch (call.name) {
      case 'launch_app':
        // No clear-data or grant tool in mobile-mcp: the phone is fresh, so this is a first launch, and
        // the notification dialog that follows is answered at the next look, as an agent would.
        await this.look();
        return this.act('mobile_launch_app', { packageName: call.params.app ?? this.options.app });
      case 'tap': {
        const element = await this.locate(call.params.target);
        await this.act('mobile_click_on_screen_at_coordinates', centre(element));
        return this.expect(call.params.expected);
      }
      case 'input_text': {
        // Focus the field, then type: mobile-mcp types into the focused element (with no target, the one focused now).
        if (call.params.target === undefined) await this.look();
        else await this.act('mobile_click_on_screen_at_coordinates', centre(await this.locate(call.params.target)));
        await this.act('mobile_type_keys', { text: call.params.text, submit: call.params.submit === true });
        return this.expect(call.params.expected);
      }
      case 'press_key': {
        const button = KEYS[call.params.key.toLowerCase()];
        if (!button) throw new PeerFlowFailed(`mobile_press_button has no key "${call.params.key}"`);
        await this.look();
        await this.act('mobile_press_button', { button });
        return this.expect(call.params.expected);
      }
      case 'hide_keyboard': {
        // No keyboard tool, and a plain dump leaves the keyboard's window out: an agent that sees a focused
        // text field presses BACK, which closes the keyboard; with none focused it has nothing to hide.
        const elements = await this.look();
        if (elements.some((e) => e.focused === true && /EditText/.test(e.type))) await this.act('mobile_press_button', { button: 'BACK' });
        return;
      }
      case 'swipe': {
        const { width, height } = this.options.screen;
        const distance = Math.round((call.params.distance ?? 0.5) * (call.params.direction === 'up' || call.params.direction === 'down' ? height : width));
        await this.look();
        await this.act('mobile_swipe_on_screen', { direction: call.params.direction, x: width >> 1, y: height >> 1, distance });
        return this.expect(call.params.expected);
      }
      case 'scroll_to': {
        // No scroll-to tool: swipe up with the tool's defaults and list again until the target shows.
        for (let swipes = 0; !findElement(await this.look(), call.params.target); swipes++) {
          if (swipes === MAX_SCROLLS)
            throw new PeerFlowFailed(
              `scroll_to ${describe(call.params.target)}: not listed after ${MAX_SCROLLS} swipes; the list shows: ${listing(this.lastLook ?? [])}`,
            );
          await this.act('mobile_swipe_on_screen', { direction: 'up' });
        }
        return;
      }
      case 'open_link':
        await this.look();
        await this.act('mobile_open_url', { url: call.params.url });
        return this.expect(call.params.expected);
      // Assertions have no tool: the agent reads them off its list, listing again while the screen is not there yet.
      case 'assert_visible':
      case 'wait_for': {
        const target = call.params.target;
        await this.until(
          `${describe(target)} visible`,
          (elements) => findElement(elements, target) !== undefined,
          call.name === 'wait_for' ? call.params.timeout_ms : undefined,
        );
        return;
      }
      case 'assert_text': {
        const { target, equals, contains, matches } = call.params;
        const pattern = matches === undefined ? undefined : new RegExp(matches);
        await this.until(`${describe(target)} reading ${equals ?? contains ?? matches}`, (elements) => {
          const text = findElement(elements, target)?.text;
          return (
            text !== undefined &&
            (equals === undefined || text === equals) &&
            (contains === undefined || text.includes(contains)) &&
            (pattern === undefined || pattern.test(text))
          );
        });
        return;
      }
      default:
        throw new PeerFlowFailed(`the peer flow has no mobile-mcp way to do ${call.name}`);
    }
  }

  /** The current list: the last one while nothing acted since, else a new one. A permission dialog is answered with Allow. */
  private async look(): Promise<McpElement[]> {
    if (this.lastLook) return this.lastLook;
    let elements = await this.options.mcp.elements();
    const allow = elements.find((e) => e.identifier?.endsWith('permissioncontroller:id/permission_allow_button'));
    if (allow) {
      await this.act('mobile_click_on_screen_at_coordinates', centre(allow));
      elements = await this.options.mcp.elements();
    }
    this.lastLook = elements;
    return elements;
  }

  private async act(tool: string, args: Record<string, unknown>): Promise<void> {
    this.lastLook = undefined;
    await this.options.mcp.call(tool, args);
  }

  /** The element the target names, listing again while it is not there yet. */
  private async locate(target: Target): Promise<McpElement> {
    const elements = await this.until(`${describe(target)} listed`, (list) => findElement(list, target) !== undefined);
    return findElement(elements, target) as McpElement;
  }

  /** Looks until the check holds, within the agent's patience (or the step's own timeout). */
  private async until(what: string, check: (elements: McpElement[]) => boolean, timeoutMs?: number): Promise<McpElement[]> {
    const deadline = performance.now() + (timeoutMs ?? this.options.patienceMs);
    for (;;) {
      const elements = await this.look();
      if (check(elements)) return elements;
      if (performance.now() > deadline)
        throw new PeerFlowFailed(`${what}: not so after ${timeoutMs ?? this.options.patienceMs} ms of listing; the list shows: ${listing(elements)}`);
      this.lastLook = undefined;
      await sleep(RELOOK_MS);
    }
  }

  /** A step's post-condition `visible`, checked on a new list (which the next step then uses). */
  private async expect(expected: unknown): Promise<void> {
    if (!expected || typeof expected !== 'object') return;
    if ('visible' in expected) {
      const target = expected.visible as Target;
      await this.until(`expected ${describe(target)} visible`, (elements) => findElement(elements, target) !== undefined);
    } else if (!('activity' in expected)) {
      throw new PeerFlowFailed(`the peer flow cannot check the expectation ${JSON.stringify(expected)}`);
    }
  }
}

/**
 * The activity a call expects in front, if any. mobile-mcp names only the foreground package, so the
 * bench checks this itself after the step, off the clock and out of the count.
 */
export function expectedActivity(call: PrimitiveCall): string | undefined {
  const expected = (call.params as { expected?: unknown }).expected;
  return expected && typeof expected === 'object' && 'activity' in expected ? String(expected.activity) : undefined;
}
