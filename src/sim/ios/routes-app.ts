// WDA's session, status, app and device routes: what /status, POST /session, /wda/apps/*,
// /wda/activeAppInfo, /wda/device/info, /wda/screen and the window and orientation routes answer.
import { WdaError } from './errors.js';
import { needSession, stringArg, type Route, type RouteContext } from './route.js';
import { SPRINGBOARD } from '../ui/springboard.js';
import { IPHONE } from './iphone.js';
import { parseCapabilities } from './session.js';

function capabilitiesOf(): Record<string, unknown> {
  return { device: 'iphone', sdkVersion: IPHONE.osVersion };
}

function status(): Record<string, unknown> {
  return {
    ready: true,
    message: 'WebDriverAgent is ready to accept commands',
    state: 'success',
    os: { name: 'iOS', version: IPHONE.osVersion, sdkVersion: IPHONE.osVersion, testmanagerdVersion: 28 },
    ios: { simulatorVersion: IPHONE.osVersion, ip: null },
    build: { time: 'Jun  3 2024 10:12:44', productBundleIdentifier: 'com.facebook.WebDriverAgentRunner', version: IPHONE.wdaVersion },
    device: 'iphone',
  };
}

/** FBSession.kill: the app under test is terminated with its session unless shouldTerminateApp is false. */
function killSession(ctx: RouteContext): void {
  const old = ctx.session;
  if (old?.bundleId && old.capabilities['shouldTerminateApp'] !== false) ctx.device.terminate(old.bundleId);
  ctx.sessions.end();
}

function createSession(ctx: RouteContext): Record<string, unknown> {
  const caps = parseCapabilities(ctx.body);
  killSession(ctx);
  const bundleId = typeof caps['bundleId'] === 'string' ? caps['bundleId'] : undefined;
  if (bundleId) {
    if (!ctx.device.installed(bundleId))
      throw new WdaError('session not created', `The application under test with bundle id '${bundleId}' is not installed on the device`);
    const fresh = caps['forceAppLaunch'] !== false || ctx.device.state(bundleId) === 1;
    if (fresh) ctx.device.launch(bundleId, true);
    else ctx.device.launch(bundleId, false);
  }
  const session = ctx.sessions.start(caps, bundleId);
  return { sessionId: session.id, capabilities: capabilitiesOf() };
}

function bundleArg(ctx: RouteContext): string {
  return stringArg(ctx, 'bundleId');
}

const ORIENTATIONS = ['PORTRAIT', 'LANDSCAPE', 'UIA_DEVICE_ORIENTATION_PORTRAIT_UPSIDEDOWN', 'UIA_DEVICE_ORIENTATION_LANDSCAPERIGHT'] as const;

function orientation(ctx: RouteContext): string {
  return ORIENTATIONS[ctx.device.frame().orientation];
}

function setOrientation(ctx: RouteContext): boolean {
  const wanted = String(ctx.body['orientation'] ?? '').toUpperCase();
  const turn = ORIENTATIONS.indexOf(wanted as (typeof ORIENTATIONS)[number]);
  if (turn < 0) throw new WdaError('unsupported operation', `Unable To Rotate Device to '${wanted}'; use PORTRAIT or LANDSCAPE`);
  ctx.device.phone.ui.setRotation(turn as 0 | 1 | 2 | 3);
  return true;
}

function windowSize(ctx: RouteContext): { width: number; height: number } {
  const frame = ctx.device.frame();
  return { width: Math.round(frame.size.width / ctx.device.scale), height: Math.round(frame.size.height / ctx.device.scale) };
}

function activeAppInfo(ctx: RouteContext): Record<string, unknown> {
  const app = ctx.device.activeApp();
  return { pid: app.pid, bundleId: app.bundleId, name: app.bundleId === SPRINGBOARD ? '' : app.label, processArguments: { env: {}, args: [] } };
}

function pressButton(ctx: RouteContext): null {
  const name = String(ctx.body['name'] ?? '').toLowerCase();
  if (name === 'home') ctx.device.home();
  else if (name !== 'volumeup' && name !== 'volumedown') {
    throw new WdaError('invalid argument', `The value of 'name' must be one of home, volumeUp, volumeDown; '${name}' is not supported`);
  }
  return null;
}

