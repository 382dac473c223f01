import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { z } from 'zod';
import { InvalidPrimitiveCall } from './errors.js';
import { primitiveParamsSchema } from './json-schema.js';
import { isPrimitiveName, PRIMITIVE_NAMES, PRIMITIVES, type PrimitiveCall, type PrimitiveName } from './registry.js';
import { dotted, given, pathOf, preview as shown } from './issue-text.js';
import { closest } from './suggest.js';

const ajv = new Ajv2020({ strict: true, allErrors: false, verbose: true });
const validators = new Map<PrimitiveName, ValidateFunction>();

function validatorFor(name: PrimitiveName): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(primitiveParamsSchema(name));
    validators.set(name, validate);
  }
  return validate;
}

const score = (e: ErrorObject): number => (e.keyword === 'type' ? 3 : e.keyword === 'required' ? 2 : 1);

function explain(name: PrimitiveName, errors: ErrorObject[]): InvalidPrimitiveCall {
  const def = PRIMITIVES[name];
  const exactlyOne = 'exactlyOne' in def ? def.exactlyOne : undefined;
  const rootOneOf = errors.find((e) => e.keyword === 'oneOf' && e.schemaPath === '#/oneOf');
  if (rootOneOf && exactlyOne) {
    return new InvalidPrimitiveCall(`${name} needs exactly one of ${exactlyOne.join(', ')}`, { primitive: name });
  }
  const leaves = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && !e.schemaPath.startsWith('#/oneOf/'));
  const best = [...leaves].sort((a, b) => score(a) - score(b))[0] ?? errors[0];
  const at = pathOf(best.instancePath);
  const where = at ? ` at \`${at}\`` : '';
  const union = errors.find((e) => e.keyword === 'anyOf' && best.instancePath.startsWith(e.instancePath));

  if (best.keyword === 'additionalProperties') {
    const field = String(best.params.additionalProperty);
    const allowed = Object.keys((best.parentSchema as { properties?: object }).properties ?? {});
    const hint = closest(field, allowed);
    const path = at ? `${at}.${field}` : field;
    return new InvalidPrimitiveCall(
      `unknown field \`${field}\` in ${name}${where}; allowed: ${allowed.join(', ')}${hint ? ` (did you mean \`${hint}\`?)` : ''}`,
      { primitive: name, path, suggestion: hint },
    );
  }
  if (best.keyword === 'required' && union) {
    const description = (union.parentSchema as { description?: string }).description ?? 'one of the allowed shapes';
    const field = pathOf(union.instancePath);
    return new InvalidPrimitiveCall(`field \`${field}\` in ${name} should be ${description}; got ${shown(union.data)}`, { primitive: name, path: field });
  }
  if (best.keyword === 'required') {
    const field = String(best.params.missingProperty);
    return new InvalidPrimitiveCall(`missing field \`${field}\` in ${name}${where}`, {
      primitive: name,
      path: at ? `${at}.${field}` : field,
    });
  }
  if (best.keyword === 'type') {
    const types = [...new Set(leaves.filter((e) => e.keyword === 'type' && e.instancePath === best.instancePath).map((e) => String(e.params.type)))];
    return new InvalidPrimitiveCall(`field \`${at}\` in ${name} should be ${types.join(' or ')}, got ${given(best.data)}`, { primitive: name, path: at });
  }
  if (best.keyword === 'enum') {
    const allowed = (best.params.allowedValues as unknown[]).map(String);
    const hint = typeof best.data === 'string' ? closest(best.data, allowed) : undefined;
    return new InvalidPrimitiveCall(
      `field \`${at}\` in ${name} should be one of ${allowed.join(', ')}; got ${shown(best.data)}${hint ? ` (did you mean \`${hint}\`?)` : ''}`,
      { primitive: name, path: at, suggestion: hint },
    );
  }
  return new InvalidPrimitiveCall(`field \`${at}\` in ${name} ${best.message ?? 'is invalid'}; got ${shown(best.data)}`, {
    primitive: name,
    path: at,
  });
}

/** Zod reports a failed union as nested issue lists; the branch with the fewest type mismatches says what went wrong. */
function leafIssue(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branch = [...issue.errors].sort((a, b) => a.filter((i) => i.code === 'invalid_type').length - b.filter((i) => i.code === 'invalid_type').length)[0];
    if (branch[0]) {
      const inner = leafIssue(branch[0]);
      return { path: [...issue.path, ...inner.path], message: inner.message };
    }
  }
  return { path: issue.path, message: issue.message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks untrusted input (YAML, MCP, model output) against the JSON Schema of the vocabulary, then the
 * rules JSON Schema cannot say (regular expressions compile, target objects name something).
 */
export function validateCall(input: unknown): PrimitiveCall {
  if (!isRecord(input)) {
    throw new InvalidPrimitiveCall(`a primitive call must be an object {name, params}; got ${given(input)}`);
  }
  const extra = Object.keys(input).filter((k) => k !== 'name' && k !== 'params');
  if (extra.length > 0) {
    throw new InvalidPrimitiveCall(`unknown field \`${extra[0]}\` in a primitive call; allowed: name, params`);
  }
  const name = input.name;
  if (typeof name !== 'string') {
    throw new InvalidPrimitiveCall(`a primitive call needs \`name\` as a string; got ${given(name)}`);
  }
  if (!isPrimitiveName(name)) {
    const hint = closest(name, PRIMITIVE_NAMES);
    throw new InvalidPrimitiveCall(
      hint ? `unknown primitive \`${name}\`; did you mean \`${hint}\`?` : `unknown primitive \`${name}\`; known: ${PRIMITIVE_NAMES.join(', ')}`,
      { suggestion: hint },
    );
  }
  if (!('params' in input)) throw new InvalidPrimitiveCall(`missing \`params\` in ${name} (use {} when it takes none)`, { primitive: name });
  const validate = validatorFor(name);
  if (!validate(input.params)) {
    if (!isRecord(input.params)) {
      throw new InvalidPrimitiveCall(`params of ${name} should be an object; got ${given(input.params)}`, {
        primitive: name,
      });
    }
    throw explain(name, validate.errors ?? []);
  }
  const parsed = PRIMITIVES[name].params.safeParse(input.params);
  if (!parsed.success) {
    const issue = leafIssue(parsed.error.issues[0]);
    const at = dotted(issue.path);
    throw new InvalidPrimitiveCall(at ? `field \`${at}\` in ${name}: ${issue.message}` : `${name}: ${issue.message}`, {
      primitive: name,
      path: at,
    });
  }
  const call = { name, params: parsed.data } as PrimitiveCall;
  validated.add(call);
  return call;
}

/** The calls validateCall returned: a call is validated once on its way from the caller to the executor. */
const validated = new WeakSet<object>();

/** `input` as a valid call: one validateCall returned is taken as it is, anything else is validated now. */
export function validCall(input: unknown): PrimitiveCall {
  return typeof input === 'object' && input !== null && validated.has(input) ? (input as PrimitiveCall) : validateCall(input);
}
