// Emptying the focused text field in one request: WebDriverAgent's element clear on the active element.
import type { IosDevice, IosScope } from './ios-device.js';
import { elementId } from './ui-queries.js';
import { WdaCommandFailed } from './wda-command-failed.js';
import { WDA_ERRORS } from './wda-response.js';

/** Clears the element with the keyboard focus (GET /element/active, POST /element/:id/clear); false when none has it. */
export async function clearFocusedText(device: IosDevice, scope: IosScope): Promise<boolean> {
  let active: unknown;
  try {
    active = await device.wda.send(scope, { method: 'GET', path: '/element/active' });
  } catch (error) {
    if (error instanceof WdaCommandFailed && error.error === WDA_ERRORS.noSuchElement) return false;
    throw error;
  }
  const id = elementId(active);
  if (id === undefined) return false;
  await device.wda.send(scope, { method: 'POST', path: `/element/${encodeURIComponent(id)}/clear`, body: {} });
  return true;
}
