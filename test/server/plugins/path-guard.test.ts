// Hostile paths are refused before routing and never reach the backend, however the path is spelled.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import t from 'tap';
import { GATEWAY_MESSAGES, isErrorEnvelope } from '../../../shared/error-envelope.js';
import { canonicalPath, judgePath } from '../../../server/plugins/path-guard.js';
import { buildTestApp, listenTestApp } from '../../support/stack.js';
import { startFakeUpstream, json } from '../../support/fake-upstream.js';

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
    t.same(res.json(), {
      code: 403,
      data: { message: GATEWAY_MESSAGES.forbiddenPath },
      requestId: res.headers['x-request-id'],
    });
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
  t.equal(
    (await app.inject({ url: '/jshERP-boot/user/list?search=a..b;c' })).statusCode,
    404,
    'query strings are not judged (Spring 404 passes through)',
  );
});

t.test(
  'the plugin-installed check of the 系统配置 page passes; other spellings and plugin paths stay denied',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    upstream.on('GET /jshERP-boot/plugin/checkByPluginId', json(200, { code: 200, data: false }));
    const app = await buildTestApp({ upstreamUrl: upstream.url });
    t.teardown(() => app.close());
    const res = await app.inject({ url: '/jshERP-boot/plugin/checkByPluginId?pluginIds=workflow' });
    t.same([res.statusCode, res.json()], [200, { code: 200, data: false }]);
    for (const path of [
      '/jshERP-boot/plugin/checkbypluginid',
      '/jshERP-boot/plugin/checkByPluginId/x',
      '/jshERP-boot/plugin/checkByPluginIdX',
      '/jshERP-boot/plugin/list',
    ]) {
      t.equal((await app.inject({ url: path })).statusCode, 403, path);
    }
    t.equal(upstream.count(), 1, 'only the check reached the upstream');
  },
);

