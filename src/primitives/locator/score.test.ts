import { test, expect } from '@playwright/test';
import { matchIdWords, matchText } from './score.js';
import { parseTarget } from './query.js';

// The text rules on their own: what people write against what apps show and name.
test('resource-id words name an element the way people do', () => {
  expect(matchIdWords('com.example.shop:id/login_button', 'Log in')?.score).toBe(0.85);
  expect(matchIdWords('com.example.shop:id/login_button', 'login button')?.score).toBe(0.85);
  expect(matchIdWords('android:id/search_src_text', 'search')?.score).toBe(0.85);
  expect(matchIdWords('com.example:id/loginButton', 'log in')?.reason).toBe('resource-id "loginButton"');
  expect(matchIdWords('com.example.shop:id/login_button', 'Sign up')).toBeUndefined();
});

test('text rules rank exact above normalised above contained above fuzzy', () => {
  const exact = matchText('Log in', 'Log in', 'label')?.score ?? 0;
  const normal = matchText('Log in', 'LOG-IN', 'label')?.score ?? 0;
  const joined = matchText('Log in', 'login', 'label')?.score ?? 0;
  const contained = matchText('Log in now', 'log in', 'label')?.score ?? 0;
  const fuzzy = matchText('Log in', 'Log inn', 'label')?.score ?? 0;
  expect([exact, normal, joined]).toEqual([1, 0.95, 0.9]);
  expect(contained).toBeLessThan(joined);
  expect(fuzzy).toBeLessThan(contained);
  expect(fuzzy).toBeGreaterThan(0.4);
  expect(matchText('Log in', 'Checkout', 'label')).toBeUndefined();
});

test('a string target splits into words, role, ordinal and ref', () => {
  expect(parseTarget('e12')).toEqual({ ref: 'e12', text: '' });
  expect(parseTarget('the search field')).toMatchObject({ text: 'search', phrase: 'search field', roles: ['input'] });
  expect(parseTarget('the field')).toMatchObject({ text: '', roles: ['input'] });
  expect(parseTarget('the Log in button')).toMatchObject({ text: 'Log in', phrase: 'Log in button', roles: ['button', 'tab', 'item'] });
  expect(parseTarget('the first checkbox')).toMatchObject({ text: '', ordinal: 1, roles: ['checkbox', 'toggle'] });
  expect(parseTarget('3rd row')).toMatchObject({ ordinal: 3, ordinalOverList: true });
  expect(parseTarget('last product')).toMatchObject({ ordinal: -1, ordinalOverList: true });
  expect(parseTarget({ text: 'Add', role: 'button', index: 2 })).toMatchObject({ text: 'Add', roles: ['button', 'tab', 'item'], index: 2 });
});

test('a price or count in a label does not count against a target that names the rest', () => {
  const plain = matchText('Smart Watch $199.99', 'Smart Watch', 'label')?.score ?? 0;
  const longer = matchText('Smart Watch Band $19.99', 'Smart Watch', 'label')?.score ?? 0;
  const later = matchText('Kids Smart Watch $69.99', 'Smart Watch', 'label')?.score ?? 0;
  expect(plain - longer).toBeGreaterThanOrEqual(0.1);
  expect(longer).toBeGreaterThan(later);
  // A number the target does name still counts.
  expect(matchText('Power Bank 10000 mAh', 'Power Bank 10000', 'label')?.score).toBeGreaterThan(
    matchText('Power Bank 20000 mAh', 'Power Bank 10000', 'label')?.score ?? 0,
  );
});
