import type { Platform } from '../../src/drivers/index.js';
import type { PrimitiveCall } from '../../src/primitives/index.js';
import type { SpecLocation } from './errors.js';

/** A scripted step: one primitive call, validated against the registry when the file was read. */
export interface PrimitiveStep {
  kind: 'primitive';
  call: PrimitiveCall;
  location: SpecLocation;
}

/** A goal for the agent (`- ai: ...`, and every entry of `tasks:`). */
export interface AiStep {
  kind: 'ai';
  goal: string;
  location: SpecLocation;
}

/** An assertion the agent judges on the screen (`- expect: ...`). */
export interface ExpectStep {
  kind: 'expect';
  assertion: string;
  location: SpecLocation;
}

/** The end of a stage (`- checkpoint: signed in`): a failure after it not the app's resumes from here. */
export interface CheckpointStep {
  kind: 'checkpoint';
  name: string;
  location: SpecLocation;
}

export type YamlStep = PrimitiveStep | AiStep | ExpectStep | CheckpointStep;

export interface YamlTest {
  name: string;
  timeoutMs?: number;
  /** Where the test's `name:` is: the test's location in reports. */
  location: SpecLocation;
  steps: YamlStep[];
}

/** A YAML spec file as typed data: tests from `tests:` and from the seed format's `tasks:`. */
export interface YamlSpec {
  file: string;
  /** The app under test for every test of the file; the config's `app` when absent. */
  app?: string;
  /** The platform every test of the file runs on; the config's `platform` when absent. */
  platform?: Platform;
  tests: YamlTest[];
}
