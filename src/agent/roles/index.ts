// The model roles: prompts rendered from versioned templates, answers checked strictly, re-asked when wrong.
export { askDebugger, askLocator, askPlanner, askQuery, askValidator, type AskOptions, type ModelAccess, type ScreenPicture } from './ask.js';
export { InvalidModelAnswer, ModelAnswerTruncated, ModelRefused, VisionUnavailable } from './errors.js';
export { renderDebugger, renderLocator, renderPlanner, renderQuery, renderValidator, historyLine } from './render.js';
export { compactActionList, PLANNER_ACTIONS } from './action-list.js';
export {
  debuggerAnswerSchema,
  locatorAnswerSchema,
  plannerAnswerSchema,
  queryAnswerSchema,
  queryJsonSchema,
  SCHEMA_NAMES,
  validatorAnswerSchema,
} from './schemas.js';
export { PROMPT_VERSIONS, PromptTemplateError, type PromptName } from './templates.js';
