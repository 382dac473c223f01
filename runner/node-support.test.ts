import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ENGINES_NODE, unsupportedNode } from './node-support.cjs';

test("package.json's engines says what the Node check allows", () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
  expect(pkg.engines.node).toBe(ENGINES_NODE);
});

test('Node 20.19+, 22.12+ and 23 on run mobiletest; older lines get one line saying what to upgrade', () => {
  for (const ok of ['20.19.0', '20.20.2', 'v22.12.0', '22.23.5', '23.0.0', '24.22.3', '26.1.0']) expect(unsupportedNode(ok), ok).toBeUndefined();
  for (const old of ['18.20.8', '20.18.3', '21.7.3', '22.11.0']) {
    const message = unsupportedNode(old);
    expect(message, old).toContain(`this is Node.js ${old}`);
    expect(message).toContain('20.19 or later on its line, or 22.12 or later');
    expect(message).toContain('upgrade Node.js');
    expect(message).not.toContain('\n');
  }
});
