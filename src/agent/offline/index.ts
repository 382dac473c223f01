export { planGoal, callsOf, secretsOf } from './goals.js';
export { checkExpectation } from './expectations.js';
export { reachControl, type ControlKind, type Reach } from './reach.js';
export type { CountCheck, ExpectationCheck, NeedsModel, OfflinePlan, PlannedStep } from './types.js';
