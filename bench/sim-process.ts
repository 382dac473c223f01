// A virtual phone in a process of its own, as a real device would be: the benchmark's clock then
// counts only the harness's own work between device calls. Prints its adb server port, stops on stdin's end.
// Arguments: the seed, then the timing ('fast' by default, or 'real').
import { startSim } from '../src/sim/index.js';

const sim = await startSim({ serverPort: 0, seed: Number(process.argv[2] ?? 1), timing: process.argv[3] === 'real' ? 'real' : 'fast' });
process.stdout.write(`${JSON.stringify({ serverPort: sim.serverPort, serial: sim.serial })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void sim.stop().then(() => process.exit(0));
});
