export type { CallOptions, ChatMessage, ModelAnswer, ModelRequest, ModelRole, Provider, ReasoningEffort, RetryPolicy, TokenUsage } from './types.js';
export { defaultRetryPolicy, REASONING_EFFORTS } from './types.js';
export { BudgetExceeded, LlmCallFailed, LlmSettingsError, type LlmFailureKind } from './errors.js';
export {
  apiKeyVariable,
  MODEL_ROLES,
  profileOf,
  PROVIDER_NAMES,
  roleVariable,
  readLlmSettings,
  readRoleSettings,
  readTokenPrices,
  REASONING_MIN_TOKENS,
  roleDefaults,
  type LlmSettings,
  type ProviderKind,
  type ProviderName,
  RoleSettings,
} from './settings.js';
export { openAiBody, OpenAiProvider, type OpenAiProviderOptions } from './openai.js';
export { anthropicBody, AnthropicProvider, type AnthropicProviderOptions } from './anthropic.js';
export { OUTPUT_MODES, profileFor, profileForModel, type OutputMode, type ProfileId, type ProviderProfile } from './profiles.js';
export { fromDialect, toDialect, type SchemaDialect } from './dialects.js';
export { readAnswerText } from './answer-text.js';
export { countTokens } from './answer.js';
export { deadlineOf, signalWithDeadline } from './deadline.js';
export { roleSetting } from './rejection.js';
export { AccountedProvider, Budget, BudgetLimits, TokenLedger, type RoleTotals, type TokenPrices } from './accounting.js';
export { createProvider } from './create.js';
export { imageTokens, modelTakesImages, type ChatImage } from './images.js';
