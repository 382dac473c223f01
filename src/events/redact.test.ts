import { test, expect } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventLog, MASK, envSecrets, newActionId, readEvents, redactDeep, registerMarkedSecrets, registerSecret } from './index.js';

let dir = '';
const saved: Record<string, string | undefined> = {};
const ENV = {
  OPENAI_API_KEY: 'sk-openai-0123456789abcdef',
  SHOP_BACKEND_TOKEN: 'tok_shop_987654321',
  SHORT_TOKEN: 'abc1234',
  MOBILETEST_LLM_API_KEY: 'mt-llm-key-55555',
};

test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mobiletest-redact-'));
  for (const [name, value] of Object.entries(ENV)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
test.afterEach(async () => {
  for (const name of Object.keys(ENV)) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await rm(dir, { recursive: true, force: true });
});

test('secret typed text and environment API keys never reach the file bytes, however deep', async () => {
  const path = join(dir, 'secrets.jsonl');
  const log = await EventLog.open(path, { testId: 't' });
  const id = newActionId();
  const password = 'hunter2-correct-horse';
  await log.append({
    kind: 'action_start',
    action_id: id,
    primitive: 'input_text',
    params: { target: 'Password', text: password, secret: true },
    target: 'Password',
    source: 'script',
  });
  // The app echoes the password and the key back on screen, and the planner prompt quotes both.
  await log.append({ kind: 'observation', action_id: id, phase: 'after', screen_text: `Password: ${password}\nKey ${ENV.OPENAI_API_KEY}`, signature: 's' });
  await log.append({
    kind: 'situation',
    action_id: id,
    report: 'ok',
    data: { deep: [{ headers: { authorization: `Bearer ${ENV.SHOP_BACKEND_TOKEN}` } }, [`x${ENV.MOBILETEST_LLM_API_KEY}y`]] },
  });
  await log.append({
    kind: 'action_end',
    action_id: id,
    verdict: 'FAIL',
    error: { name: 'AssertError', message: `expected ${password}` },
    timings: { total_ms: 1, device_ms: 1, harness_ms: 0 },
  });
  const promptRef = await log.attach('prompt-1.txt', `system: use key ${ENV.OPENAI_API_KEY}; user typed ${password}`);
  await log.close();

  const raw = await readFile(path, 'utf8');
  const prompt = await readFile(join(dir, promptRef), 'utf8');
  for (const secret of [password, ENV.OPENAI_API_KEY, ENV.SHOP_BACKEND_TOKEN, ENV.MOBILETEST_LLM_API_KEY]) {
    expect(raw).not.toContain(secret);
    expect(prompt).not.toContain(secret);
  }
  const { events } = await readEvents(path);
  const start = events.find((event) => event.kind === 'action_start');
  expect(start && start.kind === 'action_start' && start.params).toEqual({ target: 'Password', text: MASK, text_length: password.length, secret: true });
  const seen = events.find((event) => event.kind === 'observation');
  expect(seen && seen.kind === 'observation' && seen.screen_text).toBe(`Password: ${MASK}\nKey ${MASK}`);
  expect(raw).toContain(`Bearer ${MASK}`);
  expect(raw).toContain(`x${MASK}y`);
});

test('only *_API_KEY and *_TOKEN values of 8+ characters count as environment secrets', () => {
  const found = envSecrets({ OPENAI_API_KEY: 'sk-12345678', GITHUB_TOKEN: 'ghp_abcdefgh', SHORT_TOKEN: 'abc1234', HOME: '/home/someone-long' });
  expect(found.sort()).toEqual(['ghp_abcdefgh', 'sk-12345678']);
  expect(redactDeep({ note: 'short abc1234 stays' }, found)).toEqual({ note: 'short abc1234 stays' });
});

test('a secret registered at run time is masked in keys and values; a longer secret is masked whole', () => {
  registerSecret('card-4242');
  registerSecret('card-4242-4242-4242');
  const out = redactDeep({ 'card-4242': ['pay with card-4242-4242-4242 now', 7, null, true] });
  expect(out).toEqual({ [MASK]: [`pay with ${MASK} now`, 7, null, true] });
});

test('a model answer that types a secret has it masked from then on, its own text included', () => {
  const answer = {
    thought: 'sign in',
    actions: [
      { name: 'input_text', params: { target: 'e4', text: 'Gl4cier-Path', secret: true } },
      { name: 'input_text', params: { target: 'e3', text: 'alice@example.com' } },
    ],
  };
  registerMarkedSecrets(answer);
  expect(redactDeep(JSON.stringify(answer))).not.toContain('Gl4cier-Path');
  expect(redactDeep(JSON.stringify(answer))).toContain('alice@example.com');
});
