import { expect, test } from '@playwright/test';
import { UsageError } from '../errors.js';
import { runSimCommand, SIM_USAGE } from './sim.js';

test('mobiletest sim --timing takes fast or real, says so in its help, and names a wrong value before starting a phone', async () => {
  expect(SIM_USAGE).toContain('--timing MODE');
  const refused = await runSimCommand(['--timing', 'slow']).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(UsageError);
  expect((refused as Error).message).toBe('--timing must be "fast" or "real", got "slow".');
});
