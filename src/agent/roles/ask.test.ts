import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { EventLog, readEvents, registerSecret } from '../../events/index.js';
import { AccountedProvider, AnthropicProvider, Budget, OpenAiProvider, TokenLedger, type Provider } from '../../llm/index.js';
import { ScriptedServer, anthropicTextAnswer, anthropicToolAnswer, openAiCompletion, type RecordedRequest } from '../../llm/testing/scripted-server.js';
import type { PlannerInput } from '../types.js';
import { askPlanner, InvalidModelAnswer, type ModelAccess } from './index.js';

// The Shop login screen as the planner reads it (refs e4..e10).
const screen = [
  'app com.example.shop/.LoginActivity · screen 1080x2400',
  'e4 image "Shop logo"',
  'e5 text "Welcome back"',
  'e6 text "Sign in to continue shopping"',
  'e7 input "Email" #email',
  'e8 input "Password" #password password',
  'e9 button "Log in" disabled',
  'e10 button "Forgot password?"',
].join('\n');
const screenRefs = new Set(['e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10']);
const input: PlannerInput = { goal: 'log in as alice', app: 'com.example.shop', screen, history: [], noEffect: [], constraints: [] };
const apiKey = 'sk-scripted-KEY-0123456789';

/** Words a model says that are not JSON. */
class Prose {
  constructor(readonly text: string) {}
}

/** The two providers, each pointed at a scripted server that answers in its own wire format. */
const providers = {
  openai: {
    create: (url: string): Provider => new OpenAiProvider({ model: 'scripted-model', apiKey, baseUrl: `${url}/v1`, retry: { baseDelayMs: 10 } }),
    body: (_tool: string, said: unknown): unknown => openAiCompletion(said instanceof Prose ? said.text : JSON.stringify(said)),
    lastUser: (request: RecordedRequest): string => String((request.body.messages as Array<{ content: string }>).at(-1)?.content),
  },
  anthropic: {
    create: (url: string): Provider => new AnthropicProvider({ model: 'scripted-claude', apiKey, baseUrl: url, retry: { baseDelayMs: 10 } }),
    body: (tool: string, said: unknown): unknown => (said instanceof Prose ? anthropicTextAnswer(said.text) : anthropicToolAnswer(tool, said)),
    lastUser: (request: RecordedRequest): string => String((request.body.messages as Array<{ content: string }>).at(-1)?.content),
  },
};

let server: ScriptedServer | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

const good = {
  thought: 'Fill in the form.',
  actions: [
    { name: 'input_text', params: { target: 'e7', text: 'alice@example.com' } },
    { name: 'tap', params: { target: 'Log in', expected: { screen_changed: true } } },
  ],
};

