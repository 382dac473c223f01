import { expect, test } from '@playwright/test';
import { anthropicBody } from './anthropic.js';
import { requestImageTokens, requestTokens } from './answer.js';
import { imageTokens, modelTakesImages, type ChatImage } from './images.js';
import { openAiBody } from './openai.js';
import { profileFor } from './profiles.js';
import type { ModelRequest } from './types.js';

const picture: ChatImage = { mediaType: 'image/png', data: Buffer.alloc(30_000, 7).toString('base64'), width: 720, height: 1516 };
const request: ModelRequest = {
  role: 'planner',
  messages: [
    { role: 'system', content: 'You plan.' },
    { role: 'user', content: 'Goal: start the game', images: [picture] },
  ],
};

test('OpenAI gets the picture as an image_url data URL after the text, at detail high; Anthropic as a base64 image block before it', () => {
  const openai = openAiBody(profileFor({ provider: 'openai', model: 'gpt-4o-mini' }), request, 'gpt-4o-mini');
  expect(openai.messages[1]).toEqual({
    role: 'user',
    content: [
      { type: 'text', text: 'Goal: start the game' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${picture.data}`, detail: 'high' } },
    ],
  });
  // A message with no picture stays a plain string.
  expect(openai.messages[0]).toEqual({ role: 'system', content: 'You plan.' });
  const anthropic = anthropicBody(profileFor({ provider: 'anthropic', model: 'claude-sonnet-4-5' }), request, 'claude-sonnet-4-5');
  expect(anthropic.messages[0]).toEqual({
    role: 'user',
    content: [
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: picture.data } },
      { type: 'text', text: 'Goal: start the game' },
    ],
  });
});

test('a picture is billed by its size as each provider counts it, not by its base64 bytes', async () => {
  // OpenAI gpt-4o: shortest side to 768 (768×1617), 2×4 tiles of 512: 85 + 8 × 170.
  expect(imageTokens({ id: 'openai' }, 'gpt-4o', picture)).toBe(85 + 8 * 170);
  // gpt-4o-mini bills the same picture at its own rates.
  expect(imageTokens({ id: 'openai' }, 'gpt-4o-mini', picture)).toBe(2833 + 8 * 5667);
  // gpt-4.1-mini: 32 px patches (23 × 48 = 1,104) times 1.62.
  expect(imageTokens({ id: 'openai' }, 'gpt-4.1-mini', picture)).toBe(Math.ceil(23 * 48 * 1.62));
  // Anthropic: width × height / 750 (within 1,568 px).
  expect(imageTokens({ id: 'anthropic' }, 'claude-sonnet-4-5', picture)).toBe(Math.ceil((720 * 1516) / 750));
  // Gemini: 258 per 768 px tile.
  expect(imageTokens({ id: 'gemini' }, 'gemini-2.5-flash', picture)).toBe(258 * 2);

  const profile = profileFor({ provider: 'openai', model: 'gpt-4o' });
  const body = openAiBody(profile, request, 'gpt-4o');
  const withPicture = await requestTokens(body, requestImageTokens(request, profile, 'gpt-4o'));
  const textOnly = await requestTokens(openAiBody(profile, { ...request, messages: request.messages.map(({ images: _, ...m }) => m) }, 'gpt-4o'));
  // The text of the request, plus the picture's 1,445 tokens; never its 40,000 characters of base64.
  expect(withPicture - textOnly).toBeGreaterThan(1445);
  expect(withPicture - textOnly).toBeLessThan(1445 + 40);
});

test('which models take pictures: by provider and name; a local model only when its name says it sees', () => {
  const openai = { id: 'openai' as const };
  expect(modelTakesImages(openai, 'gpt-4o-mini')).toBe(true);
  expect(modelTakesImages(openai, 'gpt-5')).toBe(true);
  expect(modelTakesImages(openai, 'gpt-3.5-turbo')).toBe(false);
  expect(modelTakesImages(openai, 'o3-mini')).toBe(false);
  expect(modelTakesImages({ id: 'anthropic' }, 'claude-sonnet-4-5')).toBe(true);
  expect(modelTakesImages({ id: 'anthropic' }, 'claude-2.1')).toBe(false);
  expect(modelTakesImages({ id: 'local' }, 'qwen2.5:7b')).toBe(false);
  expect(modelTakesImages({ id: 'local' }, 'qwen2.5vl:7b')).toBe(true);
  expect(modelTakesImages({ id: 'local' }, 'llava:13b')).toBe(true);
});
