// `cmd package resolve-activity` and `query-activities` (also as `pm …`): which activity an intent
// reaches, printed as Android 14's PackageManagerShellCommand prints a ResolveInfo (brief: its match
// line and the short component; in full: its ActivityInfo, whose `packageName=` lines tools grep).
import { LAUNCHER_ACTIVITY as HOME_ACTIVITY, LAUNCHER_PACKAGE as HOME_PACKAGE } from '../../ui/launcher.js';
import type { CommandContext } from '../registry.js';
import { fullActivity, shortComponent } from './names.js';

const MAIN = 'android.intent.action.MAIN';
const LAUNCHER = 'android.intent.category.LAUNCHER';
const HOME = 'android.intent.category.HOME';

interface IntentQuery {
  brief: boolean;
  components: boolean;
  action?: string;
  categories: string[];
  pkg?: string;
  component?: string;
}

/** The options AOSP's shell commands take before an intent, then the intent's own; the last bare word is its package. */
function parse(args: readonly string[]): IntentQuery | string {
  const query: IntentQuery = { brief: false, components: false, categories: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = (): string | undefined => args[++i];
    if (arg === '--brief') query.brief = true;
    else if (arg === '--components') query.components = true;
    else if (arg === '--user' || arg === '--query-flags' || arg === '-t' || arg === '-f' || arg === '-d') value();
    else if (arg === '-a') query.action = value();
    else if (arg === '-c') {
      const c = value();
      if (c) query.categories.push(c);
    } else if (arg === '-n') query.component = value();
    else if (arg.startsWith('-')) return `Error: Unknown option: ${arg}`;
    else query.pkg = arg;
  }
  return query;
}

/** The activities the intent reaches: the launcher's for HOME, else each launchable app's main activity. */
function matches(ctx: CommandContext, query: IntentQuery): Array<{ pkg: string; activity: string }> {
  if (query.action !== undefined && query.action !== MAIN) return [];
  if (query.component) {
    const [pkg, activity] = query.component.split('/');
    const relative = activity?.startsWith(`${pkg}.`) ? activity.slice(pkg.length) : activity;
    return pkg && relative && ctx.phone.packages.launchActivity(pkg) === relative ? [{ pkg, activity: relative }] : [];
  }
  if (query.categories.includes(HOME)) return query.pkg && query.pkg !== HOME_PACKAGE ? [] : [{ pkg: HOME_PACKAGE, activity: HOME_ACTIVITY }];
  if (query.categories.some((c) => c !== LAUNCHER && c !== 'android.intent.category.DEFAULT')) return [];
  return ctx.phone.packages
    .list()
    .filter((p) => query.pkg === undefined || p.name === query.pkg)
    .flatMap((p) => {
      const activity = ctx.phone.packages.launchActivity(p.name);
      return activity ? [{ pkg: p.name, activity }] : [];
    })
    .sort((a, b) => a.pkg.localeCompare(b.pkg));
}

/** One resolved activity to print, the query that found it, and the indent its lines start with. */
interface ResolvedPrint {
  prefix: string;
  found: { pkg: string; activity: string };
  query: IntentQuery;
}

function printResolveInfo(ctx: CommandContext, { prefix, found, query }: ResolvedPrint): void {
  const match = `${prefix}priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=${query.categories.length > 0}`;
  if (query.brief || query.components) {
    if (!query.components) ctx.stdout(`${match}\n`);
    ctx.stdout(`${prefix}${shortComponent(found.pkg, found.activity)}\n`);
    return;
  }
  const inner = `${prefix}  `;
  ctx.stdout(
    [
      match,
      `${prefix}ActivityInfo:`,
      `${inner}name=${fullActivity(found.pkg, found.activity)}`,
      `${inner}packageName=${found.pkg}`,
      `${inner}enabled=true exported=true directBootAware=false`,
      `${inner}taskAffinity=${found.pkg} targetActivity=null persistableMode=PERSIST_ROOT_ONLY`,
      `${inner}launchMode=0 flags=0x3 privateFlags=0x0 theme=0x0`,
      `${inner}screenOrientation=-1 configChanges=0x0 softInputMode=0x0`,
      `${inner}lockTaskLaunchMode=LOCK_TASK_LAUNCH_MODE_DEFAULT`,
      `${inner}resizeMode=RESIZE_MODE_RESIZEABLE`,
    ]
      .map((line) => `${line}\n`)
      .join(''),
  );
}

export function resolveActivity(ctx: CommandContext, args: readonly string[]): number {
  const query = parse(args);
  if (typeof query === 'string') return fail(ctx, query);
  const [found] = matches(ctx, query);
  if (!found) ctx.stdout('No activity found\n');
  else printResolveInfo(ctx, { prefix: '', found, query });
  return 0;
}

export function queryActivities(ctx: CommandContext, args: readonly string[]): number {
  const query = parse(args);
  if (typeof query === 'string') return fail(ctx, query);
  const found = matches(ctx, query);
  if (found.length === 0) {
    ctx.stdout('No activities found\n');
    return 0;
  }
  if (query.components) {
    for (const each of found) ctx.stdout(`${shortComponent(each.pkg, each.activity)}\n`);
    return 0;
  }
  ctx.stdout(`${found.length} activities found:\n`);
  found.forEach((each, i) => {
    ctx.stdout(`  Activity #${i}:\n`);
    printResolveInfo(ctx, { prefix: '    ', found: each, query });
  });
  return 0;
}

function fail(ctx: CommandContext, message: string): number {
  ctx.stderr(`${message}\n`);
  return 255;
}
