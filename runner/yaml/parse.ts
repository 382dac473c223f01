import { PLATFORMS, type Platform } from '../../src/drivers/index.js';
import { isMap, isSeq, LineCounter, parseDocument, type Node, type Pair } from 'yaml';
import { PRIMITIVES } from '../../src/primitives/index.js';
import { parseDuration } from './duration.js';
import { YamlSpecError, type SpecLocation } from './errors.js';
import { describeNode, pairOf, SpecReader, textOf } from './reader.js';
import type { YamlSpec, YamlStep, YamlTest } from './spec.js';
import { readStep } from './steps.js';

const TOP_KEYS = ['app', 'platform', 'tests', 'tasks'] as const;
const TEST_KEYS = ['name', 'timeout', 'steps'] as const;
const TASK_KEYS = ['name', 'task', 'timeout'] as const;

export interface ParseOptions {
  /** The spec's path: locations carry it, and messages show it. */
  file: string;
}

/** A YAML error's own text, without the code frame the library appends (our message gives the position). */
function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

interface Named {
  name: string;
  location: SpecLocation;
  timeoutMs?: number;
}

/** The `name:` and `timeout:` shared by tests and tasks; undefined when the name is missing or not text. */
function readNamed(reader: SpecReader, item: Node & { items: Pair[] }, what: string): Named | undefined {
  const namePair = pairOf(item.items, 'name');
  const name = textOf(namePair?.value);
  if (!namePair) reader.problem(item, `${what} needs a \`name\``);
  else if (name === undefined) reader.problem(namePair.value as Node, `\`name\` of ${what} should be text; got ${describeNode(namePair.value)}`);
  const timeoutPair = pairOf(item.items, 'timeout');
  let timeoutMs: number | undefined;
  if (timeoutPair) {
    const value = (timeoutPair.value as Node | null)?.toJSON();
    const duration = parseDuration(value);
    if ('reason' in duration) reader.problem((timeoutPair.value as Node | null) ?? timeoutPair, duration.reason);
    else timeoutMs = duration.ms;
  }
  if (name === undefined || !namePair) return undefined;
  return { name: name.trim(), location: reader.at(namePair), ...(timeoutMs === undefined ? {} : { timeoutMs }) };
}

function readTest(reader: SpecReader, item: unknown): YamlTest | undefined {
  if (!isMap(item)) {
    reader.problem(item as Node, `each entry of \`tests\` should be a map with name and steps; got ${describeNode(item)}`);
    return undefined;
  }
  reader.unknownKeys(item.items, TEST_KEYS, 'a test');
  const named = readNamed(reader, item, 'a test');
  const stepsPair = pairOf(item.items, 'steps');
  const steps: YamlStep[] = [];
  if (!stepsPair) {
    reader.problem(item, `test${named ? ` "${named.name}"` : ''} needs \`steps\`: a list of primitives, \`ai:\` goals and \`expect:\` assertions`);
  } else if (!isSeq(stepsPair.value) || stepsPair.value.items.length === 0) {
    reader.problem((stepsPair.value as Node | null) ?? stepsPair, `\`steps\` should be a list with at least one step; got ${describeNode(stepsPair.value)}`);
  } else {
    for (const node of stepsPair.value.items) {
      const step = readStep(reader, node);
      if (step) steps.push(step);
    }
  }
  return named ? { ...named, steps } : undefined;
}

function readTask(reader: SpecReader, item: unknown): YamlTest | undefined {
  if (!isMap(item)) {
    reader.problem(item as Node, `each entry of \`tasks\` should be a map with name and task; got ${describeNode(item)}`);
    return undefined;
  }
  reader.unknownKeys(item.items, TASK_KEYS, 'a task');
  const named = readNamed(reader, item, 'a task');
  const taskPair = pairOf(item.items, 'task');
  const goal = textOf(taskPair?.value);
  if (!taskPair) reader.problem(item, `task${named ? ` "${named.name}"` : ''} needs \`task\`: the goal, in words`);
  else if (goal === undefined)
    reader.problem((taskPair.value as Node | null) ?? taskPair, `\`task\` should be the goal, in words; got ${describeNode(taskPair.value)}`);
  if (!named || !taskPair || goal === undefined) return undefined;
  return { ...named, steps: [{ kind: 'ai', goal: goal.trim(), location: reader.at(taskPair) }] };
}

