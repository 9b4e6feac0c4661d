// The notices websocket protocol between the gateway and the shell.

/** Path of the socket, under the API base: `${apiBase}/websocket/${userId}`. */
export const NOTICE_SOCKET_PATH = '/websocket/';
/** The client's keep-alive text; the gateway answers it with the same text. */
export const HEARTBEAT_TEXT = 'HeartBeat';
/** Cookie the gateway sets on a successful login so the socket upgrade can be authenticated. */
export const SESSION_COOKIE = 'jsh_session';

/** `user`: this user's unread list changed; `topic`: a broadcast. Either makes the client reload its notices. */
export type NoticeMessage =
  | { cmd: 'user'; unread: number; ids: number[] }
  | { cmd: 'topic'; title: string; content?: string };

/** Close codes the gateway uses (4000–4999 are application codes). */
export const CLOSE_CODES = {
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  unauthenticated: 4401,
  forbidden: 4403,
  loginExpired: 4440,
  tooManyForUser: 4429,
  tooManyTotal: 4503,
  slowConsumer: 4408,
} as const;
