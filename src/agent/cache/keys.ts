// Where a spec's cache lives, how an agent call is named in it, and whether this is a CI run (read-only by default).
import { basename, dirname, join } from 'node:path';
import type { CacheCall } from './types.js';

/** `<spec folder>/__mobiletest__/<spec file name>.cache.json`: beside the spec, meant to be committed with it. */
export function cacheFileFor(specFile: string): string {
  return join(dirname(specFile), '__mobiletest__', `${basename(specFile)}.cache.json`);
}

export interface CacheKeyInput {
  /** The test's title path: spec file, describe blocks, test title (empty parts are left out). */
  titlePath: string[];
  call: CacheCall;
  text: string;
  /** 1 for the first call with this text in the test, 2 for the second, ... */
  occurrence: number;
}

/** A readable key: "shop.test.ts › logs in › step: log in as alice #1". */
export function cacheKey(input: CacheKeyInput): string {
  const text = input.text.replace(/\s+/g, ' ').trim();
  return [...input.titlePath.filter((t) => t !== ''), `${input.call}: ${text} #${input.occurrence}`].join(' › ');
}

function truthy(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/** Whether this is a CI run: CI set to anything but empty, 0, false, no or off, as CI services set it. */
export function onCi(env: Record<string, string | undefined> = process.env): boolean {
  return truthy(env.CI);
}
