// Assertions: an element is or is not shown, holds a text, is in a state; retried until the timeout.
import { isDisabled, type ScreenElement } from '../../observe/index.js';
import { describeTarget } from '../locator/index.js';
import type { Executors } from '../schema/registry.js';
import type { ActionContext } from './context.js';
import { AssertionFailed } from './errors.js';
import { absence, readTarget, textOf, where } from './screen-read.js';

type AssertionExecutors = Pick<Executors<ActionContext, void>, 'assert_visible' | 'assert_not_visible' | 'assert_text' | 'assert_state'>;

function shown(e: ScreenElement): string {
  return `${e.role} ${e.ref} "${e.label}"${e.value !== undefined ? ` = "${e.value}"` : ''}${e.states.length ? ` (${e.states.join(', ')})` : ''}`;
}

const STATE_OF: Record<'checked' | 'enabled' | 'selected' | 'focused', (e: ScreenElement) => boolean> = {
  checked: (e) => e.states.includes('checked'),
  enabled: (e) => !isDisabled(e),
  selected: (e) => e.states.includes('selected'),
  focused: (e) => e.states.includes('focused'),
};

export const assertionExecutors: AssertionExecutors = {
  async assert_visible(p, ctx) {
    const timeout = p.timeout_ms ?? ctx.state.timeouts.assertion;
    const problem = await ctx.poll(
      timeout,
      (o) => {
        const { element, result } = readTarget(o.screen, p.target);
        if (element) ctx.element = element;
        return element ? undefined : absence(o.screen, p.target, result);
      },
      { target: p.target },
    );
    if (problem !== undefined) throw new AssertionFailed(`Expected ${describeTarget(p.target)} to be visible within ${timeout} ms: ${problem}.`);
  },

  async assert_not_visible(p, ctx) {
    const timeout = p.timeout_ms ?? ctx.state.timeouts.assertion;
    const problem = await ctx.poll(
      timeout,
      (o) => {
        const { element } = readTarget(o.screen, p.target);
        return element ? `it is shown as ${shown(element)} on ${where(o.screen)}` : undefined;
      },
      { target: p.target },
    );
    if (problem !== undefined) throw new AssertionFailed(`Expected ${describeTarget(p.target)} not to be visible within ${timeout} ms, but ${problem}.`);
  },

  async assert_text(p, ctx) {
    const timeout = p.timeout_ms ?? ctx.state.timeouts.assertion;
    const wanted = p.equals !== undefined ? `to equal "${p.equals}"` : p.contains !== undefined ? `to contain "${p.contains}"` : `to match /${p.matches}/`;
    const pattern = p.matches === undefined ? undefined : new RegExp(p.matches);
    const problem = await ctx.poll(
      timeout,
      (o) => {
        const { element, result } = readTarget(o.screen, p.target);
        if (!element) return absence(o.screen, p.target, result);
        ctx.element = element;
        const text = textOf(element);
        ctx.output.text = text;
        const ok = p.equals !== undefined ? text === p.equals : p.contains !== undefined ? text.includes(p.contains) : (pattern as RegExp).test(text);
        return ok ? undefined : `the screen shows ${shown(element)}`;
      },
      { target: p.target },
    );
    if (problem !== undefined) throw new AssertionFailed(`Expected the text of ${describeTarget(p.target)} ${wanted} within ${timeout} ms, but ${problem}.`);
  },

  async assert_state(p, ctx) {
    const timeout = p.timeout_ms ?? ctx.state.timeouts.assertion;
    const want = p.value ?? true;
    const problem = await ctx.poll(
      timeout,
      (o) => {
        const { element, result } = readTarget(o.screen, p.target);
        if (!element) return absence(o.screen, p.target, result);
        ctx.element = element;
        return STATE_OF[p.state](element) === want ? undefined : `the screen shows ${shown(element)}`;
      },
      { target: p.target, pixels: p.state === 'enabled' },
    );
    if (problem !== undefined)
      throw new AssertionFailed(`Expected ${describeTarget(p.target)} ${want ? 'to be' : 'not to be'} ${p.state} within ${timeout} ms, but ${problem}.`);
  },
};