export const APP_ROUTES: Route[] = [
  { method: 'GET', path: '/status', scope: 'global', handle: status },
  { method: 'GET', path: '/wda/healthcheck', scope: 'global', handle: () => null },
  { method: 'POST', path: '/session', scope: 'global', handle: createSession },
  { method: 'GET', path: '', scope: 'session', handle: (ctx) => ({ sessionId: needSession(ctx).id, capabilities: capabilitiesOf() }) },
  {
    method: 'DELETE',
    path: '',
    scope: 'session',
    handle: (ctx) => {
      killSession(ctx);
      return null;
    },
  },
  { method: 'POST', path: '/timeouts', scope: 'session', handle: () => null },
  { method: 'GET', path: '/appium/settings', scope: 'session', handle: () => ({}) },
  { method: 'POST', path: '/appium/settings', scope: 'session', handle: () => ({}) },
  {
    method: 'POST',
    path: '/wda/apps/launch',
    scope: 'session',
    handle: (ctx) => {
      ctx.device.launch(bundleArg(ctx), true);
      return null;
    },
  },
  {
    method: 'POST',
    path: '/wda/apps/activate',
    scope: 'session',
    handle: (ctx) => {
      ctx.device.launch(bundleArg(ctx), false);
      return null;
    },
  },
  { method: 'POST', path: '/wda/apps/terminate', scope: 'session', handle: (ctx) => ctx.device.terminate(bundleArg(ctx)) },
  { method: 'POST', path: '/wda/apps/state', scope: 'session', handle: (ctx) => ctx.device.state(bundleArg(ctx)) },
  {
    method: 'GET',
    path: '/wda/apps/list',
    scope: 'session',
    handle: (ctx) => {
      const app = ctx.device.activeApp();
      return [{ pid: app.pid, bundleId: app.bundleId }];
    },
  },
  { method: 'GET', path: '/wda/activeAppInfo', scope: 'both', handle: activeAppInfo },
  {
    method: 'GET',
    path: '/wda/device/info',
    scope: 'both',
    handle: (ctx) => ({
      currentLocale: 'en_US',
      timeZone: 'Etc/UTC',
      name: ctx.device.name,
      model: 'iPhone',
      uuid: ctx.device.udid,
      userInterfaceIdiom: 0,
      userInterfaceStyle: ctx.device.frame().darkTheme ? 'dark' : 'light',
      isSimulator: true,
      thermalState: 0,
    }),
  },
  { method: 'GET', path: '/wda/batteryInfo', scope: 'session', handle: () => ({ level: 1, state: 3 }) },
  {
    method: 'GET',
    path: '/wda/screen',
    scope: 'both',
    handle: (ctx) => {
      const size = windowSize(ctx);
      return { statusBarSize: { width: size.width, height: IPHONE.statusBarPt }, scale: ctx.device.scale, screenSize: size };
    },
  },
  { method: 'GET', path: '/window/size', scope: 'both', handle: windowSize },
  { method: 'GET', path: '/window/rect', scope: 'session', handle: (ctx) => ({ x: 0, y: 0, ...windowSize(ctx) }) },
  { method: 'GET', path: '/orientation', scope: 'both', handle: orientation },
  { method: 'POST', path: '/orientation', scope: 'both', handle: setOrientation },
  { method: 'POST', path: '/wda/pressButton', scope: 'session', handle: pressButton },
  {
    method: 'POST',
    path: '/wda/homescreen',
    scope: 'global',
    handle: (ctx) => {
      ctx.device.home();
      return null;
    },
  },
  { method: 'GET', path: '/wda/locked', scope: 'both', handle: () => false },
  { method: 'POST', path: '/wda/unlock', scope: 'global', handle: () => null },
  {
    method: 'POST',
    path: '/url',
    scope: 'session',
    handle: (ctx) => {
      const url = stringArg(ctx, 'url');
      const result = ctx.device.phone.ui.openUri(url);
      if (!result.ok) throw new WdaError('unknown error', `No application can open the URL '${url}'`);
      return null;
    },
  },
];
