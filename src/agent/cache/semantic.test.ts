import { expect, test } from '@playwright/test';
import { observeXml, type Observation, type ScreenElement } from '../../observe/index.js';
import { fixture } from '../../observe/testing/fixtures.js';
import { locate, type ActionResult, type PrimitiveCall, type Target } from '../../primitives/index.js';
import { goalValues, quotedValues, recordStep, secretSlot, semanticCall } from './index.js';

// Semantic targets made from real uiautomator dumps must pick the same element on a fresh look, where refs differ.

function look(name: string): Observation {
  return observeXml(fixture(name).xml, { source: name });
}

function resultOf(call: PrimitiveCall, o: Observation, element?: ScreenElement): ActionResult {
  return {
    actionId: 'a1',
    primitive: call.name,
    verdict: 'OK',
    candidates: [],
    before: o,
    after: o,
    ...(element ? { element } : {}),
    timings: { total_ms: 1, device_ms: 1, harness_ms: 0 },
  };
}

/** The element a target picks on a new observation of the same dump, by its bounds (refs are not comparable). */
function picked(name: string, target: Target, purpose: 'action' | 'read' = 'action'): ScreenElement['bounds'] | undefined {
  // A fresh parse: the stored target carries no ref, so only its words can pick the element.
  const fresh = look(name);
  const result = locate(fresh.screen, target, { for: purpose });
  return result.status === 'found' ? result.best.element.bounds : undefined;
}

function target(call: PrimitiveCall): Target {
  return (call.params as { target: Target }).target;
}

test('a tap on one of 18 "Add star" buttons is stored as its label with its index, and picks that same button again', () => {
  const name = 'google-tasks-tablet.xml';
  const o = look(name);
  const stars = o.screen.elements.filter((e) => e.label === 'Add star');
  expect(stars.length).toBe(18);
  for (const n of [0, 4, 17]) {
    const star = stars[n];
    const call: PrimitiveCall = { name: 'tap', params: { target: star.ref } };
    const stored = target(semanticCall(call, resultOf(call, o, star)));
    expect(stored).toEqual({ text: 'Add star', index: n });
    expect(picked(name, stored)).toEqual(star.bounds);
  }
});

test('a unique label is stored as the plain label', () => {
  const name = 'wework-more-menu.xml';
  const o = look(name);
  const element = o.screen.elements.find((e) => e.label !== '' && o.screen.elements.filter((x) => x.label === e.label).length === 1 && e.role === 'button')!;
  const call: PrimitiveCall = { name: 'tap', params: { target: element.ref } };
  const stored = target(semanticCall(call, resultOf(call, o, element)));
  expect(stored).toBe(element.label);
  expect(picked(name, stored)).toEqual(element.bounds);
});

test('unlabelled buttons are stored by resource id, with an index when the id repeats, else by role and index', () => {
  const tiktok = 'tiktok-feed.xml';
  const t = look(tiktok);
  const twins = t.screen.elements.filter((e) => e.label === '' && e.resourceId.endsWith(':id/bsh'));
  expect(twins.length).toBe(2);
  const second: PrimitiveCall = { name: 'tap', params: { target: twins[1].ref } };
  const stored = target(semanticCall(second, resultOf(second, t, twins[1])));
  expect(stored).toEqual({ id: 'com.zhiliaoapp.musically:id/bsh', index: 1 });
  expect(picked(tiktok, stored)).toEqual(twins[1].bounds);

  const ths = 'ths-account-info.xml';
  const o = look(ths);
  const share = o.screen.elements.find((e) => e.resourceId.endsWith(':id/share_img'))!;
  const byId: PrimitiveCall = { name: 'tap', params: { target: share.ref } };
  expect(target(semanticCall(byId, resultOf(byId, o, share)))).toEqual({ id: 'com.hexin.plat.android:id/share_img' });

  const bare = o.screen.elements.find((e) => e.label === '' && e.resourceId === '' && e.role === 'button')!;
  const byRole: PrimitiveCall = { name: 'tap', params: { target: bare.ref } };
  const roleTarget = target(semanticCall(byRole, resultOf(byRole, o, bare)));
  expect(roleTarget).toMatchObject({ role: 'button' });
  expect(picked(ths, roleTarget)).toEqual(bare.bounds);
});

