import { adbKeyboardBroadcast } from './input-methods.js';
import type { AppLaunch } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand } from './framework.js';
import { fullActivity, shortComponent, steadyMs } from './names.js';

interface StartOptions {
  wait: boolean;
  stopFirst: boolean;
  component?: string;
  action?: string;
  data?: string;
  categories: string[];
  pkg?: string;
  flags?: string;
  extras: Record<string, string>;
}

function parseStart(args: string[]): StartOptions {
  const options: StartOptions = { wait: false, stopFirst: false, categories: [], extras: {} };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    switch (arg) {
      case '-W':
        options.wait = true;
        break;
      case '-S':
        options.stopFirst = true;
        break;
      case '-n':
        options.component = args[++i];
        break;
      case '-a':
        options.action = args[++i];
        break;
      case '-d':
        options.data = args[++i];
        break;
      case '-c':
        options.categories.push(args[++i] ?? '');
        break;
      case '-f':
        options.flags = args[++i];
        break;
      case '--user':
      case '-p':
      case '-t':
      case '--display':
      case '--windowingMode':
      case '--activityType':
      case '-P':
      case '--start-profiler':
        i++;
        break;
      case '-e':
      case '--es':
        options.extras[args[i + 1] ?? ''] = args[i + 2] ?? '';
        i += 2;
        break;
      case '--ez':
      case '--ei':
      case '--el':
      case '--ef':
      case '--eu':
      case '--ecn':
      case '--esa':
      case '--eia':
        i += 2;
        break;
      default:
        if (arg.startsWith('-')) break;
        if (arg.includes('://') || arg.includes(':')) options.data ??= arg;
        else options.pkg = arg;
    }
  }
  return options;
}

