// boot, shutdown, bootstatus and erase: the simulator's life cycle.
import type { Command, CommandContext } from './command.js';
import { simError, wrongState } from './sim-error.js';

const boot: Command = ({ sim }) => {
  if (sim.state !== 'Shutdown') return wrongState('boot device', sim.state);
  sim.boot();
  return 0;
};

const shutdown: Command = ({ sim }) => {
  if (sim.state === 'Shutdown') return wrongState('shutdown device', 'Shutdown');
  sim.shutdown();
  return 0;
};

const erase: Command = ({ sim }) => {
  if (sim.state !== 'Shutdown') return wrongState('erase contents and settings', sim.state);
  sim.erase();
  return 0;
};

/** `bootstatus UDID [-b]`: waits until the simulator has booted (booting it first with -b), printing progress. */
const bootstatus: Command = async (ctx) => {
  const { sim, io } = ctx;
  io.out(`Monitoring boot status for ${sim.name} (${sim.udid}).\n`);
  if (sim.state === 'Booted') {
    io.out('Device already booted, nothing to wait for.\n');
    return 0;
  }
  if (ctx.args.includes('-b') && sim.state === 'Shutdown') {
    sim.boot();
    io.out('Device was booted.\n');
  }
  io.out('Waiting on System App\n');
  const finished = await waitForBoot(ctx);
  if (finished === 'aborted') return 130;
  if (finished !== 'Booted') {
    return simError({ domain: 'com.apple.CoreSimulator.SimError', code: 405, lines: [`Unable to boot device in current state: ${finished}`] });
  }
  io.out('Finished boot: Booted\n');
  return 0;
};

/** Resolves with 'Booted', the state that ended the wait ('Shutdown'), or 'aborted' when the CLI went away. */
function waitForBoot(ctx: CommandContext): Promise<string> {
  return new Promise((resolve) => {
    const finish = (outcome: string) => {
      stop();
      ctx.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => finish('aborted');
    const stop = ctx.sim.onStateChange((state) => {
      if (state === 'Booted' || state === 'Shutdown') finish(state);
    });
    ctx.signal.addEventListener('abort', onAbort);
    if (ctx.sim.state === 'Booted') finish('Booted');
  });
}

export const LIFECYCLE_COMMANDS: Record<string, Command> = { boot, shutdown, erase, bootstatus };
