import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import type { AgentVerification } from '../src/events/index.js';
import { ResultsReporter, type ResultsReporterOptions } from './results/base.js';
import { devicesText, recoveredText, recoveryText, resumeText } from './results/stage-text.js';
import {
  passedAfterRecovery,
  UNFINISHED,
  type AgentCallRecord,
  type FailureRecord,
  type Results,
  type RunError,
  type StepRecord,
  type TestRecord,
} from './results/model.js';

// The package is CommonJS whose typings declare an ES default export; require gives the real object.
const builder = createRequire(import.meta.url)('junit-report-builder') as Builder;

/**
 * Writes `mobiletest-report/junit.xml`: one testsuite per spec file, one testcase per test with its
 * steps in system-out, the failure typed by its category with the failed step, the evidence and a
 * suggestion as its text, and device, duration, model cost and plan cache outcomes as properties.
 */
export default class JunitReporter extends ResultsReporter {
  constructor(options: ResultsReporterOptions = {}) {
    super(options, { fileName: 'junit.xml', label: 'JUnit report' });
  }

  protected render(results: Results): string {
    const report = builder.newBuilder().name('mobiletest');
    const projects = new Set(results.tests.map((test) => test.project));
    for (const [file, tests] of groupByFile(results.tests)) {
      const suite = report
        .testSuite()
        .name(file)
        .time(seconds(tests.reduce((sum, test) => sum + test.duration_ms, 0)));
      for (const test of tests) {
        const name = test.title_path.join(' › ');
        const testCase = suite
          .testCase()
          .className(file)
          .name(projects.size > 1 ? `[${test.project}] ${name}` : name)
          .time(seconds(test.duration_ms));
        for (const [property, value] of testProperties(test)) testCase.property(property, value);
        const out = [...stageLines(test), ...test.steps.flatMap(stepLines)];
        if (out.length > 0) testCase.standardOutput(out.join('\n'));
        // A pass after a recovery stays a passing testcase; its properties and system-out tell the recovery.
        if (test.status === 'skipped') testCase.skipped();
        else if (test.failure) testCase.failure(failureMessage(test), test.failure.category).stacktrace(failureBody(test.failure));
      }
    }
    if (results.run.errors.length > 0) {
      const suite = report.testSuite().name(ERRORS_SUITE);
      for (const error of results.run.errors) {
        suite
          .testCase()
          .className(error.location?.replace(/:\d+$/, '') ?? ERRORS_SUITE)
          .name(errorName(error))
          .error(error.message.split('\n')[0], 'error', error.message);
      }
    }
    return report.build();
  }
}

const ERRORS_SUITE = 'errors outside tests';

/**
 * A testcase's properties: device, time, model calls, tokens billed (in + out, then each), the whole
 * requests' tokens, cost when there was any, and plan cache outcomes.
 */
export function testProperties(test: TestRecord): Array<[string, string]> {
  const { agent } = test;
  return [
    ...(test.device === null ? [] : [['device', test.device] as [string, string]]),
    ['duration_ms', String(test.duration_ms)],
    ['llm_calls', String(test.llm_calls)],
    ['tokens', String(test.tokens)],
    ['tokens_in', String(agent.tokens_in)],
    ['tokens_out', String(agent.tokens_out)],
    ['request_tokens', String(agent.request_tokens)],
    ...(agent.cost_usd > 0 ? [['cost_usd', String(agent.cost_usd)] as [string, string]] : []),
    ['cache_hits', String(agent.cache_hits)],
    ['cache_misses', String(agent.cache_misses)],
    ...stageProperties(test),
  ];
}

/**
 * A team test's `device.<role>` serials; `checkpoints` reached (`1 signed in, 2 searched`); `recoveries`
 * with `recovery.<n>` telling each, and `recovered` on a pass that needed one; `resumed_from`.
 * Surefire marks a flaky pass with <flakyFailure>, which junit-report-builder cannot write: these say it.
 */
function stageProperties(test: TestRecord): Array<[string, string]> {
  const properties: Array<[string, string]> = Object.entries(test.devices ?? {}).map(([role, tally]) => [`device.${role}`, tally.serial]);
  const reached = (test.checkpoints ?? []).filter((c) => !c.replayed);
  if (reached.length > 0) properties.push(['checkpoints', reached.map((c) => `${c.index} ${c.name}`).join(', ')]);
  const recoveries = test.recoveries ?? [];
  if (recoveries.length > 0) properties.push(['recoveries', String(recoveries.length)]);
  if (passedAfterRecovery(test)) properties.push(['recovered', 'true']);
  for (const [i, recovery] of recoveries.entries()) properties.push([`recovery.${i + 1}`, recoveryText(recovery)]);
  if (test.resumed_from) properties.push(['resumed_from', resumeText(test.resumed_from)]);
  return properties;
}

