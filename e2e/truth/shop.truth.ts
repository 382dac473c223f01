// The truth battery on Shop: sign-in checked in the app's own log (ShopLogin), fields in a fresh
// dump, searches in the log and the dump, screens with `dumpsys activity activities`.
import type { AdbTruth } from './adb-read.js';
import { battery, type GoalCase } from './battery.js';
import { allOf, fieldHolds, keyboardIsUp, keyboardNow, launcherInFront, logged, onScreen, resumed, scrolled, type Check } from './checks.js';
import { test } from './phone.js';

test.use({ app: 'com.example.shop', permissions: ['android.permission.POST_NOTIFICATIONS'], frames: 'off', ai: { provider: 'offline', cache: 'off' } });

const SHOP = 'com.example.shop';

async function typeInto(read: AdbTruth, id: string, text: string): Promise<void> {
  await read.phone.tap(id);
  await read.phone.shell(`input text '${text}'`);
}

/** The sign-in form, as the fresh launch shows it (optionally with the email typed through adb). */
function signInForm(email?: string) {
  return async (read: AdbTruth): Promise<void> => {
    if (email) await typeInto(read, 'email', email);
  };
}

/** Signed in as alice through adb, then `then` (a deep link, a tap) to reach the goal's screen. */
function signedIn(then?: (read: AdbTruth) => Promise<void>) {
  return async (read: AdbTruth): Promise<void> => {
    await typeInto(read, 'email', 'alice@example.com');
    await typeInto(read, 'password', 'pass123');
    await read.phone.tap('Log in');
    await then?.(read);
  };
}

/** Shop relaunched without its notifications permission: Android asks for it over the sign-in form. */
async function underPermissionDialog(read: AdbTruth): Promise<void> {
  await read.phone.shell(`pm clear ${SHOP}; pm revoke ${SHOP} android.permission.POST_NOTIFICATIONS; am start -W -n ${SHOP}/.MainActivity`);
  const focus = await read.focus();
  if (!focus.startsWith('com.google.android.permissioncontroller/'))
    throw new Error(`the goal starts under the permission dialog, but dumpsys window says mCurrentFocus ${focus}`);
}

const openLink = (uri: string) => async (read: AdbTruth) => void (await read.phone.shell(`am start -W -a android.intent.action.VIEW -d ${uri} ${SHOP}`));
const tap = (label: string) => async (read: AdbTruth) => void (await read.phone.tap(label));

/** The app logged a sign-in as `email`, and its home screen is resumed. */
const signedInAs = (email: string): Check =>
  allOf(logged(new RegExp(`ShopLogin.*Signed in as ${email.replace(/\./g, '\\.')}`)), resumed(`${SHOP}/.MainActivity`));

/** A search for `query` finished with at least one result: the app logged its count, and the dump lists it. */
function resultsFor(query: string): Check {
  return async (read) => {
    const line = (await read.log()).split('\n').find((l) => l.includes(`results for "${query}"`));
    const count = Number(/ (\d+) results for/.exec(line ?? '')?.[1] ?? 0);
    const screen = await read.screen();
    const shown = screen.byId('result_count')?.text ?? (screen.byId('empty')?.text || (screen.byId('progress') ? '(spinner)' : '(no result line)'));
    return {
      done: count > 0 && screen.nodes.some((n) => n.id === 'product_title'),
      said: `logcat: ${line?.replace(/^.*?: /, '').trim() ?? 'no result count'}; dump: ${shown}`,
    };
  };
}

/** The password field shows as many mask characters as `password` has, and adb's own tap on Log in then signs in. */
function passwordWorks(password: string): Check {
  return async (read, seen) => {
    const field = (await read.screen()).byId('password');
    const masked = `password field shows ${field?.text.length ?? 0} characters`;
    await read.phone.tap('Log in');
    const signed = await signedInAs('alice@example.com')(read, seen);
    return { done: field?.text.length === password.length && signed.done, said: `${masked}; after adb taps Log in: ${signed.said}` };
  };
}