test('refs in expected, drag and checks are replaced too; semantic and object targets are kept', () => {
  const name = 'google-tasks-tablet.xml';
  const o = look(name);
  const done = o.screen.elements.filter((e) => e.label === 'Mark as complete');
  const stars = o.screen.elements.filter((e) => e.label === 'Add star');
  const call: PrimitiveCall = { name: 'tap', params: { target: done[2].ref, expected: { gone: done[2].ref } } };
  expect(semanticCall(call, resultOf(call, o, done[2])).params).toEqual({
    target: { text: 'Mark as complete', index: 2 },
    expected: { gone: { text: 'Mark as complete', index: 2 } },
  });
  const drag: PrimitiveCall = { name: 'drag', params: { from: stars[0].ref, to: done[5].ref } };
  expect(semanticCall(drag, resultOf(drag, o, stars[0])).params).toEqual({ from: { text: 'Add star', index: 0 }, to: { text: 'Mark as complete', index: 5 } });
  const check: PrimitiveCall = { name: 'assert_visible', params: { target: done[0].ref } };
  // Checks read the first of equally sure matches, so the first one needs no index.
  expect(target(semanticCall(check, resultOf(check, o, done[0])))).toBe('Mark as complete');
  const third: PrimitiveCall = { name: 'assert_visible', params: { target: done[2].ref } };
  expect(target(semanticCall(third, resultOf(third, o, done[2])))).toEqual({ text: 'Mark as complete', index: 2 });
  const kept: PrimitiveCall = { name: 'tap', params: { target: 'Add star', expected: { visible: { text: 'Add star', index: 3 } } } };
  expect(semanticCall(kept, resultOf(kept, o))).toEqual(kept);
});

test('secret text is masked in the stored call and found again by its slot in the goal', () => {
  const o = look('wework-chat-input.xml');
  const field = o.screen.elements.find((e) => e.role === 'input')!;
  const call: PrimitiveCall = { name: 'input_text', params: { target: field.ref, text: 'pass123', secret: true } };
  const goal = 'log in with alice@example.com and pass123';
  const step = recordStep({ call, result: resultOf(call, o, field), goal })!;
  expect(JSON.stringify(step)).not.toContain('pass123');
  expect((step.call.params as { text: string }).text).toBe('•••');
  expect(goalValues(goal)[step.secret!]).toBe('pass123');
  expect(step.signature).toBe(o.signature);
  expect(step.dialog).toBeUndefined();
  // A goal that does not give the secret leaves no slot: replay cannot type it and hands over.
  expect(recordStep({ call, result: resultOf(call, o, field), goal: 'log in as alice' })!.secret).toBeUndefined();
  const finish: PrimitiveCall = { name: 'finish', params: { success: true, evidence: [field.ref], summary: 'done' } };
  expect(recordStep({ call: finish, result: resultOf(finish, o), goal })).toBeUndefined();
});

test('quoted values and the word after "password" are the goal\'s values, quoted first', () => {
  expect(quotedValues(`type "hello world" into 'Title'`)).toEqual(['hello world', 'Title']);
  expect(quotedValues('log in as alice with password s3cret!')).toEqual(['s3cret']);
  expect(quotedValues('sign in with “bob” and password: hunter2.')).toEqual(['bob', 'hunter2']);
  expect(quotedValues('log in with password "two words"')).toEqual(['two words']);
  expect(secretSlot('log in with "alice" and "pa ss"', 'pa ss')).toBe(1);
  expect(secretSlot('log in with alice and pass123', 'pass123')).toBe(5);
  expect(secretSlot('log in as alice', 'pass123')).toBeUndefined();
});
