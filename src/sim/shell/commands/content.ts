// `content`: Android 14's content tool against the phone's providers. The settings provider is
// backed by the same store as `settings`; its rows, column order and refusals are SettingsProvider's.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { applySetting, isNamespace, type Namespace } from './settings.js';

const USAGE = `usage: adb shell content [subcommand] [options]

usage: adb shell content insert --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...] [--extra <BINDING>...]
  <URI> a content provider URI.
  <BINDING> binds a typed value to a column and is formatted:
  <COLUMN_NAME>:<TYPE>:<COLUMN_VALUE> where:
  <TYPE> specifies data type such as:
  b - boolean, s - string, i - integer, l - long, f - float, d - double, n - null
  Note: Omit the value for passing an empty string, e.g column:s:
  Example:
  # Add "new_setting" secure setting with value "new_value".
  adb shell content insert --uri content://settings/secure --bind name:s:new_setting --bind value:s:new_value

usage: adb shell content update --uri <URI> [--user <USER_ID>] [--where <WHERE>] [--extra <BINDING>...]
  <WHERE> is a SQL style where clause in quotes (You have to escape single quotes - see example below).
  Example:
  # Change "new_setting" secure setting to "newer_value".
  adb shell content update --uri content://settings/secure --bind value:s:newer_value --where "name='new_setting'"

usage: adb shell content delete --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...] [--where <WHERE>] [--extra <BINDING>...]
  Example:
  # Remove "new_setting" secure setting.
  adb shell content delete --uri content://settings/secure --where "name='new_setting'"

usage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>] [--extra <BINDING>...]
  <PROJECTION> is a list of colon separated column names and is formatted:
  <COLUMN_NAME>[:<COLUMN_NAME>...]
  <SORT_ORDER> is the order in which rows in the result should be sorted.
  Example:
  # Select "name" and "value" columns from secure settings where "name" is equal to "new_setting" and sort the result by name in ascending order.
  adb shell content query --uri content://settings/secure --projection name:value --where "name='new_setting'" --sort "name ASC"

usage: adb shell content call --uri <URI> --method <METHOD> [--arg <ARG>]
       [--extra <BINDING> ...]
  <METHOD> is the name of a provider-defined method
  <ARG> is an optional string argument
  <BINDING> is like --bind above, typed data of the form <KEY>:{b,s,i,l,f,d}:<VAL>

usage: adb shell content read --uri <URI> [--user <USER_ID>]
  Example:
  adb shell 'content read --uri content://settings/system/ringtone_cache' > host.ogg

usage: adb shell content write --uri <URI> [--user <USER_ID>]
  Example:
  adb shell 'content write --uri content://settings/system/ringtone_cache' < host.ogg

usage: adb shell content gettype --uri <URI> [--user <USER_ID>]
  Example:
  adb shell content gettype --uri content://media/internal/audio/media/

`;

const OPERATIONS = ['insert', 'delete', 'update', 'query', 'call', 'read', 'write', 'gettype'] as const;
type Operation = (typeof OPERATIONS)[number];

/** Providers a phone always has; on this one they hold no rows. */
const EMPTY_PROVIDERS = new Set(['media', 'com.android.contacts', 'contacts', 'call_log', 'user_dictionary', 'downloads', 'com.android.calendar']);

const SETTINGS_COLUMNS = ['_id', 'name', 'value'];

/** A command line that Content's parser rejects: the usage on stdout, then `[ERROR] …`; it still exits 0. */
class UsageError extends Error {}

/** An exception thrown inside the provider, which Content prints with its stack trace on stderr. */
class ProviderError extends Error {
  constructor(
    readonly javaClass: string,
    message: string,
    readonly call: string,
  ) {
    super(message);
  }
}

interface Request {
  operation: Operation;
  uri?: string;
  bindings: Map<string, string | null>;
  extras: Map<string, string | null>;
  where?: string;
  projection?: string[];
  method?: string;
  arg?: string;
}

