export { GoalCheck, ShownElement, describeCheck, type Verification } from './checks.js';
export { changed, checkGoal, holding, named, says, shownElements, switchesNamed, type CheckInput, type CheckOutcome } from './verify.js';
