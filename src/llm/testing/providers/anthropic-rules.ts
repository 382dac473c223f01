// The requests Anthropic's Messages API refuses, with its own words. Each rule cites where its wording was seen.
import { nextId, type Reply } from './provider-server.js';
import { formatOf, picturesOf } from './image-rules.js';

/** Error types by status: https://docs.claude.com/en/api/errors ("HTTP errors"). */
export const anthropicErrorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** Anthropic's error envelope, with the top-level request_id the API adds (https://docs.claude.com/en/api/errors, "Error shapes"). */
export function anthropicError(status: number, message: string): unknown {
  const type = anthropicErrorTypes[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return { type: 'error', error: { type, message }, request_id: nextId('req_') };
}

export interface AnthropicTool {
  name?: unknown;
  input_schema?: unknown;
  [key: string]: unknown;
}

export interface AnthropicRuleOptions {
  /** The tool rules Anthropic applies to a tool definition; any problem refuses the request. */
  checkTool?: (tool: AnthropicTool) => string[];
}

/**
 * Models that refuse `temperature`: claude-opus-4-7 and every later Opus (claude-opus-4-8, claude-opus-5, ...).
 * The one place this list lives. A date suffix (claude-opus-4-20250514) is not a minor version.
 */
export function rejectsTemperature(model: string): boolean {
  const match = /^claude-opus-(\d+)(?:-(\d{1,2}))?(?!\d)/.exec(model);
  if (!match) return false;
  const major = Number(match[1]);
  const minor = match[2] === undefined ? 0 : Number(match[2]);
  return major > 4 || (major === 4 && minor >= 7);
}

function invalid(message: string): Reply {
  return { status: 400, body: anthropicError(400, message), headers: { 'request-id': nextId('req_') } };
}

function parameterRules(body: Record<string, unknown>): Reply | undefined {
  // Wording: https://github.com/immersive-translate/immersive-translate/issues/3993 (quoted from an Anthropic-format endpoint).
  if (body.max_tokens === undefined) return invalid('max_tokens: Field required');
  const model = typeof body.model === 'string' ? body.model : '';
  if (body.temperature !== undefined && rejectsTemperature(model)) {
    // Wording: https://github.com/UKGovernmentBEIS/inspect_ai/issues/3721 (opus 4.7), https://github.com/The-PR-Agent/pr-agent/issues/2456 (opus 4.8)
    return invalid('`temperature` is deprecated for this model.');
  }
  if (typeof body.temperature === 'number' && (body.temperature < 0 || body.temperature > 1)) {
    // Guessed: the API once said "temperature: range: -1 or 0..1" (https://github.com/anthropics/anthropic-sdk-python/issues/893);
    // -1 has since been refused too, and the new wording was not found, so the old one without "-1 or".
    return invalid('temperature: range: 0..1');
  }
  return undefined;
}

function toolRules(body: Record<string, unknown>, options: AnthropicRuleOptions): Reply | undefined {
  const tools = Array.isArray(body.tools) ? (body.tools as AnthropicTool[]) : [];
  for (const [index, tool] of tools.entries()) {
    // The API does not echo the problem: https://github.com/anthropics/claude-code/issues/63673, https://github.com/anthropics/claude-code/issues/9605
    if ((options.checkTool?.(tool) ?? []).length > 0) {
      return invalid(
        `tools.${index}.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.claude.com/en/docs/tool-use.`,
      );
    }
  }
  const choice = body.tool_choice as { type?: string; name?: unknown } | undefined;
  if (choice?.type === 'tool' && !tools.some((tool) => tool.name === choice.name)) {
    // Wording quoted in public code probing the API with a tool_choice naming a missing tool (GitHub code search "not found in provided tools").
    return invalid(`Tool '${String(choice.name)}' not found in provided tools`);
  }
  return undefined;
}

/** The reply Anthropic gives a request it refuses, or undefined when it takes it. */
/** A picture whose bytes are not the type it declares, or not an image at all. */
function pictureRules(body: Record<string, unknown>): Reply | undefined {
  for (const p of picturesOf(body)) {
    const format = formatOf(p.bytes);
    // Wording from memory of the live API ("Image does not match the provided media type image/png"; "Could not process image").
    if (format === undefined) return invalid(`messages.${p.message}.content.${p.part}.image.source.base64.data: Could not process image`);
    if (format !== p.mediaType)
      return invalid(`messages.${p.message}.content.${p.part}.image.source.base64: Image does not match the provided media type ${p.mediaType}`);
  }
  return undefined;
}

export function anthropicRejection(body: Record<string, unknown>, options: AnthropicRuleOptions): Reply | undefined {
  return parameterRules(body) ?? pictureRules(body) ?? toolRules(body, options);
}
