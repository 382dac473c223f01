import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import {
  buildScreen,
  foregroundApp,
  HierarchyParseError,
  parseHierarchy,
  parseSavedHierarchy,
  screenJson,
  screenText,
  MAX_ELEMENTS,
  OcrEngine,
  PixelReadError,
  withPixelLayers,
  type OcrRun,
  type ReadText,
  type Screen,
} from '../../src/observe/index.js';
import { AndroidDriver, DeviceError, IosDriver, type Driver } from '../../src/drivers/index.js';
import { UsageError } from '../errors.js';

export const LOOK_USAGE = `Usage: mobiletest look [--device SERIAL | --platform ios [--wda-url URL] [--udid UDID] | --xml FILE | FILE.xml [--screenshot FILE.png]]
                      [--json] [--max N]

Prints the screen as the agent reads it: one line per element to touch or read, with refs (e7).

Options:
  --device SERIAL   look at this device through the adb server (default: ANDROID_SERIAL, else the only
                    device; the server is ADB_SERVER_SOCKET=tcp:HOST:PORT, else localhost:5037)
  --platform ios    look at an iPhone through WebDriverAgent (default: MOBILETEST_WDA_URL, else the one
                    booted simulator, found with xcrun simctl)
  --wda-url URL     the iPhone's WebDriverAgent, e.g. http://127.0.0.1:8100 (implies --platform ios)
  --udid UDID       the simulator (or device) to look at (implies --platform ios)
  --xml FILE        read a saved uiautomator dump, or a WebDriverAgent source (XML or JSON, in points),
                    instead of a device (a lone FILE.xml or FILE.json is read the same)
  --screenshot PNG  with a saved dump, the screenshot taken with it: its pixels are read as on a device
  --no-ocr          read the tree only (by default, a screen whose tree names fewer than 60% of its
                    elements is also read off its screenshot, offline, and controls drawn greyed out are
                    marked)
  --json            print {"text", "tokens", "elements": [{ref, role, label, bounds, states}]}
  --max N           print at most N elements (default ${MAX_ELEMENTS}); the rest is counted`;

interface LookInput {
  screen: Screen;
  /** What the OCR did, when it ran. */
  ocr?: OcrRun;
  /** The raw dump, to say how much the screen saved. */
  xml: string;
}

