// The served page: per-host config block, title, ETag/304, history fallback vs real 404s.
import t from 'tap';
import { GATEWAY_MESSAGES } from '../../../shared/error-envelope.js';
import type { InjectedConfig } from '../../../shared/injected-config.js';
import { buildTestApp } from '../../support/stack.js';
import { startFakeUpstream, json, refusedUrl } from '../../support/fake-upstream.js';

/** What the client's boot code does: read the block's text and JSON.parse it. */
function readConfigBlock(html: string): InjectedConfig {
  const match = /<script id="app-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no config block');
  return JSON.parse(match[1]) as InjectedConfig;
}

const productionEnv = {
  PRODUCTION_HOSTS: 'erp.example.com',
  APP_ANDROID_URL: 'https://erp.example.com/app/android.apk',
  APP_IPHONE_URL: 'https://apps.apple.com/cn/app/id1',
  APP_MINI_PROGRAM_URL: 'https://erp.example.com/mini',
  COMPANY_LABEL: '示例科技有限公司',
  FILING_NUMBER: '京ICP备00000000号',
  OLD_HOSTS: 'old.example.com,older.example.com:8080',
  NEW_ADDRESS: 'https://erp.example.com',
  MIGRATION_CONTACT: '电话 010-00000000',
  SYSTEM_TITLE: '示例ERP',
  WEBSITE_URL: 'https://www.example.com',
};

t.test('the page carries the config block for the request host', async (t) => {
  const app = await buildTestApp({}, { env: productionEnv });
  t.teardown(() => app.close());

  const plain = await app.inject({ url: '/', headers: { host: 'other.example.com' } });
  t.equal(plain.statusCode, 200);
  t.match(plain.headers['content-type'], /^text\/html/);
  t.same(readConfigBlock(plain.body), {
    apiBase: '/jshERP-boot',
    systemTitle: '示例ERP',
    websiteUrl: 'https://www.example.com',
    version: 'V3.5',
    loginVariant: null,
    migrationNotice: null,
  });
  t.match(plain.body, '<title>示例ERP</title>');
  t.notMatch(plain.body, '<!--app-config-->');

  const production = readConfigBlock((await app.inject({ url: '/login', headers: { host: 'ERP.Example.COM.' } })).body);
  t.same(production.loginVariant, {
    downloads: [
      { kind: 'android', url: 'https://erp.example.com/app/android.apk' },
      { kind: 'iphone', url: 'https://apps.apple.com/cn/app/id1' },
      { kind: 'miniProgram', url: 'https://erp.example.com/mini' },
    ],
    companyLabel: '示例科技有限公司',
    filingNumber: '京ICP备00000000号',
    filingUrl: 'http://beian.miit.gov.cn/',
  });
  t.equal(production.migrationNotice, null);

  const old = readConfigBlock((await app.inject({ url: '/', headers: { host: 'older.example.com:8080' } })).body);
  t.same(old.migrationNotice, { newAddress: 'https://erp.example.com', contact: '电话 010-00000000' });
  t.equal(old.loginVariant, null);
  const oldOtherPort = readConfigBlock(
    (await app.inject({ url: '/', headers: { host: 'older.example.com:9090' } })).body,
  );
  t.equal(oldOtherPort.migrationNotice, null, 'a configured port must match');
});

t.test('X-Forwarded-Host decides the variant only from a trusted hop', async (t) => {
  const edge = await buildTestApp({}, { env: productionEnv });
  t.teardown(() => edge.close());
  const spoof = await edge.inject({
    url: '/',
    headers: { host: 'other.example.com', 'x-forwarded-host': 'erp.example.com' },
  });
  t.equal(readConfigBlock(spoof.body).loginVariant, null);

  const behind = await buildTestApp({}, { env: { ...productionEnv, TRUSTED_PROXIES: '172.18.0.0/16' } });
  t.teardown(() => behind.close());
  const forwarded = await behind.inject({
    url: '/',
    headers: { host: 'gateway:3000', 'x-forwarded-host': 'erp.example.com' },
    remoteAddress: '172.18.0.5',
  });
  t.not(readConfigBlock(forwarded.body).loginVariant, null);
});