/** Sends a request line exactly as given over a raw socket (even http.request refuses some of these bytes). */
function rawRequest(
  base: string,
  method: string,
  path: string,
  body = '',
): Promise<{ status: number | null; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const done = (): void => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      resolve({ status: status ? Number(status[1]) : null, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.write(
      Buffer.from(
        `${method} ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        'latin1',
      ),
    );
  });
}

t.test(
  'escape and dot-segment spellings of denied paths are refused before the backend (found on loopback)',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    const { app, url } = await listenTestApp({ upstreamUrl: upstream.url });
    t.teardown(() => app.close());
    const attacks: Array<[string, string]> = [
      ['GET', '/%6ashERP-boot/plugin/list'],
      ['GET', '/jshERP-boot/./plugin/list'],
      ['GET', '/jshERP-boot/%70lugin/list'],
      ['POST', '/jshERP-boot/./plugin/uploadInstallPluginJar'],
      ['GET', '/%6ashERP-boot/v2/api-docs'],
      ['GET', '/%6ashERP-boot/user/getAllList;.ico'],
      ['GET', '/jshERP-boot/plugin/./list'],
      ['GET', '/jshERP-boot/user/../plugin/list'],
      ['GET', '/jshERP-boot/plugin#/list'],
    ];
    for (const [method, path] of attacks) {
      const res = await rawRequest(url, method, path, method === 'POST' ? 'PK\u0003\u0004jar' : '');
      t.ok(res.status === 400 || res.status === 403, `${method} ${path} → ${res.status}`);
      t.ok(isErrorEnvelope(JSON.parse(res.body)), `${method} ${path}: the envelope`);
    }
    t.same(
      upstream.requests.map((r) => `${r.method} ${r.url}`),
      [],
      'none reached the backend',
    );
  },
);

/** A seeded PRNG (mulberry32): the same spellings every run; SEED=n varies them. */
function prng(seed: number): { next(): number; int(n: number): number; pick<T>(items: readonly T[]): T } {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (items) => items[Math.floor(next() * items.length)]! };
}

const hex = (c: string, upper: boolean): string => {
  const code = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? code.toUpperCase() : code}`;
};

/**
 * Spellings a lax decoder (router, URL parser, Tomcat, Spring) reads as the same path: escapes of any character,
 * double escapes, dot and traversal segments, empty segments, backslashes, matrix parameters, overlong UTF-8,
 * controls, fragments. Each spelling differs from the path it was made from.
 */
function spell(path: string, random: ReturnType<typeof prng>): string {
  let out = path;
  const slashes = (): number[] => [...out].flatMap((c, i) => (c === '/' ? [i] : []));
  const at = (positions: number[]): number => positions[random.int(positions.length)]!;
  const mutations: Array<() => void> = [
    () => {
      const letters = [...out].flatMap((c, i) => (/[A-Za-z0-9._~-]/.test(c) ? [i] : []));
      const i = at(letters);
      out = out.slice(0, i) + hex(out[i]!, random.next() < 0.5) + out.slice(i + 1);
    },
    () => {
      const letters = [...out].flatMap((c, i) => (/[A-Za-z0-9]/.test(c) ? [i] : []));
      const i = at(letters);
      out = `${out.slice(0, i)}%25${hex(out[i]!, false).slice(1)}${out.slice(i + 1)}`;
    },
    () => {
      const i = at(slashes());
      out = `${out.slice(0, i)}${random.pick(['/.', '/%2e', '/%2E', '/.%2e/..', '/x/..', '/x/%2e%2e', '/a.ico/..', '/x/..;'])}${out.slice(i)}`;
    },
    () => {
      const i = at(slashes());
      out = `${out.slice(0, i)}${random.pick(['//', '\\', '%2f', '%2F', '%5c', '%5C', '/;/', '%c0%af', '/%c0%ae/'])}${out.slice(i + 1)}`;
    },
    () => {
      const ends = [...slashes().slice(1), out.length];
      const i = at(ends);
      out = `${out.slice(0, i)}${random.pick([';', ';jsessionid=1', ';.ico', '%3b', '%3B.ico', '%00', '%09', '%0a', '%7f', '#', '%23', '%3f'])}${out.slice(i)}`;
    },
    () => {
      out += random.pick(['/.', '/..', '/%2e', '/;', '%20/..']);
    },
  ];
  const times = 1 + random.int(3);
  for (let n = 0; n < times; n++) random.pick(mutations)();
  return out === path ? `${path}/.` : out;
}

const deniedTargets = [
  '/jshERP-boot/plugin/list',
  '/jshERP-boot/plugin/uploadInstallPluginJar',
  '/jshERP-boot/v2/api-docs',
  '/jshERP-boot/doc.html',
  '/jshERP-boot/swagger-resources',
  '/jshERP-boot/webjars/springfox-swagger-ui/springfox.js',
];

t.test('property: generated spellings of the denied paths never reach a counting upstream', async (t) => {
  const seed = Number(process.env.SEED ?? 0x9a7d);
  t.comment(`seed ${seed}`);
  const random = prng(seed);
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const { app, url } = await listenTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());

  const spellings = new Set<string>();
  while (spellings.size < 600)
    spellings.add(spell(random.pick([...deniedTargets, '/jshERP-boot/user/getAllList;.ico']), random));
  const unjudged = [...spellings].filter((path) => {
    const q = path.indexOf('?');
    return (
      judgePath(q === -1 ? path : path.slice(0, q), { allowBackendDocs: false, allowPluginAdmin: false }).verdict ===
      'ok'
    );
  });
  t.same(unjudged, [], 'every spelling is refused or denied by the judgement itself');

  const answered: string[] = [];
  const list = [...spellings];
  for (let i = 0; i < list.length; i += 25) {
    await Promise.all(
      list.slice(i, i + 25).map(async (path) => {
        const method = random.pick(['GET', 'POST', 'HEAD', 'DELETE']);
        const res = await rawRequest(url, method, path, method === 'POST' ? 'x' : '');
        if (res.status !== 400 && res.status !== 403) answered.push(`${method} ${path} → ${res.status}`);
      }),
    );
  }
  t.same(answered, [], 'every spelling got 400 or 403');
  t.same(
    upstream.requests.map((r) => `${r.method} ${r.url}`),
    [],
    'none reached the upstream',
  );

  // The upstream does count: the canonical ordinary path reaches it.
  t.equal((await rawRequest(url, 'GET', '/jshERP-boot/user/getAllList')).status, 404);
  t.equal(upstream.count(), 1);
});

t.test(
  'legitimate client paths pass unchanged: encoded Chinese, %20 and encoded + in the query, UTF-8 in the path',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    const { app, url } = await listenTestApp({ upstreamUrl: upstream.url });
    t.teardown(() => app.close());
    const paths = [
      '/jshERP-boot/user/list?search=%7B%22userName%22%3A%22%E5%BC%A0%E4%B8%89%22%7D&currentPage=1&pageSize=10',
      '/jshERP-boot/material/list?search=%7B%22q%22%3A%22a%20b%2Bc%22%7D',
      '/jshERP-boot/depot/list?search=a+b&column=name%2Cid',
      '/jshERP-boot/material/findByName/%E7%89%A9%E6%96%99',
      '/jshERP-boot/systemConfig/static/upload/my%20file%2B1.pdf',
      '/jshERP-boot/user/list?search=..%2f..%2f;x',
      '/jshERP-boot/platformConfig/getPlatform/name',
    ];
    for (const path of paths) {
      const res = await rawRequest(url, 'GET', path);
      t.equal(res.status, 404, `${path} reached the upstream (its Spring 404)`);
    }
    t.same(
      upstream.requests.map((r) => r.url),
      paths,
      'each arrived byte for byte as sent',
    );
  },
);

t.test('canonicalPath: decoded when already canonical, null for every disguise', async (t) => {
  t.equal(
    canonicalPath('/jshERP-boot/material/findByName/%E7%89%A9%E6%96%99'),
    '/jshERP-boot/material/findByName/物料',
  );
  t.equal(canonicalPath('/jshERP-boot/x/a%20b%2Bc'), '/jshERP-boot/x/a b+c');
  t.equal(canonicalPath('/'), '/');
  for (const bad of [
    '/%6ashERP-boot/plugin/list',
    '/jshERP-boot/./plugin/list',
    '/jshERP-boot/plugin/.',
    '/jshERP-boot/..',
    '/jshERP-boot/x/%2e%2e/plugin',
    '/jshERP-boot//plugin',
    '/jshERP-boot\\plugin',
    '/jshERP-boot/plugin;x',
    '/jshERP-boot/plugin%3bx',
    '/jshERP-boot/plugin%2flist',
    '/jshERP-boot/%2570lugin',
    '/jshERP-boot/%',
    '/jshERP-boot/%zz',
    '/jshERP-boot/%c0%af',
    '/jshERP-boot/%ff',
    '/jshERP-boot/a%00',
    '/jshERP-boot/a\u0001',
    '/jshERP-boot/ü',
    '/jshERP-boot/a#b',
    '*',
    'http://example.com/jshERP-boot/plugin/list',
  ]) {
    t.equal(canonicalPath(bad), null, bad);
  }
});
