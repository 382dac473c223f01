import type { AppDefinition } from '../../types.js';
import { CHAT_PACKAGE, ChatProcess } from './process.js';

/**
 * A View-based chat app that talks to the Chat backend over HTTP: sign in, a conversations list
 * with unread badges, and a conversation that polls for new messages. Its server's URL is the
 * phone's CHAT_SERVER_PROP, which startSim sets.
 */
export const chatApp: AppDefinition = {
  package: CHAT_PACKAGE,
  label: 'Chat',
  versionName: '1.0.0',
  versionCode: 100,
  launchActivity: '.MainActivity',
  activities: ['.MainActivity', '.SignInActivity', '.ConversationActivity'],
  permissions: [],
  start: (ctx, launch) => new ChatProcess(ctx, launch),
};

export { CHAT_PACKAGE, POLL_MS } from './process.js';
export { CHAT_SERVER_PROP, CHAT_USERS, WRONG_PASSWORD, type ChatMessage } from './api.js';
export { UNREACHABLE } from './client.js';
export { startChatServer, acquireSharedChatServer, type ChatServer, type ChatServerOptions } from './server.js';
export { attachChat, type ChatAttachment } from './attach.js';
