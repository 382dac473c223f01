// Waiting family: wait for a target to show, go or become enabled; wait for the screen to settle.
import { isDisabled, waitForScreen, WaitTimeoutError, type Observation } from '../../observe/index.js';
import { describeTarget } from '../locator/index.js';
import type { Executors } from '../schema/registry.js';
import type { ActionContext } from './context.js';
import { dialogsOn } from './dialogs.js';
import { WaitTimedOut } from './errors.js';
import { absence, readTarget } from './screen-read.js';

type WaitingExecutors = Pick<Executors<ActionContext, void>, 'wait_for' | 'wait_idle'>;

export const waitingExecutors: WaitingExecutors = {
  async wait_for(p, ctx) {
    const timeout = p.timeout_ms ?? ctx.state.timeouts.assertion;
    const problem = await ctx.poll(
      timeout,
      (o) => {
        const { element, result } = readTarget(o.screen, p.target);
        if (p.state === 'gone') return element ? `it is still shown as ${element.role} ${element.ref} "${element.label}"` : undefined;
        if (!element) return absence(o.screen, p.target, result);
        if (p.state === 'enabled' && isDisabled(element)) return `${element.role} ${element.ref} "${element.label}" is still disabled`;
        ctx.element = element;
        return undefined;
      },
      // Enabled as a person sees it: the pixels of a control the tree calls enabled are read too.
      { target: p.target, pixels: p.state === 'enabled' },
    );
    if (problem !== undefined)
      throw new WaitTimedOut(
        `Waited ${timeout} ms for ${describeTarget(p.target)} to be ${p.state}, but ${problem}. Raise timeout_ms if the app is just slow.`,
      );
  },

  async wait_idle(p, ctx) {
    const timeoutMs = p.timeout_ms ?? ctx.state.timeouts.idle;
    // A system dialog over the app is answered by the dialog policy first, as before any other action.
    let unread: Observation | undefined = await ctx.look();
    if (dialogsOn(unread.screen, { foreignOnly: true, app: ctx.appInFront(unread.screen) }).length > 0) unread = undefined;
    if (!unread) await ctx.ready();
    // The read already made is the wait's first.
    const observe = async (): Promise<Observation> => {
      const o = unread ?? (await ctx.look());
      unread = undefined;
      return o;
    };
    try {
      const waited = await waitForScreen({ observe, timeoutMs, pause: (n) => ctx.pauseMs(n), idleAfter: 'one-read', clock: ctx.clock, signal: ctx.signal });
      ctx.before ??= waited.observation;
      ctx.finishWith(waited.observation);
      if (waited.state === 'idle') ctx.markSettled(waited.observation);
      else await ctx.failOnFatal(waited.observation);
    } catch (error) {
      if (!(error instanceof WaitTimeoutError)) throw error;
      ctx.before ??= error.observation;
      ctx.finishWith(error.observation);
      throw new WaitTimedOut(error.message);
    }
  },
};
