// Text family: type into a field (read back), clear it, hide the keyboard, press a key.
import type { Observation, ScreenElement } from '../../observe/index.js';
import { MASK } from '../../events/index.js';
import type { Target } from '../locator/index.js';
import type { Executors } from '../schema/registry.js';
import { centre, type ActionContext } from './context.js';
import { ActionFailure, PlanProblem, TextMismatch } from './errors.js';
import { maskedCount, textOf, where } from './screen-read.js';

type TextExecutors = Pick<Executors<ActionContext, void>, 'input_text' | 'clear_text' | 'hide_keyboard' | 'press_key'>;

/** Looks after tapping a field while waiting for it to take focus. */
const FOCUS_LOOKS = 5;

export const textExecutors: TextExecutors = {
  async input_text(p, ctx) {
    const field = await focusField(ctx, p.target);
    await clearField(ctx, field);
    if (p.text !== '') await ctx.driver.typeText(p.text, ctx.call);
    const after = await ctx.settle();
    const now = fieldOn(after, field);
    const password = field.states.includes('password') || now?.states.includes('password') === true;
    const shown = now ? textOf(now) : undefined;
    ctx.output.text = shown === undefined ? undefined : password || p.secret ? MASK : shown;
    const typed = p.secret || password ? `${[...p.text].length} characters` : `"${p.text}"`;
    if (p.text !== '' && shown === undefined) {
      throw new TextMismatch(`Typed ${typed} into ${field.ref}, but no focused field is left on ${where(after.screen)} to read it back.`);
    }
    if (p.text !== '' && shown !== undefined) {
      const masked = maskedCount(shown);
      const ok = password ? masked === [...shown].length && masked === [...p.text].length : shown === p.text;
      if (!ok) {
        const seen = password ? `${masked} mask characters` : p.secret ? `${[...shown].length} characters` : `"${shown}"`;
        throw new TextMismatch(
          `Typed ${typed} into ${field.role} ${field.ref} "${p.secret ? field.ref : field.label}", but it reads back as ${seen}. The field may limit or reformat its input, or the keyboard dropped characters.`,
        );
      }
    }
    if (p.submit) {
      await ctx.driver.key('enter', ctx.call);
      await ctx.settle();
    }
    await ctx.checkExpected(p.expected);
  },

  async clear_text(p, ctx) {
    const field = await focusField(ctx, p.target);
    await clearField(ctx, field);
    const after = await ctx.settle();
    const now = fieldOn(after, field);
    if (now?.value) throw new TextMismatch(`Cleared ${field.role} ${field.ref}, but it still holds "${now.value}".`);
    await ctx.checkExpected(p.expected);
  },

  async hide_keyboard(p, ctx) {
    await ctx.ready();
    if (!keyboardShown(ctx.before as Observation)) return ctx.checkExpected(p.expected);
    await ctx.driver.key('back', ctx.call);
    const after = await ctx.settle();
    if (keyboardShown(after))
      throw new ActionFailure({
        name: 'KeyboardStillShown',
        message: `Pressed back to hide the keyboard, but it is still shown on ${where(after.screen)}.`,
        category: 'execution',
      });
    await ctx.checkExpected(p.expected);
  },

  async press_key(p, ctx) {
    await ctx.actOn(undefined, () => ctx.driver.key(p.key, ctx.call));
    await ctx.checkExpected(p.expected);
  },
};

function keyboardShown(o: Observation): boolean {
  return o.screen.windows.some((w) => w.kind === 'keyboard');
}

/** The field to type into, focused: the target (tapped when it has no focus yet) or the focused field. */
async function focusField(ctx: ActionContext, target: Target | undefined): Promise<ScreenElement> {
  if (target === undefined) {
    await ctx.ready();
    const focused = focusedInput(ctx.before as Observation);
    if (!focused)
      throw new PlanProblem(
        'NoFocusedField',
        `${ctx.primitive} without a target works on the focused field, but no field has focus on ${where((ctx.before as Observation).screen)}. Name the field as the target.`,
      );
    ctx.element = focused;
    return focused;
  }
  const candidate = await ctx.ready({ target });
  const element = (candidate as { element: ScreenElement }).element;
  if (element.role === 'input' && element.states.includes('focused')) return element;
  ctx.touched('tap', [centre(element)]);
  await ctx.driver.tap(centre(element), ctx.call);
  // A tapped field takes focus before the next input event is handled; reading back the text checks it.
  if (element.role === 'input') return element;
  for (let i = 0; i < FOCUS_LOOKS; i++) {
    const o = await ctx.look();
    const now = fieldOn(o, element);
    if (now?.states.includes('focused')) return now;
    await ctx.pause(i);
  }
  throw new ActionFailure({
    name: 'FieldNotFocused',
    message: `Tapped ${element.role} ${element.ref} "${element.label}" to type into it, but no text field took focus on ${where((ctx.latest as Observation).screen)}. Aim at the text field itself.`,
    category: 'execution',
  });
}

/** Deletes what the field shows; an empty field shows its hint, and deleting in it changes nothing. */
async function clearField(ctx: ActionContext, field: ScreenElement): Promise<void> {
  const length = [...textOf(field)].length;
  if (length === 0) return;
  // Where the platform empties a field in one request (iOS), that is both quicker and exact.
  if (ctx.driver.clearText && (await ctx.driver.clearText(ctx.call))) return;
  await ctx.driver.key('move_end', ctx.call);
  for (let i = 0; i < length; i++) await ctx.driver.key('delete', ctx.call);
}

function focusedInput(o: Observation): ScreenElement | undefined {
  return o.screen.elements.find((e) => e.role === 'input' && e.states.includes('focused'));
}

/** The same field on a later screen: by ref, else the focused input. */
function fieldOn(o: Observation, field: ScreenElement): ScreenElement | undefined {
  const same = o.screen.elements.find((e) => e.ref === field.ref && e.role === 'input');
  return same ?? focusedInput(o);
}
