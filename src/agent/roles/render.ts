// Each role's prompt as a pure function of its typed input (snapshot-tested in render.test.ts).
import { callText } from '../debug/index.js';
import type { PrimitiveCall } from '../../primitives/index.js';
import type { ChatMessage } from '../../llm/index.js';
import type { DebuggerInput, HistoryEntry, LocatorInput, PlannerInput, QueryInput, ValidatorInput } from '../types.js';
import { compactActionList } from './action-list.js';
import { renderTemplate, type PromptPlatform } from './templates.js';

/** One past action in a prompt: the call without its expected (the verdict says how that went), what changed, why it failed. */
export function historyLine(entry: HistoryEntry): string {
  const failure = entry.failure ? `; failed: ${entry.failure}` : '';
  const { expected: _expected, ...params } = entry.call.params as Record<string, unknown>;
  return `${callText({ ...entry.call, params } as PrimitiveCall)} → ${entry.verdict}: ${entry.report}${failure}`;
}

const numbered = (lines: readonly string[]): string => lines.map((line, i) => `${i + 1}. ${line}`).join('\n');
const bullets = (lines: readonly string[]): string => lines.map((line) => `- ${line}`).join('\n');

export function renderPlanner(input: PlannerInput, platform?: PromptPlatform): ChatMessage[] {
  return renderTemplate(
    'planner',
    {
      actions: compactActionList(),
      goal: input.goal,
      app: input.app ?? '',
      constraints: bullets(input.constraints),
      history: numbered(input.history.map(historyLine)),
      noEffect: bullets(input.noEffect),
      screen: input.screen,
    },
    platform,
  );
}

export function renderLocator(input: LocatorInput, platform?: PromptPlatform): ChatMessage[] {
  return renderTemplate(
    'locator',
    {
      target: JSON.stringify(input.target),
      candidates: input.candidates.map((c) => `${c.ref} ${JSON.stringify(c.label)} (score ${c.score.toFixed(2)})`).join('\n'),
      screen: input.screen,
    },
    platform,
  );
}

export function renderValidator(input: ValidatorInput, platform?: PromptPlatform): ChatMessage[] {
  return renderTemplate('validator', { assertion: input.assertion, screen: input.screen }, platform);
}

export function renderDebugger(input: DebuggerInput, platform?: PromptPlatform): ChatMessage[] {
  return renderTemplate(
    'debugger',
    {
      goal: input.goal,
      failed: historyLine(input.failed),
      window: numbered(input.window.map(historyLine)),
      screen: input.screen,
    },
    platform,
  );
}

export function renderQuery(input: QueryInput, platform?: PromptPlatform): ChatMessage[] {
  return renderTemplate('query', { question: input.question, schema: JSON.stringify(input.schema), screen: input.screen }, platform);
}
