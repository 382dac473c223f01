// App family: launch, stop, clear data, open a link.
import type { Executors } from '../schema/registry.js';
import type { ActionContext } from './context.js';
import { AppNotInFront, PlanProblem } from './errors.js';
import { where } from './screen-read.js';

/** Android's runtime-permission prompt, an activity the permission controller starts in the asking app's task. */
const PERMISSION_PROMPT = /\.permission\.ui\.GrantPermissionsActivity$/;

type AppExecutors = Pick<Executors<ActionContext, void>, 'launch_app' | 'stop_app' | 'clear_app_data' | 'open_link'>;

function appOf(ctx: ActionContext, given: string | undefined): string {
  const app = given ?? ctx.state.app;
  if (!app)
    throw new PlanProblem('NoApp', `${ctx.primitive} needs an app: pass "app" (a package name such as com.example.shop) or configure the app under test.`);
  return app;
}

export const appExecutors: AppExecutors = {
  async launch_app(p, ctx) {
    const app = appOf(ctx, p.app);
    await ctx.snapshot();
    ctx.state.frontApp = app;
    await ctx.driver.launchApp(app, { ...ctx.call, clearState: p.clear_state, stopFirst: true, ...(p.permissions ? { permissions: p.permissions } : {}) });
    const after = await ctx.settle();
    // The app's own permission prompt sits in its task, over it: that still counts as in front. A plain
    // dump then holds the prompt alone, so a runtime-permission prompt in front counts too.
    const shown =
      after.screen.windows.some((w) => w.kind === 'app' && w.package === app) ||
      after.screen.foreground?.package === app ||
      PERMISSION_PROMPT.test(after.screen.foreground?.activity ?? '');
    if (!shown)
      throw new AppNotInFront(
        `${app} was launched but ${where(after.screen)} is in front. Check that the app starts (its log), or that nothing opens over it.`,
      );
    await ctx.checkExpected(p.expected);
  },

  async stop_app(p, ctx) {
    const app = appOf(ctx, p.app);
    await ctx.snapshot();
    await ctx.driver.stopApp(app, ctx.call);
    const after = await ctx.settle();
    if (after.screen.foreground?.package === app) throw new AppNotInFront(`${app} was force-stopped but is still in front (${where(after.screen)}).`);
    await ctx.checkExpected(p.expected);
  },

  async clear_app_data(p, ctx) {
    const app = appOf(ctx, p.app);
    await ctx.snapshot();
    await ctx.driver.clearApp(app, ctx.call);
    await ctx.settle();
    await ctx.checkExpected(p.expected);
  },

  async open_link(p, ctx) {
    await ctx.snapshot();
    await ctx.driver.openLink(p.url, ctx.call);
    await ctx.settle();
    await ctx.checkExpected(p.expected);
  },
};
