// Device family: answer a dialog, rotate, take a screenshot.
import type { Executors } from '../schema/registry.js';
import { centre, type ActionContext } from './context.js';
import { answerButton, buttonLabelled, describeDialog, dialogsOn } from './dialogs.js';
import { ActionFailure, AppCrashed, AppNotResponding, NoDialog } from './errors.js';
import { where } from './screen-read.js';
import { maskSecrets, secretFieldsOf } from './screenshot-mask.js';

type DeviceExecutors = Pick<Executors<ActionContext, void>, 'handle_dialog' | 'set_orientation' | 'screenshot'>;

export const deviceExecutors: DeviceExecutors = {
  async handle_dialog(p, ctx) {
    await ctx.ready({ aimedAtDialog: true });
    const screen = ctx.before!.screen;
    const dialog = dialogsOn(screen)[0];
    if (!dialog) throw new NoDialog(`handle_dialog found no dialog on ${where(screen)}. Leave the step out, or wait for the dialog first.`);
    if (dialog.fatal) {
      const Failure = dialog.fatal === 'anr' ? AppNotResponding : AppCrashed;
      throw new Failure(
        `The dialog ${describeDialog(dialog)} reports that the app ${dialog.fatal === 'anr' ? 'is not responding' : 'crashed'}; it is left on screen as evidence of a defect in the app.`,
      );
    }
    const button = p.button !== undefined ? buttonLabelled(dialog, p.button) : answerButton(dialog, p.action ?? 'accept');
    if (!button) {
      const asked = p.button !== undefined ? `a button "${p.button}"` : `a button that means "${p.action}"`;
      throw new NoDialog(`The dialog ${describeDialog(dialog)} has no ${asked}. Name one of its buttons.`);
    }
    ctx.element = button;
    await ctx.driver.tap(centre(button), ctx.call);
    const after = await ctx.settle();
    if (dialogsOn(after.screen).some((d) => d.title === dialog.title && d.package === dialog.package)) {
      throw new ActionFailure({
        name: 'DialogStillShown',
        message: `Pressed "${button.label}" on ${describeDialog(dialog)}, but the dialog is still shown.`,
        category: 'execution',
      });
    }
    await ctx.checkExpected(p.expected);
  },

  async set_orientation(p, ctx) {
    await ctx.ready();
    await ctx.driver.setOrientation(p.orientation, ctx.call);
    const after = await ctx.settle();
    // The dump's rotation, in quarter turns: `wm size` keeps the upright size whatever the rotation.
    const landscape = after.screen.rotation % 2 === 1;
    if (landscape !== (p.orientation === 'landscape')) {
      throw new ActionFailure({
        name: 'NotRotated',
        message: `Asked for ${p.orientation}, but the screen is turned ${after.screen.rotation * 90}°. The app may lock its orientation.`,
        category: 'product',
      });
    }
    await ctx.checkExpected(p.expected);
  },

  async screenshot(p, ctx) {
    const shown = await ctx.snapshot();
    const png = await maskSecrets(await ctx.driver.screenshot(ctx.call), shown.screen, { fields: secretFieldsOf(ctx.state.observer) });
    ctx.output.png = png;
    const log = ctx.state.log;
    if (!log) return;
    const base = p.name ?? 'screenshot';
    const file = await log.attach(`${base}.png`, png).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
      return log.attach(`${base}-${ctx.actionId}.png`, png);
    });
    await log.append({ kind: 'attachment', name: base, content_type: 'image/png', path: file, action_id: ctx.actionId });
  },
};
