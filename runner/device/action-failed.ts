import { redactText, type Verdict } from '../../src/events/index.js';
import type { ActionResult, FailureCategory } from '../../src/primitives/exec/types.js';
import type { PrimitiveName } from '../../src/primitives/index.js';

/** A device action that did not answer OK: the executor's explanation, whose fault it is, and its evidence id. */
export class ActionFailed extends Error {
  override name = 'ActionFailed';
  readonly category: FailureCategory;
  readonly verdict: Verdict;
  readonly actionId: string;
  readonly primitive: PrimitiveName;
  /** The executor's error class name: TargetNotFound, AssertionFailed, DeviceDisconnected, ... */
  readonly reason: string;
  /** What to do about it, from the executor (the closest label, the crash to report, the device to check). */
  readonly suggestion: string | undefined;
  /** The facts that decided the category, one line each. */
  readonly evidence: readonly string[];

  constructor(result: ActionResult) {
    const failure = result.failure ?? { name: 'Failed', message: `${result.primitive} answered ${result.verdict}`, category: 'execution' as const };
    // The executor's message quotes the screen, which may show a secret; it is printed and kept in reports.
    super(redactText(failure.message));
    this.category = failure.category;
    this.verdict = result.verdict;
    this.actionId = result.actionId;
    this.primitive = result.primitive;
    this.reason = failure.name;
    this.suggestion = failure.suggestion;
    this.evidence = failure.evidence ?? [];
  }
}
