export type { CallOptions, ChatMessage, ModelAnswer, ModelRequest, ModelRole, Provider, RetryPolicy, TokenUsage } from './types.js';
export { defaultRetryPolicy } from './types.js';
export { BudgetExceeded, LlmCallFailed, LlmSettingsError, type LlmFailureKind } from './errors.js';
export {
  MODEL_ROLES, readLlmSettings, readRoleSettings, readTokenPrices, roleDefaults, type LlmSettings, type ProviderKind, type RoleSettings,
} from './settings.js';
export { OpenAiProvider, type OpenAiProviderOptions } from './openai.js';
export { AnthropicProvider, type AnthropicProviderOptions } from './anthropic.js';
export { AccountedProvider, Budget, TokenLedger, type BudgetLimits, type RoleTotals, type TokenPrices } from './accounting.js';
export { createProvider } from './create.js';
