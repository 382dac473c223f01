// Connects a phone's Chat app to a backend as the phone starts, and lets go of it as the phone stops.
import type { AppDefinition, Phone } from '../../types.js';
import { CHAT_SERVER_PROP } from './api.js';
import { CHAT_PACKAGE } from './process.js';
import { acquireSharedChatServer } from './server.js';

export interface ChatAttachment {
  /** The backend's base URL the phone's Chat app uses; undefined when Chat is not installed. */
  readonly url: string | undefined;
  /** Ends the Chat process (its polling and calls in flight) and releases a shared backend. */
  detach(): Promise<void>;
}

/**
 * Points the phone's Chat app at `server` if given, else at the process's shared backend (started
 * by the first phone, stopped after the last detaches). A phone without Chat gets nothing.
 */
export async function attachChat(o: { phone: Phone; apps: AppDefinition[]; server?: string }): Promise<ChatAttachment> {
  if (!o.apps.some((app) => app.package === CHAT_PACKAGE)) return { url: undefined, detach: async () => undefined };
  const shared = o.server === undefined ? await acquireSharedChatServer() : undefined;
  const url = o.server ?? shared?.url;
  if (url !== undefined) o.phone.props.set(CHAT_SERVER_PROP, url);
  return {
    url,
    async detach() {
      // A phone switched off: its app's timers and sockets go with it.
      if (o.phone.ui.processes().some((p) => p.package === CHAT_PACKAGE)) o.phone.ui.forceStop(CHAT_PACKAGE);
      await shared?.release();
    },
  };
}
