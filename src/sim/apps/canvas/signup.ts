// SignUpActivity: a form whose "Create account" button the tree always reports enabled and
// clickable, while it is painted greyed out until the form is complete; tapped early, it does nothing.
import type { AppView, Widget } from '../../types.js';
import type { CanvasActions, CanvasScreen } from './state.js';

type SignUpScreen = Extract<CanvasScreen, { kind: 'signup' }>;

/** The button's paint while the form is incomplete (grey on grey) and once it is complete. */
export const SUBMIT_LOOK = {
  greyed: { background: '#e8eaed', color: '#a8abb0' },
  live: { background: '#1a73e8', color: '#ffffff' },
} as const;

export function formComplete(screen: SignUpScreen): boolean {
  return screen.agreed && screen.email.trim() !== '' && screen.password !== '';
}

function field(options: { key: string; hint: string; value: string; password?: boolean; onText: (value: string) => void }): Widget {
  return {
    cls: 'android.widget.EditText',
    id: options.key,
    hint: options.hint,
    text: options.value,
    password: options.password,
    onText: options.onText,
  };
}

export function signUpView(app: CanvasActions, screen: SignUpScreen): AppView {
  const complete = formComplete(screen);
  const look = complete ? SUBMIT_LOOK.live : SUBMIT_LOOK.greyed;
  const submit: Widget = {
    cls: 'android.widget.Button',
    id: 'create_account',
    text: 'Create account',
    height: 48,
    // The app greys the button by hand and leaves it enabled, so the tree never says it is off.
    style: { ...look, radius: 24, fontSize: 16, bold: true },
    onClick: () => {
      if (!formComplete(screen)) {
        app.ctx.log('I', 'canvas', 'canvas: submit ignored (form incomplete)');
        return;
      }
      app.ctx.log('I', 'canvas', 'canvas: account created');
      app.open({ kind: 'welcome', email: screen.email.trim() });
    },
  };
  return {
    activity: '.SignUpActivity',
    root: {
      cls: 'android.widget.LinearLayout',
      key: 'signup_root',
      width: 'fill',
      height: 'fill',
      padding: 24,
      gap: 16,
      style: { background: '#ffffff' },
      children: [
        { cls: 'android.widget.TextView', id: 'title', text: 'Create your account', style: { fontSize: 24, bold: true } },
        field({ key: 'email', hint: 'Email', value: screen.email, onText: (email) => app.replace({ ...screen, email }) }),
        field({ key: 'password', hint: 'Password', value: screen.password, password: true, onText: (password) => app.replace({ ...screen, password }) }),
        {
          cls: 'android.widget.CheckBox',
          id: 'terms',
          text: 'I agree to the Terms of Service',
          checkable: true,
          checked: screen.agreed,
          onClick: () => app.replace({ ...screen, agreed: !screen.agreed }),
        },
        submit,
      ],
    },
  };
}

export function welcomeView(screen: Extract<CanvasScreen, { kind: 'welcome' }>): AppView {
  return {
    activity: '.SignUpActivity',
    root: {
      cls: 'android.widget.LinearLayout',
      key: 'welcome_root',
      width: 'fill',
      height: 'fill',
      padding: 24,
      gap: 12,
      style: { background: '#ffffff' },
      children: [
        { cls: 'android.widget.TextView', id: 'welcome', text: 'Welcome', style: { fontSize: 28, bold: true } },
        { cls: 'android.widget.TextView', id: 'signed_in_as', text: `Signed in as ${screen.email}`, style: { fontSize: 16 } },
      ],
    },
  };
}
