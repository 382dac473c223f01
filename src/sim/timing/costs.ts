// What each command costs on a mid-range Android 14 phone at real timing, in milliseconds of median
// wall time, before jitter. Every figure names where it comes from; docs/virtual-phone.md ("Timing")
// lists them with the published figures they reproduce.

/** One command's modelled cost: the median in ms and how widely runs spread around it (log-normal sigma). */
export interface Cost {
  ms: number;
  spread: number;
}

/** What a cost can depend on, read from the phone when the command starts. */
export interface PhoneFacts {
  /** Nodes a uiautomator dump of the current screen holds. */
  nodes(): number;
  /** Pixels of the current frame. */
  pixels(): number;
  /** Lines `logcat -d` would print (all buffers). */
  logLines(): number;
  /** Installed packages. */
  packages(): number;
  /** Whether the package has a running process. */
  running(pkg: string): boolean;
}

// adbd forks sh for each `shell:` service and answers over USB. handsets.dev/benchmark (2026-05-24):
// `adb shell true` p50 27.65 ms, counting the adb CLI's own start.
export const SHELL_START_MS = 25;
// A native toybox or small system binary (getprop, cat, ls): handsets.dev/benchmark `adb shell getprop
// ro.build.version.sdk` p50 31.38 ms less `adb shell true` 27.65 ms.
export const NATIVE_MS = 4;
// A `cmd SERVICE` call through binder (wm, settings, am and pm are `cmd` wrappers on Android 14):
// handsets.dev/benchmark `adb shell wm size` p50 45.81 ms less `adb shell true`.
export const BINDER_CMD_MS = 18;
// `dumpsys window`: handsets.dev/benchmark p50 71.28 ms less `adb shell true`.
export const DUMPSYS_MS = 44;
// app_process starting a Java VM: "about 800ms" (rom1v, Genymobile/scrcpy#112).
export const APP_PROCESS_MS = 800;
// UiAutomation connect, the hierarchy's file write and disconnect: what is left of a stock dump's
// 2.1-2.2 s (mobile-next/mobilecli#286, 18-89 nodes) after the shell, the VM and the idle wait.
export const UIAUTOMATOR_CONNECT_MS = 230;
// Walking and serialising one node: the same table's 18 → 89 nodes cost at most +0.1 s (~1.4 ms a node).
export const DUMP_NODE_MS = 1.4;
// UiAutomation.waitForIdle(1000, 1000 * 10) in DumpCommand.java (aosp-mirror/platform_frameworks_base,
// cmds/uiautomator/.../DumpCommand.java). waitForIdle counts the idle time from its own start when no
// event came yet, so even a still screen costs the full idle timeout.
export const IDLE_TIMEOUT_MS = 1000;
export const IDLE_GLOBAL_TIMEOUT_MS = 10_000;
// `input` injecting one event: a tap costs 226 ms on real hardware as a client sees it (mobile-next/mobilecli#412),
// less the shell's start.
export const INPUT_MS = 200;
// `input text` sends a key down and up per character, each waiting for the app (AOSP InputShellCommand,
// INJECT_INPUT_EVENT_MODE_WAIT_FOR_FINISH); no published per-character figure: an estimate.
export const INPUT_CHAR_MS = 6;
// SurfaceFlinger's capture: "screencap takes 250ms or so to capture" (skorokithakis, Genymobile/scrcpy#112).
export const SCREENCAP_CAPTURE_MS = 250;
// PNG encoding by Skia on the phone's CPU: about 2 s for a 1080p-class screen (Genymobile/scrcpy#469,
// scrcpy#112, mzlogin/awesome-adb#54), so ~680 ms per megapixel beyond the capture.
export const PNG_MS_PER_MEGAPIXEL = 680;
// Native adb over USB 2.0 moves 38 MB/s (yume-chan/ya-webadb#510, Mi 11, Android 13).
export const USB_MS_PER_MB = 1000 / 38;
// Cold start of a small app as `am start -W` waits for it, and a hot one (process alive): WaitTime
// 278 ms on a Galaxy Z Flip3 and 973 ms on a Galaxy Tab A7 Lite (techempower-org/candela#618), a
// mid-range phone between; the phone's own `am start -W` prints TotalTime 380..620 cold, 90..170 hot.
export const COLD_START_MS = 500;
export const HOT_START_MS = 130;
// `pm clear`: the package manager deletes the app's data and kills its process. An appium/appium-adb#355
// log (API 24, when pm still started an app_process VM) shows 1155 ms; less the VM's ~800 ms and the
// shell's start, ~350 ms are the clear itself.
export const PM_CLEAR_MS = 350;
// `pm list packages`: one binder call, then every package walked. The same log shows 1209 ms for a
// filtered list; less the VM, ~400 ms for a phone's few hundred packages: ~1 ms a package.
export const PM_PACKAGE_MS = 1;
// `logcat -d`: logd formats and sends each line; estimate per line (a full 256 KiB main buffer, ~2,500 lines, ~0.1 s).
export const LOGCAT_LINE_MS = 0.04;

