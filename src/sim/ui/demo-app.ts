// A small app that exercises every part of the UI runtime (text fields, a long list, a dialog,
// a toast, long press, swipe, a crash, a freeze, a permission request) for the runtime's tests.
import type { AppContext, AppDefinition, AppLaunch, AppProcess, AppView, Widget } from '../types.js';

export const DEMO_PACKAGE = 'com.example.demo';
export const NOTIFICATIONS = 'android.permission.POST_NOTIFICATIONS';

interface DemoState {
  screen: 'main' | 'list';
  name: string;
  password: string;
  notes: string;
  greeting: string;
  dialog: boolean;
  toast?: string;
  items: string[];
  held: number;
  swiped: string[];
}

function text(value: string, extra: Partial<Widget> = {}): Widget {
  return { cls: 'android.widget.TextView', text: value, width: 'wrap', ...extra };
}

/** A demo button's resource id and action, and any other widget properties it sets. */
interface DemoButton extends Partial<Widget> {
  id: string;
  onClick: () => void;
}

function button(label: string, { id, onClick, ...extra }: DemoButton): Widget {
  return { cls: 'android.widget.Button', id, text: label, height: 48, onClick, ...extra };
}

class DemoProcess implements AppProcess {
  private readonly state: DemoState;

  constructor(
    private readonly ctx: AppContext,
    launch: AppLaunch,
  ) {
    const visits = Number(ctx.storage.get('visits') ?? 0) + 1;
    ctx.storage.set('visits', visits);
    this.state = {
      screen: launch.activity === '.ListActivity' || launch.uri === 'demo://list' ? 'list' : 'main',
      name: '',
      password: '',
      notes: '',
      greeting: `Visit ${visits}, launch ${ctx.launchCount}`,
      dialog: false,
      items: Array.from({ length: 50 }, (_, i) => `Item ${i + 1}`),
      held: 0,
      swiped: [],
    };
  }

  view(): AppView {
    return this.state.screen === 'list' ? this.listView() : this.mainView();
  }

  back(): boolean {
    if (this.state.dialog) {
      this.state.dialog = false;
      return true;
    }
    if (this.state.screen === 'list') {
      this.state.screen = 'main';
      return true;
    }
    return false;
  }

  intent(launch: AppLaunch): void {
    if (launch.uri === 'demo://list' || launch.activity === '.ListActivity') this.state.screen = 'list';
  }

  private mainView(): AppView {
    const s = this.state;
    const ctx = this.ctx;
    return {
      activity: '.MainActivity',
      toast: s.toast,
      dialog: s.dialog
        ? {
            cls: 'android.widget.LinearLayout',
            id: 'android:id/parentPanel',
            padding: 24,
            gap: 16,
            children: [
              text('Delete everything?', { id: 'android:id/alertTitle' }),
              {
                cls: 'android.widget.LinearLayout',
                layout: 'row',
                gap: 8,
                children: [
                  button('Cancel', {
                    id: 'android:id/button2',
                    onClick: () => {
                      s.dialog = false;
                    },
                    width: 0,
                    weight: 1,
                  }),
                  button('Delete', {
                    id: 'android:id/button1',
                    onClick: () => {
                      s.dialog = false;
                      s.greeting = 'Deleted';
                    },
                    width: 0,
                    weight: 1,
                  }),
                ],
              },
            ],
          }
        : undefined,
      root: {
        cls: 'android.widget.LinearLayout',
        key: 'main',
        height: 'fill',
        padding: 16,
        gap: 8,
        children: [
          text(s.greeting, { id: 'greeting' }),
          {
            cls: 'android.widget.EditText',
            id: 'name',
            hint: 'Name',
            text: s.name,
            onText: (v) => {
              s.name = v;
            },
            onSubmit: () => {
              s.greeting = `Hello, ${s.name}`;
            },
          },
          {
            cls: 'android.widget.EditText',
            id: 'password',
            hint: 'Password',
            password: true,
            text: s.password,
            onText: (v) => {
              s.password = v;
            },
          },
          {
            cls: 'android.widget.EditText',
            id: 'notes',
            hint: 'Notes',
            multiline: true,
            text: s.notes,
            onText: (v) => {
              s.notes = v;
            },
          },
          button('Greet', {
            id: 'greet',
            onClick: () => {
              s.greeting = `Hi ${s.name}`;
            },
            enabled: s.name.length > 0,
          }),
          {
            cls: 'android.widget.LinearLayout',
            layout: 'row',
            gap: 8,
            children: [
              button('List', {
                id: 'open_list',
                onClick: () => {
                  s.screen = 'list';
                },
                width: 0,
                weight: 1,
              }),
              button('Dialog', {
                id: 'open_dialog',
                onClick: () => {
                  s.dialog = true;
                },
                width: 0,
                weight: 1,
              }),
              button('Toast', {
                id: 'toast',
                onClick: () => {
                  s.toast = s.toast === 'Saved' ? 'Saved again' : 'Saved';
                },
                width: 0,
                weight: 1,
              }),
            ],
          },
          {
            cls: 'android.widget.LinearLayout',
            layout: 'row',
            gap: 8,
            children: [
              button('Crash', { id: 'crash', onClick: () => ctx.crash('java.lang.IllegalStateException: Demo crash button') }),
              button('Freeze', { id: 'freeze', onClick: () => ctx.freeze() }),
              button('Throw', {
                id: 'throw',
                onClick: () => {
                  throw new Error('Widget handler failed');
                },
              }),
            ],
          },
          button('Notify me', {
            id: 'notify',
            onClick: () =>
              ctx.requestPermission(NOTIFICATIONS, 'send you notifications', (granted) => {
                s.greeting = granted ? 'Notifications on' : 'Notifications off';
              }),
          }),
          text(`Held ${s.held}`, {
            id: 'hold',
            longClickable: true,
            onLongClick: () => {
              s.held += 1;
            },
          }),
        ],
      },
    };
  }

  private listView(): AppView {
    const s = this.state;
    return {
      activity: '.ListActivity',
      root: {
        cls: 'android.widget.LinearLayout',
        key: 'list_screen',
        height: 'fill',
        children: [
          text(`${s.items.length} items`, { id: 'count', height: 56 }),
          {
            cls: 'androidx.recyclerview.widget.RecyclerView',
            id: 'list',
            height: 0,
            weight: 1,
            scrollable: 'vertical',
            children: s.items.map((item): Widget => ({
              cls: 'android.widget.LinearLayout',
              id: 'row',
              key: item,
              height: 100,
              padding: { left: 16 },
              onClick: () => {
                s.greeting = `Opened ${item}`;
                s.screen = 'main';
              },
              onSwipe: (direction) => {
                if (direction === 'left') s.items = s.items.filter((i) => i !== item);
                s.swiped.push(`${item}:${direction}`);
              },
              children: [text(item, { id: 'row_title' })],
            })),
          },
        ],
      },
    };
  }
}

export const demoApp: AppDefinition = {
  package: DEMO_PACKAGE,
  label: 'Demo',
  versionName: '1.0',
  versionCode: 1,
  launchActivity: '.MainActivity',
  activities: ['.MainActivity', '.ListActivity'],
  permissions: [NOTIFICATIONS],
  handles: (uri) => uri.startsWith('demo://'),
  start: (ctx, launch) => new DemoProcess(ctx, launch),
};
