// The gateway's pino logger: JSON lines to stdout (pretty on a developer's terminal), optionally also a rotated file.
// Secrets never reach a log line: headers are not logged at all by the access line, and the redact
// paths below catch them wherever an error or a plugin would serialise a request or response.
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { ConfigError, type Config } from './config.js';
import { openRotatingFile } from './lib/rotating-file.js';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-access-token"]',
  'req.headers["sec-websocket-protocol"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-access-token"]',
  'headers["set-cookie"]',
  'headers["sec-websocket-protocol"]',
  'password',
  '*.password',
  '*.*.password',
  'token',
  '*.token',
  '*.*.token',
];

/**
 * Query parameter names whose values are secrets, compared lower-case without `-` and `_` (so `X-Access-Token` and
 * `access_token` match). An exact list, not a pattern: `barCode`, `platformKey`, `keyId` are ordinary fields.
 * Values of any other name are still redacted by their shape (below).
 */
export const SECRET_QUERY_NAMES: ReadonlySet<string> = new Set([
  'token',
  'xaccesstoken',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'password',
  'passwd',
  'pwd',
  'oldpwd',
  'newpwd',
  'oldpassword',
  'newpassword',
  'secret',
  'clientsecret',
  'auth',
  'authorization',
  'session',
  'sessionid',
  'jsessionid',
  'ticket',
  'sign',
  'signature',
  'apikey',
  'accesskey',
  'secretkey',
  'privatekey',
  'code',
  'weixincode',
  'jscode',
]);

function isSecretName(name: string): boolean {
  return SECRET_QUERY_NAMES.has(name.toLowerCase().replace(/[-_]/g, ''));
}

/** Values shaped like a secret anywhere in a path or a value: a jshERP token (32 hex, optional _tenant), a JWT. */
const secretShapes = [/[0-9a-f]{32}(?:_\d+)?/gi, /eyJ[\w-]{4,}\.[\w-]+\.[\w-]*/g];

function replaceShapes(text: string): string {
  return secretShapes.reduce((out, shape) => out.replace(shape, '[REDACTED]'), text);
}

/** A secret-shaped part, also when percent-escaped (the same secret in another spelling), becomes [REDACTED]. */
function redactPart(part: string): string {
  const plain = replaceShapes(part);
  if (plain !== part || !part.includes('%')) return plain;
  let decoded: string;
  try {
    decoded = decodeURIComponent(part);
  } catch {
    return part;
  }
  return replaceShapes(decoded) === decoded ? part : '[REDACTED]';
}

const shapeAnywhere = /[0-9a-f]{32}|eyJ[\w-]{4,}\./i;

/** Whether a query (decoded, after `?`) names a secret parameter. */
function namesSecret(query: string): boolean {
  return query
    .split('&')
    .some((pair) => isSecretName(pair.slice(0, pair.includes('=') ? pair.indexOf('=') : pair.length)));
}

/**
 * Whether any part of the URL could be redacted: a secret shape in the URL or its decoded form, or a secret
 * parameter name in the (decoded) query. A decoded part is a substring of the decoded URL, since no escape spans a
 * '/', '&' or '='. Most URLs have none, and skip the per-part work (this runs for every access line).
 */
function mayHoldSecret(url: string): boolean {
  let decoded = url;
  if (url.includes('%')) {
    try {
      decoded = decodeURIComponent(url);
    } catch {
      return true;
    }
  }
  if (shapeAnywhere.test(url) || shapeAnywhere.test(decoded)) return true;
  const q = decoded.indexOf('?');
  return q !== -1 && namesSecret(decoded.slice(q + 1));
}

