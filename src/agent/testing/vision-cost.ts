// For the vision benchmark: the planner request a screen makes, with or without its picture, and its
// input tokens as a provider bills them (the text of the body as sent, the picture by its size).
import { requestImageTokens, requestTokens } from '../../llm/answer.js';
import { anthropicBody, imageTokens, openAiBody, profileFor, type ChatImage, type ModelRequest } from '../../llm/index.js';
import { screenText, type Screen } from '../../observe/index.js';
import { renderPlanner } from '../roles/render.js';

export type Hosted = 'openai' | 'anthropic' | 'gemini';

/** The planner's request for `goal` on `screen`, the picture on its last message when given. */
export function plannerRequest(screen: Screen, options: { goal: string; picture?: ChatImage }): ModelRequest {
  const messages = renderPlanner({ goal: options.goal, screen: screenText(screen), history: [], noEffect: [], constraints: [] });
  const last = messages.length - 1;
  const picture = options.picture;
  return { role: 'planner', messages: picture ? messages.map((m, i) => (i === last ? { ...m, images: [picture] } : m)) : messages };
}

/** Input tokens of `request` as `provider` bills them for `model`. */
export function billedTokens(request: ModelRequest, { provider, model }: { provider: Hosted; model: string }): Promise<number> {
  const profile = profileFor({ provider, model });
  const body = provider === 'anthropic' ? anthropicBody(profile, request, model) : openAiBody(profile, request, model);
  return requestTokens(body, requestImageTokens(request, profile, model));
}

/** Input tokens of one picture of this size, as `provider` bills them for `model`. */
export function pictureTokens(size: { width: number; height: number }, { provider, model }: { provider: Hosted; model: string }): number {
  return imageTokens(profileFor({ provider, model }), model, size);
}
