// What a generated YAML module calls at load time: the titles, options and bodies of its tests.
import { test } from '../fixtures/index.js';
import { SPEC_LAUNCHES_APP } from '../fixtures/options.js';
import type { Device } from '../device/index.js';
import { copyOf, locatedAt } from '../source/location.js';
import { YamlSpecError, type YamlProblem } from './errors.js';
import type { AiStep, CheckpointStep, ExpectStep, YamlSpec, YamlTest } from './spec.js';

export { test };

export type YamlModuleData = { spec: YamlSpec; displayPath: string } | { invalid: { file: string; problems: YamlProblem[] }; displayPath: string };

type TestBody = (fixtures: { device: Device }) => Promise<void>;

/** `- ai:`, `- expect:` and `- checkpoint:` run at their YAML line; a failure points there. */
async function agentStep(device: Device, step: AiStep | ExpectStep | CheckpointStep): Promise<void> {
  const location = { file: step.location.file, line: step.location.line, column: step.location.column };
  const run =
    step.kind === 'checkpoint'
      ? device.checkpoint(step.name, { location })
      : step.kind === 'ai'
        ? device.ai.step(step.goal, { location })
        : device.ai.expect(step.assertion, { location });
  await run.catch((error: unknown) => {
    throw error instanceof Error ? locatedAt(copyOf(error), step.location) : error;
  });
}

function bodyOf(yamlTest: YamlTest): TestBody {
  return async ({ device }) => {
    if (yamlTest.timeoutMs !== undefined) test.setTimeout(yamlTest.timeoutMs);
    for (const step of yamlTest.steps) {
      if (step.kind !== 'primitive') await agentStep(device, step);
      else
        await device.do(step.call, { location: step.location }).catch((error: unknown) => {
          throw error instanceof Error ? locatedAt(copyOf(error), step.location) : error;
        });
    }
  };
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
  return { annotation: { type: SPEC_LAUNCHES_APP, description: "its first step, launch_app, starts the app; before it the app's data is cleared" } };
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
    use: () => ({ ...(spec.app === undefined ? {} : { app: spec.app }), ...(spec.platform === undefined ? {} : { platform: spec.platform }) }),
  };
}
