// The notices websocket protocol between the gateway and the shell.
//
// URL: `${apiBase}/websocket/${userId}` on the page's own origin (ws: or wss:), e.g. `/jshERP-boot/websocket/63`.
// The upgrade carries no token in the URL: the gateway authenticates it with the HttpOnly SESSION_COOKIE it set on
// login (path /jshERP-boot, sent automatically by the browser on a same-origin upgrade).

/** Path of the socket, under the API base: `${apiBase}/websocket/${userId}`. */
export const NOTICE_SOCKET_PATH = '/websocket/';
/** The client's keep-alive text; the gateway answers it with the same text. */
export const HEARTBEAT_TEXT = 'HeartBeat';
/** Cookie the gateway sets on a successful login so the socket upgrade can be authenticated. */
export const SESSION_COOKIE = 'jsh_session';
/** Operator route that broadcasts a topic notice (Authorization: Bearer BROADCAST_TOKEN). */
export const NOTICE_BROADCAST_PATH = '/gateway/notices';

/**
 * Messages the gateway sends (JSON text frames). Either makes the client reload its notices.
 * - `user`: this user's unread list (ids of status '1' messages, id desc) — sent on connect once known, then on change.
 * - `topic`: a broadcast from the operator.
 */
export type NoticeMessage =
  { cmd: 'user'; unread: number; ids: number[] } | { cmd: 'topic'; title: string; content?: string };

/** Close codes the gateway uses (4000–4999 are application codes). The reason text is short English. */
export const CLOSE_CODES = {
  /** Server shutting down: reconnect later. */
  goingAway: 1001,
  policy: 1008,
  /** A client frame over the 4 KiB limit. */
  tooBig: 1009,
  /** The upstream could not confirm the session right now: reconnect later. */
  upstreamUnavailable: 1013,
  /** No session cookie, or its token is not a token: log in again. */
  unauthenticated: 4401,
  /** The session belongs to another user than the URL's id, or the Origin is another site. */
  forbidden: 4403,
  /** The socket stopped reading; its send buffer passed the bound. */
  slowConsumer: 4408,
  /** Too many sockets for this user (WS_MAX_PER_USER). */
  tooManyForUser: 4429,
  /** The session ended: reason 'login expired' (upstream answered loginOut) or 'logged out' (a logout went
   *  through the gateway, e.g. in another tab). Log in again; do not reconnect with this session. */
  loginExpired: 4440,
  /** Too many sockets on this gateway (WS_MAX_TOTAL): reconnect later. */
  tooManyTotal: 4503,
} as const;