const CASES: GoalCase[] = [
  {
    goal: 'Type alice@example.com into the Email field',
    from: 'sign-in form',
    setup: signInForm(),
    truth: fieldHolds((n) => n.id === 'email', 'alice@example.com', 'the email field'),
  },
  { goal: 'Fill Password with pass123', from: 'sign-in form, email typed', setup: signInForm('alice@example.com'), truth: passwordWorks('pass123') },
  {
    goal: 'Fill Email with alice@example.com',
    from: 'sign-in form, "bob@example.com" typed',
    trap: 'the field already holds text: fill replaces it',
    setup: signInForm('bob@example.com'),
    truth: fieldHolds((n) => n.id === 'email', 'alice@example.com', 'the email field'),
  },
  { goal: 'Log in with alice@example.com and pass123', from: 'sign-in form', setup: signInForm(), truth: signedInAs('alice@example.com') },
  {
    goal: 'Log in with alice@example.com and pass123',
    from: 'sign-in form under the notifications permission dialog',
    trap: 'a system dialog covers the form as the step begins',
    setup: underPermissionDialog,
    truth: signedInAs('alice@example.com'),
  },
  { goal: 'Sign in as bob@example.com with password hunter2', from: 'sign-in form', setup: signInForm(), truth: signedInAs('bob@example.com') },
  {
    goal: 'Log in with alice@example.com and pass123',
    from: 'home, already signed in as alice',
    trap: 'already done: no sign-in form is left to fill',
    setup: signedIn(),
    truth: greeted('Hi, Alice'),
  },
  {
    goal: 'Log in with alice@example.com and "wrongpass"',
    from: 'sign-in form',
    trap: 'the wrong password: the app says "Wrong email or password"',
    setup: signInForm(),
    truth: signedInAs('alice@example.com'),
  },
  {
    goal: 'Tap Log in',
    from: 'sign-in form, fields empty',
    trap: 'Log in is disabled until both fields have text',
    setup: signInForm(),
    truth: logged(/ShopLogin/),
  },
  {
    goal: 'Type hello into the Email field',
    from: 'home, signed in',
    trap: 'no email field on this screen',
    setup: signedIn(),
    truth: fieldHolds((n) => n.id === 'email', 'hello', 'the email field'),
  },
  { goal: 'Search for headphones', from: 'home', setup: signedIn(), truth: resultsFor('headphones') },
  { goal: 'Search for zzzz', from: 'home', trap: 'no results: the app says No results for “zzzz”', setup: signedIn(), truth: resultsFor('zzzz') },
  {
    goal: 'Type cable',
    from: 'search, field focused',
    setup: signedIn(async (read) => {
      await read.phone.tap('Search');
      await read.phone.tap('search_src_text');
    }),
    truth: fieldHolds((n) => n.id === 'search_src_text', 'cable', 'the search field'),
  },
  {
    goal: 'Press enter',
    from: 'search, "cable" typed',
    setup: signedIn(async (read) => {
      await read.phone.tap('Search');
      await typeInto(read, 'search_src_text', 'cable');
    }),
    truth: logged(/ShopSearch.*Searching "cable"/),
  },
  {
    goal: 'Press the search key',
    from: 'search, "cable" typed',
    setup: signedIn(async (read) => {
      await read.phone.tap('Search');
      await typeInto(read, 'search_src_text', 'cable');
    }),
    truth: logged(/ShopSearch.*Searching "cable"/),
  },
  { goal: 'Scroll to Smart Watch', from: 'home', setup: signedIn(), truth: onScreen('Smart Watch') },
  { goal: 'Scroll down', from: 'home', setup: signedIn(), truth: scrolled((n) => n.id === 'product_title') },
  { goal: 'Select Audio', from: 'home', setup: signedIn(), truth: chipChecked('Audio') },
  { goal: 'Open the cart', from: 'home', setup: signedIn(), truth: resumed(`${SHOP}/.CartActivity`) },
  {
    goal: 'Tap Add to cart',
    from: 'product USB-C Cable',
    setup: signedIn(openLink('shop://product/13')),
    truth: logged(/ShopCart.*Added 1 x USB-C Cable; cart has 1/),
  },
  {
    goal: 'Open Order history',
    from: 'home',
    trap: 'the item is inside the closed overflow menu',
    setup: signedIn(),
    truth: resumed(`${SHOP}/.OrderHistoryActivity`),
  },
  { goal: 'Add USB-C Cable to the cart', from: 'home', trap: 'outside the offline grammar', setup: signedIn(), truth: logged(/ShopCart.*Added/) },
  { goal: 'Go back', from: 'product USB-C Cable', setup: signedIn(openLink('shop://product/13')), truth: resumed(`${SHOP}/.MainActivity`) },
  {
    goal: 'Go back',
    from: 'search, keyboard open',
    trap: 'the first back only closes the keyboard',
    setup: signedIn(async (read) => {
      await read.phone.tap('Search');
      await read.phone.tap('search_src_text');
      await keyboardIsUp(read);
    }),
    truth: allOf(resumed(`${SHOP}/.MainActivity`), keyboardNow),
  },
  { goal: 'Press the back button', from: 'cart', setup: signedIn(tap('cart')), truth: resumed(`${SHOP}/.MainActivity`) },
  { goal: 'Go home', from: 'home', setup: signedIn(), truth: launcherInFront },
];

/** Signed in: the home screen is resumed and greets the user. */
function greeted(greeting: string): Check {
  return async (read, seen) => {
    const shown = (await read.screen()).byId('greeting')?.text;
    const home = await resumed(`${SHOP}/.MainActivity`)(read, seen);
    return { done: shown === greeting && home.done, said: `${home.said}; greeting "${shown ?? '(none)'}"` };
  };
}

function chipChecked(name: string): Check {
  return async (read) => {
    const chip = (await read.screen()).nodes.find((n) => n.text === name && /CompoundButton|Chip/.test(n.cls));
    return { done: chip?.checked === true, said: chip ? `chip "${name}" checked=${chip.checked}` : `no chip "${name}"` };
  };
}

battery(test, 'shop', CASES);
