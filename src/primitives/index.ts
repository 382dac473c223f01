export { Target } from './schema/target.js';
export { Expected } from './schema/expected.js';
export type { Family, PrimitiveDefinition } from './schema/define.js';
export {
  PRIMITIVES,
  PRIMITIVE_NAMES,
  isPrimitiveName,
  type PrimitiveName,
  type PrimitiveCall,
  type CallOf,
  type ParamsOf,
  type ParamsInputOf,
  type Executors,
} from './schema/registry.js';
export {
  actionSchema,
  primitiveCallSchema,
  primitiveParamsSchema,
  JSON_SCHEMA_DIALECT,
  jsonSchemaOf,
  toolDefinitions,
  type ToolDefinition,
  type JsonSchema,
} from './schema/json-schema.js';
export { validateCall } from './schema/validate.js';
export { InvalidPrimitiveCall } from './schema/errors.js';
export { describeActionSpace } from './schema/describe.js';
export * from './locator/index.js';
export { createExecutor } from './exec/run.js';
export { meteredDriver } from './exec/metered-driver.js';
export { FrameRecorder, FRAMES_MODES, type FrameMask, type FrameRecorderOptions, type FramesMode } from './exec/frames.js';
export { HIERARCHY_SNAPSHOT_VERSION, hierarchySnapshot, type HierarchySnapshot, type SnapshotElement } from './exec/hierarchy-snapshot.js';
export { maskSecrets, secretBoxes, secretFieldsOf } from './exec/screenshot-mask.js';
export { withSecretTextMasked } from './exec/secret-text.js';
export { maskedCount, readTarget, textOf, where } from './exec/screen-read.js';
export type {
  ActionFailureInfo,
  ActionResult,
  DialogPolicy,
  ExecutorOptions,
  ExecutorTimeouts,
  FailureCategory,
  PrimitiveRunner,
  RunOptions,
} from './exec/types.js';
export {
  ActionFailure,
  AppCrashed,
  AppNotInFront,
  AppNotResponding,
  AssertionFailed,
  DialogBlocked,
  ExpectationFailed,
  NoDialog,
  NoEffect,
  PlanProblem,
  TargetAmbiguous,
  TargetNotFound,
  TextMismatch,
  WaitTimedOut,
} from './exec/errors.js';
