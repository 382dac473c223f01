import type { AppContext, AppLaunch, AppProcess, AppView } from '../../types.js';
import { OneShotTimer } from '../kit/timers.js';
import { CHAT_SERVER_PROP, type ChatMessage } from './api.js';
import { ChatCallError, ChatClient } from './client.js';
import { conversationView } from './conversation.js';
import { listView, signInView } from './screens.js';
import type { ChatActions, ChatState, Session } from './state.js';

export const CHAT_PACKAGE = 'com.example.chat';
/** How often the app asks the server for new messages, phone-clock ms. */
export const POLL_MS = 1000;

/**
 * One running Chat process. The session and what the user has read live in app storage (they
 * survive force-stop, not `pm clear`); messages are fetched again from the server on each start.
 */
export class ChatProcess implements AppProcess, ChatActions {
  readonly state: ChatState;
  private readonly client: ChatClient;
  private readonly pollTimer: OneShotTimer;
  private polling = false;
  private nextLocalId = 1;

  constructor(
    readonly ctx: AppContext,
    _launch: AppLaunch,
  ) {
    const session = ctx.storage.get('session') as Session | undefined;
    const lastRead = ctx.storage.get('lastRead');
    this.state = {
      session,
      form: { name: '', password: '', busy: false },
      users: [],
      messages: [],
      outgoing: [],
      lastRead: typeof lastRead === 'object' && lastRead !== null ? { ...(lastRead as Record<string, number>) } : {},
      draft: '',
    };
    // Read at start, as an app reads its build config: setprop then a restart points the app elsewhere.
    this.client = new ChatClient({ baseUrl: ctx.phone?.props.get(CHAT_SERVER_PROP), signal: ctx.signal });
    this.pollTimer = new OneShotTimer(ctx.clock);
    ctx.signal?.addEventListener('abort', () => this.pollTimer.stop(), { once: true });
    if (session) {
      ctx.log('I', 'ChatSession', `Signed in as ${session.name}`);
      this.poll();
    }
  }

  view(): AppView {
    const { state } = this;
    if (!state.session) return signInView(this);
    return state.open ? conversationView(this, state.open) : listView(this);
  }

  back(): boolean {
    if (this.state.open) {
      this.closeConversation();
      return true;
    }
    return false;
  }

  signIn(): void {
    const { form } = this.state;
    const name = form.name.trim();
    if (form.busy) return;
    if (!name || !form.password) {
      form.error = 'Enter your name and password';
      return;
    }
    form.busy = true;
    form.error = undefined;
    this.ctx.log('I', 'ChatSession', `Signing in as ${name}`);
    this.client.signIn(name, form.password).then(
      (reply) => this.whileAlive(() => this.signedIn(reply)),
      (error: unknown) =>
        this.whileAlive(() => {
          form.busy = false;
          form.error = messageOf(error);
          this.ctx.log('W', 'ChatSession', `Sign-in failed: ${form.error}`);
        }),
    );
  }

  signOut(message?: string): void {
    this.ctx.storage.delete('session');
    this.ctx.storage.delete('lastRead');
    this.pollTimer.stop();
    Object.assign(this.state, { session: undefined, users: [], messages: [], outgoing: [], lastRead: {}, open: undefined, draft: '', offline: undefined });
    this.state.form = { name: '', password: '', busy: false, error: message };
    this.ctx.log('I', 'ChatSession', 'Signed out');
  }

  openConversation(user: string): void {
    this.state.open = user;
    this.state.draft = '';
    this.markRead();
  }

  closeConversation(): void {
    this.state.open = undefined;
  }

  send(): void {
    const { state } = this;
    const text = state.draft.trim();
    const session = state.session;
    if (!text || !state.open || !session) return;
    state.draft = '';
    this.deliver(session, { localId: this.nextLocalId++, to: state.open, text, status: 'sending' });
  }

  retry(localId: number): void {
    const message = this.state.outgoing.find((m) => m.localId === localId);
    if (!message || message.status !== 'failed' || !this.state.session) return;
    this.state.outgoing = this.state.outgoing.filter((m) => m !== message);
    this.deliver(this.state.session, { ...message, status: 'sending' });
  }

  private deliver(session: Session, message: ChatState['outgoing'][number]): void {
    this.state.outgoing.push(message);
    this.client.send(session.token, message.to, message.text).then(
      (sent) =>
        this.whileAlive(() => {
          this.state.outgoing = this.state.outgoing.filter((m) => m !== message);
          this.state.offline = undefined;
          this.merge([sent]);
        }),
      (error: unknown) =>
        this.whileAlive(() => {
          if (this.endsSession(error)) return;
          message.status = 'failed';
          this.state.offline = messageOf(error);
          this.ctx.log('W', 'ChatSend', `Message to ${message.to} not sent: ${messageOf(error)}`);
        }),
    );
  }

  private signedIn(reply: Session): void {
    const session = { name: reply.name, token: reply.token };
    this.ctx.storage.set('session', session);
    this.ctx.log('I', 'ChatSession', `Signed in as ${session.name}`);
    this.state.session = session;
    this.state.form = { name: '', password: '', busy: false };
    this.poll();
  }

  /** Asks for the users (once) and the messages since the last one seen, then waits POLL_MS and asks again. */
  private poll(): void {
    const session = this.state.session;
    if (!session || this.polling || this.ctx.signal?.aborted) return;
    this.polling = true;
    const since = this.state.messages.reduce((max, m) => Math.max(max, m.id), 0);
    const users = this.state.users.length > 0 ? Promise.resolve(this.state.users) : this.client.users(session.token);
    Promise.all([users, this.client.messagesSince(session.token, since)])
      .then(
        ([names, messages]) =>
          this.whileAlive(() => {
            this.state.users = names;
            this.state.offline = undefined;
            this.merge(messages);
          }),
        (error: unknown) =>
          this.whileAlive(() => {
            if (!this.endsSession(error)) this.state.offline = messageOf(error);
          }),
      )
      .finally(() => {
        this.polling = false;
        if (this.state.session === session && !this.ctx.signal?.aborted) this.pollTimer.start(POLL_MS, () => this.poll());
      });
  }

  /** Adds messages from the server it did not have, in id order; an open conversation counts as read. */
  private merge(messages: ChatMessage[]): void {
    const known = new Set(this.state.messages.map((m) => m.id));
    const fresh = messages.filter((m) => !known.has(m.id));
    if (fresh.length === 0) return;
    this.state.messages = [...this.state.messages, ...fresh].sort((a, b) => a.id - b.id);
    for (const m of fresh) if (m.from !== this.state.session?.name) this.ctx.log('I', 'ChatInbox', `Message ${m.id} from ${m.from}`);
    this.markRead();
  }

  private markRead(): void {
    const other = this.state.open;
    if (!other) return;
    const last = this.state.messages.filter((m) => m.from === other).reduce((max, m) => Math.max(max, m.id), 0);
    if (last <= (this.state.lastRead[other] ?? 0)) return;
    this.state.lastRead[other] = last;
    this.ctx.storage.set('lastRead', { ...this.state.lastRead });
  }

  /** A 401 means the stored token is no good: back to the sign-in screen, saying why. */
  private endsSession(error: unknown): boolean {
    if (!(error instanceof ChatCallError) || error.status !== 401) return false;
    this.signOut(error.message);
    return true;
  }

  /** Runs an answer's work and redraws, unless the process ended while the call was out. */
  private whileAlive(work: () => void): void {
    if (this.ctx.signal?.aborted) return;
    work();
    this.ctx.invalidate();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
