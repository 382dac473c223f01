// Checking a model's answer: the schema (ajv, every problem at once), then the refs it cites against the
// screen. Problems are phrased for the model, which is shown them when it is asked again.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { z } from 'zod';
import { jsonSchemaOf, type JsonSchema } from '../../primitives/index.js';
import { given, pathOf } from '../../primitives/schema/issue-text.js';
import { REF_PATTERN } from './schemas.js';

// Our own schemas are compiled strictly; a caller's query schema may use keywords we do not know.
const strict = new Ajv2020({ strict: true, allErrors: true, verbose: true });
const lenient = new Ajv2020({ strict: false, allErrors: true, verbose: true, validateFormats: false });
const compiledAnswers = new WeakMap<z.ZodType, ValidateFunction>();
const compiledCallerSchemas = new WeakMap<object, ValidateFunction>();

/** The validator of a role's answer: its zod description's JSON Schema (the one sent), compiled strictly once. */
export function answerValidator(schema: z.ZodType): ValidateFunction {
  let validate = compiledAnswers.get(schema);
  if (!validate) compiledAnswers.set(schema, (validate = strict.compile(jsonSchemaOf(schema))));
  return validate;
}

/** The validator of a JSON Schema built around a caller's (`ai.query`'s), compiled leniently once per `owner`. */
export function callerValidator(schema: JsonSchema, owner: object): ValidateFunction {
  let validate = compiledCallerSchemas.get(owner);
  if (!validate) compiledCallerSchemas.set(owner, (validate = lenient.compile(schema)));
  return validate;
}

const join = (path: string, field: string): string => (path ? `${path}.${field}` : field);

function problemOf(error: ErrorObject): string {
  const path = pathOf(error.instancePath);
  const where = path || 'the answer';
  switch (error.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return `${join(path, String(error.params.additionalProperty))}: unknown field; ${where} takes only ${allowed.join(', ')}`;
    }
    case 'required':
      return `${join(path, String(error.params.missingProperty))}: missing`;
    case 'type':
      return `${where}: should be ${String(error.params.type)}, got ${given(error.data)}`;
    case 'enum':
      return `${where}: should be one of ${(error.params.allowedValues as unknown[]).map(String).join(', ')}; got ${given(error.data)}`;
    case 'minItems':
      return `${where}: should have at least ${String(error.params.limit)} item(s); got ${Array.isArray(error.data) ? error.data.length : 0}`;
    case 'maxItems':
      return `${where}: should have at most ${String(error.params.limit)} item(s); got ${Array.isArray(error.data) ? error.data.length : 0}`;
    case 'pattern':
      return error.params.pattern === REF_PATTERN.source
        ? `${where}: should be a ref like e7; got ${given(error.data)}`
        : `${where}: ${error.message ?? 'is invalid'}`;
    default:
      return `${where}: ${error.message ?? 'is invalid'}${error.data === undefined || typeof error.data === 'object' ? '' : `; got ${given(error.data)}`}`;
  }
}

/** Every schema problem, one line each; errors under a path `skip` accepts are left to a finer check. */
export function schemaProblems(validate: ValidateFunction, value: unknown, skip?: (instancePath: string) => boolean): string[] {
  if (validate(value)) return [];
  // Errors inside oneOf/anyOf branches repeat what the branch-level error says, once per branch.
  const errors = (validate.errors ?? []).filter((e) => !/\/(oneOf|anyOf)\/\d+\//.test(e.schemaPath) && !skip?.(e.instancePath));
  return [...new Set(errors.map(problemOf))];
}

/** "e1..e17, e20" for the refs on a screen, so a re-ask can say which refs exist. */
export function refSummary(refs: ReadonlySet<string>): string {
  const numbers = [...refs]
    .map((ref) => /^e(\d+)$/.exec(ref))
    .flatMap((m) => (m ? [Number(m[1])] : []))
    .sort((a, b) => a - b);
  if (numbers.length === 0) return 'none';
  const runs: string[] = [];
  let start = numbers[0];
  for (let i = 1; i <= numbers.length; i++) {
    if (i < numbers.length && numbers[i] === numbers[i - 1] + 1) continue;
    const end = numbers[i - 1];
    runs.push(end === start ? `e${start}` : `e${start}..e${end}`);
    start = numbers[i];
  }
  return runs.join(', ');
}

/** The problem with a cited ref, or undefined when it is on the screen. */
export function refProblem(path: string, ref: string, screenRefs: ReadonlySet<string>): string | undefined {
  if (screenRefs.has(ref)) return undefined;
  return `${path}: ref ${ref} is not on the screen; refs on screen are ${refSummary(screenRefs)}`;
}

/** Problems with each ref of a `refs` list. */
export function refListProblems(path: string, refs: readonly string[], screenRefs: ReadonlySet<string>): string[] {
  return refs.flatMap((ref, i) => refProblem(`${path}[${i}]`, ref, screenRefs) ?? []);
}
