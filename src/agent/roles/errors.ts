import type { ModelRole } from '../../llm/index.js';

/** A model kept answering in a shape or with refs we cannot use, after every re-ask. */
export class InvalidModelAnswer extends Error {
  override name = 'InvalidModelAnswer';
  constructor(
    readonly role: ModelRole,
    /** Each problem, prefixed by the attempt it came from ("attempt 2: actions[0].name: ..."). */
    readonly problems: string[],
    readonly attempts: number,
    readonly model: string,
  ) {
    super(
      `the ${role} model (${model}) gave no usable answer in ${attempts} attempt(s):\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
      `Use a stronger model for this role (MOBILETEST_LLM_${role.toUpperCase()}_MODEL or MOBILETEST_LLM_MODEL), ` +
      'or check that the server supports structured output (JSON answers to a schema).',
    );
  }
}
