// `device.ai`: agent steps as test steps at the spec's line; a failure fails the test with whose fault it was.
import { test } from '@playwright/test';
import type { z } from 'zod';
import type { Agent, AiCheckOptions, AiOutcome, AiStepOptions } from '../../src/agent/index.js';
import { AgentStepFailed, registerGoalSecrets } from '../../src/agent/index.js';
import { redactText, type Location } from '../../src/events/index.js';
import { copyOf, locatedAt } from '../source/location.js';
import { stepLocation } from './step.js';

export type { AiCheckOptions, AiOutcome, AiStepOptions };

/** The agent as a test uses it; each call is one `test.step` titled with its text. */
export class DeviceAi {
  constructor(
    private readonly agent: () => Promise<Agent>,
    private readonly onFailure: (error: AgentStepFailed) => void,
  ) {}

  /** Reaches a goal through primitives: `await device.ai.step('log in as alice with password "pass123"')`. */
  step(goal: string, options: AiStepOptions = {}): Promise<AiOutcome> {
    // Registered before the title is made, so a password in the goal never reaches the report.
    registerGoalSecrets(goal, options.secrets);
    return this.run(`ai.step "${redactText(goal)}"`, options.location, async (location) => (await this.agent()).step(goal, { ...options, location }));
  }

  /** Checks what the screen shows: `await device.ai.expect('the cart shows 1 item')`. */
  expect(assertion: string, options: AiCheckOptions = {}): Promise<AiOutcome> {
    return this.run(`ai.expect "${redactText(assertion)}"`, options.location, async (location) =>
      (await this.agent()).expect(assertion, { ...options, location }),
    );
  }

  /** Waits until a condition holds: `await device.ai.waitFor('the order is confirmed', { timeout: 20_000 })`. */
  waitFor(condition: string, options: AiCheckOptions = {}): Promise<AiOutcome> {
    return this.run(`ai.waitFor "${redactText(condition)}"`, options.location, async (location) =>
      (await this.agent()).waitFor(condition, { ...options, location }),
    );
  }

  /** Reads typed data off the screen: `await device.ai.query('the cart total', z.object({ total: z.number() }))`. */
  query<T>(question: string, schema: z.ZodType<T>, options: AiCheckOptions = {}): Promise<T> {
    return this.run(`ai.query "${redactText(question)}"`, options.location, async (location) =>
      (await this.agent()).query(question, schema, { ...options, location }),
    );
  }

  private async run<T>(title: string, given: Location | undefined, body: (location: Location | undefined) => Promise<T>): Promise<T> {
    const location = stepLocation(given);
    try {
      return await test.step(
        title,
        async () => {
          try {
            return await body(location);
          } catch (error) {
            if (error instanceof AgentStepFailed) this.onFailure(error);
            throw error;
          }
        },
        { location, box: true },
      );
    } catch (error) {
      // Playwright gives a boxed step's error the step's call stack, all mobiletest frames: it points at the spec's line instead.
      throw error instanceof Error && location ? locatedAt(copyOf(error), location) : error;
    }
  }
}
