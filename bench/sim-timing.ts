// The virtual phone at both timings, through the real adb server and adbkit: each command's median
// wall time as a client sees it, beside the published figure of a real device and the deviation.
import adbkit from '@devicefarmer/adbkit';
import { PrivateAdbServer, startSim, type TimingMode } from '../src/sim/index.js';
import { quantile, sample } from './stats.js';

const { Adb } = adbkit;

/** One command a client sends, and what a real device was published to take for it. */
interface TimedCommand {
  command: string;
  /** exec-out (binary output) rather than shell. */
  exec?: boolean;
  /** Published median, ms, and where it comes from; undefined when no published figure was found. */
  published?: { ms: number; source: string };
  /** Samples at real timing (each costs its own wall time). */
  n: number;
}

const COMMANDS: TimedCommand[] = [
  { command: 'true', n: 15, published: { ms: 27.65, source: 'handsets.dev/benchmark, adb shell true p50' } },
  { command: 'getprop ro.build.version.sdk', n: 15, published: { ms: 31.38, source: 'handsets.dev/benchmark p50' } },
  { command: 'wm size', n: 15, published: { ms: 45.81, source: 'handsets.dev/benchmark p50' } },
  { command: 'dumpsys window', n: 15, published: { ms: 71.28, source: 'handsets.dev/benchmark p50' } },
  { command: 'settings get global animator_duration_scale', n: 15 },
  { command: 'uiautomator dump /dev/tty', exec: true, n: 7, published: { ms: 2150, source: 'mobile-next/mobilecli#286, 2.1-2.2 s' } },
  { command: 'screencap -p', exec: true, n: 7, published: { ms: 2106, source: 'handsets.dev/benchmark, exec-out screencap -p p50' } },
  { command: 'input tap 540 1200', n: 9, published: { ms: 226, source: 'mobile-next/mobilecli#412, real hardware' } },
  { command: 'input text hello', n: 9 },
  {
    command: 'am start -W -S -n com.android.settings/.Settings',
    n: 7,
    published: { ms: 520, source: 'techempower-org/candela#618 WaitTime 278 (Z Flip3) .. 973 (Tab A7 Lite), geometric mean' },
  },
  { command: 'pm list packages', n: 9 },
  { command: 'pm clear com.example.notes', n: 7 }, // appium/appium-adb#355: ~350 ms beyond an old pm's VM (docs)
  { command: 'logcat -d', n: 9 },
];

/** Median ms of every command on a phone at this timing. */
async function measure(timing: TimingMode): Promise<Map<string, number>> {
  const sim = await startSim({ apps: ['settings', 'shop', 'notes'], timing, seed: 1 });
  const adb = await PrivateAdbServer.start().catch(async (error: unknown) => {
    await sim.stop();
    throw error;
  });
  try {
    const serial = await adb.connect(sim);
    const device = Adb.createClient({ host: '127.0.0.1', port: adb.port }).getDevice(serial);
    const shell = async (cmd: string) => Adb.util.readAll(await device.shell(cmd));
    // adbkit has no exec-out; speak the `exec:` service on its transport as `adb exec-out` does.
    const execOut = async (cmd: string) => {
      const connection = await device.transport();
      const request = Buffer.from(`exec:${cmd}`);
      connection.write(Buffer.concat([Buffer.from(request.length.toString(16).padStart(4, '0')), request]));
      if ((await connection.parser.readAscii(4)) !== 'OKAY') throw new Error(`exec:${cmd} was refused`);
      return connection.parser.readAll();
    };
    await shell('am start -W -n com.android.settings/.Settings');
    const medians = new Map<string, number>();
    for (const { command, exec, n } of COMMANDS) {
      const times = await sample(n, () => (exec ? execOut(command) : shell(command)), 1);
      medians.set(command, quantile(times, 0.5));
    }
    return medians;
  } finally {
    await adb.stop();
    await sim.stop();
  }
}

/** Prints, per command, the fast and real medians, the published figure and real timing's deviation from it. */
export async function benchSimTiming(): Promise<void> {
  const fast = await measure('fast');
  const real = await measure('real');
  console.log('\nTiming model: median wall time per command through the real adb server (adbkit), 1080x2400 phone:');
  console.log(`${'command'.padEnd(50)} ${'fast'.padStart(9)} ${'real'.padStart(9)} ${'published'.padStart(10)} ${'real vs published'.padStart(18)}  source`);
  let within = 0;
  let compared = 0;
  for (const { command, published } of COMMANDS) {
    const r = real.get(command) ?? NaN;
    const deviation = published ? ((r - published.ms) / published.ms) * 100 : undefined;
    if (deviation !== undefined) {
      compared++;
      if (Math.abs(deviation) <= 25) within++;
    }
    console.log(
      [
        command.padEnd(50),
        `${(fast.get(command) ?? NaN).toFixed(1)} ms`.padStart(9),
        `${r.toFixed(0)} ms`.padStart(9),
        (published ? `${published.ms} ms` : '—').padStart(10),
        (deviation === undefined ? '—' : `${deviation >= 0 ? '+' : ''}${deviation.toFixed(0)}%`).padStart(18),
        ` ${published?.source ?? 'no published figure (modelled estimate)'}`,
      ].join(' '),
    );
  }
  console.log(`real timing within ±25% of the published figure: ${within} of ${compared} commands`);
}
