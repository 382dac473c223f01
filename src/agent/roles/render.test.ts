import { test, expect } from '@playwright/test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { observeXml, screenText, type Observation } from '../../observe/index.js';
import { fixture } from '../../observe/testing/fixtures.js';
import { PhoneSession } from '../../observe/testing/phone-session.js';
import { startSim } from '../../sim/index.js';
import type { ChatMessage } from '../../llm/index.js';
import type { HistoryEntry } from '../types.js';
import { renderDebugger, renderLocator, renderPlanner, renderQuery, renderValidator } from './render.js';
import { fill, PromptTemplateError } from './templates.js';

// A real uiautomator dump (Google Tasks on a tablet), as the roles would read it.
const tasks: Observation = observeXml(fixture('google-tasks-tablet.xml').xml, { source: 'google-tasks-tablet.xml' });
const screen = screenText(tasks.screen);

const history: HistoryEntry[] = [
  { call: { name: 'launch_app', params: { clear_state: false } }, verdict: 'OK', report: 'screen changed; app in front' },
  {
    call: { name: 'tap', params: { target: 'Add a task' } },
    verdict: 'FAIL',
    report: 'nothing changed',
    failure: 'TargetNotFound: no element matches "Add a task"',
  },
];

const asText = (messages: ChatMessage[]): string => messages.map((m) => `=== ${m.role}\n${m.content}`).join('\n');
const tokens = (messages: ChatMessage[]): number => countTokens(messages.map((m) => m.content).join('\n'));

test('the planner prompt: rules, the action list from the registry, goal, history, no-effect list, then the screen', () => {
  const messages = renderPlanner({
    goal: 'add a task called "Buy milk"',
    app: 'com.google.android.apps.tasks',
    screen,
    history,
    noEffect: ['{"name":"tap","params":{"target":"Add a task"}}'],
    constraints: ['6 steps left'],
  });
  expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
  expect(messages[0].content).toContain('input_text(target?, text, secret?, submit?)');
  expect(messages[1].content.endsWith(screen)).toBe(true);
  expect(asText(messages)).toMatchSnapshot('planner.txt');
});

test('empty parts of the planner prompt are left out, not shown as empty headings', () => {
  const [, user] = renderPlanner({ goal: 'open settings', screen: 'e1 button "Settings"', history: [], noEffect: [], constraints: [] });
  expect(user.content).toBe('Goal: open settings\nScreen:\ne1 button "Settings"');
});

test('the locator, validator, debugger and query prompts', () => {
  const stars = tasks.screen.elements.filter((e) => e.label === 'Add star').slice(0, 3);
  expect(stars).toHaveLength(3);
  const candidates = stars.map((e) => ({ ref: e.ref, label: e.label, score: 0.7 }));
  expect(asText(renderLocator({ target: { desc: 'Add star', near: 'Task 17' }, screen, candidates }))).toMatchSnapshot('locator.txt');
  expect(asText(renderValidator({ assertion: 'the task list is empty', screen }))).toMatchSnapshot('validator.txt');
  const failed = history[1];
  expect(asText(renderDebugger({ goal: 'add a task called "Buy milk"', failed, window: history.slice(0, 1), screen }))).toMatchSnapshot('debugger.txt');
  const schema = { type: 'object', properties: { lists: { type: 'array', items: { type: 'string' } } }, required: ['lists'] };
  expect(asText(renderQuery({ question: 'which task lists are there?', screen, schema }))).toMatchSnapshot('query.txt');
});

test('a value holding {{braces}} is sent as it is; a missing value is a template error', () => {
  expect(fill('Goal: {{goal}}', { goal: 'type {{goal}} literally' })).toBe('Goal: type {{goal}} literally');
  expect(() => fill('Goal: {{goal}}', {})).toThrow(PromptTemplateError);
});

test('the planner prompt for a typical Shop screen stays within 700 tokens, the screen within 300', async () => {
  const sim = await startSim({ seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) });
  try {
    const session = new PhoneSession(sim.phone);
    sim.phone.ui.launch('com.example.shop');
    await session.tap('Allow');
    await session.fill('Email', 'alice@example.com');
    await session.fill('Password', 'pass123');
    await session.tap('Log in');
    if ((await session.look()).screen.elements.some((e) => e.label === 'No thanks')) await session.tap('No thanks');
    const home = screenText((await session.look()).screen);
    expect(home).toContain('Wireless Headphones');
    const screenTokens = countTokens(home);
    const messages = renderPlanner({
      goal: 'add the Wireless Headphones to the cart',
      app: 'com.example.shop',
      screen: home,
      history: [
        { call: { name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } }, verdict: 'OK', report: 'text reads back "alice@example.com"' },
        {
          call: { name: 'tap', params: { target: 'Log in', expected: { visible: 'Hi, Alice' } } },
          verdict: 'OK',
          report: 'screen changed; activity .HomeActivity',
        },
      ],
      noEffect: [],
      constraints: ['8 steps left'],
    });
    const total = tokens(messages);
    test.info().annotations.push({ type: 'tokens', description: `planner prompt ${total}, screen ${screenTokens}` });
    expect(screenTokens).toBeLessThanOrEqual(300);
    expect(total).toBeLessThanOrEqual(700);
  } finally {
    await sim.stop();
  }
});

test('on iOS every role gets its iOS wording (no back key, accessibility labels, SpringBoard alerts) and the same answer format', () => {
  const inputs = {
    planner: (platform?: 'ios') =>
      renderPlanner({ goal: 'open the cart', app: 'com.example.shop', screen, history: [], noEffect: [], constraints: [] }, platform),
    locator: (platform?: 'ios') => renderLocator({ target: 'Cart', screen, candidates: [{ ref: 'e3', label: 'Cart', score: 0.9 }] }, platform),
    validator: (platform?: 'ios') => renderValidator({ assertion: 'the cart is empty', screen }, platform),
    debugger: (platform?: 'ios') => renderDebugger({ goal: 'open the cart', failed: history[1], window: [], screen }, platform),
    query: (platform?: 'ios') => renderQuery({ question: 'how many items?', schema: { type: 'number' }, screen }, platform),
  };
  for (const [role, render] of Object.entries(inputs)) {
    const android = render()[0].content;
    const ios = render('ios')[0].content;
    expect(android, role).not.toContain('iOS');
    expect(ios, role).toContain('iOS');
    expect(ios, role).not.toContain('Android');
    // The answer format line is word for word the same: one parser reads both.
    const format = (text: string) => text.split('\n').find((line) => line.startsWith('Answer JSON'));
    expect(format(ios), role).toBe(format(android));
    expect(render('ios')[1].content, role).toBe(render()[1].content);
  }
  expect(inputs.planner('ios')[0].content).toContain("iOS has no back key: press_key back taps the navigation bar's back button");
});