/** The path and query for a log line, with token-like values replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  if (!mayHoldSecret(url)) return url;
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).split('/').map(redactPart).join('/');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return redactPart(pair);
      const name = pair.slice(0, eq);
      let decodedName = name;
      try {
        decodedName = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      const value = pair.slice(eq + 1);
      return `${name}=${isSecretName(decodedName) ? '[REDACTED]' : redactPart(value)}`;
    })
    .join('&');
  return `${path}?${query}`;
}

export function loggerOptions(level: Config['logLevel']): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: {
      // Only what an administrator needs, never headers.
      req: (req: { method?: string; url?: string; id?: string }) => ({
        method: req.method,
        path: req.url ? redactUrl(req.url) : undefined,
      }),
      err: pino.stdSerializers.err,
    },
  };
}

/** What the usual errors of opening LOG_FILE mean (EEXIST: mkdir met a file on the directory path). */
const fileErrors: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  EISDIR: 'a directory',
  ENOTDIR: 'a file stands on its directory path',
  EEXIST: 'a file stands on its directory path',
};

/**
 * stdout: pretty on a developer's terminal — pino-pretty is a devDependency, loaded only there and never in
 * production (NODE_ENV=production, the image) — else JSON lines.
 */
async function stdoutStream(): Promise<DestinationStream> {
  if (process.stdout.isTTY && process.env.NODE_ENV !== 'production') {
    try {
      const { default: pinoPretty } = await import('pino-pretty');
      return pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
    } catch {
      // not installed (a production install run by hand): JSON lines
    }
  }
  return boundedStdout();
}

/** What stdout may hold while its reader lags; beyond it lines are dropped, not kept in memory. */
const STDOUT_BUFFER_BYTES = 16 * 1024 * 1024;

/**
 * stdout as pino writes it (asynchronously), bounded whatever its reader does. pino flushes the destination
 * synchronously at exit, and a full pipe (a reader that stopped reading, as `npm start | head -3` leaves) answers
 * EAGAIN, which the flush retried for ever: the process outlived SHUTDOWN_GRACE_MS with no end. Once the process is
 * exiting, a write the pipe refuses is given up, so the exit finishes; before that, lines beyond
 * STDOUT_BUFFER_BYTES are dropped rather than held.
 */
function boundedStdout(): DestinationStream {
  let exiting = false;
  // Registered before pino's own exit flush (which the destination registers as it is made), so it runs first.
  process.once('exit', () => {
    exiting = true;
  });
  const stream = pino.destination({
    dest: 1,
    sync: false,
    maxLength: STDOUT_BUFFER_BYTES,
    retryEAGAIN: () => !exiting,
  });
  const flushSync = stream.flushSync.bind(stream);
  stream.flushSync = () => {
    try {
      flushSync();
    } catch {
      // The pipe takes nothing more: what is left is dropped, and the exit goes on.
    }
  };
  return stream;
}

/**
 * The logger of a running gateway. `stream`, when given, receives every line (tests capture it);
 * otherwise stdout plus, with LOG_FILE, a size-rotated file. A LOG_FILE that cannot be opened for appending
 * (its directory not creatable, no permission, a directory itself) is a ConfigError: the start stops with one line.
 */
export async function createLogger(config: Config, stream?: DestinationStream): Promise<Logger> {
  const options = loggerOptions(config.logLevel);
  if (stream) return pino(options, stream);
  let file: DestinationStream | null = null;
  if (config.logFile) {
    const path = config.logFile;
    try {
      file = openRotatingFile({
        path,
        maxBytes: config.logFileMaxBytes,
        keep: config.logFileKeep,
        onError: (err) =>
          process.stderr.write(`log file error: LOG_FILE '${path}': ${err.code ?? err.message}; lines are dropped\n`),
      });
    } catch (err) {
      const { code, message } = err as NodeJS.ErrnoException;
      const why = code ? `${code}${fileErrors[code] ? `: ${fileErrors[code]}` : ''}` : message;
      throw new ConfigError('LOG_FILE', `cannot append to '${path}' (${why})`);
    }
  }
  const stdout = await stdoutStream();
  if (!file) return pino(options, stdout);
  return pino(options, pino.multistream([{ stream: stdout }, { stream: file }]));
}
