// `cmd locale`: LocaleManagerShellCommand with the per-app language each app has been given.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand, missingArgument } from './framework.js';
import { javaException, SHELL_COMMAND_FRAMES } from './java.js';

const HELP = `Locale manager (locale) shell commands:
  help
    Print this help text.
  set-app-locales <PACKAGE_NAME> [--user <USER_ID>] [--locales <LOCALE_INFO>][--delegate <FROM_DELEGATE>]
    Set the locales for the specified app.
    --user <USER_ID>: apply for the given user, the current user is used when unspecified.
    --locales <LOCALE_INFO>: The language tags of locale to be included as a single String separated by commas.
            eg. en,en-US,hi 
            Empty locale list is used when unspecified.
    --delegate <FROM_DELEGATE>: The locales are set from a delegate, the value could be true or false. false is the default when unspecified.
  get-app-locales <PACKAGE_NAME> [--user <USER_ID>]
    Get the locales for the specified app.
    --user <USER_ID>: get for the given user, the current user is used when unspecified.
  set-app-localeconfig <PACKAGE_NAME> [--user <USER_ID>] [--locales <LOCALE_INFO>]
    Set the override LocaleConfig for the specified app.
    --user <USER_ID>: apply for the given user, the current user is used when unspecified.
    --locales <LOCALE_INFO>: The language tags of locale to be included as a single String separated by commas.
            eg. en,en-US,hi 
            Empty locale list is used when typing a 'empty' word
            NULL is used when unspecified.
  get-app-localeconfig <PACKAGE_NAME> [--user <USER_ID>]
    Get the locales within the override LocaleConfig for the specified app.
    --user <USER_ID>: get for the given user, the current user is used when unspecified.
`;

const appLocales = new WeakMap<Phone, Map<string, string>>();

/** Locale.forLanguageTag then toLanguageTag: canonical case, and `und` for what is not a language tag. */
function languageTag(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'und';
  } catch {
    return 'und';
  }
}

/** The package after the verb, then `--user N`, `--locales A,B`, `--delegate B` in any order. */
function options(args: readonly string[]): { pkg?: string; locales?: string; unknown?: string; missing?: string } {
  const [pkg, ...rest] = args;
  const found: { pkg?: string; locales?: string; unknown?: string; missing?: string } = { pkg };
  for (let i = 0; i < rest.length; i++) {
    const option = rest[i];
    if (!['--user', '--locales', '--delegate'].includes(option)) return { ...found, unknown: option };
    const value = rest[++i];
    if (value === undefined) return { ...found, missing: option };
    if (option === '--locales') found.locales = value;
  }
  return found;
}

function locale(ctx: CommandContext): number {
  const [verb, ...rest] = ctx.args;
  if (!['set-app-locales', 'get-app-locales', 'set-app-localeconfig', 'get-app-localeconfig'].includes(verb ?? ''))
    return defaultCommand(ctx, verb, { help: HELP });
  const { pkg, locales, unknown, missing } = options(rest);
  if (pkg === undefined) {
    ctx.stderr('Error: no package specified\n');
    return 255;
  }
  const handler = 'com.android.server.locales.LocaleManagerShellCommand.onCommand(LocaleManagerShellCommand.java:63)';
  if (missing !== undefined) return missingArgument(ctx, { verb, after: missing, handler });
  if (unknown !== undefined) {
    return javaException(ctx, {
      command: verb,
      exception: `java.lang.IllegalArgumentException: Unknown option: ${unknown}`,
      frames: [handler, ...SHELL_COMMAND_FRAMES],
    });
  }
  const table = appLocales.get(ctx.phone) ?? new Map<string, string>();
  appLocales.set(ctx.phone, table);
  const installed = ctx.phone.packages.get(pkg) !== undefined;
  switch (verb) {
    case 'set-app-locales':
      if (!installed) ctx.stdout(`Unknown package ${pkg} for userId 0\n`);
      else table.set(pkg, (locales ?? '').split(',').filter(Boolean).map(languageTag).join(','));
      return 0;
    case 'get-app-locales':
      if (!installed) ctx.stdout(`Unknown package ${pkg} for userId 0\n`);
      else ctx.stdout(`Locales for ${pkg} for user 0 are [${table.get(pkg) ?? ''}]\n`);
      return 0;
    case 'get-app-localeconfig':
      ctx.stdout(`LocaleConfig for ${pkg} for user 0 is null\n`);
      return 0;
    default:
      return 0;
  }
}

export const localeCommands: CommandTable = { locale };
