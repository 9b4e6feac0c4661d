// Security headers on every kind of response; API answers are never cached.
import { connect } from 'node:net';
import t from 'tap';
import { buildTestApp, FIXTURE_ASSET, listenTestApp } from '../../support/stack.js';
import { startFakeUpstream, json, loginOut } from '../../support/fake-upstream.js';
import { CONTENT_SECURITY_POLICY } from '../../../server/plugins/security-headers.js';

t.test('CSP, nosniff, referrer policy and frame-ancestors on page, asset, API, error', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/user/info', loginOut());
  upstream.on('GET /jshERP-boot/depot/list', json(200, { code: 200 }, { 'cache-control': 'max-age=600' }));
  upstream.on('GET /jshERP-boot/systemConfig/static/upload/a.pdf', json(200, 'pdf'));
  const app = await buildTestApp({ upstreamUrl: upstream.url, systemTitle: 'T', websiteUrl: '#' });
  t.teardown(() => app.close());

  const urls = [
    '/',
    '/system/user',
    FIXTURE_ASSET,
    '/jshERP-boot/user/info',
    '/jshERP-boot/depot/list',
    '/assets/nope.js',
    '/jshERP-boot/..;/x',
    '/healthz',
  ];
  for (const url of urls) {
    const res = await app.inject({ url });
    const csp = String(res.headers['content-security-policy']);
    t.match(csp, "script-src 'self'", url);
    t.notMatch(csp, /script-src[^;]*unsafe-inline/, `${url}: no inline scripts`);
    t.match(csp, "object-src 'none'", url);
    t.match(csp, "base-uri 'none'", url);
    t.match(csp, "frame-ancestors 'self'", url);
    t.match(csp, "img-src 'self' data:", url);
    t.match(csp, "style-src 'self' 'unsafe-inline'", url);
    t.match(csp, "connect-src 'self'", url);
    t.equal(res.headers['x-content-type-options'], 'nosniff', url);
    t.ok(res.headers['referrer-policy'], url);
  }
  const api = await app.inject({ url: '/jshERP-boot/depot/list' });
  t.equal(api.headers['cache-control'], 'no-store', 'API answers are not cached, whatever the backend said');
  const uploaded = await app.inject({ url: '/jshERP-boot/systemConfig/static/upload/a.pdf' });
  t.equal(
    uploaded.headers['content-security-policy'],
    `${CONTENT_SECURITY_POLICY}; sandbox`,
    'uploaded files are sandboxed',
  );
});

t.test('HSTS only over HTTPS (a trusted X-Forwarded-Proto counts)', async (t) => {
  const app = await buildTestApp({
    systemTitle: 'T',
    websiteUrl: '#',
    trustProxyHops: 1,
    trustedProxies: ['10.0.0.0/8'],
  });
  t.teardown(() => app.close());
  const plain = await app.inject({ url: '/' });
  t.equal(plain.headers['strict-transport-security'], undefined);
  const https = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '10.1.2.3' });
  t.match(String(https.headers['strict-transport-security']), /max-age=\d+/);
});

t.test('uploaded files: no escape or dot spelling of the prefix is served without the sandbox', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const page = (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<script>alert(document.cookie)</script>');
  };
  upstream.on('GET /jshERP-boot/systemConfig/static/upload/a.html', page);
  upstream.on('GET /jshERP-boot/systemConfig/static/upload/%E6%96%87.html', page);
  const { app, url: base } = await listenTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  // Over a raw socket: inject and fetch would resolve the dot segments before sending.
  const rawGet = (path: string): Promise<string> =>
    new Promise((resolve) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('close', () => resolve(received));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: erp\r\nConnection: close\r\n\r\n`);
    });
  const sandboxed = `content-security-policy: ${CONTENT_SECURITY_POLICY}; sandbox\r\n`.toLowerCase();
  const spellings = [
    '/%6ashERP-boot/systemConfig/static/upload/a.html',
    '/jshERP-boot/%73ystemConfig/static/upload/a.html',
    '/jshERP-boot/systemConfig/%73tatic/upload/a.html',
    '/jshERP-boot/systemConfig/./static/upload/a.html',
    '/jshERP-boot/x/../systemConfig/static/upload/a.html',
    '/jshERP-boot/systemConfig/static/upload/%61.html',
  ];
  for (const path of spellings) {
    const answer = await rawGet(path);
    t.ok(answer.toLowerCase().includes(sandboxed), `${path}: sandboxed`);
    t.notMatch(answer, '<script>', `${path}: the uploaded page is not served`);
  }
  t.equal(upstream.count(), 0, 'no spelling reached the backend');
  const chinese = await rawGet('/jshERP-boot/systemConfig/static/upload/%E6%96%87.html');
  t.match(chinese, /^HTTP\/1\.1 200 /, 'a file with a Chinese name is served');
  t.ok(chinese.toLowerCase().includes(sandboxed), 'sandboxed');
});
