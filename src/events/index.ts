export * from './vocabulary.js';
export * from './schema.js';
export { summarizeDeviceCalls, addDeviceCalls, type DeviceCallSummary } from './device-calls.js';
export { llmUsage, type LlmUsage } from './usage.js';
export { EventLog, type AppendResult, type EventLogOptions } from './log.js';
export { readEvents, parseEvents, type ReadResult } from './read.js';
export {
  registerSecret,
  registerMarkedSecrets,
  redactText,
  redactDeep,
  redactSecretParams,
  knownSecrets,
  envSecrets,
  MASK,
  MIN_SECRET_LENGTH,
} from './redact.js';
export { newActionId } from './ids.js';
export { DEFAULT_REPORT_DIR, reportDir, reportDirSetting } from './report-dir.js';
export { eventProblem, isMobileEvent } from './validate.js';
export { EventLogCorruptError, InvalidEventError, EventLogClosedError } from './errors.js';
