// What both wires do with an answer: count what was billed, read the JSON out of the text, put the
// answer back into the shape of the original schema, and turn a refusal or a cut-off answer into an error.
import { readAnswerText } from './answer-text.js';
import { fromDialect } from './dialects.js';
import { LlmCallFailed } from './errors.js';
import { imageTokens, withoutImageData } from './images.js';
import type { ProviderProfile } from './profiles.js';
import type { ModelAnswer, ModelRequest, TokenUsage } from './types.js';

type Counter = (text: string) => number;
let counter: Promise<Counter> | undefined;

/** o200k tokens of a text; the tokenizer is loaded on first use only (offline runs never need it). */
export async function countTokens(text: string): Promise<number> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => module.countTokens);
  return (await counter)(text);
}

/**
 * Tokens of the whole request body as it goes on the wire: what a provider bills as input. Pictures are
 * billed by their size, not their bytes: their data is left out of the text and `images` (the tokens
 * imageTokens gives for them) added.
 */
export async function requestTokens(body: unknown, images = 0): Promise<number> {
  return (await countTokens(JSON.stringify(images > 0 ? withoutImageData(body) : body))) + images;
}

/** Input tokens of the pictures in a request, for a profile and model. */
export function requestImageTokens(request: ModelRequest, profile: ProviderProfile, model: string): number {
  return request.messages.reduce((sum, m) => sum + (m.images ?? []).reduce((s, image) => s + imageTokens(profile, model, image), 0), 0);
}

export interface RawAnswer {
  text: string;
  /** The structured answer when the wire gave one apart from the text (Anthropic's tool input). */
  structured?: unknown;
  /** The provider's usage, when it reported one. */
  usage?: TokenUsage;
  model: string;
  finish?: string;
  /** The model declined: its own words. */
  refusal?: string;
  /** The answer stopped at the token cap. */
  truncated: boolean;
}

export interface AnswerContext {
  provider: string;
  profile: ProviderProfile;
  request: ModelRequest;
  requestTokens: number;
  started: number;
}

/** The answer a caller gets; a refusal, a cut-off answer or text with no JSON throws LlmCallFailed carrying it. */
export async function finishAnswer(raw: RawAnswer, context: AnswerContext): Promise<ModelAnswer> {
  const { request, profile } = context;
  const usage = raw.usage ?? { inputTokens: context.requestTokens, outputTokens: await countTokens(raw.refusal ?? raw.text) };
  const answer: ModelAnswer = {
    text: raw.refusal ?? raw.text,
    usage,
    usageSource: raw.usage ? 'provider' : 'counted',
    requestTokens: context.requestTokens,
    model: raw.model || request.model || '',
    durationMs: 0,
    profile: profile.id,
    ...(raw.finish ? { finish: raw.finish } : {}),
  };
  const fail = (kind: 'refusal' | 'truncated' | 'bad-answer', reason: string): never => {
    answer.durationMs = performance.now() - context.started;
    throw new LlmCallFailed({ provider: context.provider, kind, attempts: 1, reason, answer });
  };
  if (raw.refusal !== undefined) fail('refusal', `the model refused: ${JSON.stringify(raw.refusal.slice(0, 300))}`);
  if (raw.truncated) fail('truncated', `the answer was cut off at ${request.maxTokens ?? "the server's"} tokens (finish reason ${raw.finish ?? 'length'})`);
  if (request.schema !== undefined) {
    let values: unknown[];
    if (raw.structured !== undefined) values = [raw.structured];
    else {
      const read = readAnswerText(raw.text);
      values = read.values;
      if (read.thinking) answer.thinking = read.thinking;
    }
    if (values.length === 0) {
      const start = raw.text.slice(0, 80);
      fail('bad-answer', raw.text.trim() ? `the model's answer is not JSON: ${JSON.stringify(start)}` : "the model's answer is empty");
    }
    const [first, ...rest] = values.map((value) => fromDialect(value, request.schema!, profile.dialect));
    answer.json = first;
    if (rest.length > 0) answer.alternatives = rest;
  }
  answer.durationMs = performance.now() - context.started;
  return answer;
}
