// The peer figure beside the read budget: the same flow done through @mobilenext/mobile-mcp as an MCP
// client agent does it (bench/peer-flow.ts), on the same virtual phone (same seed) at the same timings.
// The phone counts every ADB service the peer caused (Sim.served): hierarchy reads (`uiautomator
// dump`), screenshots and other commands, with their time on the phone. The floor is the read
// budget's: per action, one hierarchy read (at this run's mean read time) plus the action's own
// commands (those that act: input, am, monkey, pm clear/grant/install, settings put).
import type { PrimitiveCall } from '../runner/index.js';
import type { ServedCommand, TimingMode } from '../src/sim/index.js';
import { budgetRow, type BudgetFigures } from './budget-table.js';
import { PeerAgent, PeerFlowFailed, expectedActivity } from './peer-flow.js';
import { linkPeer, peerMissingReason, startMobileMcp, type MobileMcp, type PeerLink, type Robot } from './peer-mcp.js';
import type { PhoneProcess } from './phone-process.js';

export interface PeerBudgetOptions {
  flow: PrimitiveCall[];
  app: string;
  /** Starts the virtual phone the read budget used, at this timing. */
  startPhone: (timing: TimingMode) => Promise<PhoneProcess>;
  /** mobile-mcp's robots to measure; default both. */
  robots?: Robot[];
  timings?: TimingMode[];
  /** How long the agent lists again for an element or text to appear, ms; default 30 s. */
  patienceMs?: number;
  /** What the phone served over mobiletest's own runs of the flow (countingPhone), printed as the phone counted it. */
  mobiletestServed?: Partial<Record<TimingMode, ServedCommand[]>>;
}

export interface PeerBudget extends BudgetFigures {
  robot: Robot;
  timing: TimingMode;
  actions: number;
}

/** The tools the peer flow uses, as mobile-mcp 1.0.4 names them. */
const TOOLS = [
  'mobile_list_elements_on_screen',
  'mobile_click_on_screen_at_coordinates',
  'mobile_type_keys',
  'mobile_press_button',
  'mobile_swipe_on_screen',
  'mobile_launch_app',
  'mobile_open_url',
  'mobile_get_screen_size',
];

/** How long the bench waits for an expected activity after a step (off the clock). */
const ACTIVITY_WAIT_MS = 10_000;

/** Commands that act on the phone (the floor counts them), as opposed to looking at it or setting up. */
const ACTS = /^(input|am|monkey)\s|^pm\s+(clear|grant|revoke|install|uninstall)\b|^settings\s+put\b|^content\s+(insert|update|delete)\b/;

export function isAction(command: ServedCommand): boolean {
  return command.kind === 'other' && command.command !== undefined && ACTS.test(command.command.trim());
}

