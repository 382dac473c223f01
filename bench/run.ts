// `npm run bench -- NAME`: runs one benchmark and prints its figures. Benchmarks measure; they never fail a build.
import os from 'node:os';
import { benchSim } from './sim.js';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  sim: benchSim,
  observe: async () => (await import('./observe.js')).benchObserve(),
  primitives: async () => (await import('./primitives.js')).benchPrimitives(),
  agent: async () => {
    await (await import('./agent.js')).benchAgent();
    if (!process.exitCode) await (await import('./agent-reads.js')).agentReadBudget();
  },
  requests: async () => (await import('./requests.js')).benchRequests(),
  frames: async () => (await import('./frames.js')).benchFrames(),
  trace: async () => (await import('./trace.js')).benchTrace(),
  mcp: async () => (await import('./mcp.js')).benchMcp(),
  ocr: async () => (await import('./ocr.js')).benchOcr(),
  vision: async () => (await import('./vision.js')).benchVision(),
  ios: async () => (await import('./ios.js')).benchIos(),
  stages: async () => (await import('./stages.js')).benchStages(),
};

const name = process.argv[2];
if (!name || !BENCHMARKS[name]) {
  console.error(`Usage: npm run bench -- NAME\nBenchmarks: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
);
await BENCHMARKS[name]();
