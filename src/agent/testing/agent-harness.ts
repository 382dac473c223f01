// For agent tests: an Agent on the virtual phone's executor, talking to a scripted model over real
// HTTP through the real provider clients, with the test's own ledger, budget and cache file.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MobileEvent } from '../../events/index.js';
import {
  AccountedProvider,
  AnthropicProvider,
  Budget,
  OpenAiProvider,
  TokenLedger,
  type BudgetLimits,
  type Provider,
  type ProviderProfile,
  type RetryPolicy,
} from '../../llm/index.js';
import type { ProviderServer } from '../../llm/testing/providers/index.js';
import type { TestRunner } from '../../primitives/exec/testing/phone.js';
import { Agent } from '../agent.js';
import { PlanCache } from '../cache/index.js';
import type { AgentLimits } from '../context.js';
import { FailurePatterns } from '../debug/index.js';
import type { CacheMode } from '../types.js';
import { startModel, type Decide, type Wire } from './model-server.js';

export const API_KEY = 'sk-test-AGENT-SECRET-0123456789';

export interface HarnessOptions {
  /** The scripted model; none means offline (rules only). */
  decide?: Decide;
  wire?: Wire;
  /** How requests are shaped (a provider and model's profile); by default the wire's for a server of its own. */
  profile?: ProviderProfile;
  /** The model name sent. */
  model?: string;
  budget?: BudgetLimits;
  retry?: Partial<RetryPolicy>;
  cache?: { file: string; mode: CacheMode };
  limits?: Partial<AgentLimits>;
  scope?: string[];
  /** The app under test (default Shop). */
  app?: string;
}

export interface AgentHarness {
  agent: Agent;
  ledger: TokenLedger;
  server?: ProviderServer;
  cache?: PlanCache;
  events(): Promise<MobileEvent[]>;
  close(): Promise<void>;
}

export async function cacheFileIn(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'mobiletest-cache-')), '__mobiletest__', 'spec.test.ts.cache.json');
}

export async function agentOn(exec: TestRunner, options: HarnessOptions = {}): Promise<AgentHarness> {
  const ledger = new TokenLedger();
  let server: ProviderServer | undefined;
  let models: { provider: Provider; log: TestRunner['log'] } | undefined;
  if (options.decide) {
    server = await startModel(options.wire ?? 'openai', options.decide);
    const retry = { baseDelayMs: 10, ...options.retry };
    const { profile } = options;
    const provider =
      (options.wire ?? 'openai') === 'openai'
        ? new OpenAiProvider({ model: options.model ?? 'scripted-model', apiKey: API_KEY, baseUrl: `${server.url}/v1`, retry, profile })
        : new AnthropicProvider({ model: options.model ?? 'scripted-claude', apiKey: API_KEY, baseUrl: server.url, retry, profile });
    models = { provider: new AccountedProvider(provider, new Budget(options.budget ?? {}, ledger)), log: exec.log };
  }
  const cache = options.cache ? await PlanCache.open(options.cache) : undefined;
  const agent = new Agent({
    runner: exec.runner,
    log: exec.log,
    app: options.app ?? 'com.example.shop',
    models,
    ledger,
    cache,
    scope: options.scope ?? ['spec.test.ts', 'a test'],
    limits: options.limits,
    patterns: new FailurePatterns(),
  });
  return {
    agent,
    ledger,
    server,
    cache,
    events: () => exec.events(),
    close: async () => {
      await cache?.flush();
      await server?.close();
    },
  };
}