t.test('hostile Host headers and titles cannot break out of the block or the title', async (t) => {
  const hostileTitle = '</script><script>alert(1)</script>&<b>\u2028x\u2029y';
  const app = await buildTestApp({}, { env: { ...productionEnv, SYSTEM_TITLE: hostileTitle } });
  t.teardown(() => app.close());
  const hostileHosts = [
    'erp.example.com"></script><script>alert(1)</script>',
    '</script><svg onload=alert(1)>',
    'erp.example.com\\u003c',
    "a'b",
    'x'.repeat(300),
  ];
  for (const host of hostileHosts) {
    const res = await app.inject({ url: '/', headers: { host } });
    t.equal(res.statusCode, 200, host);
    const html = res.body;
    t.equal(html.split('<script').length - 1, 2, 'still exactly the config block and the bundle script');
    t.notMatch(html, '<svg');
    t.notMatch(html, 'alert(1)</script>');
    const config = readConfigBlock(html);
    t.equal(config.systemTitle, hostileTitle, 'the value survives intact once parsed');
    t.equal(config.loginVariant, null, 'an invalid host matches no configured host');
    t.match(html, '<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#38;&#60;b&#62;');
    const block = /<script id="app-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    t.notMatch(block, /[<>&\u2028\u2029]/, 'no raw <, >, & or line separators inside the block');
  }
});

t.test('no-cache with a content ETag; If-None-Match gives 304', async (t) => {
  const app = await buildTestApp({}, { env: productionEnv });
  t.teardown(() => app.close());
  const first = await app.inject({ url: '/' });
  t.equal(first.headers['cache-control'], 'no-cache');
  const etag = first.headers.etag as string;
  t.match(etag, /^"[\w-]+"$/);
  const again = await app.inject({ url: '/dashboard/analysis' });
  t.equal(again.headers.etag, etag, 'same content, same ETag, whatever the route');
  const revalidated = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
  t.equal(revalidated.statusCode, 304);
  t.equal(revalidated.body, '');
  const otherHost = await app.inject({ url: '/', headers: { host: 'erp.example.com', 'if-none-match': etag } });
  t.equal(otherHost.statusCode, 200, 'another host gets another page, hence another ETag');
  t.not(otherHost.headers.etag, etag);
});

t.test('history fallback for client routes; real 404 for missing files and API-less methods', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const app = await buildTestApp({ upstreamUrl: upstream.url, systemTitle: 'T', websiteUrl: '#' });
  t.teardown(() => app.close());
  for (const route of ['/system/user', '/dashboard/analysis?x=1', '/user/login', '/a/b/c/d']) {
    const res = await app.inject({ url: route });
    t.equal(res.statusCode, 200, route);
    t.match(res.body, 'id="app-config"', route);
  }
  for (const missing of [
    '/assets/app-missing.js',
    '/assets/nested/x.css',
    '/missing.png',
    '/robots.txt',
    '/index.html.br',
    '/index.html.gz',
  ]) {
    const res = await app.inject({ url: missing });
    t.equal(res.statusCode, 404, missing);
    t.equal(res.json().data.message, GATEWAY_MESSAGES.notFound, missing);
  }
  const posted = await app.inject({ method: 'POST', url: '/system/user' });
  t.equal(posted.statusCode, 404, 'only GET/HEAD get the page');
  const head = await app.inject({ method: 'HEAD', url: '/system/user' });
  t.equal(head.statusCode, 200);
  const favicon = await app.inject({ url: '/favicon.ico' });
  t.equal(favicon.statusCode, 200, 'root files of the bundle are served');
  t.equal(
    favicon.headers['cache-control'],
    'public, max-age=3600',
    'and kept an hour: no revalidation at every change of address',
  );
  t.equal(upstream.count(), 0, 'nothing outside /jshERP-boot goes upstream');
});

t.test('system title and website URL come from the upstream once, with a fallback while it is down', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', json(200, '管伊佳ERP'));
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/url', json(200, 'http://www.gyjerp.com'));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  for (let i = 0; i < 3; i++) {
    const config = readConfigBlock((await app.inject({ url: '/' })).body);
    t.equal(config.systemTitle, '管伊佳ERP');
    t.equal(config.websiteUrl, 'http://www.gyjerp.com');
  }
  t.equal(upstream.count('/jshERP-boot/platformConfig/getPlatform/name'), 1, 'read once, then cached');

  const down = await buildTestApp({ upstreamUrl: await refusedUrl() }, { platformInfo: { retryAfterMs: 0 } });
  t.teardown(() => down.close());
  const fallback = readConfigBlock((await down.inject({ url: '/' })).body);
  t.equal(fallback.systemTitle, 'ERP系统');
  t.equal(fallback.websiteUrl, '#');
});

t.test('a failed platform lookup is retried later and then cached', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', json(503, 'starting'));
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/url', json(503, 'starting'));
  const app = await buildTestApp({ upstreamUrl: upstream.url }, { platformInfo: { retryAfterMs: 50 } });
  t.teardown(() => app.close());
  t.equal(readConfigBlock((await app.inject({ url: '/' })).body).systemTitle, 'ERP系统');
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/name', json(200, '管伊佳ERP'));
  upstream.on('GET /jshERP-boot/platformConfig/getPlatform/url', json(200, '#'));
  await new Promise((r) => setTimeout(r, 80));
  t.equal(readConfigBlock((await app.inject({ url: '/' })).body).systemTitle, '管伊佳ERP');
});
