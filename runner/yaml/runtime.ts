// What a generated YAML module calls at load time: the titles, options and bodies of its tests.
import { test } from '../fixtures/index.js';
import { SPEC_LAUNCHES_APP } from '../fixtures/options.js';
import type { Device } from '../device/index.js';
import { YamlSpecError, type SpecLocation, type YamlProblem } from './errors.js';
import type { AiStep, ExpectStep, YamlSpec, YamlTest } from './spec.js';

export { test };

/** A step the agent would run; the agent is not part of this release, so the step fails and says so. */
export class AgentStepUnavailable extends Error {
  override readonly name = 'AgentStepUnavailable';

  constructor(step: AiStep | ExpectStep) {
    const word = step.kind === 'expect' ? '`expect:`' : '`ai:` and `tasks:`';
    super(`agent steps (${word}) need the agent, which this version of mobiletest does not include; write this step as primitives for now (tap, input_text, assert_visible, ...)`);
  }
}

export type YamlModuleData =
  | { spec: YamlSpec; displayPath: string }
  | { invalid: { file: string; problems: YamlProblem[] }; displayPath: string };

type TestBody = (fixtures: { device: Device }) => Promise<void>;

/** Reports show the YAML line as the error's only frame, not mobiletest's code that raised it. */
function locatedAt<E extends Error>(error: E, location: SpecLocation): E {
  error.stack = `${error.name}: ${error.message}\n    at ${location.file}:${location.line}:${location.column}`;
  return error;
}

/**
 * The same error (class, message, fields) as a new object: Playwright replaces the stack of the very error
 * that failed a boxed step with the step's call stack, which inside mobiletest holds no spec frame.
 */
function copyOf<E extends Error>(error: E): E {
  const copy = Object.create(Object.getPrototypeOf(error)) as E;
  for (const key of Object.getOwnPropertyNames(error)) Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(error, key)!);
  return copy;
}

function agentStep(step: AiStep | ExpectStep): Promise<void> {
  const title = step.kind === 'ai' ? `ai: ${step.goal}` : `expect: ${step.assertion}`;
  return test.step(title, async () => {
    throw locatedAt(new AgentStepUnavailable(step), step.location);
  }, { location: step.location });
}

function bodyOf(yamlTest: YamlTest): TestBody {
  const run = async (device: Device | undefined) => {
    if (yamlTest.timeoutMs !== undefined) test.setTimeout(yamlTest.timeoutMs);
    for (const step of yamlTest.steps) {
      if (step.kind !== 'primitive') await agentStep(step);
      else await (device as Device).do(step.call, { location: step.location }).catch((error: unknown) => {
        throw error instanceof Error ? locatedAt(copyOf(error), step.location) : error;
      });
    }
  };
  // Playwright reads a test's fixtures from its parameter list: only tests with scripted steps lease a phone.
  const needsDevice = yamlTest.steps.some((step) => step.kind === 'primitive');
  return needsDevice ? ({ device }) => run(device) : () => run(undefined);
}

/** A spec with problems: one test that fails with every problem, pointing at the first. */
function invalidBody(file: string, problems: YamlProblem[], displayPath: string): TestBody {
  return async () => {
    throw locatedAt(new YamlSpecError(file, problems, { displayPath }), problems[0].location);
  };
}

/** A test whose first step launches the app tells the device fixture to only clear its data. */
function detailsOf(yamlTest: YamlTest): { annotation?: { type: string; description: string } } {
  const first = yamlTest.steps[0];
  if (first?.kind !== 'primitive' || first.call.name !== 'launch_app') return {};
  return { annotation: { type: SPEC_LAUNCHES_APP, description: 'its first step, launch_app, starts the app; before it the app\'s data is cleared' } };
}

/** The tests of one generated YAML module, by index in file order. */
export function yamlTests(data: YamlModuleData) {
  if ('invalid' in data) {
    return {
      title: () => 'invalid YAML spec',
      details: () => ({}),
      body: () => invalidBody(data.invalid.file, data.invalid.problems, data.displayPath),
      use: () => ({}),
    };
  }
  const { spec } = data;
  return {
    title: (i: number) => spec.tests[i].name,
    details: (i: number) => detailsOf(spec.tests[i]),
    body: (i: number) => bodyOf(spec.tests[i]),
    use: () => (spec.app === undefined ? {} : { app: spec.app }),
  };
}
