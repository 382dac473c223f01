import { expect, test } from '@playwright/test';
import { toolInput } from './input.js';
import { ShellInput } from './shell.js';
import { DevicesInput, LookInput, mcpTools, QueryInput } from './tools.js';

const message = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no error');
};

test('a bad argument names the tool, the field, what its listed schema expects and what came', () => {
  expect(message(() => toolInput('query', QueryInput, { kind: 'logcats' }))).toBe(
    'field `kind` in query should be one of logcat, ui_dump, app_state, device_info, trace; got "logcats" (did you mean `logcat`?)',
  );
  expect(message(() => toolInput('query', QueryInput, {}))).toBe(
    'field `kind` in query should be one of logcat, ui_dump, app_state, device_info, trace; got nothing',
  );
  expect(message(() => toolInput('query', QueryInput, { kind: 'trace', lines: 2.5 }))).toBe(
    'field `lines` in query should be a whole number from 1 to 500; got 2.5',
  );
  expect(message(() => toolInput('look', LookInput, { screenshot: 'yes' }))).toBe('field `screenshot` in look should be true or false; got "yes"');
  expect(message(() => toolInput('devices', DevicesInput, { select: 5554 }))).toBe('field `select` in devices should be a string; got 5554');
  expect(message(() => toolInput('shell', ShellInput, { command: '  ' }))).toBe('field `command` in shell should be a non-empty string; got "  "');
  expect(message(() => toolInput('shell', ShellInput, { command: '', timeout: 5 }))).toBe('unknown field `timeout` in shell; allowed: command, timeout_ms');
});

test('good arguments come back as the schema reads them, and each tool lists the JSON Schema of the same description', () => {
  expect(toolInput('query', QueryInput, { kind: 'trace', lines: 3 })).toEqual({ kind: 'trace', lines: 3 });
  const query = mcpTools().find((t) => t.name === 'query')!;
  expect(query.inputSchema).toMatchObject({
    type: 'object',
    required: ['kind'],
    additionalProperties: false,
    properties: { lines: { type: 'integer', minimum: 1, maximum: 500 } },
  });
  expect(query.inputSchema).not.toHaveProperty('$schema');
  const doTool = mcpTools().find((t) => t.name === 'do')!;
  expect(doTool.inputSchema.properties).toMatchObject({ params: { type: 'object' } });
  expect((doTool.inputSchema.properties as { params: object }).params).not.toHaveProperty('additionalProperties');
});
