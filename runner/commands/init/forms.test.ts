import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { PACKAGE_ROOT } from '../../testing/project.js';
import { codeForm, toCommonJs } from './forms.js';

const CODE_TEMPLATES = ['mobiletest.config.ts', 'tests/shop.test.ts'];

test('the CommonJS form of each code template differs only in its import and export lines', async () => {
  for (const name of CODE_TEMPLATES) {
    const text = await readFile(path.join(PACKAGE_ROOT, 'templates', 'init', name), 'utf8');
    const commonJs = toCommonJs(text, name);
    expect(commonJs, name).not.toMatch(/^\s*(import|export)\b/m);
    const lines = commonJs.split('\n');
    const changed = text.split('\n').filter((line, index) => line !== lines[index]);
    expect(changed.length, name).toBeGreaterThan(0);
    for (const line of changed) expect(line).toMatch(/^(import \{|export default )/);
  }
});

test('imports become require() and export default becomes module.exports', () => {
  const text = "import { test, expect } from 'mobiletest';\n\nexport default defineConfig({\n  testDir: 'tests',\n});\n";
  expect(toCommonJs(text, 'x.ts')).toBe("const { test, expect } = require('mobiletest');\n\nmodule.exports = defineConfig({\n  testDir: 'tests',\n});\n");
});

test('a template line with no CommonJS form is an error naming the template and line', () => {
  expect(() => toCommonJs("// a spec\nimport shop from 'shop';\n", 'tests/shop.test.ts')).toThrow(
    /^tests\/shop\.test\.ts:2: "import shop from 'shop';" has no CommonJS form/,
  );
  expect(() => toCommonJs('export const app = 1;\n', 'mobiletest.config.ts')).toThrow(expect.objectContaining({ name: 'TemplateError' }));
});

test('TypeScript keeps import/export in either module type; JavaScript takes the module type of package.json', () => {
  const text = "import { test } from 'mobiletest';\n";
  expect(codeForm('typescript', 'commonjs')).toMatchObject({ extension: 'ts' });
  expect(codeForm('typescript', 'commonjs').render(text, 'x')).toBe(text);
  expect(codeForm('javascript', 'module').render(text, 'x')).toBe(text);
  expect(codeForm('javascript', 'commonjs')).toMatchObject({ extension: 'js' });
  expect(codeForm('javascript', 'commonjs').render(text, 'x')).toBe("const { test } = require('mobiletest');\n");
});
