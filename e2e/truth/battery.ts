// One goal of the truth battery: put the phone where the goal starts (through adb), run the agent
// step as a spec would, then ask adb whether the goal is really done. The verdict compares the two.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test as playwright } from '@playwright/test';
import { AgentStepFailed, type Device } from '../../runner/index.js';
import { AdbTruth, type Dump } from './adb-read.js';
import type { test as truthTest } from './phone.js';

/** pass: passed and done; honest failure: failed, not done; false pass: passed, not done; false failure: failed, done. */
export type Verdict = 'pass' | 'honest failure' | 'false pass' | 'false failure';

/** What adb says: whether the goal is done, and the answer that decided it. */
export interface Truth {
  done: boolean;
  said: string;
}

export interface Seen {
  /** A fresh dump taken just before the step ran. */
  before: Dump;
  /** What the setup found on the phone (a note's title), also filled into the goal's `{name}` slots. */
  vars: Record<string, string>;
}

export interface GoalCase {
  /** The goal as `ai.step` reads it; `{name}` is replaced by the setup's `name`. */
  goal: string;
  /** The screen the step starts on, in words. */
  from: string;
  /** What a naive runner would get wrong here. */
  trap?: string;
  /** Puts the phone where the goal starts, through adb; the app was launched fresh just before. */
  setup?: (read: AdbTruth) => Promise<Record<string, string> | void>;
  /** Whether the goal is done, read through adb only. */
  truth: (read: AdbTruth, seen: Seen) => Promise<Truth>;
}

export interface Row {
  app: string;
  index: number;
  goal: string;
  from: string;
  trap?: string;
  /** 'passed', or the failure's kind (NeedsModel, GoalNotVerified, …). */
  step: string;
  /** The step's own words: its reason when it passed, its error message when it failed. */
  said: string;
  done: boolean;
  /** What adb said. */
  adb: string;
  ms: number;
  verdict: Verdict;
}

export const ROWS_FOLDER = 'truth-battery';

export function verdictOf(passed: boolean, done: boolean): Verdict {
  if (passed) return done ? 'pass' : 'false pass';
  return done ? 'false failure' : 'honest failure';
}

function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

async function runStep(device: Device, goal: string): Promise<{ step: string; said: string }> {
  try {
    const outcome = await device.ai.step(goal);
    return { step: 'passed', said: outcome.reason };
  } catch (error) {
    if (error instanceof AgentStepFailed) return { step: error.kind, said: error.message };
    throw error;
  }
}

/** Where a goal runs: its app and place in the battery, the device the agent drives, and adb reading the truth. */
export interface GoalRun {
  app: string;
  index: number;
  device: Device;
  read: AdbTruth;
}

/** Runs one goal and records its row beside the run's other results; a false pass fails the test. */
export async function runGoal(c: GoalCase, { app, index, device, read }: GoalRun): Promise<Row> {
  const vars = (await c.setup?.(read)) ?? {};
  const goal = fill(c.goal, vars);
  await read.phone.shell('logcat -c');
  const before = await read.screen();
  const started = performance.now();
  const { step, said } = await runStep(device, goal);
  const ms = Math.round(performance.now() - started);
  const truth = await c.truth(read, { before, vars });
  const row: Row = {
    app,
    index,
    goal,
    from: fill(c.from, vars),
    ...(c.trap ? { trap: c.trap } : {}),
    step,
    said,
    done: truth.done,
    adb: truth.said,
    ms,
    verdict: verdictOf(step === 'passed', truth.done),
  };
  const folder = path.join(playwright.info().project.outputDir, ROWS_FOLDER);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, `${app}-${String(index).padStart(2, '0')}.json`), JSON.stringify(row, null, 2));
  console.log(`${row.verdict}: ${app} "${goal}" from ${row.from}: step ${step} in ${ms} ms; adb: ${truth.said}`);
  expect(row.verdict, `false pass: "${goal}" from ${row.from}: the step said "${said}", but adb says: ${truth.said}`).not.toBe('false pass');
  return row;
}

/** One test per goal, each on the app launched fresh by mobiletest's device fixture. */
export function battery(test: typeof truthTest, app: string, cases: GoalCase[]): void {
  cases.forEach((c, index) => {
    test(`${c.goal} (from ${c.from})`, async ({ device, truthPhone }) => {
      await runGoal(c, { app, index, device, read: new AdbTruth(truthPhone.phone) });
    });
  });
}