function readList(reader: SpecReader, pair: Pair | undefined, read: (reader: SpecReader, item: unknown) => YamlTest | undefined): YamlTest[] {
  if (!pair) return [];
  if (!isSeq(pair.value)) {
    reader.problem((pair.value as Node | null) ?? pair, `\`${String((pair.key as Node).toJSON())}\` should be a list; got ${describeNode(pair.value)}`);
    return [];
  }
  return pair.value.items.map((item) => read(reader, item)).filter((t): t is YamlTest => t !== undefined);
}

function checkUniqueNames(reader: SpecReader, tests: readonly YamlTest[]): void {
  const seen = new Map<string, YamlTest>();
  for (const test of tests) {
    const first = seen.get(test.name);
    if (first) {
      reader.problems.push({
        location: test.location,
        reason: `duplicate test name "${test.name}" (first at line ${first.location.line}); names must be unique in a file`,
      });
    } else {
      seen.set(test.name, test);
    }
  }
}

/**
 * Reads a YAML spec into typed tests, every primitive step validated against the registry.
 * Throws a YamlSpecError listing every problem as `file:line:col: reason`.
 */
export function parseYamlSpec(source: string, options: ParseOptions): YamlSpec {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false });
  const reader = new SpecReader(options.file, lines);
  for (const error of doc.errors) reader.problem(error.pos[0], firstLine(error.message));
  if (reader.problems.length > 0) throw new YamlSpecError(options.file, reader.problems);

  const root = doc.contents;
  if (!isMap(root)) {
    const got = root === null ? 'an empty file' : describeNode(root);
    reader.problem(root, `a spec is a map with \`tests:\` (scripted steps) or \`tasks:\` (agent goals), and optionally \`app:\`; got ${got}`);
    throw new YamlSpecError(options.file, reader.problems);
  }
  reader.unknownKeys(root.items, TOP_KEYS, 'the spec');

  const appPair = pairOf(root.items, 'app');
  let app: string | undefined;
  if (appPair) {
    const value = (appPair.value as Node | null)?.toJSON();
    if (PRIMITIVES.launch_app.params.shape.app.safeParse(value).success && typeof value === 'string') app = value;
    else
      reader.problem(
        (appPair.value as Node | null) ?? appPair,
        `\`app\` should be an Android package or iOS bundle id such as com.example.shop; got ${describeNode(appPair.value)}`,
      );
  }

  const platformPair = pairOf(root.items, 'platform');
  let platform: Platform | undefined;
  if (platformPair) {
    const value = (platformPair.value as Node | null)?.toJSON();
    platform = PLATFORMS.find((p) => p === value);
    if (!platform)
      reader.problem(
        (platformPair.value as Node | null) ?? platformPair,
        `\`platform\` should be ${PLATFORMS.join(' or ')}; got ${describeNode(platformPair.value)}`,
      );
  }

  const testsPair = pairOf(root.items, 'tests');
  const tasksPair = pairOf(root.items, 'tasks');
  if (!testsPair && !tasksPair) reader.problem(root, 'a spec needs `tests:` (scripted steps) or `tasks:` (agent goals)');
  const tests = [...readList(reader, testsPair, readTest), ...readList(reader, tasksPair, readTask)];
  checkUniqueNames(reader, tests);
  if (tests.length === 0 && reader.problems.length === 0) {
    reader.problem(testsPair ?? tasksPair, 'the spec has no tests; add one such as `- name: login` with its `steps:`');
  }

  if (reader.problems.length > 0) {
    const ordered = [...reader.problems].sort((a, b) => a.location.line - b.location.line || a.location.column - b.location.column);
    throw new YamlSpecError(options.file, ordered);
  }
  return { file: options.file, ...(app === undefined ? {} : { app }), ...(platform === undefined ? {} : { platform }), tests };
}
