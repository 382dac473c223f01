// The sign-in screen and the conversations list.
import type { AppView, Widget } from '../../types.js';
import { conversation, unreadCount, type ChatActions } from './state.js';
import { button, CHAT_COLORS, field, inset, offlineBanner, recycler, screen, text, toolbar } from './widgets.js';

/** Name, password (typed hidden) and "Sign in"; the error line says what the server answered or that it is unreachable. */
export function signInView(app: ChatActions): AppView {
  const { form } = app.state;
  const edit = (): void => {
    form.error = undefined;
  };
  return {
    activity: '.SignInActivity',
    root: {
      cls: 'android.widget.LinearLayout',
      key: 'sign_in_root',
      width: 'fill',
      height: 'fill',
      padding: { left: 24, right: 24, top: 72 },
      gap: 16,
      style: { background: CHAT_COLORS.surface },
      children: [
        {
          cls: 'android.widget.ImageView',
          id: 'logo',
          desc: 'Chat logo',
          width: 72,
          height: 72,
          align: 'center',
          style: { icon: 'bell', color: CHAT_COLORS.onPrimary, background: CHAT_COLORS.primary, radius: 36 },
        },
        text('Chat', { id: 'app_title', align: 'center', style: { fontSize: 24, bold: true } }),
        text('Sign in to talk to your friends', { align: 'center', style: { fontSize: 14, color: CHAT_COLORS.secondaryText } }),
        field({
          id: 'name',
          hint: 'Name',
          value: form.name,
          onText: (name) => {
            form.name = name;
            edit();
          },
        }),
        field({
          id: 'password',
          hint: 'Password',
          value: form.password,
          password: true,
          onText: (password) => {
            form.password = password;
            edit();
          },
          onSubmit: () => app.signIn(),
        }),
        text(form.error ?? '', { id: 'error', width: 'fill', visible: form.error !== undefined, style: { color: CHAT_COLORS.error, fontSize: 14 } }),
        button(form.busy ? 'Signing in…' : 'Sign in', { id: 'sign_in', enabled: !form.busy, onClick: () => app.signIn() }),
      ],
    },
  };
}

/** One row per other user: name, the last message, and an unread badge. */
export function listView(app: ChatActions): AppView {
  const { state } = app;
  const me = state.session?.name ?? '';
  const others = state.users.filter((u) => u !== me);
  const rows = others.map((user) => row(app, user));
  if (others.length === 0) {
    rows.push(
      inset(24, text(state.offline ? 'No conversations to show' : 'Loading conversations…', { id: 'empty', style: { color: CHAT_COLORS.secondaryText } }), {
        key: 'empty_box',
      }),
    );
  }
  return {
    activity: '.MainActivity',
    root: screen(
      toolbar({
        title: 'Chats',
        actions: [
          {
            cls: 'android.widget.Button',
            id: 'sign_out',
            text: 'Sign out',
            width: 'wrap',
            height: 48,
            padding: { left: 12, right: 12 },
            clickable: true,
            focusable: true,
            onClick: () => app.signOut(),
            style: { color: CHAT_COLORS.onPrimary, fontSize: 14, bold: true },
          },
        ],
      }),
      [
        inset({ left: 16, top: 8, bottom: 8 }, text(`Signed in as ${me}`, { id: 'signed_in_as', style: { fontSize: 14, color: CHAT_COLORS.secondaryText } }), {
          key: 'who_box',
        }),
        offlineBanner(state.offline),
        recycler('conversations', rows, { style: { background: CHAT_COLORS.surface } }),
      ],
    ),
  };
}

function row(app: ChatActions, user: string): Widget {
  const { state } = app;
  const last = conversation(state, user).at(-1);
  const sending = state.outgoing.filter((m) => m.to === user).at(-1);
  const unread = unreadCount(state, user);
  const preview = sending ? `You: ${sending.text}` : last ? (last.from === user ? last.text : `You: ${last.text}`) : 'No messages yet';
  return {
    cls: 'android.widget.LinearLayout',
    key: `conversation_${user}`,
    id: 'conversation',
    layout: 'row',
    height: 72,
    padding: { left: 16, right: 16 },
    gap: 16,
    clickable: true,
    focusable: true,
    onClick: () => app.openConversation(user),
    children: [
      {
        cls: 'android.widget.ImageView',
        id: 'avatar',
        width: 40,
        height: 40,
        align: 'center',
        style: { icon: 'user', color: CHAT_COLORS.onPrimary, background: '#80cbc4', radius: 20 },
      },
      {
        cls: 'android.widget.LinearLayout',
        key: `texts_${user}`,
        width: 'fill',
        align: 'center',
        gap: 2,
        children: [
          text(user, { id: 'conversation_name', width: 'fill', style: { fontSize: 16, bold: unread > 0 } }),
          text(preview, { id: 'last_message', width: 'fill', style: { fontSize: 14, color: CHAT_COLORS.secondaryText } }),
        ],
      },
      {
        cls: 'android.widget.TextView',
        id: 'unread_badge',
        text: String(unread),
        desc: `${unread} unread ${unread === 1 ? 'message' : 'messages'}`,
        visible: unread > 0,
        width: 24,
        height: 24,
        align: 'center',
        style: { background: CHAT_COLORS.badge, color: '#ffffff', fontSize: 12, bold: true, radius: 12, textAlign: 'center' },
      },
    ],
  };
}
