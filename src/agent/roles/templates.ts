// Prompt templates: versioned files under templates/prompts/, read once and filled in by pure functions.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModelRole } from '../../events/index.js';
import type { ChatMessage } from '../../llm/index.js';
import { mobiletestPackage } from '../package-root.js';

/** One prompt per model role, and the query's (asked of the validator's model). */
export const PROMPT_NAMES = [...ModelRole.options, 'query'] as const;
export type PromptName = (typeof PROMPT_NAMES)[number];

/** The device's platform: where a role's wording must differ, it has a file of its own (`<name>.ios.v<version>.md`). */
export type PromptPlatform = 'android' | 'ios';

/** The template version each role uses: the file is templates/prompts/<name>.v<version>.md, or <name>.<platform>.v<version>.md. */
export const PROMPT_VERSIONS: Readonly<Record<PromptName, number>> = { planner: 1, locator: 1, validator: 1, debugger: 1, query: 1 };

/** A template that does not fit its file format or its values: a defect of the package, not of a test. */
export class PromptTemplateError extends Error {
  override name = 'PromptTemplateError';
}

interface Template {
  file: string;
  system: string;
  user: string;
}
const loaded = new Map<string, Template>();

/** The template file of a role on a platform: its own where it has one, else the role's (written for Android). */
export function templateFile(name: PromptName, platform: PromptPlatform = 'android'): string {
  const dir = join(mobiletestPackage().root, 'templates', 'prompts');
  const own = join(dir, `${name}.${platform}.v${PROMPT_VERSIONS[name]}.md`);
  return platform !== 'android' && existsSync(own) ? own : join(dir, `${name}.v${PROMPT_VERSIONS[name]}.md`);
}

/** Reads a template once (synchronously, at first use); later renders are pure string work. */
function template(name: PromptName, platform: PromptPlatform): Template {
  const key = `${name}.${platform}`;
  const cached = loaded.get(key);
  if (cached) return cached;
  const file = templateFile(name, platform);
  // The first line is a comment naming the version; it is for people and is not sent.
  const text = readFileSync(file, 'utf8').replace(/^<!--[\s\S]*?-->\n/, '');
  const parts = /^@@system\n([\s\S]*?)\n@@user\n([\s\S]*?)\n*$/.exec(text);
  if (!parts) throw new PromptTemplateError(`${file} must hold an @@system part and then an @@user part`);
  const parsed = { file, system: parts[1], user: parts[2] };
  loaded.set(key, parsed);
  return parsed;
}

/**
 * Fills `{{name}}` placeholders. A `{{#name}}...{{/name}}` block is left out when its value is empty,
 * and so is any line holding a placeholder whose value is empty ("App: " with no app).
 */
export function fill(text: string, values: Readonly<Record<string, string>>, where = 'template'): string {
  const valueOf = (name: string): string => {
    const value = values[name];
    if (value === undefined) throw new PromptTemplateError(`${where}: no value for {{${name}}}`);
    return value;
  };
  const blocks = text.replace(/\{\{#(\w+)\}\}\n([\s\S]*?)\{\{\/\1\}\}\n?/g, (_, name: string, body: string) => (valueOf(name) === '' ? '' : body));
  const lines = blocks.split('\n').filter((line) => [...line.matchAll(/\{\{(\w+)\}\}/g)].every((match) => valueOf(match[1]) !== ''));
  // One pass, so a value that itself contains {{...}} (screen text, a goal) is never expanded.
  return lines.join('\n').replace(/\{\{(\w+)\}\}/g, (_, name: string) => valueOf(name));
}

/** The role's prompt for the device's platform as chat messages: the system part and the user part, filled in. */
export function renderTemplate(name: PromptName, values: Readonly<Record<string, string>>, platform: PromptPlatform = 'android'): ChatMessage[] {
  const { file, system, user } = template(name, platform);
  return [
    { role: 'system', content: fill(system, values, file) },
    { role: 'user', content: fill(user, values, file) },
  ];
}
