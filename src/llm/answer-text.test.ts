import { expect, test } from '@playwright/test';
import { readAnswerText } from './answer-text.js';

// Answers as real models write them when no server enforces the shape (prompt-only, json_object, local servers).
const PLAN = { thought: 'tap it', actions: [{ name: 'tap', params: { target: 'e7' } }] };

test('bare JSON is read as it is', () => {
  expect(readAnswerText(JSON.stringify(PLAN))).toEqual({ values: [PLAN] });
});

test('JSON in a markdown fence, with or without a language, is read from the fence', () => {
  expect(readAnswerText(`Here is the plan:\n\`\`\`json\n${JSON.stringify(PLAN, null, 2)}\n\`\`\`\nGood luck!`).values).toEqual([PLAN]);
  expect(readAnswerText(`\`\`\`\n${JSON.stringify(PLAN)}\n\`\`\``).values).toEqual([PLAN]);
});

test('prose around the JSON is skipped; braces inside strings do not end the value', () => {
  const tricky = { thought: 'the label is "{Cart}" here', actions: [{ name: 'input_text', params: { target: 'e2', text: 'a } b { c' } }] };
  const read = readAnswerText(`Sure! I will do this: ${JSON.stringify(tricky)} — then we are done.`);
  expect(read.values).toEqual([tricky]);
});

test('several JSON values in prose are all offered, in order, so a caller can take the first that validates', () => {
  const read = readAnswerText('First I thought {"a": 1} but then {"thought": "x", "actions": []}.');
  expect(read.values).toEqual([{ a: 1 }, { thought: 'x', actions: [] }]);
});

test('a leading <think> block is dropped from the JSON and kept as the thinking', () => {
  const read = readAnswerText(`<think>\nThe Email field is e3; I should type first. {"not": "this"}\n</think>\n${JSON.stringify(PLAN)}`);
  expect(read.values).toEqual([PLAN]);
  expect(read.thinking).toContain('The Email field is e3');
});

test('a think block that never closes leaves no JSON: the answer was all reasoning', () => {
  expect(readAnswerText('<think>I need to find the button {"a":1}').values).toEqual([]);
});

test('text with no JSON, or an unbalanced one, yields none', () => {
  expect(readAnswerText('I would tap the Email field first.').values).toEqual([]);
  expect(readAnswerText('{"thought": "cut off here", "actions": [{"name": "ta').values).toEqual([]);
  expect(readAnswerText('').values).toEqual([]);
});
