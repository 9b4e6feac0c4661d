// What the shell reports when a view crashes, and where: both the client (lib/client-errors) and the gateway
// (plugins/client-errors) read this. A report carries no user data: no query string, no token, no user id.

export const CLIENT_ERRORS_PATH = '/gateway/client-errors';

export interface ClientErrorReport {
  message: string;
  /** The error's own stack (script URLs and line numbers). */
  stack?: string;
  /** React's component stack: which components the error went through. */
  componentStack?: string;
  /** The route path, without query or hash. */
  path: string;
  userAgent: string;
  /** Which build of the shell (the entry script's hashed file name). */
  release: string;
}

/** Longest kept length of each field; longer text is cut (the gateway cuts again, whatever a client sends). */
export const CLIENT_ERROR_LIMITS = {
  message: 1000,
  stack: 4000,
  componentStack: 4000,
  path: 300,
  userAgent: 300,
  release: 100,
} as const satisfies Record<keyof ClientErrorReport, number>;

/** Token-shaped text (jshERP tokens are 32 hex digits, with `_<tenant>` on tenant users), JWTs and
 *  `token=…`/`password=…` pairs: an error message may quote a URL or a header that carries one. */
const SECRET_PATTERNS: readonly RegExp[] = [
  /\b[0-9a-f]{32}(?:_\d+)?\b/gi,
  /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g,
  /((?:access[-_]?token|token|password|passwd|pwd|authorization|cookie)["']?\s*[:=]\s*["']?)[^\s"'&,;]+/gi,
];

export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match: string, prefix?: string) =>
      typeof prefix === 'string' ? `${prefix}[REDACTED]` : '[REDACTED]',
    );
  }
  return out;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