/** Runs the flow through mobile-mcp for each robot and timing and prints one row each, under the read budget's table. */
export async function peerBudget(options: PeerBudgetOptions): Promise<PeerBudget[]> {
  const missing = peerMissingReason();
  if (missing) {
    console.log(`mobile-mcp rows left out: ${missing}`);
    return [];
  }
  const rows: PeerBudget[] = [];
  for (const robot of options.robots ?? ['mobilecli', 'legacy']) {
    for (const timing of options.timings ?? ['fast', 'real']) {
      const label = `mobile-mcp (${robot}) ${timing}`;
      try {
        const row = await measure(options, robot, timing);
        console.log(budgetRow(label, row));
        rows.push(row);
      } catch (error) {
        console.log(`${label.padEnd(28)} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  console.log(
    "mobile-mcp rows: each step one mobile_list_elements_on_screen (listed again only after an action, or while the screen is not there yet) and its action through mobile-mcp's tools; counts are every ADB service the phone served for it, times on the phone.",
  );
  for (const [timing, served] of Object.entries(options.mobiletestServed ?? {})) {
    const n = options.flow.length;
    const count = (kind: ServedCommand['kind']) => (served.filter((c) => c.kind === kind).length / n).toFixed(2);
    const seconds = served.reduce((sum, c) => sum + c.ms, 0) / n / 1000;
    console.log(
      `mobiletest ${timing} counted the same way (every ADB service of its whole run ÷ ${n} actions): ${count('read')} reads, ${count('screenshot')} shots, ${count('other')} other, ${seconds.toFixed(2)} device s per action`,
    );
  }
  return rows;
}

/** Starts phones whose services over their whole run go to `keep` when they stop, so another benchmark's run is counted as the peer's are. */
export function countingPhone(
  start: (timing: TimingMode) => Promise<PhoneProcess>,
  keep: (timing: TimingMode, served: ServedCommand[]) => void,
): (timing: TimingMode) => Promise<PhoneProcess> {
  return async (timing) => {
    const phone = await start(timing);
    const served: ServedCommand[] = [];
    return {
      ...phone,
      async served() {
        const taken = await phone.served();
        served.push(...taken);
        return taken;
      },
      async stop() {
        served.push(...(await phone.served()));
        keep(timing, served);
        await phone.stop();
      },
    };
  };
}

interface StepRecord {
  served: ServedCommand[];
  wallMs: number;
}

async function measure(options: PeerBudgetOptions, robot: Robot, timing: TimingMode): Promise<PeerBudget> {
  const phone = await options.startPhone(timing);
  let link: PeerLink | undefined;
  let mcp: MobileMcp | undefined;
  try {
    link = await linkPeer(phone);
    mcp = await startMobileMcp(link, robot);
    const offered = new Set(await mcp.tools());
    const absent = TOOLS.filter((tool) => !offered.has(tool));
    if (absent.length > 0) throw new PeerFlowFailed(`this mobile-mcp offers no ${absent.join(', ')}; the peer flow is written for mobile-mcp 1.0.4`);
    // Off the clock: mobile-mcp's first call finds the device, and the agent learns the screen's size.
    const size = /(\d+)x(\d+)/.exec((await mcp.call('mobile_get_screen_size')).text);
    if (!size) throw new PeerFlowFailed('mobile_get_screen_size named no WIDTHxHEIGHT');
    await phone.served();
    const agent = new PeerAgent({
      mcp,
      screen: { width: Number(size[1]), height: Number(size[2]) },
      patienceMs: options.patienceMs ?? 30_000,
      app: options.app,
    });
    const steps: StepRecord[] = [];
    for (const [index, call] of options.flow.entries()) {
      const start = performance.now();
      try {
        await agent.run(call);
      } catch (error) {
        throw new PeerFlowFailed(`step ${index + 1} (${call.name} ${JSON.stringify(call.params)}): ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      const wallMs = performance.now() - start;
      steps.push({ served: await phone.served(), wallMs });
      const activity = expectedActivity(call);
      if (activity) {
        await checkActivity(link, activity, `step ${index + 1} (${call.name})`);
        await phone.served();
      }
    }
    return { robot, timing, ...figures(steps) };
  } finally {
    await mcp?.close();
    await link?.close();
    await phone.stop();
  }
}

/** The read budget's figures from what the phone served per step. */
export function figures(steps: StepRecord[]): BudgetFigures & { actions: number } {
  const all = steps.flatMap((s) => s.served);
  const reads = all.filter((c) => c.kind === 'read');
  const readMs = reads.length ? reads.reduce((sum, c) => sum + c.ms, 0) / reads.length : 0;
  const floor = steps.reduce((sum, s) => sum + readMs + s.served.filter(isAction).reduce((own, c) => own + c.ms, 0), 0);
  const n = steps.length;
  return {
    actions: n,
    readsPerAction: reads.length / n,
    screenshotsPerAction: all.filter((c) => c.kind === 'screenshot').length / n,
    otherPerAction: all.filter((c) => c.kind === 'other').length / n,
    deviceSecondsPerAction: all.reduce((sum, c) => sum + c.ms, 0) / n / 1000,
    wallSeconds: steps.reduce((sum, s) => sum + s.wallMs, 0) / 1000,
    floorSeconds: floor / 1000,
  };
}

/** Waits until `dumpsys window` names the expected activity's window as focused; throws, naming the one that is, after a while. */
async function checkActivity(link: PeerLink, activity: string, step: string): Promise<void> {
  const name = activity.startsWith('.') ? activity : `.${activity.split('.').pop()}`;
  const deadline = performance.now() + ACTIVITY_WAIT_MS;
  for (;;) {
    const windows = await link.shell('dumpsys window');
    const focused = /mCurrentFocus=Window\{\S+ \S+ ([^}\s]+)\}/.exec(windows)?.[1] ?? '(no focused window)';
    if (focused.endsWith(name)) return;
    if (performance.now() > deadline)
      throw new PeerFlowFailed(`${step}: expected ${activity} in front, but after ${ACTIVITY_WAIT_MS} ms the focused window is ${focused}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
