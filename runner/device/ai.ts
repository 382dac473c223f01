// `device.ai`: agent steps as test steps at the spec's line; a failure fails the test with whose fault it was.
import { test } from '@playwright/test';
import type { z } from 'zod';
import type { Agent, AiCheckOptions, AiOutcome, AiStepOptions } from '../../src/agent/index.js';
import { AgentStepFailed, registerGoalSecrets } from '../../src/agent/index.js';
import { redactText, type Location } from '../../src/events/index.js';
import { copyOf, locatedAt } from '../source/location.js';
import { stepLocation } from './step.js';
import { RecoveryFailed, type DeviceStages } from './stages.js';

export type { AiCheckOptions, AiOutcome, AiStepOptions };

/** The agent as a test uses it; each call is one `test.step` titled with its text. */
export interface DeviceAiOptions {
  agent: () => Promise<Agent>;
  onFailure: (error: AgentStepFailed) => void;
  /** The device's stages: an agent call that fails for a reason not the app's resumes from the last checkpoint. */
  stages?: DeviceStages;
}

export class DeviceAi {
  private readonly agent: () => Promise<Agent>;
  private readonly onFailure: (error: AgentStepFailed) => void;
  private readonly stages: DeviceStages | undefined;

  constructor(options: DeviceAiOptions) {
    this.agent = options.agent;
    this.onFailure = options.onFailure;
    this.stages = options.stages;
  }

  /** Reaches a goal through primitives: `await device.ai.step('log in as alice with password "pass123"')`. */
  step(goal: string, options: AiStepOptions = {}): Promise<AiOutcome> {
    // Registered before the title is made, so a password in the goal never reaches the report.
    registerGoalSecrets(goal, options.secrets);
    const title = `ai.step "${redactText(goal)}"`;
    const stages = this.stages;
    if (!stages) return this.run({ title, given: options.location }, async (location) => (await this.agent()).step(goal, { ...options, location }));
    // Its primitives are recorded as this step's: a recovery runs the step again whole, not them.
    return stages.agentStep(goal, (ref) =>
      this.run({ title, given: options.location, agentKey: ref.key }, async (location) => {
        const agent = await this.agent();
        // A resumed run replays what the earlier run's step did, before its checkpoint: no model is asked.
        const replay = stages.resumeSteps(ref.key);
        return replay ? agent.replayStep(goal, replay, { ...options, location }) : agent.step(goal, { ...options, location });
      }),
    );
  }

  /** Checks what the screen shows: `await device.ai.expect('the cart shows 1 item')`. */
  expect(assertion: string, options: AiCheckOptions = {}): Promise<AiOutcome> {
    return this.run({ title: `ai.expect "${redactText(assertion)}"`, given: options.location }, async (location) =>
      (await this.agent()).expect(assertion, { ...options, location }),
    );
  }

  /** Waits until a condition holds: `await device.ai.waitFor('the order is confirmed', { timeout: 20_000 })`. */
  waitFor(condition: string, options: AiCheckOptions = {}): Promise<AiOutcome> {
    return this.run({ title: `ai.waitFor "${redactText(condition)}"`, given: options.location }, async (location) =>
      (await this.agent()).waitFor(condition, { ...options, location }),
    );
  }

  /** Reads typed data off the screen: `await device.ai.query('the cart total', z.object({ total: z.number() }))`. */
  query<T>(question: string, schema: z.ZodType<T>, options: AiCheckOptions = {}): Promise<T> {
    return this.run({ title: `ai.query "${redactText(question)}"`, given: options.location }, async (location) =>
      (await this.agent()).query(question, schema, { ...options, location }),
    );
  }

  private async run<T>(
    step: { title: string; given: Location | undefined; agentKey?: string },
    body: (location: Location | undefined) => Promise<T>,
  ): Promise<T> {
    const { title, agentKey } = step;
    const location = stepLocation(step.given);
    try {
      return await test.step(
        title,
        async () => {
          for (;;) {
            try {
              return await body(location);
            } catch (error) {
              if (error instanceof AgentStepFailed && (await this.resumed(error, agentKey))) continue;
              if (error instanceof AgentStepFailed) this.onFailure(error);
              throw error;
            }
          }
        },
        { location, box: true },
      );
    } catch (error) {
      // Playwright gives a boxed step's error the step's call stack, all mobiletest frames: it points at the spec's line instead.
      throw error instanceof Error && location ? locatedAt(copyOf(error), location) : error;
    }
  }

  /** Whether the failed call's stage was brought back to its checkpoint, so the call runs again. */
  private async resumed(error: AgentStepFailed, agentKey: string | undefined): Promise<boolean> {
    while (this.stages?.resumable(error.category)) {
      try {
        await this.stages.recover({ failure: { name: error.kind, message: error.message, category: error.category }, exclude: agentKey });
        return true;
      } catch (problem) {
        // A replay that failed counts as an attempt; the next one may pass.
        if (!(problem instanceof RecoveryFailed)) throw problem;
      }
    }
    return false;
  }
}
