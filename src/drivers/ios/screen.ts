// What the screen shows, through WebDriverAgent: the source (GET /source, XML or JSON, in points), the
// screenshot (GET /screenshot: a base64 PNG in pixels) and the scale between the two (GET /wda/screen).
import { PNG } from 'pngjs';
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import { ScreenshotUnreadable } from '../errors/screenshot-unreadable.js';
import type { Hierarchy, RawImage } from '../types.js';
import type { IosDevice, IosScope } from './ios-device.js';
import { isNotServed } from './ios-device.js';
import type { WdaClient } from './wda-client.js';
import { activeApp } from './ui-queries.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The source of the app in front, with the scale of its points and the app's bundle id, read together. */
export async function readHierarchy(device: IosDevice, scope: IosScope): Promise<Hierarchy> {
  const json = device.format === 'wda-json';
  const [source, app] = await Promise.all([
    device.wda.send(scope, { method: 'GET', path: json ? '/source?format=json' : '/source' }),
    activeApp(device, scope),
  ]);
  const xml = json ? JSON.stringify(source) : typeof source === 'string' ? source : '';
  if (!json && !xml.includes('<')) {
    const said = `it answered ${JSON.stringify(source)?.slice(0, 200)}, not XML`;
    throw new DeviceCommandFailed({ device: device.id, command: 'GET /source', exitCode: undefined, stderr: said, hint: 'update WebDriverAgent' });
  }
  return { format: device.format, xml, scale: device.scale, app: app.bundleId };
}

/** A PNG of the screen; `taken` is called once WebDriverAgent starts answering, the frame being captured by then. */
export async function readScreenshot(device: IosDevice, scope: IosScope, taken?: () => void): Promise<Buffer> {
  const value = await device.wda.send(scope, { method: 'GET', path: '/screenshot', answered: taken });
  const png = typeof value === 'string' ? Buffer.from(value, 'base64') : Buffer.alloc(0);
  if (png.subarray(0, 8).equals(PNG_SIGNATURE)) return png;
  const start = [...png.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  throw new ScreenshotUnreadable({
    device: device.id,
    bytes: png.length,
    detail:
      typeof value === 'string'
        ? `GET /screenshot answered base64 that starts ${start || '(nothing)'}, not a PNG`
        : `GET /screenshot answered ${typeof value}, not base64`,
  });
}

/** The screen's pixels, decoded from WebDriverAgent's PNG (WebDriverAgent has no unencoded frame to give). */
export async function readCapture(device: IosDevice, scope: IosScope, taken: () => void): Promise<RawImage> {
  const png = await readScreenshot(device, scope, taken);
  let image: PNG;
  try {
    image = PNG.sync.read(png);
  } catch (error) {
    throw new ScreenshotUnreadable({ device: device.id, bytes: png.length, detail: `the PNG does not decode: ${(error as Error).message}` });
  }
  return { width: image.width, height: image.height, data: image.data };
}

/** Device pixels per point: GET /wda/screen's scale, else the screenshot's width over the window's. */
export async function readScale(wda: WdaClient, scope: IosScope): Promise<number> {
  try {
    const screen = (await wda.send(scope, { method: 'GET', path: '/wda/screen' })) as { scale?: unknown } | null;
    if (typeof screen?.scale === 'number' && screen.scale > 0) return screen.scale;
  } catch (error) {
    if (!isNotServed(error)) throw error;
  }
  const size = (await wda.send(scope, { method: 'GET', path: '/window/size' })) as { width?: number } | null;
  const shot = (await wda.send(scope, { method: 'GET', path: '/screenshot' })) as string;
  const png = Buffer.from(typeof shot === 'string' ? shot : '', 'base64');
  const pixels = png.length >= 24 ? png.readUInt32BE(16) : 0;
  const points = size?.width ?? 0;
  return pixels > 0 && points > 0 ? Math.round((pixels / points) * 100) / 100 : 1;
}
