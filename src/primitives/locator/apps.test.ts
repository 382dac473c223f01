import { test, expect } from '@playwright/test';
import { startSim, type Sim } from '../../sim/index.js';
import { buildScreen, parseUiautomatorXml, RefRegistry, type Screen } from '../../observe/index.js';
import { describeLocateResult, locate, type Target } from './index.js';

// The sample apps on a virtual phone, read and touched the way a step would: locate, then tap the centre.
let sim: Sim;
let refs: RefRegistry;

test.beforeEach(async () => {
  sim = await startSim({ seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) });
  refs = new RefRegistry();
});

test.afterEach(async () => {
  await sim.stop();
});

function look(): Screen {
  return buildScreen(parseUiautomatorXml(sim.phone.ui.dumpXml()), { refs });
}

/** "ref label" of the one element the target resolves to, failing with the locator's own message. */
function find(target: Target, options: { for?: 'action' | 'read' } = {}): string {
  const r = locate(look(), target, options);
  expect(r.status, describeLocateResult(target, r)).toBe('found');
  return r.status === 'found' ? `${r.best.element.ref} ${r.best.element.label}` : '';
}

function tap(target: Target): void {
  const r = locate(look(), target);
  if (r.status !== 'found') throw new Error(describeLocateResult(target, r));
  const b = r.best.element.bounds;
  sim.phone.ui.tap(Math.floor((b.left + b.right) / 2), Math.floor((b.top + b.bottom) / 2));
}

function fill(target: Target, text: string): void {
  tap(target);
  sim.phone.ui.typeText(text);
}

async function shopHome(): Promise<void> {
  sim.phone.ui.launch('com.example.shop');
  tap('Allow');
  fill('the email field', 'alice@example.com');
  fill('Password', 'pass123');
  tap('the Log in button');
  if (look().elements.some((e) => e.label === 'No thanks')) tap('No thanks');
}

test('Shop login: labels, role words, input hints and refs all name the same fields', () => {
  sim.phone.ui.launch('com.example.shop');
  expect(find('Allow')).toMatch(/^e\d+ Allow$/);
  tap('Allow');
  const login = find('Log in');
  expect(find('log in button')).toBe(login);
  expect(find('LOG-IN')).toBe(login);
  expect(find('the email field')).toMatch(/ Email$/);
  expect(find('Password')).toMatch(/ Password$/);
  const password = locate(look(), 'Password');
  expect(password.status === 'found' && password.best.reasons).toEqual(['exact label']);
  const ref = find('Password').split(' ')[0];
  expect(find(ref)).toBe(find('Password'));
  expect(find('e5')).toMatch(/^e5 /);
});

test('a typo still finds the button, but with a lower score and the edit named', () => {
  sim.phone.ui.launch('com.example.shop');
  tap('Allow');
  const r = locate(look(), 'Log inn');
  expect(r.status).toBe('found');
  if (r.status !== 'found') return;
  expect(r.best.element.label).toBe('Log in');
  expect(r.best.score).toBeLessThan(0.9);
  expect(r.best.reasons[0]).toBe('label like "Log inn" (1 edit)');
});

test('not found names the closest labels for the error message', () => {
  sim.phone.ui.launch('com.example.shop');
  tap('Allow');
  const r = locate(look(), 'Log out');
  expect(r.status).toBe('not_found');
  expect(describeLocateResult('Log out', r)).toMatch(/^No element matches "Log out"; closest: "Log in" \(button e\d+\)/);
  expect(describeLocateResult('Zebra crossing', locate(look(), 'Zebra crossing'))).toBe('No element matches "Zebra crossing"; nothing on the screen is close');
});

