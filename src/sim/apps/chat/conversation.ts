// One conversation: the other user's name in the app bar, the latest messages, and the composer.
import type { AppView, Widget } from '../../types.js';
import type { ChatMessage } from './api.js';
import { conversation, type ChatActions, type Outgoing } from './state.js';
import { button, CHAT_COLORS, field, offlineBanner, recycler, screen, text, toolbar } from './widgets.js';

/**
 * How many of the latest messages the list holds: they fit above the keyboard, so the newest is
 * always in view (the list has no stack-from-end); "Load earlier messages" shows more.
 */
export const SHOWN_MESSAGES = 6;

export function conversationView(app: ChatActions, other: string): AppView {
  const { state } = app;
  const messages = conversation(state, other);
  const outgoing = state.outgoing.filter((m) => m.to === other);
  const shown = messages.slice(-Math.max(0, SHOWN_MESSAGES - outgoing.length));
  const lastMine = [...messages].reverse().find((m) => m.to === other);
  const rows: Widget[] = shown.map((m) => sentRow(m, other, outgoing.length === 0 && m === lastMine));
  rows.push(...outgoing.map((m) => outgoingRow(app, m)));
  if (shown.length < messages.length) rows.unshift(earlier(messages.length - shown.length));
  if (messages.length === 0 && outgoing.length === 0)
    rows.push(text(`Say hi to ${other}!`, { id: 'empty', align: 'center', style: { color: CHAT_COLORS.secondaryText } }));
  return {
    activity: '.ConversationActivity',
    root: screen(toolbar({ title: other, onUp: () => app.closeConversation() }), [
      offlineBanner(state.offline),
      recycler('messages', rows, { padding: { left: 8, right: 8, top: 8, bottom: 8 }, gap: 8 }),
      composer(app),
    ]),
  };
}

function earlier(count: number): Widget {
  return text(`${count} earlier ${count === 1 ? 'message' : 'messages'}`, {
    id: 'earlier_messages',
    align: 'center',
    style: { fontSize: 12, color: CHAT_COLORS.secondaryText },
  });
}

/** A message the server has: mine on the right (with "Sent" under the last one), theirs on the left. */
function sentRow(m: ChatMessage, other: string, showSent: boolean): Widget {
  const mine = m.to === other;
  return bubble({ key: `message_${m.id}`, mine, sender: mine ? 'You' : other, text: m.text, status: mine && showSent ? 'Sent' : undefined });
}

function outgoingRow(app: ChatActions, m: Outgoing): Widget {
  const failed = m.status === 'failed';
  return bubble({
    key: `outgoing_${m.localId}`,
    mine: true,
    sender: 'You',
    text: m.text,
    status: failed ? 'Not sent. Tap to retry' : 'Sending…',
    onClick: failed ? () => app.retry(m.localId) : undefined,
  });
}

/**
 * A message row. Its content description says who wrote it ("You: hi", "bob: hi"), as a chat app
 * labels its bubbles for TalkBack; the bubble's text is the message alone.
 */
function bubble(o: { key: string; mine: boolean; sender: string; text: string; status?: string; onClick?: () => void }): Widget {
  const children: Widget[] = [text(o.text, { id: 'message_text', style: { fontSize: 16 } })];
  if (o.status) children.push(text(o.status, { id: 'message_status', align: 'end', style: { fontSize: 12, color: CHAT_COLORS.secondaryText } }));
  return {
    cls: 'android.widget.LinearLayout',
    key: o.key,
    id: 'message',
    desc: `${o.sender}: ${o.text}`,
    width: 'fill',
    children: [
      {
        cls: 'android.widget.LinearLayout',
        key: `${o.key}_bubble`,
        id: o.mine ? 'bubble_mine' : 'bubble_theirs',
        width: 'wrap',
        align: o.mine ? 'end' : 'start',
        padding: { left: 12, right: 12, top: 8, bottom: 8 },
        gap: 2,
        clickable: o.onClick !== undefined,
        onClick: o.onClick,
        style: { background: o.mine ? CHAT_COLORS.mine : CHAT_COLORS.theirs, radius: 12 },
        children,
      },
    ],
  };
}

function composer(app: ChatActions): Widget {
  const { state } = app;
  return {
    cls: 'android.widget.LinearLayout',
    key: 'composer',
    layout: 'row',
    height: 64,
    padding: { left: 8, right: 8, top: 4, bottom: 4 },
    gap: 8,
    style: { background: CHAT_COLORS.surface },
    children: [
      {
        ...field({
          id: 'message_input',
          hint: 'Message',
          value: state.draft,
          onText: (draft) => {
            state.draft = draft;
          },
          onSubmit: () => app.send(),
        }),
        align: 'center',
      },
      { ...button('Send', { id: 'send', width: 'wrap', enabled: state.draft.trim().length > 0, onClick: () => app.send() }), align: 'center' },
    ],
  };
}
