// `npm run bench -- frames`: what the trace's screenshots cost on a scripted Shop flow — bytes of
// frames and of events per action, and the wall time per action with frames on against off.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AndroidDriver, DeviceObserver, EventLog, FrameRecorder, createExecutor, meteredDriver, type ActionResult } from '../runner/index.js';
import { startPhoneProcess } from './phone-process.js';
import { SHOP_FLOW as FLOW } from './shop-flow.js';
import { quantile } from './stats.js';

const SHOP = 'com.example.shop';
const ROUNDS = 4;

interface Round {
  perAction: number[];
  deviceMs: number;
  /** The whole flow, including waiting for the last frames to be written. */
  wallMs: number;
  frameBytes: number;
  frames: number;
  eventBytes: number;
}

export async function benchFrames(): Promise<void> {
  const sim = await startPhoneProcess();
  const driver = await AndroidDriver.connect({ port: sim.serverPort });
  const observer = new DeviceObserver(meteredDriver(driver), { screenshots: false });
  const dirs: string[] = [];
  try {
    const runRound = async (withFrames: boolean): Promise<Round> => {
      const dir = await mkdtemp(join(tmpdir(), 'mobiletest-bench-frames-'));
      dirs.push(dir);
      const log = await EventLog.open(join(dir, 'events.jsonl'), { testId: 'bench' });
      const frames = withFrames ? new FrameRecorder(log) : undefined;
      const runner = createExecutor({ driver, observer, log, app: SHOP, frames });
      const perAction: number[] = [];
      let deviceMs = 0;
      const start = performance.now();
      for (const call of FLOW) {
        const result: ActionResult = await runner.run(call);
        if (result.verdict !== 'OK') throw new Error(`bench: ${call.name} answered ${result.verdict}: ${result.failure?.message}`);
        perAction.push(result.timings.total_ms);
        deviceMs += result.timings.device_ms;
      }
      await frames?.flush();
      const wallMs = performance.now() - start;
      await log.close();
      const files = await readdir(dir);
      const size = async (f: string) => (await stat(join(dir, f))).size;
      const frameFiles = files.filter((f) => f.startsWith('frame-'));
      const frameBytes = (await Promise.all(frameFiles.map(size))).reduce((a, b) => a + b, 0);
      return { perAction, deviceMs, wallMs, frameBytes, frames: frameFiles.length, eventBytes: await size('events.jsonl') };
    };

    await runRound(false);
    await runRound(true);
    const off: Round[] = [];
    const on: Round[] = [];
    // Alternated, so a slow spell of the machine weighs on both sides alike.
    for (let i = 0; i < ROUNDS; i++) {
      off.push(await runRound(false));
      on.push(await runRound(true));
    }

    const steps = FLOW.length;
    const medianOf = (xs: number[]) =>
      quantile(
        [...xs].sort((a, b) => a - b),
        0.5,
      );
    const wall = (rounds: Round[]) => medianOf(rounds.map((r) => r.wallMs));
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const last = on[on.length - 1];
    console.log(`\nScripted Shop flow, ${steps} actions, phone in its own process; median of ${ROUNDS} rounds each, alternated:`);
    console.log(
      `frames stored: ${last.frames} distinct of ${steps} actions, ${kb(last.frameBytes)} in all, ${kb(last.frameBytes / steps)} per action, ${kb(last.frameBytes / last.frames)} per frame (WebP q70, 540 px wide)`,
    );
    console.log(
      `events.jsonl: ${kb(last.eventBytes)}, ${kb(last.eventBytes / steps)} per action; trace total ${kb((last.eventBytes + last.frameBytes) / steps)} per action`,
    );
    console.log(
      `wall time of the flow: frames off ${(wall(off) / 1000).toFixed(2)} s, on ${(wall(on) / 1000).toFixed(2)} s: +${((wall(on) - wall(off)) / steps).toFixed(1)} ms per action (${((100 * (wall(on) - wall(off))) / wall(off)).toFixed(0)}%)`,
    );
    const device = (rounds: Round[]) => medianOf(rounds.map((r) => r.deviceMs));
    console.log(`of which in device calls (the screenshots): +${((device(on) - device(off)) / steps).toFixed(1)} ms per action`);
    const perStep = FLOW.map((call, i) => ({ name: call.name, added: medianOf(on.map((r) => r.perAction[i])) - medianOf(off.map((r) => r.perAction[i])) }));
    const worst = [...perStep].sort((a, b) => b.added - a.added).slice(0, 3);
    console.log(`largest added time: ${worst.map((s) => `${s.name} +${s.added.toFixed(0)} ms`).join(', ')}`);
  } finally {
    await driver.close();
    await sim.stop();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  }
}
