// Why an action did not succeed: one class per failure a person can act on, each with its verdict and category.
import type { Verdict } from '../../events/index.js';
import type { FailureCategory } from './types.js';

/** Thrown inside an executor to end the action with a verdict other than OK; run() turns it into the result. */
export class ActionFailure extends Error {
  readonly verdict: Exclude<Verdict, 'OK'>;
  readonly category: FailureCategory;

  constructor(options: { name: string; message: string; category: FailureCategory; verdict?: Exclude<Verdict, 'OK'> }) {
    super(options.message);
    this.name = options.name;
    this.category = options.category;
    this.verdict = options.verdict ?? 'FAIL';
  }
}

export class TargetNotFound extends ActionFailure {
  constructor(message: string) {
    super({ name: 'TargetNotFound', message, category: 'locator' });
  }
}

export class TargetAmbiguous extends ActionFailure {
  constructor(message: string) {
    super({ name: 'TargetAmbiguous', message, category: 'locator' });
  }
}

/**
 * The located element is not live by its pixels: something the tree does not show is drawn over it
 * (TargetCovered), or it is drawn greyed out while the tree calls it enabled (TargetLooksDisabled).
 */
export class TargetNotLive extends ActionFailure {
  constructor(options: { covered: boolean; message: string }) {
    super(
      options.covered
        ? { name: 'TargetCovered', message: options.message, category: 'environment' }
        : { name: 'TargetLooksDisabled', message: options.message, category: 'plan' },
    );
  }
}

export class NoEffect extends ActionFailure {
  constructor(message: string) {
    super({ name: 'NoEffect', message, category: 'execution', verdict: 'RETRY' });
  }
}

export class TextMismatch extends ActionFailure {
  constructor(message: string) {
    super({ name: 'TextMismatch', message, category: 'execution' });
  }
}

export class AssertionFailed extends ActionFailure {
  constructor(message: string) {
    super({ name: 'AssertionFailed', message, category: 'product' });
  }
}

export class ExpectationFailed extends ActionFailure {
  constructor(message: string, category: FailureCategory) {
    super({ name: 'ExpectationFailed', message, category });
  }
}

export class WaitTimedOut extends ActionFailure {
  constructor(message: string) {
    super({ name: 'WaitTimedOut', message, category: 'product' });
  }
}

/** A system dialog covers the app and the dialog policy is 'fail', or it could not be answered. */
export class DialogBlocked extends ActionFailure {
  constructor(message: string) {
    super({ name: 'DialogBlocked', message, category: 'environment' });
  }
}

export class NoDialog extends ActionFailure {
  constructor(message: string) {
    super({ name: 'NoDialog', message, category: 'plan' });
  }
}

export class AppCrashed extends ActionFailure {
  constructor(message: string) {
    super({ name: 'AppCrashed', message, category: 'product' });
  }
}

export class AppNotResponding extends ActionFailure {
  constructor(message: string) {
    super({ name: 'AppNotResponding', message, category: 'product' });
  }
}

/** The app did not come to the front, or left it when it should not have. */
export class AppNotInFront extends ActionFailure {
  constructor(message: string) {
    super({ name: 'AppNotInFront', message, category: 'product' });
  }
}

/** The plan asked for something this device or call cannot do (no app configured, no focused field). */
export class PlanProblem extends ActionFailure {
  constructor(name: string, message: string) {
    super({ name, message, category: 'plan' });
  }
}
