// The package's public API: the test runner (test, expect, defineConfig and the device API), agent
// steps, the virtual phone, the device drivers, the observed screen, the primitives and the event log.
export { test, expect, EVENTS_ATTACHMENT } from './fixtures/index.js';
export type { MobileOptions, MobileTestFixtures, MobileWorkerFixtures } from './fixtures/index.js';
export { defineConfig, ConfigError, type MobileConfig } from './config.js';
export { Device, MobileLocator, LocatorError, ActionFailed, AppNotInstalled, DeviceLeaseError } from './device/index.js';
export { DeviceAi } from './device/ai.js';
export type { AiOptions, AiRoleOptions } from './fixtures/options.js';
export { AgentSettingsError } from './agent-settings.js';
export { Agent, AgentStepFailed, PlanCache, PlanCacheError, CACHE_MODES } from '../src/agent/index.js';
export type { AgentFailureKind, AgentOptions, AiCheckOptions, AiOutcome, AiStepOptions, CacheMode, ModelAccess } from '../src/agent/index.js';
export {
  readLlmSettings,
  createProvider,
  profileFor,
  OpenAiProvider,
  AnthropicProvider,
  LlmCallFailed,
  LlmSettingsError,
  BudgetExceeded,
  MODEL_ROLES,
} from '../src/llm/index.js';
export type { LlmSettings, BudgetLimits, OutputMode, ProviderProfile } from '../src/llm/index.js';
export type { ActionOptions, WaitOptions as DeviceWaitOptions, LaunchOptions as DeviceLaunchOptions, TextCheck, DeviceLease } from './device/index.js';
export { startSim, sampleApps, simctlPathDir } from '../src/sim/index.js';
export type { SimOptions, Sim, IosSim, IosSimOptions, Phone } from '../src/sim/index.js';
export * from '../src/drivers/index.js';
export * from '../src/observe/index.js';
export * from '../src/primitives/index.js';
export * from '../src/events/index.js';
