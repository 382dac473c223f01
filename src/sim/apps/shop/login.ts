import type { AppView } from '../../types.js';
import { ACCOUNTS, type Screen, type ShopActions } from './state.js';
import { button, COLORS, formColumn, roundIcon, text, textField } from './widgets.js';

type LoginScreen = Extract<Screen, { kind: 'login' }>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-in form; "Log in" stays disabled until both fields have text. */
export function loginView(app: ShopActions, screen: LoginScreen): AppView {
  const submit = (): void => {
    const email = screen.email.trim().toLowerCase();
    if (!EMAIL.test(email)) {
      app.update({ ...screen, error: 'Enter a valid email address' });
      return;
    }
    if (ACCOUNTS[email] !== screen.password) {
      app.ctx.log('W', 'ShopLogin', `Sign-in failed for ${email}`);
      app.update({ ...screen, error: 'Wrong email or password' });
      return;
    }
    app.logIn(email);
  };
  const ready = screen.email.length > 0 && screen.password.length > 0;
  return {
    activity: '.LoginActivity',
    root: formColumn(
      'login_root',
      [
        roundIcon({ id: 'logo', desc: 'Shop logo', icon: 'cart', size: 72, color: COLORS.onPrimary, background: COLORS.primary }),
        text('Welcome back', { id: 'title', align: 'center', style: { fontSize: 24, bold: true } }),
        text('Sign in to continue shopping', { align: 'center', style: { color: COLORS.secondaryText, fontSize: 14 } }),
        textField({
          id: 'email',
          hint: 'Email',
          value: screen.email,
          onText: (email) => app.update({ ...screen, email, error: undefined }),
        }),
        textField({
          id: 'password',
          hint: 'Password',
          value: screen.password,
          password: true,
          onText: (password) => app.update({ ...screen, password, error: undefined }),
          onSubmit: () => {
            if (ready) submit();
          },
        }),
        text(screen.error ?? '', { id: 'error', visible: screen.error !== undefined, style: { color: COLORS.error, fontSize: 14 } }),
        button('Log in', { id: 'login', enabled: ready, onClick: submit }),
        text('Forgot password?', {
          id: 'forgot_password',
          align: 'center',
          height: 48,
          clickable: true,
          focusable: true,
          onClick: () => app.showToast('Password reset is not available yet'),
          style: { color: COLORS.primary, fontSize: 14, bold: true },
        }),
      ],
      { width: 'fill' },
    ),
  };
}
