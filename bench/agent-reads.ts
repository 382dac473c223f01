// The agent's read budget at both of the virtual phone's timings: for the same goals as `bench agent`
// (a first run with a scripted model, its cached re-run, an offline-rules goal), the hierarchy reads
// per primitive run (the primitives' own and the agent's between them), device seconds and wall time per
// primitive, and the wall time against its floor (per primitive one read and its own commands, plus the
// model's time).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AndroidDriver } from '../runner/index.js';
import { SHOP_JOURNEY, shopPlanner } from '../src/agent/testing/shop-model.js';
import type { TimingMode } from '../src/sim/index.js';
import { IN_CART, OFFLINE, SIGNED_IN, freshShop, measure, type Bench } from './agent-measure.js';
import { startPhoneProcess } from './phone-process.js';

/** A real phone's pace makes a step minutes long: the step's own deadline is lifted for the measure. */
const REAL_STEP_TIMEOUT_MS = 20 * 60_000;
const READS_PER_PRIMITIVE_TARGET = 1.5;

export async function agentReadBudget(): Promise<void> {
  console.log("\nAgent read budget (one run of each at each timing; real = a mid-range Android 14 phone's pace):");
  console.log(
    `${'run'.padEnd(26)} ${'timing'.padEnd(7)} ${'primitives'.padStart(10)} ${'reads'.padStart(6)} ${'reads/primitive'.padStart(16)} ${'device s/primitive'.padStart(19)} ${'wall s'.padStart(8)} ${'wall s/primitive'.padStart(17)} ${'wall ÷ floor'.padStart(13)}`,
  );
  for (const timing of ['fast', 'real'] as const) await measureAt(timing);
  console.log(`target: reads per primitive run <= ${READS_PER_PRIMITIVE_TARGET} on the offline rules and the cached replay`);
}

async function measureAt(timing: TimingMode): Promise<void> {
  const phone = await startPhoneProcess(1, timing);
  const bench: Bench = {
    dir: await mkdtemp(join(tmpdir(), 'mobiletest-bench-reads-')),
    driver: await AndroidDriver.connect({ port: phone.serverPort }),
    logs: [],
  };
  try {
    const file = join(bench.dir, '__mobiletest__', 'spec.test.ts.cache.json');
    const decide = shopPlanner();
    const runs = [
      { name: 'first run (scripted model)', goal: SHOP_JOURNEY, options: { decide, cache: { file, mode: 'read-write' as const } }, done: IN_CART },
      { name: 'cached re-run', goal: SHOP_JOURNEY, options: { decide, cache: { file, mode: 'read-only' as const } }, done: IN_CART },
      { name: 'offline rules (log in)', goal: OFFLINE, options: {}, done: SIGNED_IN },
    ];
    for (const run of runs) {
      const exec = await freshShop(bench, `${timing}-${run.name.split(' ')[0]}`);
      const f = await measure(exec, { goal: run.goal, options: run.options, done: run.done, timeoutMs: REAL_STEP_TIMEOUT_MS });
      const steps = Math.max(1, f.steps);
      console.log(
        `${run.name.padEnd(26)} ${timing.padEnd(7)} ${String(f.steps).padStart(10)} ${String(f.reads).padStart(6)} ${(f.reads / steps).toFixed(2).padStart(16)} ${(f.deviceMs / steps / 1000).toFixed(2).padStart(19)} ${(f.wallMs / 1000).toFixed(1).padStart(8)} ${(f.wallMs / steps / 1000).toFixed(2).padStart(17)} ${`${(f.wallMs / f.floorMs).toFixed(2)}x`.padStart(13)}`,
      );
    }
  } finally {
    await Promise.all(bench.logs.map((log) => log.close()));
    await bench.driver.close();
    await phone.stop();
    await rm(bench.dir, { recursive: true, force: true });
  }
}