/** `--bind column:type:value`, with `\:` escaping a colon as Android 14's splitWithEscaping does. */
function binding(text: string | undefined): [string, string | null] {
  if (!text) throw new UsageError(`Binding not well formed: ${text ?? 'null'}`);
  const parts = [''];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && i + 1 < text.length) parts[parts.length - 1] += text[++i];
    else if (text[i] === ':') parts.push('');
    else parts[parts.length - 1] += text[i];
  }
  if (parts.length !== 3) throw new UsageError(`Binding not well formed: ${text}`);
  const [column, type, value] = parts;
  switch (type.toLowerCase()) {
    case 's':
      if (type === 's') return [column, value];
      break;
    case 'b':
      return [column, String(value.toLowerCase() === 'true')];
    // A NumberFormatException is an IllegalArgumentException, so Content reports it as bad usage.
    case 'i':
    case 'l':
      if (!/^[-+]?\d+$/.test(value)) throw new UsageError(`For input string: "${value}"`);
      return [column, String(Number(value))];
    case 'f':
    case 'd': {
      const n = Number(value);
      if (value.trim() === '' || Number.isNaN(n)) throw new UsageError(value === '' ? 'empty String' : `For input string: "${value}"`);
      return [column, Number.isInteger(n) ? n.toFixed(1) : String(n)];
    }
    case 'n':
      return [column, null];
  }
  throw new UsageError(`Unsupported type: ${type}`);
}

function parse(args: readonly string[]): Request {
  const [operation, ...rest] = args;
  if (!OPERATIONS.includes(operation as Operation)) throw new UsageError(`Unsupported operation: ${operation ?? 'null'}`);
  const request: Request = { operation: operation as Operation, bindings: new Map(), extras: new Map() };
  const value = (name: string, i: number): string => {
    const v = rest[i];
    if (!v || v.startsWith('--')) throw new UsageError(`No value for argument: ${name}`);
    return v;
  };
  const accepts: Record<Operation, string[]> = {
    insert: ['--uri', '--user', '--bind', '--extra'],
    delete: ['--uri', '--user', '--where', '--extra'],
    update: ['--uri', '--user', '--where', '--bind', '--extra'],
    query: ['--uri', '--user', '--where', '--sort', '--projection', '--extra'],
    call: ['--uri', '--user', '--method', '--arg', '--extra'],
    read: ['--uri', '--user'],
    write: ['--uri', '--user'],
    gettype: ['--uri', '--user'],
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!accepts[request.operation].includes(arg)) throw new UsageError(`Unsupported argument: ${arg}`);
    if (arg === '--bind') {
      const [column, v] = binding(rest[++i]);
      request.bindings.set(column, v);
      continue;
    }
    if (arg === '--extra') {
      const [key, v] = binding(rest[++i]);
      request.extras.set(key, v);
      continue;
    }
    const v = value(arg, ++i);
    if (arg === '--uri') request.uri = v;
    else if (arg === '--where') request.where = v;
    else if (arg === '--projection') request.projection = v.split(/\s*:\s*/);
    else if (arg === '--method') request.method = v;
    else if (arg === '--arg') request.arg = v;
  }
  if (request.uri === undefined) throw new UsageError('Content provider URI not specified. Did you specify --uri argument?');
  if ((request.operation === 'insert' || request.operation === 'update') && request.bindings.size === 0) {
    throw new UsageError('Bindings not specified. Did you specify --bind argument(s)?');
  }
  if (request.operation === 'call' && request.method === undefined) throw new UsageError('Content provider method not specified.');
  return request;
}

/** Java's String.hashCode, by which the settings store (an ArrayMap) orders its names. */
function javaHash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/** Row ids the settings provider gave each setting, first come first numbered, per store. */
const rowIds = new WeakMap<Map<string, string>, { next: number; ids: Map<string, number> }>();

function rowId(store: Map<string, string>, name: string): number {
  const table = rowIds.get(store) ?? { next: 1, ids: new Map<string, number>() };
  rowIds.set(store, table);
  for (const key of store.keys()) if (!table.ids.has(key)) table.ids.set(key, table.next++);
  return table.ids.get(name) ?? table.next++;
}

