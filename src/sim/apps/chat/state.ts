import type { AppContext } from '../../types.js';
import type { ChatMessage } from './api.js';

/** The signed-in user, stored on the phone as a real app stores its token. */
export interface Session {
  name: string;
  token: string;
}

/** A message the user sent that the server has not accepted (yet). */
export interface Outgoing {
  localId: number;
  to: string;
  text: string;
  status: 'sending' | 'failed';
}

export interface SignInForm {
  name: string;
  password: string;
  error?: string;
  busy: boolean;
}

export interface ChatState {
  session?: Session;
  form: SignInForm;
  /** Every user the server knows, the signed-in one included. */
  users: string[];
  /** Messages from the server, oldest first. */
  messages: ChatMessage[];
  outgoing: Outgoing[];
  /** Per other user, the id of the last of their messages the user has seen. */
  lastRead: Record<string, number>;
  /** The other user whose conversation is open. */
  open?: string;
  draft: string;
  /** Why the last call to the server failed, until one succeeds. */
  offline?: string;
}

/** What the Chat screens can do. */
export interface ChatActions {
  readonly ctx: AppContext;
  readonly state: ChatState;
  signIn(): void;
  signOut(): void;
  openConversation(user: string): void;
  closeConversation(): void;
  send(): void;
  retry(localId: number): void;
}

/** The messages between the signed-in user and another, oldest first. */
export function conversation(state: ChatState, other: string): ChatMessage[] {
  return state.messages.filter((m) => m.from === other || m.to === other);
}

/** How many of the other user's messages came after the last one the user saw. */
export function unreadCount(state: ChatState, other: string): number {
  const read = state.lastRead[other] ?? 0;
  return state.messages.filter((m) => m.from === other && m.id > read).length;
}