for (const [kind, wire] of Object.entries(providers)) {
  test.describe(kind, () => {
    /** A model that says each of `answers` in turn, through a real HTTP server. */
    async function model(answers: unknown[], tool = 'plan', access: Partial<ModelAccess> = {}): Promise<ModelAccess> {
      server = await ScriptedServer.start((_request, n) => ({ body: wire.body(tool, answers[Math.min(n, answers.length - 1)]) }));
      return { provider: wire.create(server.url), ...access };
    }
    const reasked = (n: number): string => wire.lastUser(server!.requests[n]);

    test('a valid planner answer comes back as typed primitive calls, asked for with the answer schema', async () => {
      const decision = await askPlanner(await model([good]), input, { screenRefs });
      expect(decision.thought).toBe('Fill in the form.');
      expect(decision.actions).toEqual([
        { name: 'input_text', params: { target: 'e7', text: 'alice@example.com' } },
        { name: 'tap', params: { target: 'Log in', expected: { screen_changed: true } } },
      ]);
      expect(server!.requests).toHaveLength(1);
      const body = server!.requests[0].body;
      if (kind === 'openai') expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'plan', strict: false } });
      else expect(body.tool_choice).toEqual({ type: 'tool', name: 'plan' });
      expect(JSON.stringify(body)).toContain('log in as alice');
    });

    test('an answer that is not JSON is shown to the model and asked again', async () => {
      const decision = await askPlanner(await model([new Prose('Sure! I will tap Log in.'), good]), input, { screenRefs });
      expect(decision.actions).toHaveLength(2);
      expect(server!.requests).toHaveLength(2);
      expect(reasked(1)).toContain('not JSON of the asked shape');
      const sent = server!.requests[1].body.messages as Array<{ role: string; content: string }>;
      expect(sent.at(-2)).toEqual({ role: 'assistant', content: 'Sure! I will tap Log in.' });
    });

    test('an unknown field is named in the re-ask', async () => {
      await askPlanner(await model([{ ...good, mood: 'confident' }, good]), input, { screenRefs });
      expect(reasked(1)).toContain('- mood: unknown field; the answer takes only thought, actions');
    });

    test('a ref that is not on the screen is named, with the refs that are', async () => {
      const offScreen = { thought: 't', actions: [{ name: 'tap', params: { target: 'e42' } }] };
      const decision = await askPlanner(await model([offScreen, good]), input, { screenRefs });
      expect(decision.actions[0].name).toBe('input_text');
      expect(reasked(1)).toContain('- actions[0].params.target: ref e42 is not on the screen; refs on screen are e4..e10');
    });

    test('an action outside the vocabulary is named, with the actions there are', async () => {
      const invented = {
        thought: 't',
        actions: [
          { name: 'tap', params: { target: 'e7' } },
          { name: 'swipe_left', params: {} },
        ],
      };
      await askPlanner(await model([invented, good]), input, { screenRefs });
      expect(reasked(1)).toContain("- actions[1].name: 'swipe_left' is not an action; use one of launch_app, stop_app,");
      expect(reasked(1)).not.toContain('screenshot');
    });

    test('three bad answers in a row end in InvalidModelAnswer listing every problem', async () => {
      const bad = [
        new Prose('I cannot see the screen.'),
        { thought: 't', actions: [] },
        { thought: 't', actions: [{ name: 'finish', params: { success: true, evidence: ['e99'], summary: 'done' } }] },
      ];
      const error = await askPlanner(await model(bad), input, { screenRefs }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidModelAnswer);
      const invalid = error as InvalidModelAnswer;
      expect(invalid.attempts).toBe(3);
      expect(invalid.problems).toEqual([
        expect.stringMatching(/^attempt 1: the answer is not JSON/),
        'attempt 2: actions: should have at least 1 item(s); got 0',
        'attempt 3: actions[0].params.evidence[0]: ref e99 is not on the screen; refs on screen are e4..e10',
      ]);
      expect(invalid.message).toContain('Use a stronger model for this role (MOBILETEST_LLM_PLANNER_MODEL');
      expect(server!.requests).toHaveLength(3);
    });

    test('every call writes an llm_call event with its tokens; prompt and answer files hold no secret', async () => {
      const secret = 'pass-SECRET-7781';
      registerSecret(secret);
      const dir = await mkdtemp(join(tmpdir(), 'mobiletest-roles-'));
      const log = await EventLog.open(join(dir, 'events.jsonl'), { testId: 't1' });
      const budget = new Budget({}, new TokenLedger({ inputPerMillion: 1, outputPerMillion: 4 }));
      const access = await model([{ thought: `type ${secret}`, actions: [{ name: 'tap', params: { target: 'e1' } }] }, good]);
      await askPlanner(
        { ...access, provider: new AccountedProvider(access.provider, budget), log },
        { ...input, goal: `log in with password ${secret}` },
        { screenRefs, actionId: 'a-1' },
      );
      await log.close();
      const events = (await readEvents(log.path)).events.filter((e) => e.kind === 'llm_call');
      expect(events).toHaveLength(2);
      for (const event of events) {
        expect(event).toMatchObject({ role: 'planner', action_id: 'a-1', tokens_in: expect.any(Number), tokens_out: expect.any(Number) });
        if (event.kind !== 'llm_call') continue;
        expect(event.tokens_in).toBeGreaterThan(0);
        expect(event.cost_usd).toBeGreaterThan(0);
        const prompt = await readFile(join(dir, event.prompt_ref), 'utf8');
        expect(prompt).toContain('log in with password');
      }
      const files = (await readdir(dir)).filter((name) => name !== 'events.jsonl');
      expect(files).toHaveLength(4);
      for (const name of files) {
        const text = await readFile(join(dir, name), 'utf8');
        expect(text, name).not.toContain(secret);
        expect(text, name).not.toContain(apiKey);
      }
      expect(budget.ledger.forRole('planner').calls).toBe(2);
    });

    test('per-role model, temperature and token cap reach the wire', async () => {
      const access = await model([good], 'plan', {
        roles: { planner: { model: 'big-planner', temperature: 0.3, maxTokens: 321 }, locator: { model: 'small' } },
      });
      await askPlanner(access, input, { screenRefs });
      const body = server!.requests[0].body;
      expect(body.model).toBe('big-planner');
      expect(body.temperature).toBe(0.3);
      expect(body.max_tokens).toBe(321);
    });
  });
}