/** system-out's head: the devices, the resume, and each recovery, before the steps. */
export function stageLines(test: TestRecord): string[] {
  const recovered = recoveredText(test);
  return [
    ...(test.devices ? [`Devices: ${devicesText(test.devices)}`] : []),
    ...(test.resumed_from ? [`${capital(resumeText(test.resumed_from))}.`] : []),
    ...(recovered ? [`${capital(recovered)}.`] : []),
    ...(test.recoveries ?? []).map((recovery) => capital(recoveryText(recovery))),
  ];
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** `error at specs/cart.test.ts:2`, or `error in the run` when Playwright named no place. */
function errorName(error: RunError): string {
  return error.location ? `error at ${error.location}` : 'error in the run';
}

/**
 * `✓ tap "Log in" 120 ms`, `✓ press_key back 15 ms`, or `✗ tap "Buy" 5000 ms (FAIL at specs/shop.test.ts:12)`.
 * An agent call reads `✓ ai.step "log in as alice" 2300 ms [rules, cache miss, 3 actions]`, and its
 * verification (stepLines) and the primitives it ran follow it indented.
 */
export function stepLine(step: StepRecord): string {
  const ok = step.status === 'OK';
  const asked = step.agent ? step.agent.text : step.target;
  const target = asked !== null ? ` ${JSON.stringify(asked)}` : step.detail !== null ? ` ${step.detail}` : '';
  const where = step.location === null ? '' : ` at ${step.location}`;
  const status = step.status === UNFINISHED ? 'did not finish' : step.status;
  const indent = step.source === 'agent' || step.replayed ? '  ' : '';
  const device = step.device ? `[${step.device}] ` : '';
  return `${indent}${ok ? '✓' : '✗'} ${device}${step.replayed ? 'replayed ' : ''}${step.primitive}${target} ${step.duration_ms} ms${ok ? '' : ` (${status}${where})`}${step.agent ? ` ${agentNote(step.agent)}` : ''}`;
}

/** A step's line, and under an agent call's the line saying how its outcome was verified, when it was. */
export function stepLines(step: StepRecord): string[] {
  const verification = step.agent?.verification;
  return verification ? [stepLine(step), `  ${verificationText(verification)}`] : [stepLine(step)];
}

/**
 * `verified by rule "turn on/off": a switch "Bluetooth" is on, on com.android.settings/.SubSettings
 * showing …, refs e23`; when it did not hold, `not verified by …` and what was missing.
 */
export function verificationText(verification: AgentVerification): string {
  const { by, rule, check, held, screen, refs, missing } = verification;
  const how = rule ? `${by} ${JSON.stringify(rule)}` : by;
  const cited = refs.length > 0 ? `, refs ${refs.join(', ')}` : '';
  return `${held ? 'verified' : 'not verified'} by ${how}: ${check}, on ${screen}${cited}${!held && missing ? `; missing: ${missing}` : ''}`;
}

function agentNote(agent: AgentCallRecord): string {
  const parts = [
    agent.path ?? 'undecided',
    agent.cache === null ? undefined : agent.cache === 'off' ? 'no cache' : `cache ${agent.cache}`,
    `${agent.actions} action${agent.actions === 1 ? '' : 's'}`,
    agent.llm_calls > 0 ? `${agent.llm_calls} model call${agent.llm_calls === 1 ? '' : 's'}` : undefined,
  ];
  return `[${parts.filter(Boolean).join(', ')}]`;
}

function failureMessage(test: TestRecord): string {
  return test.status === 'timedOut' || test.status === 'interrupted' ? `${test.status}: ${test.failure?.message}` : (test.failure?.message ?? '');
}

/** The failure element's text: the failed step, the evidence that decided the category, and what to do. */
export function failureBody(failure: FailureRecord): string {
  return [
    ...(failure.step ? [`Failed step: ${failure.step}`] : []),
    ...(failure.evidence.length > 0 ? ['Evidence:', ...failure.evidence.map((line) => `  ${line}`)] : []),
    `Suggestion: ${failure.suggestion}`,
  ].join('\n');
}

function groupByFile(tests: readonly TestRecord[]): Map<string, TestRecord[]> {
  const groups = new Map<string, TestRecord[]>();
  for (const test of tests) groups.set(test.file, [...(groups.get(test.file) ?? []), test]);
  return groups;
}

function seconds(ms: number): number {
  return ms / 1000;
}
