// Small questions the driver asks WebDriverAgent about the screen: the app in front, whether the
// keyboard is up, the alert's text, and where the navigation bar's back button is. Element queries
// are cheap on WebDriverAgent; a server that refuses them is answered from the source instead.
import type { IosDevice, IosScope } from './ios-device.js';
import { isNoAlert, isNotServed } from './ios-device.js';
import { navigationBarFirstButton, sourceHasKeyboard, type PointRect } from './source-scan.js';

/** What GET /wda/activeAppInfo says about the app in front. */
export interface ActiveApp {
  bundleId: string;
  pid: number | undefined;
}

const ELEMENT_KEYS = ['element-6066-11e4-a52e-4f735466cecf', 'ELEMENT'];
const KEYBOARD = { using: 'class name', value: 'XCUIElementTypeKeyboard' };
const IN_APP_ALERT = { using: 'class name', value: 'XCUIElementTypeAlert' };
/** UIKit puts the back button first in the navigation bar. */
const BACK_BUTTON = { using: 'class chain', value: '**/XCUIElementTypeNavigationBar/XCUIElementTypeButton[1]' };

export async function activeApp(device: IosDevice, scope: IosScope): Promise<ActiveApp> {
  const info = (await device.wda.send(scope, { method: 'GET', path: '/wda/activeAppInfo' })) as { bundleId?: unknown; pid?: unknown } | null;
  const pid = typeof info?.pid === 'number' && info.pid > 0 ? info.pid : undefined;
  return { bundleId: typeof info?.bundleId === 'string' ? info.bundleId : '', pid };
}

/** The ids of the elements a query finds (POST /elements); undefined when the server answers no element queries. */
async function findElements(device: IosDevice, scope: IosScope, query: { using: string; value: string }): Promise<string[] | undefined> {
  if (!device.elementQueries) return undefined;
  try {
    const found = await device.wda.send(scope, { method: 'POST', path: '/elements', body: query });
    if (!Array.isArray(found)) return [];
    return found.flatMap((element: Record<string, unknown>) => {
      const id = ELEMENT_KEYS.map((key) => element?.[key]).find((value) => typeof value === 'string');
      return typeof id === 'string' ? [id] : [];
    });
  } catch (error) {
    if (!isNotServed(error)) throw error;
    device.elementQueries = false;
    return undefined;
  }
}

async function source(device: IosDevice, scope: IosScope): Promise<string> {
  const xml = await device.wda.send(scope, { method: 'GET', path: '/source' });
  return typeof xml === 'string' ? xml : '';
}

export async function keyboardShown(device: IosDevice, scope: IosScope): Promise<boolean> {
  const keyboards = await findElements(device, scope, KEYBOARD);
  return keyboards === undefined ? sourceHasKeyboard(await source(device, scope)) : keyboards.length > 0;
}

/** The open alert's text (GET /alert/text); undefined when no alert is open. */
export async function alertText(device: IosDevice, scope: IosScope): Promise<string | undefined> {
  try {
    const text = await device.wda.send(scope, { method: 'GET', path: '/alert/text' });
    return typeof text === 'string' ? text : '';
  } catch (error) {
    if (isNoAlert(error)) return undefined;
    throw error;
  }
}

export const SPRINGBOARD = 'com.apple.springboard';

/**
 * The window in focus when it is not the app's own: an open alert while SpringBoard is in front, or
 * one that is not in the app's own tree, is SpringBoard's (a permission prompt, a system dialog).
 * Undefined when no alert is open or the app shows its own.
 */
export async function focusedWindow(device: IosDevice, scope: IosScope, app: Promise<ActiveApp>): Promise<string | undefined> {
  const [inFront, text] = await Promise.all([app, alertText(device, scope)]);
  if (text === undefined) return undefined;
  if (inFront.bundleId === SPRINGBOARD) return `${SPRINGBOARD} alert`;
  const inApp = await findElements(device, scope, IN_APP_ALERT);
  return inApp !== undefined && inApp.length > 0 ? undefined : `${SPRINGBOARD} alert`;
}

/** Where the navigation bar's back button is, in points; undefined when the screen has no navigation bar button. */
export async function backButton(device: IosDevice, scope: IosScope): Promise<PointRect | undefined> {
  const found = await findElements(device, scope, BACK_BUTTON);
  if (found === undefined) return navigationBarFirstButton(await source(device, scope));
  if (found.length === 0) return undefined;
  const rect = (await device.wda.send(scope, { method: 'GET', path: `/element/${encodeURIComponent(found[0])}/rect` })) as PointRect | null;
  return rect && [rect.x, rect.y, rect.width, rect.height].every(Number.isFinite) ? rect : undefined;
}
