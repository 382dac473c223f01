// The Chat backend's HTTP/JSON API, shared by the server (server.ts) and the app's client (client.ts).
//
//   POST /api/sign-in        {"name","password"}  → 200 {"name","token"} | 401 {"error"}
//   GET  /api/users                                → 200 {"users": ["alice", "bob", ...]}
//   POST /api/messages       {"to","text"}        → 201 {"message": Message}
//   GET  /api/messages?since=ID[&with=NAME]        → 200 {"messages": [Message, ...]}
//        the caller's messages (sent or received) with an id above ID, oldest first;
//        with NAME, only those of the conversation with that user.
//   GET  /api/health                               → 200 {"ok": true}
//
// Every call but sign-in and health needs `Authorization: Bearer TOKEN` (401 without a valid one).
// Errors answer {"error": "what went wrong"} with 400, 401, 404 or 413. Message ids grow by one
// across the whole server, so "since the last id I saw" is one number per phone.

/** A message as the server stores and returns it. */
export interface ChatMessage {
  id: number;
  from: string;
  to: string;
  text: string;
  /** Epoch ms on the server's clock. */
  sentAt: number;
}

export interface SignInReply {
  name: string;
  token: string;
}

/** Seeded accounts: name → password. */
export const CHAT_USERS: Readonly<Record<string, string>> = {
  alice: 'pass123',
  bob: 'pass456',
  carol: 'pass789',
};

/** What the server answers a wrong name or password with; the app shows it as it is. */
export const WRONG_PASSWORD = 'Wrong name or password';

/** The longest message the server takes, characters. */
export const MAX_MESSAGE_LENGTH = 2000;

/** The system property the Chat app reads its server's base URL from (`adb shell getprop debug.chat.server_url`). */
export const CHAT_SERVER_PROP = 'debug.chat.server_url';
