import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import {
  buildScreen,
  foregroundApp,
  HierarchyParseError,
  parseUiautomatorXml,
  screenJson,
  screenText,
  MAX_ELEMENTS,
  type Screen,
} from '../../src/observe/index.js';
import { AndroidDriver, DeviceError } from '../../src/drivers/index.js';
import { UsageError } from '../errors.js';

export const LOOK_USAGE = `Usage: mobiletest look [--device SERIAL | --xml FILE | FILE.xml] [--json] [--max N]

Prints the screen as the agent reads it: one line per element to touch or read, with refs (e7).

Options:
  --device SERIAL   look at this device through the adb server (default: ANDROID_SERIAL, else the only
                    device; the server is ADB_SERVER_SOCKET=tcp:HOST:PORT, else localhost:5037)
  --xml FILE        read a saved uiautomator dump instead of a device (a lone FILE.xml is read the same)
  --json            print {"text", "tokens", "elements": [{ref, role, label, bounds, states}]}
  --max N           print at most N elements (default ${MAX_ELEMENTS}); the rest is counted`;

interface LookInput {
  screen: Screen;
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
        xml: { type: 'string' },
        json: { type: 'boolean' },
        max: { type: 'string' },
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
  // `mobiletest look dump.xml` is what people type: one .xml file stands for --xml.
  if (positionals.length > 1 || (positionals.length === 1 && (values.xml !== undefined || !positionals[0].toLowerCase().endsWith('.xml')))) {
    throw new UsageError(
      `Unexpected argument '${positionals.join(' ')}': look takes one saved dump (FILE.xml, or --xml FILE) or --device SERIAL.\n\n${LOOK_USAGE}`,
    );
  }
  if (positionals.length === 1) values.xml = positionals[0];
  if (values.device !== undefined && values.xml !== undefined)
    throw new UsageError(`--device and --xml exclude each other: look at a device or at a saved dump.\n\n${LOOK_USAGE}`);
  const max = values.max === undefined ? MAX_ELEMENTS : Number(values.max);
  if (!Number.isInteger(max) || max < 1) throw new UsageError(`--max must be a whole number >= 1, got "${values.max}".`);

  let input: LookInput;
  try {
    input = values.xml !== undefined ? await fromFile(values.xml) : await fromDevice(values.device);
  } catch (error) {
    if (error instanceof HierarchyParseError) {
      console.error(`mobiletest look: ${error.message}`);
      return 2;
    }
    if (error instanceof DeviceError) {
      console.error(`mobiletest look: ${error.message}`);
      return 1;
    }
    throw error;
  }

  const text = screenText(input.screen, { maxElements: max });
  const tokens = countTokens(text);
  if (values.json) {
    const { elements, omitted } = screenJson(input.screen, { maxElements: max });
    console.log(JSON.stringify(omitted > 0 ? { text, tokens, elements, omitted } : { text, tokens, elements }));
  } else {
    console.log(text);
    console.error(`(${input.screen.elements.length} elements, ${tokens} tokens; the raw dump is ${countTokens(input.xml)} tokens)`);
  }
  return 0;
}

async function fromFile(file: string): Promise<LookInput> {
  const info = await stat(file).catch(() => undefined);
  if (!info) throw new UsageError(`--xml ${file}: no such file. Save a dump with: adb exec-out uiautomator dump /dev/tty > screen.xml`);
  if (!info.isFile()) throw new UsageError(`--xml ${file}: not a file.`);
  const xml = await readFile(file, 'utf8');
  return { screen: buildScreen(parseUiautomatorXml(xml, { source: file })), xml };
}

async function fromDevice(serial: string | undefined): Promise<LookInput> {
  const driver = await AndroidDriver.connect({ serial });
  try {
    const [hierarchy, foreground, size] = await Promise.all([driver.hierarchy(), driver.foreground(), driver.screenSize()]);
    if (hierarchy.format !== 'uiautomator-xml') throw new UsageError(`${driver.id}: ${hierarchy.format} hierarchies are not read yet.`);
    const screen = buildScreen(parseUiautomatorXml(hierarchy.xml, { source: `${driver.id} dump` }), { foreground: foregroundApp(foreground), size });
    return { screen, xml: hierarchy.xml };
  } finally {
    await driver.close();
  }
}
