import adbkit from '@devicefarmer/adbkit';
import { PrivateAdbServer, adbMissingReason, startSim } from '../src/sim/index.js';
import { row, sample } from './stats.js';
import { benchSimTiming } from './sim-timing.js';

// adbkit is CommonJS: its named exports hang off the default export under ESM.
const { Adb } = adbkit;

/** The virtual phone through the real adb server on loopback: dump, screencap and tap latency. */
export async function benchSim(): Promise<void> {
  const missing = adbMissingReason();
  if (missing) {
    console.error(`bench sim needs the real adb binary: ${missing}`);
    process.exitCode = 1;
    return;
  }
  const sim = await startSim({ apps: ['settings', 'shop', 'notes'] });
  const adb = await PrivateAdbServer.start().catch(async (error: unknown) => {
    await sim.stop();
    throw error;
  });
  try {
    const serial = await adb.connect(sim);
    const client = Adb.createClient({ host: '127.0.0.1', port: adb.port });
    const device = client.getDevice(serial);
    const shell = async (cmd: string) => Adb.util.readAll(await device.shell(cmd));
    // adbkit has no exec-out; speak the `exec:` service on its transport as `adb exec-out` does.
    const execOut = async (cmd: string) => {
      const connection = await device.transport();
      const request = Buffer.from(`exec:${cmd}`);
      connection.write(Buffer.concat([Buffer.from(request.length.toString(16).padStart(4, '0')), request]));
      const reply = await connection.parser.readAscii(4);
      if (reply !== 'OKAY') throw new Error(`exec:${cmd} was refused: ${reply}`);
      return connection.parser.readAll();
    };
    await shell('am start -W -n com.android.settings/.Settings');

    console.log(
      `\nThrough the real adb server (adb ${(await adb.ok(['version'])).text.split('\n')[0].replace(/^.*version /, '')}), adbkit client, 1080x2400 phone:`,
    );
    const dump = await sample(30, () => execOut('uiautomator dump /dev/tty'));
    console.log(row('uiautomator dump /dev/tty (exec-out)', dump, 30));
    const shot = await sample(20, () => execOut('screencap -p'));
    console.log(row('screencap -p (exec-out), unchanged screen', shot, 100));
    // Scroll the Notes list a little before each capture so every frame is new (no render cache hit).
    await shell('am start -W -n com.example.notes/.MainActivity');
    const fresh: number[] = [];
    for (let i = 0; i < 20; i++) {
      await shell('input swipe 540 1600 540 1563 100');
      const start = performance.now();
      await execOut('screencap -p');
      fresh.push(performance.now() - start);
    }
    console.log(
      row(
        'screencap -p (exec-out), new frame each time',
        fresh.sort((a, b) => a - b),
        100,
      ),
    );
    await shell('am start -W -n com.android.settings/.Settings');

    const wifiCentre = async (): Promise<[number, number, string]> => {
      const xml = (await execOut('uiautomator dump /dev/tty')).toString('utf8');
      const node = [...xml.matchAll(/<node [^>]*>/g)].map((m) => m[0]).find((n) => /text="Network &amp; internet"/.test(n));
      const b = node && /bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(node);
      if (!b) throw new Error('bench: "Network & internet" not found in the Settings dump');
      return [(+b[1] + +b[3]) >> 1, (+b[2] + +b[4]) >> 1, xml];
    };
    const tapRoundTrip: number[] = [];
    const tapToDump: number[] = [];
    for (let i = 0; i < 15; i++) {
      const [x, y, before] = await wifiCentre();
      const start = performance.now();
      await shell(`input tap ${x} ${y}`);
      tapRoundTrip.push(performance.now() - start);
      const after = (await execOut('uiautomator dump /dev/tty')).toString('utf8');
      tapToDump.push(performance.now() - start);
      if (after === before) throw new Error('bench: the tap did not change the screen');
      await shell('input keyevent KEYCODE_BACK');
    }
    console.log(
      row(
        'input tap that changes the screen',
        tapRoundTrip.sort((a, b) => a - b),
        20,
      ),
    );
    console.log(
      row(
        'input tap + next dump showing the change',
        tapToDump.sort((a, b) => a - b),
      ),
    );

    const cli = await sample(10, () => adb.ok(['-s', serial, 'exec-out', 'uiautomator', 'dump', '/dev/tty']));
    console.log(row('adb exec-out uiautomator dump (CLI process)', cli));
  } finally {
    await adb.stop();
    await sim.stop();
  }
  await benchSimTiming();
}
