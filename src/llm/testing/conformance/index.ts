// Conformance oracles for the JSON Schemas mobiletest sends to model providers: the providers' own code where it
// runs here (llama.cpp, xgrammar), their documented rules where it does not (OpenAI, Anthropic, Gemini).
export type { JsonSchema } from './schema-walk.js';
export { llamaCppGrammar } from './llama-cpp.js';
export { xgrammarCompile } from './xgrammar.js';
export { openAiStrictProblems } from './openai-strict.js';
export { anthropicToolProblems } from './anthropic-tool.js';
export { geminiSchemaProblems } from './gemini-schema.js';
