// Local servers that answer, and refuse, as OpenAI's and Anthropic's APIs do: for tests only.
export { startOpenAiServer, openAiPromptTokens, type OpenAiAnswer, type OpenAiServerOptions } from './openai-server.js';
export { isReasoningModel, openAiError, type LocalSchemaCompiler } from './openai-rules.js';
export { startAnthropicServer, anthropicInputTokens, type AnthropicAnswer, type AnthropicServerOptions } from './anthropic-server.js';
export { rejectsTemperature, anthropicError, type AnthropicTool } from './anthropic-rules.js';
export type { ProviderServer, RecordedRequest, FailureAnswer } from './provider-server.js';
