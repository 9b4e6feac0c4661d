// Request bodies as Spring reads them: only JSON feeds @RequestBody; anything unreadable is the global handler's 未知异常.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnknownException } from './wire.js';

/** Marks a body that Spring could not have turned into a @RequestBody (bad JSON, other media type). */
const UNREADABLE = Symbol('unreadable body');

export function installBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, UNREADABLE);
    }
  });
  // Endpoints without @RequestBody ignore the body entirely; the others fail on it (see jsonBody).
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, UNREADABLE));
}

/** The @RequestBody JSONObject / entity: a JSON object, else the global handler answers 未知异常. */
export function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null || body === UNREADABLE || typeof body !== 'object' || Array.isArray(body)) {
    throw new UnknownException('request body is not a JSON object');
  }
  return body as Record<string, unknown>;
}
