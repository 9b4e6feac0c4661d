// Security headers on every kind of response; API answers are never cached.
import t from 'tap';
import { buildTestApp, FIXTURE_ASSET } from '../../helpers/stack.js';
import { startFakeUpstream, json, loginOut } from '../../helpers/fake-upstream.js';
import { CONTENT_SECURITY_POLICY } from '../../../server/plugins/security-headers.js';

t.test('CSP, nosniff, referrer policy and frame-ancestors on page, asset, API, error', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/user/info', loginOut());
  upstream.on('GET /jshERP-boot/depot/list', json(200, { code: 200 }, { 'cache-control': 'max-age=600' }));
  upstream.on('GET /jshERP-boot/systemConfig/static/upload/a.pdf', json(200, 'pdf'));
  const app = await buildTestApp({ upstreamUrl: upstream.url, systemTitle: 'T', websiteUrl: '#' });
  t.teardown(() => app.close());

  const urls = ['/', '/system/user', FIXTURE_ASSET, '/jshERP-boot/user/info', '/jshERP-boot/depot/list', '/assets/nope.js', '/jshERP-boot/..;/x', '/healthz'];
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
  t.equal(uploaded.headers['content-security-policy'], `${CONTENT_SECURITY_POLICY}; sandbox`, 'uploaded files are sandboxed');
});

t.test('HSTS only over HTTPS (a trusted X-Forwarded-Proto counts)', async (t) => {
  const app = await buildTestApp({ systemTitle: 'T', websiteUrl: '#', trustProxyHops: 1 });
  t.teardown(() => app.close());
  const plain = await app.inject({ url: '/' });
  t.equal(plain.headers['strict-transport-security'], undefined);
  const https = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '10.1.2.3' });
  t.match(String(https.headers['strict-transport-security']), /max-age=\d+/);
});
