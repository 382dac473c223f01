// `settings` (a script over `cmd settings`): SettingsService's shell command over the phone's
// settings store, with its parser's refusals (Invalid command, Invalid namespace, Bad arguments).
import type { Phone } from '../../types.js';
import type { CommandContext } from '../registry.js';
import { defaultCommand } from './framework.js';

const NAMESPACES = ['global', 'system', 'secure'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const isNamespace = (value: string | undefined): value is Namespace => NAMESPACES.some((n) => n === value);

const SETTINGS_HELP = `Settings provider (settings) commands:
  help
      Print this help text.
  get [--user <USER_ID> | current] NAMESPACE KEY
      Retrieve the current value of KEY.
  put [--user <USER_ID> | current] NAMESPACE KEY VALUE [TAG] [default]
      Change the contents of KEY to VALUE.
      TAG to associate with the setting.
      {default} to set as the default, case-insensitive only for global/secure namespace
  delete NAMESPACE KEY
      Delete the entry for KEY.
  reset [--user <USER_ID> | current] NAMESPACE {PACKAGE_NAME | RESET_MODE}
      Reset the global/secure table for a package with mode.
      RESET_MODE is one of {untrusted_defaults, untrusted_clear, trusted_defaults}, case-insensitive
  list NAMESPACE
      Print all defined keys.
      NAMESPACE is one of {system, secure, global}, case-insensitive
`;

/** One setting as stored: its namespace, key and value. */
export interface SettingValue {
  namespace: Namespace;
  key: string;
  value: string;
}

/** Settings that change what is on screen take effect at once, as on a device. */
export function applySetting(phone: Phone, { namespace, key, value }: SettingValue): void {
  if (namespace === 'system' && key === 'user_rotation' && /^[0-3]$/.test(value)) {
    phone.ui.setRotation(Number(value) as 0 | 1 | 2 | 3);
  }
}

const VERBS = ['get', 'put', 'delete', 'list', 'reset'] as const;
type Verb = (typeof VERBS)[number];

interface Parsed {
  verb: Verb;
  table: Namespace;
  key?: string;
  value?: string;
  user: boolean;
}

/** SettingsService's argument loop: the verb, the namespace, then what the verb takes; a message when refused. */
function parse(args: readonly string[]): Parsed | string {
  let verb: Verb | undefined;
  let table: Namespace | undefined;
  let key: string | undefined;
  let value: string | undefined;
  let user = false;
  let valid = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const more = i + 1 < args.length;
    if (arg === '--user' && !user) {
      user = true;
      i++;
    } else if (verb === undefined) {
      verb = VERBS.find((v) => v === arg.toLowerCase());
      if (verb === undefined) return `Invalid command: ${arg}`;
    } else if (table === undefined) {
      const lower = arg.toLowerCase();
      if (!isNamespace(lower)) return `Invalid namespace '${arg}'`;
      table = lower;
      if (verb === 'list') {
        valid = true;
        break;
      }
    } else if (verb === 'reset') {
      valid = !more || i + 2 >= args.length;
      if (!valid) return 'Too many arguments';
      break;
    } else if (verb === 'get' || verb === 'delete') {
      key = arg;
      if (more) return 'Too many arguments';
      valid = true;
      break;
    } else if (key === undefined) key = arg;
    else if (value === undefined) {
      value = arg;
      valid = true;
    } else if (i + 1 < args.length && args[i + 1].toLowerCase() !== 'default') return "Argument expected to be 'default'";
  }
  if (!valid || verb === undefined || table === undefined) return 'Bad arguments';
  if (user && (verb === 'delete' || verb === 'list')) return '--user not supported for delete and list.';
  return { verb, table, key, value, user };
}

export function settings(ctx: CommandContext): number {
  const [first] = ctx.args;
  if (first === undefined || first === 'help' || first === '-h') return defaultCommand(ctx, first, { help: SETTINGS_HELP });
  const parsed = parse(ctx.args);
  if (typeof parsed === 'string') {
    ctx.stderr(`${parsed}\n`);
    return 255;
  }
  const { verb, table, key = '', value = '' } = parsed;
  const store = ctx.phone.settings[table];
  switch (verb) {
    case 'get':
      ctx.stdout(`${store.get(key) ?? 'null'}\n`);
      return 0;
    case 'put':
      store.set(key, value);
      applySetting(ctx.phone, { namespace: table, key, value });
      return 0;
    case 'delete':
      ctx.stdout(`Deleted ${store.delete(key) ? 1 : 0} rows\n`);
      return 0;
    case 'list':
      for (const line of [...store.entries()].map(([k, v]) => `${k}=${v}`).sort()) ctx.stdout(`${line}\n`);
      return 0;
    case 'reset':
      return 0;
  }
}
