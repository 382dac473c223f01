// A popup the app put over the screen (a promo, a rating prompt) is closed by its dismiss button, or
// by back when it has none. Permission and crash dialogs are the executor's (by the dialog policy).
import type { Screen, ScreenElement } from '../observe/index.js';
import type { ActionResult, PrimitiveCall } from '../primitives/index.js';
import type { AgentCallRecord } from './call.js';

const DISMISS = /^(?:no,? thanks|not now|no|close|dismiss|cancel|skip|later|maybe later|not interested|got it|ok|×|x)$/i;

/** The app's own dialog on top of the screen, if one is shown (a permission prompt is another package's, so never). */
export function appPopup(screen: Screen, app: string | undefined): { title: string; dismiss?: ScreenElement } | undefined {
  const owner = app ?? screen.foreground?.package;
  if (!owner) return undefined;
  const index = screen.windows.findIndex((w) => w.kind === 'dialog' && w.package === owner);
  if (index < 0) return undefined;
  const inside = screen.elements.filter((e) => e.window === index);
  const title = inside.find((e) => (e.role === 'dialog' || e.role === 'text') && e.label)?.label ?? 'a dialog';
  const dismiss = inside.find((e) => e.role === 'button' && DISMISS.test(e.label.trim()));
  return { title, dismiss };
}

/** Closes the app's popup; the call that did it, with its result, or undefined when there was none. */
export async function dismissPopup(
  record: AgentCallRecord,
  screen: Screen,
  app: string | undefined,
): Promise<{ call: PrimitiveCall; result: ActionResult } | undefined> {
  const popup = appPopup(screen, app);
  if (!popup) return undefined;
  const call: PrimitiveCall = popup.dismiss ? { name: 'tap', params: { target: popup.dismiss.ref } } : { name: 'press_key', params: { key: 'back' } };
  await record.decide({
    role: 'planner',
    path: 'rules',
    reason: `closing the popup "${popup.title}" that covers the app${popup.dismiss ? ` with "${popup.dismiss.label}"` : ' with back'}`,
    actions: [call],
  });
  const result = await record.run(call);
  return { call, result };
}

/** A dialog of another package (a permission prompt) over the app under test: the dialog policy's to answer. */
export function foreignDialog(screen: Screen, app: string | undefined): boolean {
  return app !== undefined && screen.windows.some((w) => w.kind === 'dialog' && w.package !== app && w.package !== '');
}
