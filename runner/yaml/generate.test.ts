import { expect, test } from '@playwright/test';
import { yamlModuleSource } from './generate.js';

// Playwright takes a test's location from the line and column of its `test(` call, so each call
// must sit exactly where the YAML test's `name:` is.
function callPositions(code: string): string[] {
  return code.split('\n').flatMap((line, i) => [...line.matchAll(/__test\(/g)].map((m) => `${i + 1}:${(m.index ?? 0) + 1}`));
}

const SPEC = 'app: com.example.shop\ntests:\n  - name: login\n    steps: [launch_app]\n\n  -   name: search\n      steps:\n        - tap: Search\n';

test("each test() call of an ES module sits on its YAML test's line and column", () => {
  const code = yamlModuleSource({ file: '/p/specs/a.test.yml', source: SPEC, format: 'module', runtime: 'file:///pkg/runtime.js' });
  expect(callPositions(code)).toEqual(['3:5', '6:7']);
  expect(code).toContain('import { test as __test, yamlTests as __yamlTests } from "file:///pkg/runtime.js";');
  expect(code).toContain('__test.use(__yaml().use());');
});

test('CommonJS requires the runtime on line 1, before the first test, and keeps the positions', () => {
  const code = yamlModuleSource({ file: '/p/specs/a.test.yml', source: SPEC, format: 'commonjs', runtime: '/pkg/runtime.js' });
  expect(code.split('\n')[0]).toBe('var { test: __test, yamlTests: __yamlTests } = require("/pkg/runtime.js");');
  expect(callPositions(code)).toEqual(['3:5', '6:7']);
});

test('a spec with problems becomes one test at its first problem, carrying every problem', () => {
  const code = yamlModuleSource({
    file: '/p/specs/bad.test.yml',
    displayPath: 'specs/bad.test.yml',
    source: 'tests:\n  - name: t\n    steps:\n      - tapp: x\n      - tap\n',
    format: 'module',
    runtime: 'file:///pkg/runtime.js',
  });
  expect(callPositions(code)).toEqual(['4:9']);
  expect(code).toContain('"invalid":{"file":"/p/specs/bad.test.yml","problems":[');
  expect(code).toContain('unknown step `tapp`; did you mean `tap`?');
  expect(code).toContain('missing field `target` in tap');
});

test('tests written on one line stay in order, each as close to its column as the line allows', () => {
  const code = yamlModuleSource({
    file: '/p/a.test.yml',
    source: 'tests: [{name: a, steps: [launch_app]}, {name: b, steps: [launch_app]}]\n',
    format: 'module',
    runtime: 'file:///pkg/runtime.js',
  });
  expect(callPositions(code)).toEqual(['1:10', '1:42']);
});
