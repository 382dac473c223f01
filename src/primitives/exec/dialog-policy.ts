// The dialog policy: a system dialog of another app that covers the app before an action is answered
// with the button the policy names ('allow' or 'deny'), or fails the action ('fail').
import type { CallOptions, Driver } from '../../drivers/index.js';
import type { Screen, ScreenElement, WaitClock } from '../../observe/index.js';
import { answerButton, describeDialog, dialogsOn, type ShownDialog } from './dialogs.js';
import { DialogBlocked } from './errors.js';
import { POLL_MS } from './settle.js';
import type { DialogPolicy } from './types.js';

/** System dialogs answered in one action before giving up (a prompt that keeps coming back). */
export const MAX_DIALOGS = 5;

/** What answering needs of the action in progress. */
export interface DialogScope {
  readonly driver: Driver;
  readonly call: CallOptions;
  readonly clock: WaitClock;
  readonly primitive: string;
  readonly policy: DialogPolicy;
  /** One line per dialog answered so far in this action; the answer is added. */
  readonly answered: string[];
}

/** The first system dialog of another app than `app` on `screen`: the one the policy answers. */
export function foreignDialog(screen: Screen, app: string | undefined): ShownDialog | undefined {
  return dialogsOn(screen, { foreignOnly: true, app })[0];
}

/** Whether the element an action aims at is inside `dialog`: then the dialog is what the action is about. */
export function isInside(element: ScreenElement | undefined, dialog: ShownDialog): boolean {
  return element !== undefined && element.window === dialog.window;
}

/** Taps the button the policy names on `dialog`; DialogBlocked when the policy is 'fail', no button means it, or it keeps coming back. */
export async function answerByPolicy(scope: DialogScope, dialog: ShownDialog): Promise<void> {
  const policy = scope.policy;
  const what = `A system dialog ${describeDialog(dialog)} covers the app before ${scope.primitive}`;
  if (policy === 'fail') {
    throw new DialogBlocked(
      `${what}, and the dialog policy is "fail". Answer it in the test (handle_dialog), grant the permission up front (launch_app permissions), or set dialogs to "allow" or "deny".`,
    );
  }
  if (scope.answered.length >= MAX_DIALOGS) {
    throw new DialogBlocked(
      `${what}, and it came back after ${MAX_DIALOGS} answers. Answer it in the test with handle_dialog, or grant the permission up front.`,
    );
  }
  const button = answerButton(dialog, policy);
  if (!button)
    throw new DialogBlocked(`${what}, and it has no button that means "${policy}". Answer it in the test with handle_dialog and the button's label.`);
  await scope.driver.tap(centre(button), scope.call);
  scope.answered.push(`answered ${describeDialog(dialog)} with "${button.label}" (dialogs: ${policy})`);
  await scope.clock.sleep(POLL_MS);
}

export function centre(element: ScreenElement): { x: number; y: number } {
  const b = element.bounds;
  return { x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 };
}
