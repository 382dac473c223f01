import { isMap, isScalar, isSeq, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import { InvalidPrimitiveCall, isPrimitiveName, PRIMITIVE_NAMES, validateCall, type PrimitiveName } from '../../src/primitives/index.js';
import { closest } from '../../src/primitives/schema/suggest.js';
import { describeNode, keyOf, textOf, type SpecReader } from './reader.js';
import { parameterNames, shorthandField } from './shorthand.js';
import type { YamlStep } from './spec.js';

/** Step words that are not primitives: agent goals, agent assertions and checkpoints. */
const AGENT_STEPS = {
  ai: 'a goal, e.g. `- ai: Log in as alice`',
  expect: 'an assertion, e.g. `- expect: The cart shows 2 items`',
  checkpoint: "the stage's name, e.g. `- checkpoint: signed in`",
} as const;
type AgentStep = keyof typeof AGENT_STEPS;
const STEP_WORDS: readonly string[] = [...PRIMITIVE_NAMES, ...Object.keys(AGENT_STEPS)];

const SHAPE = 'a step is a primitive name (`- launch_app`) or a map with one key (`- tap: Log in`, `- input_text: { target: Email, text: a@b.c }`)';

function isAgentStep(word: string): word is AgentStep {
  return Object.hasOwn(AGENT_STEPS, word);
}

function unknownStep(word: string): string {
  const hint = closest(word, STEP_WORDS);
  return hint
    ? `unknown step \`${word}\`; did you mean \`${hint}\`?`
    : `unknown step \`${word}\`; steps are ai, expect, checkpoint or a primitive: ${PRIMITIVE_NAMES.join(', ')}`;
}

/** The YAML node that a dotted parameter path (`target.text`, `permissions[0]`) points at, for error positions. */
function nodeAtPath(params: YAMLMap, path: string, preferKey: boolean): Node | Pair {
  const segments = path.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== '');
  let current: unknown = params;
  let found: Node | Pair = params;
  for (const segment of segments) {
    if (isMap(current)) {
      const pair = current.items.find((p) => keyOf(p) === segment);
      if (!pair) break;
      found = preferKey || !pair.value ? pair : (pair.value as Node);
      current = pair.value;
    } else if (isSeq(current) && /^\d+$/.test(segment) && current.items[Number(segment)]) {
      current = current.items[Number(segment)];
      found = current as Node;
    } else {
      break;
    }
  }
  return found;
}

/** What a step's word is given (undefined for a bare `- word`) and the node it is written at, for messages and its location. */
interface StepBody {
  value: unknown;
  place: Node | Pair;
}

function agentStep(reader: SpecReader, word: AgentStep, { value, place }: StepBody): YamlStep | undefined {
  const text = textOf(value);
  if (text === undefined) {
    reader.problem(place, `\`${word}\` needs ${AGENT_STEPS[word]}; got ${describeNode(value)}`);
    return undefined;
  }
  const location = reader.at(place);
  if (word === 'checkpoint') return { kind: 'checkpoint', name: text.trim(), location };
  return word === 'ai' ? { kind: 'ai', goal: text.trim(), location } : { kind: 'expect', assertion: text.trim(), location };
}

function primitiveStep(reader: SpecReader, name: PrimitiveName, { value, place }: StepBody): YamlStep | undefined {
  let params: Record<string, unknown> = {};
  if (isMap(value)) {
    params = value.toJSON() as Record<string, unknown>;
  } else if (isScalar(value) && value.value !== null) {
    const scalar = value.value as string | number | boolean;
    const field = shorthandField(name, scalar);
    if (!field) {
      const fields = parameterNames(name).filter((f) => f !== 'expected');
      reader.problem(
        value,
        fields.length === 0
          ? `\`${name}\` takes no value; write \`- ${name}\``
          : `\`${name}\` cannot tell which parameter ${describeNode(value)} is; write \`- ${name}: { ${fields.join(': ..., ')}: ... }\``,
      );
      return undefined;
    }
    params = { [field]: scalar };
  } else if (value !== null && value !== undefined && !(isScalar(value) && value.value === null)) {
    reader.problem(value as Node, `parameters of \`${name}\` should be a value or a map; got ${describeNode(value)}`);
    return undefined;
  }
  try {
    return { kind: 'primitive', call: validateCall({ name, params }), location: reader.at(place) };
  } catch (error) {
    if (!(error instanceof InvalidPrimitiveCall)) throw error;
    if (isMap(value)) {
      reader.problem(error.path ? nodeAtPath(value, error.path, error.message.startsWith('unknown field')) : place, error.message);
    } else if (isScalar(value) && value.value !== null) {
      reader.problem(value, error.message);
    } else {
      const fields = parameterNames(name).filter((f) => f !== 'expected');
      reader.problem(place, `${error.message}; write \`- ${name}: <value>\` or \`- ${name}: { ${fields.join(': ..., ')}: ... }\``);
    }
    return undefined;
  }
}

/** One entry of `steps:` as a typed step, or undefined after reporting why it is not one. */
export function readStep(reader: SpecReader, node: unknown): YamlStep | undefined {
  if (isScalar(node) && typeof node.value === 'string') {
    const word = node.value.trim();
    if (isAgentStep(word)) return agentStep(reader, word, { value: undefined, place: node });
    if (!isPrimitiveName(word)) {
      reader.problem(node, unknownStep(word));
      return undefined;
    }
    return primitiveStep(reader, word, { value: undefined, place: node });
  }
  if (!isMap(node)) {
    reader.problem(node as Node, `${SHAPE}; got ${describeNode(node)}`);
    return undefined;
  }
  const pairs = node.items;
  if (pairs.length !== 1) {
    const keys = pairs.map((p) => keyOf(p) ?? '?');
    const bare = pairs.find((p) => p.value === null || (isScalar(p.value) && (p.value as Scalar).value === null));
    const hint = bare && pairs.length > 1 ? `; are the parameters of \`${keyOf(bare)}\` meant to be indented under it?` : '';
    reader.problem(node, `${SHAPE}; this one has ${pairs.length === 0 ? 'no keys' : `${pairs.length} keys (${keys.join(', ')})`}${hint}`);
    return undefined;
  }
  const [pair] = pairs;
  const word = keyOf(pair);
  if (word === undefined) {
    reader.problem(pair, `${SHAPE}; its key should be a step name`);
    return undefined;
  }
  if (isAgentStep(word)) return agentStep(reader, word, { value: pair.value, place: pair });
  if (!isPrimitiveName(word)) {
    reader.problem(pair, unknownStep(word));
    return undefined;
  }
  return primitiveStep(reader, word, { value: pair.value, place: pair });
}
