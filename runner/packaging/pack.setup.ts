// Before the install tests: the package packed once, and the other Node releases they run on.
import { test as setup } from '@playwright/test';
import { OTHER_NODES, installNode, packTarball, type OtherNode } from '../testing/packed.js';

setup.describe.configure({ mode: 'parallel' });

setup('pack the package as npm publish would', async () => {
  setup.setTimeout(120_000);
  await packTarball();
});

for (const node of Object.keys(OTHER_NODES) as OtherNode[]) {
  setup(`Node ${OTHER_NODES[node]} from the npm registry`, async () => {
    setup.setTimeout(300_000);
    await installNode(node);
  });
}
