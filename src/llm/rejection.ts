// A request the server refused (HTTP 4xx) says which role, model and setting it was about, and what to set.
import type { ProviderProfile } from './profiles.js';
import { roleVariable, type RoleSettings } from './settings.js';
import type { ModelRole } from './types.js';

export interface RejectionContext {
  role: ModelRole;
  model: string;
  profile: ProviderProfile;
}

/** The settings that name one role's model parameters, in the config and in the environment. */
export function roleSetting(role: ModelRole, field: keyof RoleSettings, value: string): string {
  return `\`ai.roles.${role}.${field}: ${value}\` in the config (or ${roleVariable(role, field)}=${value === 'null' ? 'none' : value})`;
}

/** What to set so the server takes the request; undefined for statuses that are not about the request. */
export function rejectionHint(status: number | undefined, message: string, context: RejectionContext): string | undefined {
  if (status === undefined || status < 400 || status === 429 || status === 408) return undefined;
  // A server error is not about the request, unless it says the schema could not be compiled (Ollama's 500).
  if (status >= 500 && !/schema|grammar/i.test(message)) return undefined;
  const { role, model, profile } = context;
  const about = `the ${role} call to ${model} (provider profile ${profile.id}, output ${profile.output})`;
  const text = message.toLowerCase();
  if (status === 401 || status === 403)
    return `The server refused the API key for ${about}: check MOBILETEST_LLM_API_KEY (or the provider's usual key variable)`;
  if (status === 404 && text.includes('model'))
    return `The server does not know the model of ${about}: check MOBILETEST_LLM_MODEL or ${roleSetting(role, 'model', '<name>')}`;
  if (text.includes('temperature')) return `${model} does not take temperature: set ${roleSetting(role, 'temperature', 'null')}`;
  if (text.includes('reasoning_effort') || text.includes('reasoning effort')) {
    return `${model} does not take this reasoning effort: unset ${roleSetting(role, 'reasoningEffort', 'low')} or pick one it takes`;
  }
  if (text.includes('max_tokens') || text.includes('max_completion_tokens')) {
    return `${model} does not take the answer cap as sent (${profile.tokenCap}): for OpenAI's reasoning models use MOBILETEST_LLM_PROVIDER=openai with OpenAI's own API; for another server set MOBILETEST_LLM_PROVIDER to what it is (gemini, local)`;
  }
  if (/schema|response_format|json_object|grammar|format|input_schema|tool/.test(text)) {
    return `The server does not take the answer format of ${about}: set MOBILETEST_LLM_OUTPUT (or \`ai.output\` in the config) to ${fallbackOutputs(profile)}`;
  }
  return `The server refused ${about}; its message above says which parameter`;
}

function fallbackOutputs(profile: ProviderProfile): string {
  const options = profile.wire === 'anthropic' ? ['prompt'] : ['schema', 'json-object', 'prompt'].filter((o) => o !== profile.output);
  return options.join(', then ');
}
