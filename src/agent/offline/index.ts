export { planGoal, callsOf, secretsOf } from './goals.js';
export { checkExpectation } from './expectations.js';
export type { CountCheck, ExpectationCheck, NeedsModel, OfflinePlan, PlannedStep } from './types.js';
