// A goal's check read off the screen, in the form events and reports carry.
import { screenWords } from './debug/index.js';
import { checkGoal, describeCheck, type CheckInput, type GoalCheck, type Verification } from './verify/index.js';

/** Checks `check` on `input.after` and says how, on which screen, with which refs. */
export function verifyOn(check: GoalCheck, input: CheckInput, how: { by: Verification['by']; rule: string }): Verification {
  const outcome = checkGoal(check, input);
  return {
    by: how.by,
    rule: how.rule,
    check: describeCheck(check),
    held: outcome.ok,
    screen: screenWords(input.after),
    signature: input.after.signature,
    refs: outcome.refs,
    ...(outcome.ok ? {} : { missing: outcome.missing }),
  };
}