export async function runLookCommand(args: string[]): Promise<number> {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        device: { type: 'string' },
        platform: { type: 'string' },
        'wda-url': { type: 'string' },
        udid: { type: 'string' },
        xml: { type: 'string' },
        json: { type: 'boolean' },
        max: { type: 'string' },
        screenshot: { type: 'string' },
        'no-ocr': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${LOOK_USAGE}`);
  }
  if (values.help) {
    console.log(LOOK_USAGE);
    return 0;
  }
  // `mobiletest look dump.xml` is what people type: one .xml (or WDA .json) file stands for --xml.
  if (positionals.length > 1 || (positionals.length === 1 && (values.xml !== undefined || !/\.(xml|json)$/i.test(positionals[0])))) {
    throw new UsageError(
      `Unexpected argument '${positionals.join(' ')}': look takes one saved dump (FILE.xml, or --xml FILE) or --device SERIAL.\n\n${LOOK_USAGE}`,
    );
  }
  if (positionals.length === 1) values.xml = positionals[0];
  if (values.device !== undefined && values.xml !== undefined)
    throw new UsageError(`--device and --xml exclude each other: look at a device or at a saved dump.\n\n${LOOK_USAGE}`);
  const ios = iosTarget(values);
  if (ios && values.xml !== undefined)
    throw new UsageError(`--platform ios looks at an iPhone: a saved source is read with --xml FILE alone.\n\n${LOOK_USAGE}`);
  const max = values.max === undefined ? MAX_ELEMENTS : Number(values.max);
  if (!Number.isInteger(max) || max < 1) throw new UsageError(`--max must be a whole number >= 1, got "${values.max}".`);

  if (values.screenshot !== undefined && values.xml === undefined)
    throw new UsageError(`--screenshot goes with a saved dump (--xml FILE): a device's screen is taken from the device.\n\n${LOOK_USAGE}`);

  let input: LookInput;
  const ocr = values['no-ocr'] ? undefined : new OcrEngine();
  try {
    input =
      values.xml !== undefined
        ? await fromFile(values.xml, { screenshot: values.screenshot, ocr })
        : await fromDevice(ios ? () => IosDriver.connect(ios) : () => AndroidDriver.connect({ serial: values.device }), { ocr });
  } catch (error) {
    if (error instanceof HierarchyParseError) {
      console.error(`mobiletest look: ${error.message}`);
      return 2;
    }
    if (error instanceof DeviceError || error instanceof PixelReadError) {
      console.error(`mobiletest look: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await ocr?.close();
  }

  const text = screenText(input.screen, { maxElements: max });
  const tokens = countTokens(text);
  if (values.json) {
    const { elements, omitted } = screenJson(input.screen, { maxElements: max });
    console.log(JSON.stringify(omitted > 0 ? { text, tokens, elements, omitted } : { text, tokens, elements }));
  } else {
    console.log(text);
    const read = input.ocr
      ? `; ${input.ocr.lines} lines read off the pixels in ${input.ocr.ms} ms, the tree naming ${Math.round(input.ocr.coverage * 100)}% of its elements`
      : '';
    console.error(`(${input.screen.elements.length} elements, ${tokens} tokens; the raw dump is ${countTokens(input.xml)} tokens${read})`);
  }
  return 0;
}

interface Pixels {
  /** Reads text off the screenshot when the tree names too few elements; none: the tree only. */
  ocr?: OcrEngine;
}

async function fromFile(file: string, { screenshot, ocr }: Pixels & { screenshot?: string }): Promise<LookInput> {
  const xml = (await readSaved(file, { option: '--xml', save: 'adb exec-out uiautomator dump /dev/tty > screen.xml' })).toString('utf8');
  // A uiautomator dump, or a WebDriverAgent source (XML or JSON), told apart by its text; WDA's stays in points.
  const tree = parseSavedHierarchy(xml, { source: file });
  if (screenshot === undefined) return { screen: buildScreen(tree), xml };
  const png = await readSaved(screenshot, { option: '--screenshot', save: 'adb exec-out screencap -p > screen.png' });
  return { ...(await withPixels({ build: (readText) => buildScreen(tree, { readText }), png, source: screenshot, ocr })), xml };
}

async function readSaved(file: string, { option, save }: { option: string; save: string }): Promise<Buffer> {
  const info = await stat(file).catch(() => undefined);
  if (!info) throw new UsageError(`${option} ${file}: no such file. Save one with: ${save}`);
  if (!info.isFile()) throw new UsageError(`${option} ${file}: not a file.`);
  return readFile(file);
}

/** A screen's tree, its screenshot and where that came from (a file, a device). */
interface ScreenPixels extends Pixels {
  build: (readText?: ReadText[]) => Screen;
  png: Buffer;
  source: string;
}

/** The screen with what its pixels add: OCR'd text (when an OCR is given and the tree names too little) and greyed-out controls. */
async function withPixels({ build, png, source, ocr }: ScreenPixels): Promise<Omit<LookInput, 'xml'>> {
  const { screen, ocr: run, unavailable } = await withPixelLayers({ tree: build(), build, screenshot: png, source }, { reader: ocr });
  if (unavailable) console.error(`mobiletest look: the tree names too few elements to act on, and ${unavailable}`);
  return run ? { screen, ocr: run } : { screen };
}

/** The iPhone to look at, from --platform ios, --wda-url and --udid; undefined: an Android device. */
function iosTarget(values: { platform?: string; device?: string; 'wda-url'?: string; udid?: string }): { wdaUrl?: string; udid?: string } | undefined {
  const { platform, device, 'wda-url': wdaUrl, udid } = values;
  if (platform !== undefined && platform !== 'android' && platform !== 'ios')
    throw new UsageError(`--platform must be android or ios, got "${platform}".\n\n${LOOK_USAGE}`);
  const ios = platform === 'ios' || wdaUrl !== undefined || udid !== undefined;
  if (!ios) return undefined;
  if (platform === 'android') throw new UsageError(`--wda-url and --udid name an iPhone: they go with --platform ios.\n\n${LOOK_USAGE}`);
  if (device !== undefined) throw new UsageError(`--device names an Android device; an iPhone is named with --udid or --wda-url.\n\n${LOOK_USAGE}`);
  return { wdaUrl, udid };
}

async function fromDevice(connect: () => Promise<Driver>, { ocr }: Pixels): Promise<LookInput> {
  const driver = await connect();
  try {
    const [hierarchy, foreground, size, png] = await Promise.all([driver.hierarchy(), driver.foreground(), driver.screenSize(), driver.screenshot()]);
    // A uiautomator dump, or a WebDriverAgent source in points that the parse scales to the screen's pixels.
    const tree = parseHierarchy(hierarchy, { source: `${driver.id} ${hierarchy.format === 'uiautomator-xml' ? 'dump' : 'source'}` });
    const build = (readText?: ReadText[]) => buildScreen(tree, { foreground: foregroundApp(foreground), size, readText });
    return { ...(await withPixels({ build, png, source: driver.id, ocr })), xml: hierarchy.xml };
  } finally {
    await driver.close();
  }
}
