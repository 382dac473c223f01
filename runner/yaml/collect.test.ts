import path from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptYamlTestFiles } from './collect.js';

test("only Playwright's test-file filter sees a YAML spec as a script; everyone else still sees .yml", () => {
  acceptYamlTestFiles();
  // The same shape as Playwright's collectFilesForProject (runner/loadUtils.ts).
  const extensions = new Set(['.js', '.ts']);
  const testFileExtension = (file: string) => extensions.has(path.extname(file));
  expect(['/p/specs/shop.test.yml', '/p/specs/seed.test.yaml', '/p/specs/data.yml', '/p/specs/a.test.ts'].filter(testFileExtension)).toEqual([
    '/p/specs/shop.test.yml',
    '/p/specs/seed.test.yaml',
    '/p/specs/a.test.ts',
  ]);
  expect(path.extname('/p/specs/shop.test.yml')).toBe('.yml');
  expect(path.extname('/p/specs/seed.test.yaml')).toBe('.yaml');
  expect(path.extname('/p/specs/a.test.ts')).toBe('.ts');
});
