// Requests Node's HTTP parser refuses never reach Fastify's routes or hooks, so no access line is written for them:
// this handler answers them with the envelope and writes their own line (method and path when the request line
// could be read, redacted like the access log; never a header).
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { GATEWAY_MESSAGES } from '../../shared/error-envelope.js';
import { redactUrl } from '../logger.js';
import { envelope } from './envelope.js';

type ParserError = NodeJS.ErrnoException & { rawPacket?: Buffer; reason?: string };

/** How long a refused request's answer may take to be written before its socket is destroyed regardless. */
const answerFlushMs = 2_000;

const requestLine = /^([A-Z]{1,20}) (\S{1,4096}) HTTP\/\d\.\d\r?$/;

/** Method and path of the refused request, when its first line is a request line. */
function readRequestLine(rawPacket: Buffer | undefined): { method?: string; path?: string } {
  if (!rawPacket) return {};
  const head = rawPacket.subarray(0, 4200).toString('latin1');
  const match = requestLine.exec(head.split('\n', 1)[0] ?? '');
  return match ? { method: match[1], path: redactUrl(match[2]!) } : {};
}

function answerFor(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: GATEWAY_MESSAGES.requestTimeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: GATEWAY_MESSAGES.badRequest };
  return { status: 400, message: GATEWAY_MESSAGES.badRequest };
}

export function clientErrorHandler(log: FastifyBaseLogger): (err: ParserError, socket: Socket) => void {
  return (err, socket) => {
    // A connection reset before any request: nothing was refused, and nobody is left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = answerFor(err.code);
    const requestId = randomUUID();
    log.info(
      {
        reqId: requestId,
        ...readRequestLine(err.rawPacket),
        status,
        errCode: err.code,
        reason: err.reason ?? err.message,
        ip: socket.remoteAddress,
      },
      'request refused by the HTTP parser',
    );
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(envelope(requestId, status, message));
    // Destroyed once the answer is written, not only half-closed: the HTTP server allows half-open sockets, so a
    // peer that never sends its FIN (or never reads) would keep the descriptor and a MAX_CONNECTIONS slot until the
    // inactivity timeout. The timer covers a peer that never reads the answer at all.
    const destroy = setTimeout(() => socket.destroy(), answerFlushMs);
    destroy.unref();
    socket.once('close', () => clearTimeout(destroy));
    socket.end(
      `HTTP/1.1 ${status} ${status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
      () => socket.destroy(),
    );
  };
}
