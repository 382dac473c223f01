// Field shapes, written once: the validator checks events against them and, for the kinds described
// here, the event types are derived from them (so a field cannot be added to one and not the other).

export type Shape = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'target' | readonly string[];
export type Rule = Shape | { readonly optional: Shape };
export type Spec = Readonly<Record<string, Rule>>;

export const opt = <S extends Shape>(shape: S): { readonly optional: S } => ({ optional: shape });

type ValueOf<S> =
  S extends 'string' ? string
    : S extends 'number' ? number
      : S extends 'boolean' ? boolean
        : S extends 'object' ? Record<string, unknown>
          : S extends 'array' ? unknown[]
            : S extends 'target' ? string | Record<string, unknown>
              : S extends readonly (infer U)[] ? U
                : never;

/** The TypeScript shape of a spec: its required fields, and its optional ones marked `?`. */
export type FieldsOf<S extends Spec> =
  { -readonly [K in keyof S as S[K] extends { optional: Shape } ? never : K]: ValueOf<S[K]> }
  & { -readonly [K in keyof S as S[K] extends { optional: Shape } ? K : never]?: S[K] extends { optional: infer O } ? ValueOf<O> : never };

/** Where an llm_call's tokens_in and tokens_out come from. */
export const USAGE_SOURCES = ['provider', 'counted'] as const;
export type UsageSource = (typeof USAGE_SOURCES)[number];

/**
 * One model request. `request_tokens` and `usage_source` are written with every call; logs written
 * before they existed lack them and read as tokens_in and 'provider' (see `llmUsage`).
 */
export const LLM_CALL_FIELDS = {
  action_id: opt('string'),
  /** planner, locator, validator, debugger, query. */
  role: 'string',
  model: 'string',
  /** The provider profile that shaped the request: openai, openai-reasoning, anthropic, gemini, local, plain, ... */
  profile: opt('string'),
  /** File names beside the log holding the prompt and the raw answer. */
  prompt_ref: 'string',
  answer_ref: 'string',
  /** Input and output tokens billed: the provider's reported usage, or mobiletest's own o200k count (usage_source). */
  tokens_in: 'number',
  tokens_out: 'number',
  /** o200k tokens of the whole request body as sent: messages, schema or tools, images. */
  request_tokens: opt('number'),
  usage_source: opt(USAGE_SOURCES),
  /** The provider's finish or stop reason as it gave it: stop, length, tool_use, max_tokens, refusal, ... */
  finish: opt('string'),
  cost_usd: 'number',
  duration_ms: 'number',
} as const satisfies Spec;
