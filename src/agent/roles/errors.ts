import { roleSetting, type ModelRole } from '../../llm/index.js';

/** What went wrong with a model's answers: each problem, how many attempts there were, and which model gave them. */
export interface InvalidAnswerDetail {
  /** Each problem, prefixed by the attempt it came from ("attempt 2: actions[0].name: ..."). */
  problems: string[];
  attempts: number;
  model: string;
}

/** A model kept answering in a shape or with refs we cannot use, after every re-ask. */
export class InvalidModelAnswer extends Error {
  override name = 'InvalidModelAnswer';
  /** Each problem, prefixed by the attempt it came from ("attempt 2: actions[0].name: ..."). */
  readonly problems: string[];
  readonly attempts: number;
  readonly model: string;

  constructor(
    readonly role: ModelRole,
    { problems, attempts, model }: InvalidAnswerDetail,
  ) {
    super(
      `the ${role} model (${model}) gave no usable answer in ${attempts} attempt(s):\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        `Use a stronger model for this role (MOBILETEST_LLM_${role.toUpperCase()}_MODEL or MOBILETEST_LLM_MODEL), ` +
        'or check that the server supports structured output (JSON answers to a schema).',
    );
    this.problems = problems;
    this.attempts = attempts;
    this.model = model;
  }
}

/** The model declined to answer: its own words, not retried (asking again gets the same refusal). */
export class ModelRefused extends Error {
  override name = 'ModelRefused';
  constructor(
    readonly role: ModelRole,
    readonly model: string,
    readonly words: string,
  ) {
    super(`the ${role} model (${model}) refused: "${words}"`);
  }
}

/** The answer stopped at its token cap, also after one more try at a higher cap. */
export class ModelAnswerTruncated extends Error {
  override name = 'ModelAnswerTruncated';
  constructor(
    readonly role: ModelRole,
    readonly model: string,
    readonly caps: readonly number[],
  ) {
    super(
      `the ${role} model (${model}) was cut off at its token cap ${caps.length > 1 ? `twice (${caps.join(', then ')} tokens)` : `(${caps[0]} tokens)`}: ` +
        `raise it with ${roleSetting(role, 'maxTokens', String(caps[caps.length - 1] * 2))}` +
        (caps[caps.length - 1] >= 2_000 ? ', or, for a reasoning model, lower its reasoning effort' : ''),
    );
  }
}

/** A screen had to be sent as a picture, and the model that would be asked takes no images. */
export class VisionUnavailable extends Error {
  override name = 'VisionUnavailable';
  constructor(
    readonly role: ModelRole,
    { model, why }: { model: string; why: string },
  ) {
    super(
      `${why}, so the ${role} must see the screen's picture, but its model (${model}) takes no images. ` +
        'Set MOBILETEST_LLM_VISION_MODEL (or ai.visionModel in the config) to a model of the same provider that does, ' +
        'e.g. gpt-4o-mini, claude-sonnet-4-5, gemini-2.5-flash, or qwen2.5vl:7b on a local server.',
    );
  }
}