test('Shop home: ordinals count product rows in reading order, and the chosen row opens', async () => {
  await shopHome();
  expect(find('first result')).toMatch(/ Wireless Headphones \$59\.99$/);
  expect(find('the second product')).toMatch(/ Noise Cancelling Headphones \$199\.99$/);
  expect(find('3rd row')).toMatch(/ Over-Ear Studio Headphones \$129\.99$/);
  expect(find('last item')).toMatch(/ \$\d+\.\d\d$/);
  expect(find('the first checkbox')).toMatch(/ All$/);
  expect(find('the second checkbox')).toMatch(/ Audio$/);
  const headphones = locate(look(), 'Headphones');
  expect(headphones.status).toBe('ambiguous');
  tap('Search');
  const search = locate(look(), 'the search field');
  expect(search.status === 'found' && [search.best.element.role, search.best.reasons.at(-1)]).toEqual(['input', 'role input']);
  sim.phone.ui.keyEvent(4);
  tap('the second product');
  expect(look().elements.some((e) => e.label === 'Add to cart')).toBe(true);
  expect(find('Increase quantity')).toMatch(/ Increase quantity$/);
});

test('Settings: "the Wi-Fi switch" is the switch, not the Wi-Fi row beside it', () => {
  sim.phone.ui.launch('com.android.settings');
  tap('Network & internet');
  const r = locate(look(), 'the Wi-Fi switch');
  expect(r.status).toBe('found');
  if (r.status !== 'found') return;
  expect([r.best.element.role, r.best.element.label, r.best.element.states]).toEqual(['toggle', 'Wi-Fi', ['checked']]);
  expect(r.candidates[1].element.label).toBe('Wi-Fi HomeNet-5G');
  expect(find('Wi-Fi row')).toMatch(/ Wi-Fi HomeNet-5G$/);
  tap('the airplane mode switch');
  expect(look().elements.find((e) => e.label === 'Airplane mode')?.states).toEqual(['checked']);
});

/** Two note rows that share a run of at least three words (their first lines repeat), and that run. */
function repeatedLine(screen: Screen): { phrase: string; rows: string[] } {
  const rows = screen.elements.filter((e) => e.role === 'item').map((e) => e.label);
  for (let i = 0; i < rows.length; i++) {
    const a = rows[i].split(' ');
    for (let j = i + 1; j < rows.length; j++) {
      for (let n = a.length - 2; n >= 3; n--) {
        for (let k = 0; k + n <= a.length; k++) {
          const phrase = a.slice(k, k + n).join(' ');
          if (rows[j].includes(` ${phrase} `)) return { phrase, rows: [rows[i], rows[j]] };
        }
      }
    }
  }
  throw new Error(`no two note rows share a line: ${rows.join(' | ')}`);
}

test('Notes: an icon button by its content-desc; repeated first lines are ambiguous until near or index picks one', () => {
  sim.phone.ui.launch('com.example.notes');
  expect(find('New note')).toMatch(/ New note$/);
  expect(find({ desc: 'New note', role: 'button' })).toMatch(/ New note$/);
  const { phrase, rows } = repeatedLine(look());
  const r = locate(look(), phrase);
  expect(r.status).toBe('ambiguous');
  expect(describeLocateResult(phrase, r)).toContain(`"${phrase}" matches 2 elements about equally: "${rows[0]}" (item e`);
  expect(find({ text: phrase, index: 0 })).toMatch(new RegExp(`^e\\d+ ${rows[0]}$`));
  expect(find({ text: phrase, index: 1 })).toMatch(new RegExp(`^e\\d+ ${rows[1]}$`));
  expect(find({ text: phrase, near: 'New note' })).toMatch(new RegExp(`^e\\d+ ${rows[1]}$`));
  tap('New note');
  expect(look().elements.some((e) => e.role === 'input')).toBe(true);
  // "Title" is also a role word (a text), but the field labelled exactly "Title" is what it names.
  expect(find('Title')).toMatch(/^e\d+ Title$/);
  const title = locate(look(), 'Title');
  expect(title.status === 'found' ? title.best.element.role : title.status).toBe('input');
});

test('for reading, a plain text counts as much as a button; for acting, the button wins', () => {
  sim.phone.ui.launch('com.android.settings');
  tap('Network & internet');
  const read = locate(look(), 'Network & internet', { for: 'read' });
  expect(read.status === 'found' && read.best.element.role).toBe('text');
  const act = locate(look(), 'Network & internet');
  expect(act.status === 'found' && act.best.reasons).toContain('not actionable');
});
