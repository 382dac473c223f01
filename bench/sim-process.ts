// A virtual phone in a process of its own, as a real device would be: the benchmark's clock then
// counts only the harness's own work between device calls. Prints its ports, stops on stdin's end.
// Arguments: the seed, then the timing ('fast' by default, or 'real'). A `served` line on stdin
// answers with one JSON line: the ADB services the phone served since the last such line.
import { createInterface } from 'node:readline';
import { startSim } from '../src/sim/index.js';

const sim = await startSim({ serverPort: 0, seed: Number(process.argv[2] ?? 1), timing: process.argv[3] === 'real' ? 'real' : 'fast' });
process.stdout.write(`${JSON.stringify({ serverPort: sim.serverPort, port: sim.port, serial: sim.serial })}\n`);
const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (line.trim() === 'served') process.stdout.write(`${JSON.stringify({ served: sim.served.take() })}\n`);
});
input.on('close', () => {
  void sim.stop().then(() => process.exit(0));
});
