import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import adbkit from '@devicefarmer/adbkit';
import { startSim } from '../../src/sim/index.js';

// adbkit is CommonJS: its named exports hang off the default export under ESM.
const { Adb } = adbkit;

type DeviceClient = ReturnType<ReturnType<typeof Adb.createClient>['getDevice']>;

/** One node of a uiautomator dump, as much as the demo needs to print and tap it. */
interface DumpNode { pkg: string; text: string; desc: string; id: string; cls: string; clickable: boolean; enabled: boolean; cx: number; cy: number }

const KEYBOARD_PACKAGE = 'com.google.android.inputmethod.latin';
const ATTR = /(\S+?)="([^"]*)"/g;

function parseDump(xml: string): DumpNode[] {
  const nodes: DumpNode[] = [];
  for (const match of xml.matchAll(/<node ([^>]*?)\/?>/g)) {
    const a = Object.fromEntries([...match[1].matchAll(ATTR)].map((m) => [m[1], unescape(m[2])]));
    const b = /\[(\d+),(\d+)\]\[(\d+),(\d+)\]/.exec(a.bounds ?? '');
    if (!b) continue;
    const [l, t, r, bt] = b.slice(1).map(Number);
    nodes.push({
      pkg: a.package ?? '', text: a.text ?? '', desc: a['content-desc'] ?? '', id: (a['resource-id'] ?? '').replace(/^.*:id\//, ''),
      cls: (a.class ?? '').replace(/^.*\./, ''), clickable: a.clickable === 'true', enabled: a.enabled !== 'false',
      cx: Math.round((l + r) / 2), cy: Math.round((t + bt) / 2),
    });
  }
  return nodes;
}

function unescape(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function describe(node: DumpNode): string {
  const label = node.text || node.desc || (node.id ? `#${node.id}` : '');
  const flags = [node.clickable ? 'clickable' : '', node.enabled ? '' : 'disabled'].filter(Boolean).join(', ');
  return `${node.cls} "${label}"${flags ? ` (${flags})` : ''}`;
}

async function run(device: DeviceClient, command: string): Promise<string> {
  const stream = await device.shell(command);
  return (await Adb.util.readAll(stream)).toString('utf8');
}

export interface DemoOptions { outDir: string; seed: number }

/** Starts a phone, reaches it through the adb server protocol with adbkit and walks the Shop app. */
export async function runDemo(options: DemoOptions): Promise<number> {
  const sim = await startSim({ serverPort: 0, seed: options.seed });
  const say = (line: string) => console.log(line);
  try {
    say(`Virtual phone ${sim.serial}: device port 127.0.0.1:${sim.port}, adb server protocol on 127.0.0.1:${sim.serverPort}`);
    const client = Adb.createClient({ host: '127.0.0.1', port: sim.serverPort });
    const devices = await client.listDevices();
    say(`adbkit lists: ${devices.map((d: { id: string; type: string }) => `${d.id} (${d.type})`).join(', ')}`);
    const device = client.getDevice(devices[0].id);
    const props = await device.getProperties();
    say(`Model: ${props['ro.product.model']}, Android ${props['ro.build.version.release']} (SDK ${props['ro.build.version.sdk']})`);
    say(`$ wm size → ${(await run(device, 'wm size')).trim()}`);
    await mkdir(options.outDir, { recursive: true });

    let step = 0;
    const look = async (title: string): Promise<DumpNode[]> => {
      const xml = await run(device, 'uiautomator dump /dev/tty');
      const nodes = parseDump(xml);
      const keyboard = nodes.some((n) => n.pkg === KEYBOARD_PACKAGE);
      const shown = nodes.filter((n) => n.pkg !== KEYBOARD_PACKAGE && (n.text || n.desc || n.clickable));
      const focus = /mCurrentFocus=Window\{\S+ \S+ ([^}]+)\}/.exec(await run(device, 'dumpsys window'))?.[1] ?? 'unknown';
      const png = await Adb.util.readAll(await device.screencap());
      const file = path.join(options.outDir, `${String(++step).padStart(2, '0')}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`);
      await writeFile(file, png);
      say(`\n== ${title}: ${focus}, ${nodes.length} nodes in the dump, ${shown.length} worth showing${keyboard ? ' (soft keyboard up, its keys left out)' : ''}; screenshot ${file} (${png.length} bytes)`);
      for (const node of shown.slice(0, 14)) say(`   ${describe(node)}`);
      if (shown.length > 14) say(`   … and ${shown.length - 14} more`);
      return nodes;
    };
    const tap = async (nodes: DumpNode[], label: string) => {
      const node = nodes.find((n) => n.text === label || n.desc === label || n.id === label);
      if (!node) throw new Error(`The demo expected "${label}" on screen but the dump has no such node.`);
      say(`$ input tap ${node.cx} ${node.cy}   # ${label}`);
      await run(device, `input tap ${node.cx} ${node.cy}`);
    };

    say(`$ am start -W -n com.example.shop/.MainActivity\n${(await run(device, 'am start -W -n com.example.shop/.MainActivity')).trim().replace(/^/gm, '  ')}`);
    let nodes = await look('Permission dialog');
    if (nodes.some((n) => n.text === 'Allow')) {
      await tap(nodes, 'Allow');
      nodes = await look('Login');
    }
    await tap(nodes, 'email');
    await run(device, "input text 'alice@example.com'");
    say("$ input text 'alice@example.com'");
    await tap(nodes, 'password');
    await run(device, "input text 'pass123'");
    say("$ input text '•••••••'   # the password is not printed, and the dump shows dots");
    nodes = await look('Login filled in');
    await tap(nodes, 'Log in');
    nodes = await look('After login');
    const promo = nodes.find((n) => n.id === 'promo_close');
    if (promo) {
      await tap(nodes, 'promo_close');
      nodes = await look('Home');
    }
    const log = (await run(device, 'logcat -d -v brief ActivityTaskManager:I *:S')).trim().split('\n').slice(-4);
    say(`\n$ logcat -d (last lines from ActivityTaskManager)\n${log.map((l) => `  ${l}`).join('\n')}`);
    say(`\nDone: ${step} screens seen through adb; screenshots in ${options.outDir}/`);
    return 0;
  } finally {
    await sim.stop();
  }
}
