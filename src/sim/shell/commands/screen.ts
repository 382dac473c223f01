import { PNG } from 'pngjs';
import { normalizePath } from '../../device/fs.js';
import { ERRNO_TEXT, type CommandContext, type CommandTable } from '../registry.js';

const DEFAULT_DUMP = '/sdcard/window_dump.xml';

/** The absolute path a Java File prints, kept as the user wrote it apart from the working directory. */
function absolute(ctx: CommandContext, path: string): string {
  return path.startsWith('/') ? path : ctx.resolve(path);
}

/** `uiautomator dump`: the hierarchy to a file (or the terminal), then the tool's own misspelt notice. */
async function uiautomator(ctx: CommandContext): Promise<number> {
  const [verb, ...rest] = ctx.args;
  if (verb !== 'dump') {
    ctx.stderr(
      verb === undefined
        ? 'Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\nhelp: displays help message\n\nruntest: executes UI automation tests\n    runtest <class spec> [options]\n\ndump: creates an XML dump of current UI hierarchy\n    dump [--verbose][file]\n      [--compressed]: dumps compressed layout information.\n      [file]: the location where the dumped XML should be stored, default is\n      /sdcard/window_dump.xml\n\nevents: prints out accessibility events until terminated\n'
        : `Unknown command: ${verb}\n`,
    );
    return 1;
  }
  const target = rest.filter((a) => !a.startsWith('-'))[0] ?? DEFAULT_DUMP;
  // `--windows` (Android 13's DumpCommand): every window of the display; without it, the active window only.
  const allWindows = rest.includes('--windows');
  if (!(await ctx.phone.timing.dumpIdle({ busy: ctx.phone.faults.take('idleStateErrors') }))) {
    // DumpCommand prints this on stderr and returns normally, so the process still exits 0.
    ctx.stderr('ERROR: could not get idle state.\n');
    return 0;
  }
  const xml = allWindows ? ctx.phone.ui.dumpWindowsXml() : ctx.phone.ui.dumpXml();
  const path = absolute(ctx, target);
  if (normalizePath(path) === '/dev/tty') {
    ctx.stdout(xml);
  } else {
    const result = ctx.phone.fs.write(path, Buffer.from(xml, 'utf8'));
    if (result) {
      ctx.stderr(`java.io.FileNotFoundException: ${path}: open failed: ${result} (${ERRNO_TEXT[result] ?? result})\n`);
      return 1;
    }
  }
  ctx.stdout(`UI hierchary dumped to: ${path}\n`);
  return 0;
}

/** Android 14's raw screencap header: width, height, pixel format (RGBA_8888 = 1), colour space (sRGB = 1). */
export function rawScreencap(png: Buffer): Buffer {
  const image = PNG.sync.read(png);
  const header = Buffer.alloc(16);
  header.writeUInt32LE(image.width, 0);
  header.writeUInt32LE(image.height, 4);
  header.writeUInt32LE(1, 8);
  header.writeUInt32LE(1, 12);
  return Buffer.concat([header, image.data]);
}

async function screencap(ctx: CommandContext): Promise<number> {
  let png = false;
  let file: string | undefined;
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i];
    if (arg === '-p') png = true;
    else if (arg === '-d') i++;
    else if (arg === '-h') {
      ctx.stderr(
        'usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n   -d: specify the physical display ID to capture (default: 0)\n       see "dumpsys SurfaceFlinger --display-id" for valid display IDs.\nIf FILENAME ends with .png it will be saved as a png.\nIf FILENAME is not given, the results will be printed to stdout.\n',
      );
      return 0;
    } else if (!arg.startsWith('-')) file = arg;
  }
  if (file?.endsWith('.png')) png = true;
  const faulty = png ? faultyPng(ctx) : undefined;
  if (faulty) {
    if (file !== undefined) ctx.phone.fs.write(absolute(ctx, file), faulty);
    else if (faulty.length > 0) ctx.stdout(faulty);
    return 0;
  }
  let image: Buffer;
  try {
    image = await ctx.phone.screenshotPng();
  } catch {
    ctx.stderr('Screen capture failed: -1\n');
    return 1;
  }
  const data = png ? image : rawScreencap(image);
  if (file === undefined) {
    // The frame is taken: its first bytes are out at once, and the stream ends when USB has carried them all.
    ctx.stdout(data);
    await ctx.phone.timing.transfer(data.length);
    return 0;
  }
  const result = ctx.phone.fs.write(absolute(ctx, file), data);
  if (result) {
    ctx.stderr(`Error opening file: ${file} (${ERRNO_TEXT[result] ?? result})\n`);
    return 1;
  }
  return 0;
}

/** Not an image at all: a few bytes of text, as a broken capture path may hand over. */
const GARBLED = Buffer.from('\x00\x01garbled frame\xff\xfe', 'latin1');

/**
 * A PNG capture's injected fault: nothing at all (as some phones' `screencap -p` gives while the display
 * is off), or bytes that are not an image. An empty buffer is a fault too; undefined is none.
 */
function faultyPng(ctx: CommandContext): Buffer | undefined {
  if (ctx.phone.faults.take('emptyScreencaps')) return Buffer.alloc(0);
  if (ctx.phone.faults.take('garbledScreencaps')) return GARBLED;
  return undefined;
}

export const screenCommands: CommandTable = { uiautomator, screencap };
