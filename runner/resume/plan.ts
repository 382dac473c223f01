// `mobiletest test --resume`: what the last run's failed tests had reached. Read from the events logs
// in the report folder (their checkpoint events carry the path), written to a file the workers read,
// one entry per failed test (its file and title) and per device role ('' for a one-device test).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CheckpointEvent, PathStep, readEvents, type MobileEvent } from '../../src/events/index.js';

/** One device's way back to its last checkpoint: the path from launch and every checkpoint reached on it. */
export const ResumePoint = z.object({
  checkpoint: z.string(),
  steps: z.array(PathStep),
  checkpoints: z.array(CheckpointEvent.pick({ name: true, index: true, signature: true, screen_text: true, package: true })),
});
export type ResumePoint = z.infer<typeof ResumePoint>;

export const ResumePlan = z.object({
  version: z.literal(1),
  /** The report folder the plan was read from. */
  from: z.string(),
  tests: z.record(
    z.string(),
    z.object({
      title: z.string(),
      /** Where the test is written (`file:line`), to run it again. */
      at: z.string(),
      status: z.string(),
      /** By device role; '' for a test that drives one device. Empty: the test failed before any checkpoint. */
      devices: z.record(z.string(), ResumePoint),
    }),
  ),
});
export type ResumePlan = z.infer<typeof ResumePlan>;

const PASSED = new Set(['passed', 'skipped']);

async function eventLogs(dir: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await eventLogs(full)));
    else if (entry.name === 'events.jsonl') found.push(full);
  }
  return found;
}

/** The way back of each device in one log: its checkpoints and the path to the last (a resumed run records its path afresh). */
function resumePoints(events: MobileEvent[]): Record<string, ResumePoint> {
  const points: Record<string, ResumePoint> = {};
  for (const event of events) {
    if (event.kind !== 'checkpoint') continue;
    const role = event.device ?? '';
    const point = (points[role] ??= { checkpoint: event.name, steps: [], checkpoints: [] });
    point.checkpoint = event.name;
    point.steps.push(...event.steps);
    point.checkpoints.push({
      name: event.name,
      index: event.index,
      signature: event.signature,
      screen_text: event.screen_text,
      ...(event.package ? { package: event.package } : {}),
    });
  }
  return points;
}

/** A test's key in the plan: its file and title (a test id would change with the folder a run was narrowed to). */
export function resumeKey(file: string, title: string): string {
  return `${path.resolve(file)} › ${title}`;
}

/** The failed tests of the run whose reports are in `reportDir`, with each device's last checkpoint. */
export async function collectResumePlan(reportDir: string): Promise<ResumePlan> {
  const plan: ResumePlan = { version: 1, from: reportDir, tests: {} };
  for (const log of (await eventLogs(path.join(reportDir, 'test-results'))).sort()) {
    const { events } = await readEvents(log).catch(() => ({ events: [] as MobileEvent[] }));
    const start = events.find((e) => e.kind === 'test_start');
    const end = events.findLast((e) => e.kind === 'test_end');
    if (!start || start.kind !== 'test_start' || !end || end.kind !== 'test_end' || PASSED.has(end.status)) continue;
    // A retried test has a log per attempt: the last attempt's (the latest file) is the one that counts.
    const file = start.location?.file ?? '';
    plan.tests[resumeKey(file, start.title)] = {
      title: start.title,
      at: `${file}:${start.location?.line ?? 0}`,
      status: end.status,
      devices: resumePoints(events),
    };
  }
  return plan;
}

/** Writes the plan where the workers find it (MOBILETEST_RESUME names the file). */
export async function writeResumePlan(plan: ResumePlan): Promise<string> {
  const file = path.join(os.tmpdir(), `mobiletest-resume-${process.pid}-${Date.now()}.json`);
  await writeFile(file, JSON.stringify(plan));
  return file;
}

let loaded: { file: string; plan: Promise<ResumePlan> } | undefined;

/** This test's devices' resume points when the run resumes (MOBILETEST_RESUME), else undefined. */
export async function resumePointsFor(
  test: { file: string; title: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<Record<string, ResumePoint> | undefined> {
  const file = env.MOBILETEST_RESUME?.trim();
  if (!file) return undefined;
  if (loaded?.file !== file) {
    const plan = readFile(file, 'utf8').then((text) => ResumePlan.parse(JSON.parse(text)));
    loaded = { file, plan };
  }
  const plan = await loaded.plan.catch((error: unknown) => {
    throw new Error(`MOBILETEST_RESUME names ${file}, which is not a resume plan written by \`mobiletest test --resume\`: ${(error as Error).message}`);
  });
  const entry = plan.tests[resumeKey(test.file, test.title)];
  return entry && Object.keys(entry.devices).length > 0 ? entry.devices : undefined;
}