/** Uri.toSafeString: scheme and host stay, the rest of a link is hidden as on a device. */
function safeUri(uri: string): string {
  const match = /^([a-zA-Z][\w+.-]*):\/\/([^/?#]*)(.*)$/.exec(uri);
  if (!match) return uri;
  return `${match[1]}://${match[2]}${match[3] ? '/...' : ''}`;
}

function describeIntent(o: StartOptions, cmp?: string): string {
  const parts: string[] = [];
  if (o.action) parts.push(`act=${o.action}`);
  if (o.categories.length > 0) parts.push(`cat=[${o.categories.join(',')}]`);
  if (o.data) parts.push(`dat=${safeUri(o.data)}`);
  if (o.flags) parts.push(`flg=${o.flags}`);
  if (cmp) parts.push(`cmp=${cmp}`);
  else if (o.pkg) parts.push(`pkg=${o.pkg}`);
  return `Intent { ${parts.join(' ')} }`;
}

function start(ctx: CommandContext, args: string[]): number {
  const o = parseStart(args);
  const ui = ctx.phone.ui;
  let pkg: string | undefined;
  let launch: AppLaunch = {};
  let cmp: string | undefined;
  if (o.component) {
    const slash = o.component.indexOf('/');
    if (slash <= 0) {
      ctx.stderr(`Error: Bad component name: ${o.component}\n`);
      return 255;
    }
    pkg = o.component.slice(0, slash);
    const activity = o.component.slice(slash + 1);
    launch = { activity: activity.startsWith(`${pkg}.`) ? activity.slice(pkg.length) : activity };
    if (o.data) launch.uri = o.data;
    if (Object.keys(o.extras).length > 0) launch.extras = o.extras;
    cmp = shortComponent(pkg, activity);
  } else if (o.pkg && !o.data) {
    pkg = o.pkg;
  }
  ctx.stdout(`Starting: ${describeIntent(o, cmp)}\n`);
  if (o.stopFirst && pkg) ui.forceStop(pkg);
  const before = ui.foreground();
  const wasRunning = pkg !== undefined && ui.processes().some((p) => p.package === pkg);
  const result =
    pkg !== undefined
      ? ui.launch(pkg, launch)
      : o.data
        ? ui.openUri(o.data)
        : { ok: false, error: `Error: Activity not started, unable to resolve ${describeIntent(o)}` };
  if (!result.ok) {
    const error = result.error ?? `Error: Activity not started, unable to resolve ${describeIntent(o)}`;
    if (/does not exist/.test(error) && pkg !== undefined && launch.activity !== undefined) {
      // ComponentName.toShortString: the class name in full.
      ctx.stderr(`Error type 3\nError: Activity class {${pkg}/${fullActivity(pkg, launch.activity)}} does not exist.\n`);
    } else ctx.stderr(`${error}\n`);
    return 255;
  }
  const after = ui.foreground();
  const alreadyTop = before.package === after.package && before.activity === after.activity && wasRunning;
  if (alreadyTop) ctx.stdout('Warning: Activity not started, intent has been delivered to currently running top-most instance.\n');
  if (!o.wait) return 0;
  // The launched activity, even when a permission dialog of another package is on top of it.
  const component = cmp ?? shortComponent(after.package, after.activity);
  const state = alreadyTop ? 'UNKNOWN (0)' : wasRunning ? 'HOT' : 'COLD';
  const total = steadyMs(`${component}:${state}`, state === 'COLD' ? 380 : 90, state === 'COLD' ? 240 : 80);
  ctx.stdout(`Status: ok\nLaunchState: ${state}\nActivity: ${component}\n`);
  if (!alreadyTop) ctx.stdout(`TotalTime: ${total}\n`);
  ctx.stdout(`WaitTime: ${alreadyTop ? 4 : total + 3}\nComplete\n`);
  return 0;
}

const AM_USAGE =
  'Activity manager (activity) commands:\n  help\n      Print this help text.\n  start-activity [-D] [-N] [-W] [-P <FILE>] [--start-profiler <FILE>]\n  start [-W] [-S] -n <COMPONENT>\n  force-stop [--user <USER_ID> | all | current] <PACKAGE>\n  kill [--user <USER_ID> | all | current] <PACKAGE>\n  broadcast [--user <USER_ID> | all | current] <INTENT>\n  get-current-user\n';

function am(ctx: CommandContext): number {
  const [verb, ...rest] = ctx.args;
  const operands = rest.filter((a, i) => !a.startsWith('-') && rest[i - 1] !== '--user');
  switch (verb) {
    case 'start':
    case 'start-activity':
      return start(ctx, rest);
    case 'force-stop':
    case 'kill':
    case 'stop-app':
      if (operands[0]) ctx.phone.ui.forceStop(operands[0]);
      return 0;
    case 'kill-all':
      return 0;
    case 'broadcast': {
      const o = parseStart(rest);
      adbKeyboardBroadcast(ctx.phone, rest);
      ctx.stdout(`Broadcasting: ${describeIntent({ ...o, flags: o.flags ?? '0x400000' })}\nBroadcast completed: result=0\n`);
      return 0;
    }
    case 'get-current-user':
      ctx.stdout('0\n');
      return 0;
    case 'stack':
    case 'task': {
      const fg = ctx.phone.ui.foreground();
      ctx.stdout(
        `RootTask id=1 bounds=[0,0][${ctx.phone.ui.size.width},${ctx.phone.ui.size.height}] displayId=0 userId=0\n  taskId=1: ${shortComponent(fg.package, fg.activity)} bounds=[0,0][${ctx.phone.ui.size.width},${ctx.phone.ui.size.height}] userId=0 visible=true topActivity=ComponentInfo{${fg.package}/${fullActivity(fg.package, fg.activity)}}\n`,
      );
      return 0;
    }
    default:
      // handleDefaultCommands: the help for no verb, `Unknown command` on stdout for a wrong one; both exit 255.
      return defaultCommand(ctx, verb, { help: AM_USAGE });
  }
}

/** `monkey -p PKG -c android.intent.category.LAUNCHER 1`: the usual way tools launch an app by package. */
function monkey(ctx: CommandContext): number {
  for (const arg of ctx.args) ctx.stdout(`  bash arg: ${arg}\n`);
  let pkg: string | undefined;
  let events = 0;
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i];
    if (arg === '-p') pkg = ctx.args[++i];
    else if (arg === '-c' || arg === '-s' || arg === '--throttle' || arg === '--pct-touch' || arg === '--pct-syskeys') i++;
    else if (/^\d+$/.test(arg)) events = Number(arg);
  }
  ctx.stderr(`args: [${ctx.args.join(', ')}]\n${ctx.args.map((a) => ` arg: "${a}"\n`).join('')}`);
  const installed = pkg !== undefined && ctx.phone.packages.get(pkg) !== undefined;
  const result = installed && pkg !== undefined ? ctx.phone.ui.launch(pkg) : { ok: false };
  if (!result.ok) {
    ctx.stderr('** No activities found to run, monkey aborted.\n');
    return 252;
  }
  const elapsed = steadyMs(`monkey:${pkg ?? ''}`, 20, 60);
  ctx.stdout(`Events injected: ${Math.max(1, events)}\n## Network stats: elapsed time=${elapsed}ms (0ms mobile, 0ms wifi, ${elapsed}ms not connected)\n`);
  return 0;
}

export const activityCommands: CommandTable = { am, monkey };