/** SettingsProvider's Arguments: the table and the one setting named by the path or by `name='…'`. */
function settingsTarget(uri: URL, where: string | undefined, supportAll: boolean): { table: Namespace; name?: string } {
  const segments = uri.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const table = segments[0];
  if (table === undefined) throw new ProviderError('java.lang.IllegalArgumentException', `Invalid URI:${uri.href}`, 'query');
  if (!isNamespace(table)) throw new ProviderError('java.lang.IllegalArgumentException', `Bad root path: ${table}`, 'query');
  if (segments.length === 1 && where !== undefined && /^\s*(\(\s*name\s*=\s*['"].*['"]\s*\)|name\s*=\s*['"].*['"])\s*$/.test(where)) {
    const start = Math.max(where.indexOf("'"), where.indexOf('"')) + 1;
    const end = Math.max(where.lastIndexOf("'"), where.lastIndexOf('"'));
    return { table, name: where.slice(start, end) };
  }
  if (segments.length === 1 && supportAll && where === undefined) return { table };
  if (segments.length === 2 && where === undefined) return { table, name: segments[1] };
  throw new ProviderError(
    'java.lang.IllegalArgumentException',
    `Supported SQL:
  uri content://some_table/some_property with null where and where args
  uri content://some_table with query name=? and single name as arg
  uri content://some_table with query name=some_name and null args
  but got - uri:${uri.href}, where:${where ?? 'null'} whereArgs:null`,
    'query',
  );
}

function settingsQuery(ctx: CommandContext, uri: URL, request: Request): void {
  const columns = request.projection ?? SETTINGS_COLUMNS;
  const invalid = columns.find((c) => !SETTINGS_COLUMNS.includes(c));
  if (invalid !== undefined) throw new ProviderError('java.lang.IllegalArgumentException', `Invalid column: ${invalid}`, 'query');
  const { table, name } = settingsTarget(uri, request.where, true);
  const store = ctx.phone.settings[table];
  const names = name === undefined ? [...store.keys()].sort((a, b) => javaHash(a) - javaHash(b)) : store.has(name) ? [name] : [];
  if (names.length === 0) {
    ctx.stdout('No result found.\n');
    return;
  }
  const cell = (n: string, column: string): string => (column === '_id' ? String(rowId(store, n)) : column === 'name' ? n : (store.get(n) ?? 'NULL'));
  names.forEach((n, row) => ctx.stdout(`Row: ${row} ${columns.map((c) => `${c}=${cell(n, c)}`).join(', ')}\n`));
}

/** A write to the settings provider: the table, the setting's name, and its value (none deletes it). */
interface SettingWrite {
  table: Namespace;
  name: string;
  value: string | null | undefined;
}

function put(phone: Phone, { table, name, value }: SettingWrite): void {
  if (value === null || value === undefined) phone.settings[table].delete(name);
  else {
    phone.settings[table].set(name, value);
    applySetting(phone, { namespace: table, key: name, value });
  }
}

/** What SettingsProvider does for each operation; a key that is empty is silently ignored, as there. */
function settings(ctx: CommandContext, uri: URL, request: Request): void {
  const name = request.bindings.get('name');
  switch (request.operation) {
    case 'query':
      settingsQuery(ctx, uri, request);
      return;
    case 'insert': {
      const segments = uri.pathname.split('/').filter(Boolean);
      if (!isNamespace(segments[0])) throw new ProviderError('java.lang.IllegalArgumentException', `Bad root path: ${segments[0] ?? ''}`, 'insert');
      if (name) put(ctx.phone, { table: segments[0], name, value: request.bindings.get('value') });
      return;
    }
    case 'update': {
      const target = settingsTarget(uri, request.where, false);
      if (name && target.name !== undefined) put(ctx.phone, { table: target.table, name: target.name, value: request.bindings.get('value') });
      return;
    }
    case 'delete': {
      const target = settingsTarget(uri, request.where, false);
      if (target.name) ctx.phone.settings[target.table].delete(target.name);
      return;
    }
    case 'gettype': {
      // SettingsProvider.getType: a directory of settings, or one setting, of the table.
      const target = settingsTarget(uri, undefined, true);
      ctx.stdout(`Result: vnd.android.cursor.${target.name === undefined ? 'dir' : 'item'}/${target.table}\n`);
      return;
    }
    case 'call': {
      // Settings.NameValueCache's own calls: GET_secure NAME answers a Bundle, PUT_secure NAME stores --extra value.
      const call = /^(GET|PUT|DELETE)_(global|system|secure)$/.exec(request.method ?? '');
      const key = request.arg;
      if (call && key !== undefined && isNamespace(call[2])) {
        if (call[1] === 'GET') ctx.stdout(`Result: Bundle[{value=${ctx.phone.settings[call[2]].get(key) ?? 'null'}}]\n`);
        else {
          if (call[1] === 'PUT') put(ctx.phone, { table: call[2], name: key, value: request.extras.get('value') });
          else ctx.phone.settings[call[2]].delete(key);
          ctx.stdout('Result: null\n');
        }
        return;
      }
      ctx.stdout('Result: null\n');
      return;
    }
    default:
      // The ringtone caches are the provider's only files, and this phone has no ringtones.
      throw new ProviderError(
        'java.io.FileNotFoundException',
        'Direct file access no longer supported; ringtone playback is available through android.media.Ringtone',
        request.operation,
      );
  }
}

/** Where each operation's exception surfaces in Content, for the stack trace. */
const FRAMES: Record<string, string[]> = {
  query: [
    'android.content.ContentProviderProxy.query(ContentProviderNative.java:479)',
    'com.android.commands.content.Content$QueryCommand.onExecute(Content.java:718)',
  ],
  insert: [
    'android.content.ContentProviderProxy.insert(ContentProviderNative.java:519)',
    'com.android.commands.content.Content$InsertCommand.onExecute(Content.java:569)',
  ],
};

function printException(ctx: CommandContext, authority: string, error: ProviderError): void {
  const remote = error.javaClass !== 'java.lang.IllegalStateException' && error.call !== 'parse';
  const frames = [
    ...(remote
      ? [
          'android.os.Parcel.createExceptionOrNull(Parcel.java:3037)',
          'android.os.Parcel.createException(Parcel.java:3021)',
          'android.os.Parcel.readException(Parcel.java:3004)',
          'android.database.DatabaseUtils.readExceptionFromParcel(DatabaseUtils.java:190)',
          'android.database.DatabaseUtils.readExceptionFromParcel(DatabaseUtils.java:142)',
          ...(FRAMES[error.call] ?? FRAMES.query),
        ]
      : []),
    'com.android.commands.content.Content$Command.execute(Content.java:533)',
    'com.android.commands.content.Content.main(Content.java:787)',
    'com.android.internal.os.RuntimeInit.nativeFinishInit(Native Method)',
    'com.android.internal.os.RuntimeInit.main(RuntimeInit.java:371)',
  ];
  ctx.stderr(`Error while accessing provider:${authority}\n${error.javaClass}: ${error.message}\n${frames.map((f) => `\tat ${f}\n`).join('')}`);
}

/** The content tool: every answer, failures included, exits 0 as app_process does after main() returns. */
function content(ctx: CommandContext): number {
  let request: Request;
  try {
    request = parse(ctx.args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    ctx.stdout(`${USAGE}\n[ERROR] ${error.message}\n`);
    return 0;
  }
  let uri: URL | undefined;
  try {
    uri = new URL(request.uri ?? '');
  } catch {
    uri = undefined;
  }
  const authority = uri?.protocol === 'content:' ? uri.host : 'null';
  try {
    if (!uri || uri.protocol !== 'content:' || (authority !== 'settings' && !EMPTY_PROVIDERS.has(authority))) {
      throw new ProviderError('java.lang.IllegalStateException', `Could not find provider: ${authority}`, 'lookup');
    }
    if (authority === 'settings') settings(ctx, uri, request);
    else if (request.operation === 'query') ctx.stdout('No result found.\n');
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    printException(ctx, authority, error);
  }
  return 0;
}

export const contentCommands: CommandTable = { content };
