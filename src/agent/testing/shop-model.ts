// A scripted planner for the Shop sample app: it reads the screen it is shown and answers as a good
// model would, for goals like "log in as alice, search for headphones and add the first one to the cart".
import { refOf, refsOf, type ModelTurn, type TurnAnswer } from './model-server.js';

/** The Shop goal the tests and the agent benchmark give a model: sign in, search, add to the cart. */
export const SHOP_JOURNEY = 'log in as alice@example.com with password "pass123", search for headphones and add the first result to the cart';

const act = (thought: string, ...actions: unknown[]): TurnAnswer => ({ json: { thought, actions } });

export interface ShopModelOptions {
  email?: string;
  password?: string;
  query?: string;
  /** The goal is reached once an element with this role and label shows: finish, citing it. */
  doneWhen?: { role: string; label: RegExp };
}

/**
 * Judges whether a goal is reached as a careful validator does: from the screen alone, passing only when
 * the cart badge counts an item (or `doneWhen` shows), whatever the planner claimed.
 */
export function shopJudge(options: ShopModelOptions = {}): (turn: ModelTurn) => TurnAnswer {
  return (turn) => {
    const s = turn.screen;
    const reached = (options.doneWhen && refOf(s, options.doneWhen.role, options.doneWhen.label)) ?? refOf(s, 'button', /^Cart, [1-9]\d* items?$/);
    return {
      json: reached
        ? { reason: 'the screen shows the goal reached', verdict: 'pass', refs: [reached] }
        : { reason: 'the cart is empty and nothing shows the goal reached', verdict: 'fail', refs: [] },
    };
  };
}

/** Answers planner turns for the Shop journey, and the validator's check of a finish (other roles are the test's to answer). */
export function shopPlanner(options: ShopModelOptions = {}): (turn: ModelTurn) => TurnAnswer {
  const email = options.email ?? 'alice@example.com';
  const password = options.password ?? 'pass123';
  const query = options.query ?? 'headphones';
  const judge = shopJudge(options);
  return (turn) => {
    if (turn.schema === 'judge') return judge(turn);
    const s = turn.screen;
    const reached = options.doneWhen && refOf(s, options.doneWhen.role, options.doneWhen.label);
    if (reached)
      return act('The goal shows on screen: done.', { name: 'finish', params: { success: true, evidence: [reached], summary: 'the goal is reached' } });
    const dismiss = refOf(s, 'button', /^No thanks$/);
    if (dismiss) return act('A promo covers the app; close it.', { name: 'tap', params: { target: dismiss, expected: { screen_changed: true } } });
    // The login form, empty or already filled in (then its fields are labelled by their text).
    const logIn = refOf(s, 'button', /^Log in$/);
    const [emailField, passwordField] = refsOf(s, 'input');
    if (logIn && emailField && passwordField) {
      return act(
        'The login form is shown; sign in.',
        { name: 'input_text', params: { target: emailField, text: email } },
        { name: 'input_text', params: { target: passwordField, text: password, secret: true } },
        { name: 'tap', params: { target: logIn, expected: { visible: 'Hi, Alice' } } },
      );
    }
    const added = refOf(s, 'button', /^Cart, [1-9]\d* items?$/);
    if (added) return act('The cart has an item: done.', { name: 'finish', params: { success: true, evidence: [added], summary: 'the cart shows 1 item' } });
    const add = refOf(s, 'button', /^Add to cart$/);
    if (add) return act('On the product: add it.', { name: 'tap', params: { target: add, expected: { visible: 'Cart, 1 item' } } });
    const first = /results for/.test(s) ? refOf(s, 'item', /./) : undefined;
    if (first) return act('Results are listed; open the first.', { name: 'tap', params: { target: first, expected: { visible: 'Add to cart' } } });
    const field = refOf(s, 'input', /^Search products$/);
    if (field) return act('Search.', { name: 'input_text', params: { target: field, text: query, submit: true, expected: { visible: 'results for' } } });
    const search = refOf(s, 'button', /^Search$/);
    if (search) {
      return act(
        'Home: open search and type the query.',
        { name: 'tap', params: { target: search, expected: { visible: 'Search products' } } },
        { name: 'input_text', params: { target: 'Search products', text: query, submit: true, expected: { visible: 'results for' } } },
      );
    }
    return act('Nothing to do here.', { name: 'give_up', params: { reason: "the screen is not one of Shop's" } });
  };
}
