// buildApp as a whole: composition, framework-level errors in the envelope, request ids.
import t from 'tap';
import { buildApp } from '../../server/app.js';
import { GATEWAY_MESSAGES, isErrorEnvelope } from '../../shared/error-envelope.js';
import { buildTestApp, testConfig } from '../support/stack.js';

t.test('buildApp needs an upstream (server.ts supplies the sandbox when none is configured)', async (t) => {
  await t.rejects(buildApp({ ...testConfig(), upstreamUrl: null }), /upstreamUrl/);
});

t.test('a missing shell bundle fails the start with a clear message', async (t) => {
  await t.rejects(buildTestApp({ clientDistDir: '/tmp' }), /not built/);
});

t.test('malformed requests and unrouted methods get the envelope', async (t) => {
  const app = await buildTestApp({ systemTitle: 'T', websiteUrl: '#' });
  t.teardown(() => app.close());
  const badUrl = await app.inject({ url: '/jshERP-boot/user/%E0%A4%A' });
  t.equal(badUrl.statusCode, 400);
  t.ok(isErrorEnvelope(badUrl.json()));
  // TRACE is not among the proxied methods (and not in light-my-request's method type).
  const trace = await app.inject({ method: 'TRACE' as 'GET', url: '/jshERP-boot/user/info' });
  t.equal(trace.statusCode, 404);
  t.equal(trace.json().data.message, GATEWAY_MESSAGES.notFound);
  const badJson = await app.inject({
    method: 'POST',
    url: '/healthz',
    headers: { 'content-type': 'application/json' },
    payload: '{',
  });
  t.ok([400, 404].includes(badJson.statusCode));
  t.ok(isErrorEnvelope(badJson.json()));
});

t.test('every response has a request id; a client-supplied one is kept only from a trusted hop', async (t) => {
  const edge = await buildTestApp({ systemTitle: 'T', websiteUrl: '#' });
  t.teardown(() => edge.close());
  const a = await edge.inject({ url: '/', headers: { 'x-request-id': 'abc-123' } });
  t.match(a.headers['x-request-id'], /^[0-9a-f-]{36}$/);
  const behind = await buildTestApp({
    systemTitle: 'T',
    websiteUrl: '#',
    trustProxyHops: 1,
    trustedProxies: ['10.0.0.0/8'],
  });
  t.teardown(() => behind.close());
  const b = await behind.inject({ url: '/', headers: { 'x-request-id': 'abc-123' }, remoteAddress: '10.0.0.9' });
  t.equal(b.headers['x-request-id'], 'abc-123');
  const c = await behind.inject({ url: '/', headers: { 'x-request-id': 'abc 123 <x>' }, remoteAddress: '10.0.0.9' });
  t.not(c.headers['x-request-id'], 'abc 123 <x>', 'a malformed id is replaced');
});
