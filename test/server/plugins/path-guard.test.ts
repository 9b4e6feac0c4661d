// Hostile /jshERP-boot paths are refused before routing and never reach the backend.
import { request as httpRequest } from 'node:http';
import t from 'tap';
import { GATEWAY_MESSAGES } from '../../../shared/error-envelope.js';
import { buildTestApp, listenTestApp } from '../../helpers/stack.js';
import { startFakeUpstream, json } from '../../helpers/fake-upstream.js';

/** Sends a raw request line (fetch and inject would normalise some of these paths away). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const badPaths = [
  '/jshERP-boot/webjars/swagger-ui/css/..;1=1/..;1=1/..;1=1/account/findBySelect',
  '/jshERP-boot/user/a.ico/../getAllList',
  '/jshERP-boot/platformConfig/getPlatform/..;/..;/user/getAllList',
  '/jshERP-boot/user/list;jsessionid=1',
  '/jshERP-boot/user/list%3bjsessionid=1',
  '/jshERP-boot/user/list%3Bjsessionid=1',
  '/jshERP-boot/%2e%2e/user/list',
  '/jshERP-boot/%2E%2E/user/list',
  '/jshERP-boot/user%2flist',
  '/jshERP-boot/user%2Flist',
  '/jshERP-boot/user%5clist',
  '/jshERP-boot/user\\list',
  '/jshERP-boot/user/%252e%252e/list',
  '/jshERP-boot//user/list',
  '/jshERP-boot/user/list%00',
];

const deniedPaths = [
  '/jshERP-boot/plugin/list',
  '/jshERP-boot/plugin/uploadInstallPluginJar',
  '/jshERP-boot/plugin',
  '/jshERP-boot/doc.html',
  '/jshERP-boot/v2/api-docs',
  '/jshERP-boot/v2/api-docs?group=1',
  '/jshERP-boot/webjars/springfox-swagger-ui/springfox.js',
  '/jshERP-boot/swagger-resources',
  '/jshERP-boot/swagger-ui.html',
];

t.test('each hostile path gets the 400 envelope and is unseen upstream', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const { app, url } = await listenTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  for (const path of badPaths) {
    const res = await rawGet(url, path);
    t.equal(res.status, 400, path);
    t.equal(JSON.parse(res.body).data.message, GATEWAY_MESSAGES.badPath, path);
  }
  t.equal(upstream.count(), 0, 'no hostile request reached the upstream');
});

t.test('backend docs and plugin management are denied with 403 unless allowed', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const denying = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => denying.close());
  for (const path of deniedPaths) {
    const res = await denying.inject({ url: path });
    t.equal(res.statusCode, 403, path);
    t.same(res.json(), { code: 403, data: { message: GATEWAY_MESSAGES.forbiddenPath }, requestId: res.headers['x-request-id'] });
  }
  t.equal(upstream.count(), 0, 'no denied request reached the upstream');

  upstream.on('GET /jshERP-boot/plugin/list', json(200, { code: 200 }));
  upstream.on('GET /jshERP-boot/doc.html', json(200, 'docs'));
  const allowing = await buildTestApp({ upstreamUrl: upstream.url, allowPluginAdmin: true, allowBackendDocs: true });
  t.teardown(() => allowing.close());
  t.equal((await allowing.inject({ url: '/jshERP-boot/plugin/list' })).statusCode, 200);
  t.equal((await allowing.inject({ url: '/jshERP-boot/doc.html' })).statusCode, 200);
  t.equal(upstream.count(), 2);
});

t.test('ordinary API paths, including open plugin endpoints and encoded Chinese, pass', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/api/plugin/wechat/weChat/share', json(200, { code: 200 }));
  upstream.on('GET /jshERP-boot/material/findByName/%E7%89%A9%E6%96%99', json(200, { code: 200 }));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  t.equal((await app.inject({ url: '/jshERP-boot/api/plugin/wechat/weChat/share' })).statusCode, 200);
  t.equal((await app.inject({ url: '/jshERP-boot/material/findByName/%E7%89%A9%E6%96%99' })).statusCode, 200);
  t.equal((await app.inject({ url: '/jshERP-boot/user/list?search=a..b;c' })).statusCode, 404, 'query strings are not judged (Spring 404 passes through)');
});