const quick = (ms: number): Cost => ({ ms, spread: 0.15 });

/** The verb after `input`'s optional source and `-d DISPLAY`. */
function inputVerb(args: readonly string[]): { verb: string | undefined; rest: readonly string[] } {
  let i = 0;
  while (
    i < args.length &&
    (args[i] === '-d' || /^(touchscreen|touchpad|keyboard|mouse|dpad|gamepad|joystick|stylus|trackball|touchnavigation|rotaryencoder)$/.test(args[i]))
  ) {
    i += args[i] === '-d' ? 2 : 1;
  }
  return { verb: args[i], rest: args.slice(i + 1) };
}

function input(args: readonly string[]): Cost {
  const { verb, rest } = inputVerb(args);
  if (verb === 'text') return { ms: INPUT_MS + INPUT_CHAR_MS * (rest[0]?.length ?? 0), spread: 0.15 };
  // A swipe's gesture lasts its duration (default 300 ms in InputShellCommand).
  if (verb === 'swipe' || verb === 'draganddrop') {
    const duration = Number(rest[4] ?? 300);
    return { ms: INPUT_MS + (Number.isFinite(duration) && duration > 0 ? duration : 0), spread: 0.1 };
  }
  return { ms: INPUT_MS, spread: 0.15 };
}

function uiautomator(args: readonly string[], facts: PhoneFacts): Cost {
  if (args[0] !== 'dump') return { ms: APP_PROCESS_MS, spread: 0.1 };
  // The idle wait is paced separately (dumpIdle), as it depends on what moves on screen.
  return { ms: APP_PROCESS_MS + UIAUTOMATOR_CONNECT_MS + DUMP_NODE_MS * facts.nodes(), spread: 0.06 };
}

function screencap(args: readonly string[], facts: PhoneFacts): Cost {
  const file = args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-d');
  const png = args.includes('-p') || Boolean(file?.endsWith('.png'));
  const megapixels = facts.pixels() / 1e6;
  // What goes to stdout then crosses USB (four bytes a pixel when raw): screencap paces that as it writes,
  // after the capture, so a client has the first bytes once the frame is taken.
  if (png) return { ms: SCREENCAP_CAPTURE_MS + PNG_MS_PER_MEGAPIXEL * megapixels, spread: 0.2 };
  return { ms: SCREENCAP_CAPTURE_MS, spread: 0.1 };
}

function am(args: readonly string[], facts: PhoneFacts): Cost {
  const verb = args[0];
  if ((verb === 'start' || verb === 'start-activity') && args.includes('-W')) {
    const component = args[args.indexOf('-n') + 1];
    const pkg = args.includes('-n') ? component?.split('/')[0] : undefined;
    const cold = args.includes('-S') || (pkg !== undefined && !facts.running(pkg));
    return { ms: BINDER_CMD_MS + (cold ? COLD_START_MS : HOT_START_MS), spread: 0.15 };
  }
  return quick(BINDER_CMD_MS);
}

function pm(args: readonly string[], facts: PhoneFacts): Cost {
  if (args[0] === 'clear') return { ms: PM_CLEAR_MS, spread: 0.2 };
  if (args[0] === 'list' && args[1] === 'packages') return quick(BINDER_CMD_MS + PM_PACKAGE_MS * facts.packages());
  return quick(BINDER_CMD_MS);
}

function logcat(args: readonly string[], facts: PhoneFacts): Cost {
  // Following the log costs its start only; the lines then come as they are written.
  const dumping = args.some((a) => a === '-d' || a === '-c' || /^-[a-zA-Z]*d/.test(a));
  return quick(NATIVE_MS + (dumping ? LOGCAT_LINE_MS * facts.logLines() : 0));
}

type Rule = (args: readonly string[], facts: PhoneFacts) => Cost;

/** Commands whose cost differs from a native binary's; every other command costs NATIVE_MS. */
const RULES: Readonly<Record<string, Rule>> = {
  sh: () => quick(SHELL_START_MS),
  input,
  uiautomator,
  screencap,
  am,
  pm,
  logcat,
  cmd: () => quick(BINDER_CMD_MS),
  wm: () => quick(BINDER_CMD_MS),
  settings: () => quick(BINDER_CMD_MS),
  dumpsys: () => quick(DUMPSYS_MS),
  monkey: () => ({ ms: APP_PROCESS_MS, spread: 0.1 }),
};

/** The modelled cost of one command, before jitter. */
export function commandCost(name: string, args: readonly string[], facts: PhoneFacts): Cost {
  const rule = RULES[name];
  return rule ? rule(args, facts) : quick(NATIVE_MS);
}
