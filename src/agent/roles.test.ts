import { test, expect } from '@playwright/test';
import { ModelRole } from '../events/index.js';
import { MODEL_ROLES } from '../llm/index.js';
import { PROMPT_NAMES, PROMPT_VERSIONS } from './roles/templates.js';

test('the roles a model can be set for are the roles the event log records, and each has a prompt', () => {
  // src/llm spells its roles itself (it imports nothing of the rest): the two lists must not drift apart.
  expect([...MODEL_ROLES]).toEqual(ModelRole.options);
  expect(PROMPT_NAMES).toEqual([...ModelRole.options, 'query']);
  expect(Object.keys(PROMPT_VERSIONS).sort()).toEqual([...PROMPT_NAMES].sort());
});
