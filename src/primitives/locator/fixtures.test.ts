import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { buildScreen, parseUiautomatorXml, type Screen } from '../../observe/index.js';
import { describeLocateResult, locate, type LocateResult, type Target } from './index.js';

// Real uiautomator dumps from real apps: CJK labels, content-desc buttons, repeated rows.
function fixture(name: string): Screen {
  return buildScreen(parseUiautomatorXml(readFileSync(new URL(`../../../../shared/fixtures/android/${name}.xml`, import.meta.url), 'utf8')));
}

function found(screen: Screen, target: Target): string {
  const r = locate(screen, target);
  expect(r.status, describeLocateResult(target, r)).toBe('found');
  return r.status === 'found' ? `${r.best.element.ref} ${r.best.element.label}` : '';
}

function status(r: LocateResult): string {
  return r.status;
}

test('TikTok: the like button by its content-desc, whole or in part', () => {
  const s = fixture('tiktok-feed');
  expect(found(s, 'Like video')).toBe('e5 Like video. 110 likes');
  expect(found(s, { desc: 'Like video. 110 likes' })).toBe('e5 Like video. 110 likes');
  expect(found(s, 'the comment field')).toBe('e16 Add comment...');
  expect(found(s, 'Follow Dark Knight')).toBe('e4 Follow Dark Knight');
});

test('WeWork: Chinese labels, exact and as a part of a label with a count', () => {
  expect(found(fixture('wework-all-members'), '添加')).toBe('e4 添加');
  expect(found(fixture('wework-all-members'), '群成员')).toBe('e2 群成员(39)');
  expect(found(fixture('wework-confirm'), '确定')).toBe('e22 确定(1)');
  expect(found(fixture('wework-confirm'), '聊天记录')).toBe('e20 附带聊天记录');
});

test('Google Tasks: a repeated button is ambiguous until index or near picks one', () => {
  const s = fixture('google-tasks-tablet');
  const r = locate(s, 'Add star');
  expect(status(r)).toBe('ambiguous');
  expect(describeLocateResult('Add star', r)).toMatch(
    /^"Add star" matches 18 elements about equally: "Add star" \(button e8\), "Add star" \(button e11\), .*, and 13 more; use a ref, an index or near to pick one$/,
  );
  expect(found(s, { text: 'Add star', index: 1 })).toBe('e11 Add star');
  expect(found(s, { text: 'Add star', near: 'Task 16' })).toBe('e14 Add star');
  expect(found(s, 'second Add star')).toBe('e11 Add star');
  expect(found(s, 'last Add star')).toBe('e59 Add star');
  expect(found(s, 'first result')).toBe('e7 Task 18');
  expect(found(s, 'the second task')).toBe('e10 Task 17');
});

test('resource-id words: an id names an element even when its label says otherwise', () => {
  const s = fixture('google-tasks-tablet');
  expect(found(s, { id: 'list_creation_tab' })).toBe('e5 New list');
  expect(found(s, { id: 'com.google.android.apps.tasks:id/stars_tab' })).toBe('e3 Starred');
  const r = locate(s, 'star button');
  expect(r.status === 'found' ? '' : r.status).toBe('ambiguous');
  if (r.status === 'ambiguous') expect(r.candidates[0].reasons.join(' ')).toMatch(/resource-id "star_button"/);
});

test('without lookalikes, a label a few letters off is no match, while parts, ids, roles and ordinals still are', () => {
  const s = fixture('tiktok-feed');
  const loose = locate(s, 'Folow Dark Knight');
  expect(loose.status === 'found' && loose.best).toMatchObject({ lookalike: true, element: { label: 'Follow Dark Knight' } });
  const strict = locate(s, 'Folow Dark Knight', { lookalikes: false });
  expect(describeLocateResult('Folow Dark Knight', strict)).toMatch(/^No element matches "Folow Dark Knight"; closest: "Follow Dark Knight" \(button e4\)/);
  expect(status(locate(s, 'Like video', { lookalikes: false }))).toBe('found');
  expect(status(locate(s, { desc: 'Like video. 110 likes' }, { lookalikes: false }))).toBe('found');
  const tasks = fixture('google-tasks-tablet');
  for (const target of [{ id: 'list_creation_tab' }, 'first result', 'the second task', { text: 'Add star', near: 'Task 16' }, 'e5']) {
    expect(status(locate(tasks, target, { lookalikes: false })), JSON.stringify(target)).toBe('found');
  }
});
