// The proxy: upstream answers pass through untouched; what the gateway detects gets the envelope.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import t from 'tap';
import WebSocket from 'ws';
import { isErrorEnvelope, GATEWAY_MESSAGES } from '../../../shared/error-envelope.js';
import { UPLOAD_FRAMING_BYTES } from '../../../server/lib/upload-body-limit.js';
import { buildTestApp, captureLogs, listenTestApp } from '../../support/stack.js';
import {
  startFakeUpstream,
  refusedUrl,
  loginOut,
  emptyServerError,
  json,
  html,
  hang,
  delay,
  reset,
} from '../../support/fake-upstream.js';

t.test('the backend 500 loginOut reaches the client byte for byte', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/user/getUserSession', loginOut());
  upstream.on('GET /jshERP-boot/user/logout', emptyServerError());
  const { app, url } = await listenTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());

  const expired = await fetch(`${url}/jshERP-boot/user/getUserSession`);
  t.equal(expired.status, 500);
  t.same(Buffer.from(await expired.arrayBuffer()), Buffer.from('loginOut'));
  t.equal(expired.headers.get('content-type'), null, 'no content type added');
  t.equal(expired.headers.get('cache-control'), 'no-store');

  const empty = await fetch(`${url}/jshERP-boot/user/logout`);
  t.equal(empty.status, 500);
  t.equal((await empty.arrayBuffer()).byteLength, 0, 'the empty-body 500 stays empty');
});

t.test('JSON answers, status codes, query strings and request bodies pass through', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const body = '{"code":200,"data":{"rows":[{"id":1,"name":"仓库"}],"total":1}}';
  upstream.on('GET /jshERP-boot/depot/list', json(200, body, { 'x-backend': 'yes' }));
  upstream.on('POST /jshERP-boot/depot/add', (req, res, received) => {
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify({ echo: received.toString('utf8'), type: req.headers['content-type'] }));
  });
  upstream.on('GET /jshERP-boot/busy', json(503, { code: 503 }));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());

  const list = await app.inject({ url: '/jshERP-boot/depot/list?search=%7B%22name%22%3A%22a%22%7D&currentPage=1' });
  t.equal(list.statusCode, 200);
  t.equal(list.body, body);
  t.equal(list.headers['x-backend'], 'yes', 'upstream headers kept');
  t.equal(list.headers['content-type'], 'application/json;charset=UTF-8');
  t.equal(upstream.requests.at(-1)?.url, '/jshERP-boot/depot/list?search=%7B%22name%22%3A%22a%22%7D&currentPage=1');

  const sent = '{"name":"新仓库","sort":"1"}';
  const add = await app.inject({
    method: 'POST',
    url: '/jshERP-boot/depot/add',
    headers: { 'content-type': 'application/json' },
    payload: sent,
  });
  t.same(JSON.parse(add.body), { echo: sent, type: 'application/json' }, 'body forwarded unchanged');

  const busy = await app.inject({ url: '/jshERP-boot/busy' });
  t.equal(busy.statusCode, 503, "the backend's own 503 passes through");
  t.equal(upstream.count('/jshERP-boot/busy'), 1, 'and is not retried on the client’s behalf');
});

t.test('upstream refused → 502 envelope, also for rapid requests (http-proxy #460)', async (t) => {
  const { app, url } = await listenTestApp({ upstreamUrl: await refusedUrl() });
  t.teardown(() => app.close());

  const first = await fetch(`${url}/jshERP-boot/user/getUserSession`);
  t.equal(first.status, 502, 'refused is reported at once: a 502, not the 504 of a wait for UPSTREAM_TIMEOUT_MS');
  const body: unknown = await first.json();
  t.ok(isErrorEnvelope(body));
  t.same(body, {
    code: 502,
    data: { message: GATEWAY_MESSAGES.upstreamUnreachable },
    requestId: first.headers.get('x-request-id'),
  });

  const burst = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      fetch(`${url}/jshERP-boot/material/list?i=${i}`, {
        method: i % 2 ? 'GET' : 'POST',
        body: i % 2 ? undefined : '{}',
      }),
    ),
  );
  t.same(
    burst.map((r) => r.status),
    burst.map(() => 502),
  );
  await Promise.all(burst.map((r) => r.arrayBuffer()));
  const after = await fetch(`${url}/healthz`);
  t.equal(after.status, 200, 'the process is still alive');
});

t.test('upstream slower than UPSTREAM_TIMEOUT_MS → 504 envelope', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/report/slow', hang());
  upstream.on('GET /jshERP-boot/report/ok', delay(50, json(200, { code: 200 })));
  const app = await buildTestApp({ upstreamUrl: upstream.url, upstreamTimeoutMs: 300 });
  t.teardown(() => app.close());

  const slow = await app.inject({ url: '/jshERP-boot/report/slow' });
  t.equal(slow.statusCode, 504);
  t.same(slow.json(), {
    code: 504,
    data: { message: GATEWAY_MESSAGES.upstreamTimeout },
    requestId: slow.headers['x-request-id'],
  });

  const ok = await app.inject({ url: '/jshERP-boot/report/ok' });
  t.equal(ok.statusCode, 200, 'a call within the timeout is answered');
});

t.test('connection reset by the upstream → 502 envelope', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/crash', reset());
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  const res = await app.inject({ url: '/jshERP-boot/crash' });
  t.equal(res.statusCode, 502);
  t.equal(res.json().data.message, GATEWAY_MESSAGES.upstreamUnreachable);
});

t.test('an HTML error page from the upstream server becomes the envelope with the same status', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/a', html(502, '<html><body>Bad Gateway</body></html>'));
  upstream.on('GET /jshERP-boot/b', html(404));
  upstream.on('GET /jshERP-boot/ok-html', html(200, '<p>fine</p>'));
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());

  const a = await app.inject({ url: '/jshERP-boot/a' });
  t.equal(a.statusCode, 502);
  t.match(a.headers['content-type'], /^application\/json/);
  t.same(a.json(), {
    code: 502,
    data: { message: GATEWAY_MESSAGES.upstreamError },
    requestId: a.headers['x-request-id'],
  });
  const b = await app.inject({ url: '/jshERP-boot/b' });
  t.equal(b.statusCode, 404);
  t.equal(b.json().data.message, GATEWAY_MESSAGES.notFound);
  const ok = await app.inject({ url: '/jshERP-boot/ok-html' });
  t.equal(ok.body, '<p>fine</p>', 'a successful HTML answer is not touched');
});

t.test('X-Forwarded-* and X-Request-Id: client values overwritten unless the hop is trusted', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/x', json(200, { code: 200 }, { 'x-request-id': 'backend-chosen' }));

  const edge = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => edge.close());
  const spoofed = await edge.inject({
    url: '/jshERP-boot/x',
    headers: {
      host: 'erp.example.com',
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      'x-request-id': 'client-chosen',
    },
    remoteAddress: '10.0.0.7',
  });
  const seen = upstream.requests.at(-1)!.headers;
  t.equal(seen['x-forwarded-for'], '10.0.0.7');
  t.equal(seen['x-real-ip'], '10.0.0.7');
  t.equal(seen['x-forwarded-proto'], 'http');
  t.equal(seen['x-forwarded-host'], 'erp.example.com');
  t.not(seen['x-request-id'], 'client-chosen');
  t.equal(seen['x-request-id'], spoofed.headers['x-request-id'], 'the id sent upstream is the one echoed');
  t.not(spoofed.headers['x-request-id'], 'backend-chosen', "the backend's own id does not replace the gateway's");

  const behindProxy = await buildTestApp(
    {},
    { env: { UPSTREAM_URL: upstream.url, TRUSTED_PROXIES: '10.0.0.2,10.9.0.0/16' } },
  );
  t.teardown(() => behindProxy.close());
  const forwarded = await behindProxy.inject({
    url: '/jshERP-boot/x',
    headers: {
      host: 'gateway:3000',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'erp.example.com',
      'x-request-id': 'lb-1234',
    },
    remoteAddress: '10.0.0.2',
  });
  const trusted = upstream.requests.at(-1)!.headers;
  // One address, the resolved one, in both: jshERP-boot logs and keys `<X-Real-IP>/<first X-Forwarded-For>` when
  // they differ (Tools.getLocalIp), so the chain would let a browser write its logged address.
  t.equal(trusted['x-forwarded-for'], '203.0.113.9');
  t.equal(trusted['x-real-ip'], '203.0.113.9');
  await behindProxy.inject({
    url: '/jshERP-boot/x',
    // A browser that sends its own X-Forwarded-For: the proxy appends the address it saw.
    headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' },
    remoteAddress: '10.0.0.2',
  });
  const chained = upstream.requests.at(-1)!.headers;
  t.equal(chained['x-forwarded-for'], '203.0.113.9', 'what the browser wrote is not passed on');
  t.equal(chained['x-real-ip'], '203.0.113.9');
  t.equal(trusted['x-forwarded-proto'], 'https');
  t.equal(trusted['x-forwarded-host'], 'erp.example.com');
  t.equal(trusted['x-request-id'], 'lb-1234');
  t.equal(forwarded.headers['x-request-id'], 'lb-1234');

  // Another private peer, not on TRUSTED_PROXIES, is a client: what it claims is not believed.
  for (const peer of ['10.0.0.3', '192.168.1.20', '127.0.0.1']) {
    await behindProxy.inject({
      url: '/jshERP-boot/x',
      headers: {
        host: 'gateway:3000',
        'x-forwarded-for': '198.51.100.7',
        'x-forwarded-proto': 'https',
        'x-request-id': 'spoof-1',
      },
      remoteAddress: peer,
    });
    const seen = upstream.requests.at(-1)!.headers;
    t.equal(seen['x-forwarded-for'], peer, `${peer}: X-Forwarded-For ignored`);
    t.equal(seen['x-real-ip'], peer, `${peer}: the peer is the client`);
    t.equal(seen['x-forwarded-proto'], 'http', `${peer}: X-Forwarded-Proto ignored`);
    t.not(seen['x-request-id'], 'spoof-1', `${peer}: its request id not kept`);
  }
  await behindProxy.inject({
    url: '/jshERP-boot/x',
    headers: { 'x-forwarded-for': '198.51.100.8' },
    remoteAddress: '10.9.4.4',
  });
  t.equal(upstream.requests.at(-1)!.headers['x-real-ip'], '198.51.100.8', 'a peer in a listed CIDR is a proxy');
});

t.test(
  'body limit: declared and streamed bodies over BODY_LIMIT_BYTES get 413 and never reach the upstream whole',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    upstream.on('POST /jshERP-boot/depot/add', json(200, { code: 200 }));
    const limit = 64 * 1024;
    const { app, url } = await listenTestApp({ upstreamUrl: upstream.url, bodyLimitBytes: limit });
    t.teardown(() => app.close());

    const declared = await fetch(`${url}/jshERP-boot/depot/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(limit + 1, 1),
    });
    t.equal(declared.status, 413);
    t.same(await declared.json(), {
      code: 413,
      data: { message: GATEWAY_MESSAGES.payloadTooLarge },
      requestId: declared.headers.get('x-request-id'),
    });
    t.equal(upstream.count('/jshERP-boot/depot/add'), 0, 'a declared oversize body is refused before the upstream');

    // Chunked: no content-length, so the gateway counts while streaming.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${url}/jshERP-boot/depot/add`,
        { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const piece = Buffer.alloc(8 * 1024, 2);
      const pump = (): void => {
        while (sent <= limit * 2) {
          sent += piece.length;
          if (!req.write(piece)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });
    t.equal(chunked.status, 413);
    t.equal(JSON.parse(chunked.body).data.message, GATEWAY_MESSAGES.payloadTooLarge);
    for (const r of upstream.requests) t.ok(r.body.length <= limit, 'the upstream never received more than the limit');

    const small = await fetch(`${url}/jshERP-boot/depot/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(limit - 1, 1),
    });
    t.equal(small.status, 200, 'a body under the limit passes');
    t.equal(upstream.requests.at(-1)?.body.length, limit - 1);
  },
);

t.test(
  'an upload whose file is right at BODY_LIMIT_BYTES passes with its multipart framing; more does not',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    upstream.on('POST /jshERP-boot/systemConfig/upload', json(200, { code: 200, data: 'bill/63/a_1.pdf' }));
    upstream.on('POST /jshERP-boot/depot/add', json(200, { code: 200 }));
    const limit = 64 * 1024;
    const app = await buildTestApp({ upstreamUrl: upstream.url, bodyLimitBytes: limit });
    t.teardown(() => app.close());
    const boundary = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
    const framed = (file: Buffer, name: string): Buffer =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        file,
        Buffer.from(
          `\r\n--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nbill\r\n--${boundary}--\r\n`,
        ),
      ]);
    const post = (url: string, payload: Buffer) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });

    // The client lets a file of exactly the limit through (its check is the file's size): the gateway must too.
    const atLimit = framed(Buffer.alloc(limit, 1), `${'季度报告'.repeat(50)}.pdf`);
    t.ok(atLimit.length > limit, 'the framing makes the body larger than the file');
    const passed = await post('/jshERP-boot/systemConfig/upload?biz=bill', atLimit);
    t.equal(passed.statusCode, 200, 'a file right at the limit reaches the backend');
    t.equal(upstream.requests.at(-1)?.body.length, atLimit.length, 'whole');

    const beyond = await post('/jshERP-boot/systemConfig/upload', Buffer.alloc(limit + UPLOAD_FRAMING_BYTES + 1, 1));
    t.equal(beyond.statusCode, 413, 'the framing allowance is all the extra an upload gets');
    const elsewhere = await post('/jshERP-boot/depot/add', Buffer.alloc(limit + 1, 1));
    t.equal(elsewhere.statusCode, 413, 'other paths keep BODY_LIMIT_BYTES');
  },
);

t.test('hop-by-hop headers from the upstream are not forwarded; keep-alive to the client survives', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on('GET /jshERP-boot/x', json(200, { code: 200 }, { connection: 'close', 'keep-alive': 'timeout=1' }));
  const { app, url } = await listenTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  const res = await fetch(`${url}/jshERP-boot/x`);
  t.equal(res.status, 200);
  t.not(res.headers.get('connection'), 'close');
  t.not(res.headers.get('keep-alive'), 'timeout=1');
});

t.test('the proxy never accepts a websocket upgrade', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());
  const res = await app.inject({
    url: '/jshERP-boot/msg/anything',
    headers: {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    },
  });
  t.equal(res.statusCode, 400);
  t.ok(isErrorEnvelope(res.json()));
  t.equal(upstream.count(), 0);
  t.equal(upstream.upgrades.length, 0);
});

t.test(
  'with the notices socket registered: its route wins, every other upgrade is refused, none is proxied',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    const { app, url } = await listenTestApp({ upstreamUrl: upstream.url });
    t.teardown(() => app.close());
    const wsBase = url.replace(/^http/, 'ws');

    const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const ws = new WebSocket(`${wsBase}/jshERP-boot/msg/anything`);
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      ws.on('open', () => reject(new Error('a proxied path accepted an upgrade')));
      ws.on('error', () => undefined);
      setTimeout(() => reject(new Error('no answer to the upgrade within 10 s')), 10_000).unref();
    });
    t.equal(refused.status, 400);
    t.equal(JSON.parse(refused.body).data.message, GATEWAY_MESSAGES.badRequest);

    // The notices route answers the socket path itself: without a session it closes with 4401.
    const closed = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${wsBase}/jshERP-boot/websocket/63`);
      ws.on('close', (code) => resolve(code));
      ws.on('error', () => undefined);
      setTimeout(() => resolve(-1), 10_000).unref();
    });
    t.equal(closed, 4401, 'served by the gateway’s notices route, not the proxy');
    t.equal(upstream.upgrades.length, 0, 'no upgrade reached the upstream');
    t.equal(upstream.count('/jshERP-boot/msg/anything'), 0);
    t.equal(upstream.count('/jshERP-boot/websocket/63'), 0);
  },
);

t.test('a GET whose socket the backend closed before answering is retried once; writes never are', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  // The first request on each path finds its socket closed (as when the backend's idle keep-alive
  // timeout races a reuse); later ones are answered.
  const seen = new Set<string>();
  const closeFirst: Parameters<typeof upstream.on>[1] = (req, res) => {
    const key = `${req.method} ${req.url}`;
    if (!seen.has(key)) {
      seen.add(key);
      req.socket.destroy();
      return;
    }
    json(200, { code: 200 })(req, res, Buffer.alloc(0));
  };
  upstream.on('GET /jshERP-boot/depot/list', closeFirst);
  upstream.on('POST /jshERP-boot/depot/add', closeFirst);
  const app = await buildTestApp({ upstreamUrl: upstream.url });
  t.teardown(() => app.close());

  const read = await app.inject({ url: '/jshERP-boot/depot/list' });
  t.equal(read.statusCode, 200, 'the retry answered');
  t.equal(upstream.count('/jshERP-boot/depot/list'), 2, 'exactly one retry');

  const write = await app.inject({
    method: 'POST',
    url: '/jshERP-boot/depot/add',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  t.equal(write.statusCode, 502, 'a write is never replayed');
  t.equal(upstream.count('/jshERP-boot/depot/add'), 1);
});

/** A backend stand-in that counts requests as their headers arrive (before any body), for the pool tests. */
async function startHeadCountingUpstream(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  let started = 0;
  const server = createServer((req, res) => {
    started++;
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    started: () => started,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls a condition every 20 ms; fails with `what` after `limitMs` (a bound on a hang, not a speed target). */
async function until(what: string, condition: () => boolean, limitMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > limitMs) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function openRaw(url: string, head: string): Socket {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(head);
  return socket;
}

t.test(
  'abandoned partial streamed bodies (more than the pool holds) are cancelled upstream; the API keeps answering',
  async (t) => {
    const upstream = await startHeadCountingUpstream((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"code":200}');
      });
    });
    t.teardown(() => upstream.close());
    const logs = captureLogs();
    const poolSize = 8;
    const { app, url } = await listenTestApp(
      // Every body streamed from its first byte (as those over BODY_BUFFER_BYTES are), and no cap per address.
      {
        upstreamUrl: upstream.url,
        upstreamConnections: poolSize,
        logLevel: 'info',
        bodyBufferBytes: 0,
        bodyMaxPerAddress: 1000,
      },
      { logStream: logs.stream },
    );
    t.teardown(() => app.close());

    // More than the pool holds, and more than the 128 connections of the pool before it was configurable.
    const abandoned = Array.from({ length: 130 }, () =>
      openRaw(
        url,
        'POST /jshERP-boot/material/add HTTP/1.1\r\nHost: erp\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      ),
    );
    await until('the backend holds a full pool of half-sent requests', () => upstream.started() >= poolSize);
    for (const socket of abandoned) socket.destroy();

    const answer = await fetch(`${url}/jshERP-boot/depot/list`, { signal: AbortSignal.timeout(10_000) });
    t.equal(answer.status, 200, 'a normal request still answers');
    await until(
      'no connection held by an abandoned body, nothing waiting',
      () =>
        app.upstreamPool.inFlight() === 0 &&
        app.upstreamPool.stats().running === 0 &&
        app.upstreamPool.stats().pending === 0,
    );
    t.pass('the pool holds no connection');
    await until(
      'a line per abandoned request',
      () => logs.lines().filter((l) => l.msg === 'request aborted').length >= abandoned.length,
    );
    const aborted = logs.lines().filter((l) => l.msg === 'request aborted');
    t.ok(
      aborted.every(
        (l) => l.method === 'POST' && l.path === '/jshERP-boot/material/add' && typeof l.reason === 'string',
      ),
      'method, path and reason',
    );
  },
);

t.test('a request body that stalls gets 408 and frees its backend connection', async (t) => {
  const upstream = await startHeadCountingUpstream((req, res) => {
    req.resume();
    req.on('end', () => res.end('{"code":200}'));
  });
  t.teardown(() => upstream.close());
  const { app, url } = await listenTestApp({ upstreamUrl: upstream.url, bodyStallTimeoutMs: 300 });
  t.teardown(() => app.close());
  const socket = openRaw(url, 'POST /jshERP-boot/material/add HTTP/1.1\r\nHost: erp\r\nContent-Length: 1000\r\n\r\n{');
  const text = await new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (received.includes('}}') || received.includes('"requestId"')) resolve(received);
    });
    socket.on('close', () => resolve(received));
    // A bound on a hang (the answer comes after bodyStallTimeoutMs), not a speed target.
    socket.setTimeout(10_000, () => resolve(received));
  });
  socket.destroy();
  t.match(text, /^HTTP\/1\.1 408 /, '408');
  const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { data: { message: string } };
  t.equal(body.data.message, GATEWAY_MESSAGES.requestTimeout);
  await until(
    'the stalled call left the pool',
    () => app.upstreamPool.inFlight() === 0 && app.upstreamPool.stats().running === 0,
  );
  t.pass('no connection is held by the stalled body');
});

t.test(
  'a call queued behind an exhausted pool gets 504 at UPSTREAM_TIMEOUT_MS; readyz and the access log say why',
  async (t) => {
    // The one connection streams an endless answer (headers sent, a byte every 50 ms), so it is never free.
    const upstream = await startHeadCountingUpstream((req, res) => {
      req.resume();
      if (req.url?.startsWith('/jshERP-boot/stream')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('.'), 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"code":200}');
    });
    t.teardown(() => upstream.close());
    const logs = captureLogs();
    const { app, url } = await listenTestApp(
      { upstreamUrl: upstream.url, upstreamConnections: 1, upstreamTimeoutMs: 500, logLevel: 'info' },
      { logStream: logs.stream },
    );
    t.teardown(() => app.close());

    const streaming = new AbortController();
    const stream = await fetch(`${url}/jshERP-boot/stream`, { signal: streaming.signal });
    t.equal(stream.status, 200);
    const ready = await fetch(`${url}/readyz`);
    t.equal(ready.status, 503, 'readyz: not ready while every backend connection is taken');
    t.equal(((await ready.json()) as { data: { message: string } }).data.message, GATEWAY_MESSAGES.overloaded);

    const queued = await fetch(`${url}/jshERP-boot/depot/list`, { signal: AbortSignal.timeout(10_000) });
    t.equal(queued.status, 504, 'the queued call is answered, not left waiting');
    t.equal(((await queued.json()) as { data: { message: string } }).data.message, GATEWAY_MESSAGES.upstreamTimeout);
    const line = logs.lines().find((l) => l.msg === 'request completed' && l.path === '/jshERP-boot/depot/list');
    t.equal(line?.upstreamPoolExhausted, true, 'its access line says the pool was exhausted');
    t.ok(
      logs.lines().some((l) => l.msg === 'upstream pool exhausted: calls wait for a backend connection'),
      'and a warning says so',
    );

    streaming.abort();
    await until('the client that left released its connection', () => app.upstreamPool.inFlight() === 0);
    const again = await fetch(`${url}/jshERP-boot/depot/list`);
    t.equal(again.status, 200, 'the pool serves again');
    t.equal((await fetch(`${url}/readyz`)).status, 200, 'and readyz says ready again');
  },
);

t.test(
  'hop-by-hop and expectation headers are not proxied: no 502 for Expect, Keep-Alive, a bare Upgrade, TE',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    upstream.on('GET /jshERP-boot/depot/list', json(200, { code: 200 }));
    upstream.on('POST /jshERP-boot/systemConfig/upload', (_req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: body.length }));
    });
    const logs = captureLogs();
    const { app, url } = await listenTestApp(
      { upstreamUrl: upstream.url, logLevel: 'info' },
      { logStream: logs.stream },
    );
    t.teardown(() => app.close());

    const headers: Array<Record<string, string>> = [
      { 'keep-alive': '300' },
      { upgrade: 'h2c' },
      { 'proxy-connection': 'keep-alive' },
      { te: 'gzip' },
      { connection: 'x-private', 'x-private': 'secret-hop' },
    ];
    for (const extra of headers) {
      const res = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${url}/jshERP-boot/depot/list`, { headers: extra }, (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      t.equal(res, 200, JSON.stringify(extra));
      const seen = upstream.requests.at(-1)!.headers;
      for (const name of Object.keys(extra))
        t.not(seen[name], extra[name], `${name}: ${extra[name]} not sent upstream`);
    }

    // Expect: 100-continue (curl adds it to uploads over 1 MiB): the client hears 100 Continue, then the body proxies.
    const payload = Buffer.alloc(2 * 1024 * 1024, 7);
    const upload = await new Promise<{ continued: boolean; status: number; body: string }>((resolve, reject) => {
      let continued = false;
      const req = httpRequest(
        `${url}/jshERP-boot/systemConfig/upload`,
        {
          method: 'POST',
          headers: {
            expect: '100-continue',
            'content-type': 'application/octet-stream',
            'content-length': payload.length,
          },
        },
        (answer) => {
          let text = '';
          answer.on('data', (c: Buffer) => (text += c.toString()));
          answer.on('end', () => resolve({ continued, status: answer.statusCode ?? 0, body: text }));
        },
      );
      req.on('continue', () => {
        continued = true;
        req.end(payload);
      });
      req.on('error', reject);
    });
    t.ok(upload.continued, 'the client got 100 Continue');
    t.equal(upload.status, 200);
    t.same(JSON.parse(upload.body), { received: payload.length }, 'the whole body reached the backend');
    t.equal(upstream.requests.at(-1)!.headers.expect, undefined, 'no Expect sent upstream');
    t.notOk(
      logs.lines().some((l) => l.msg === 'upstream unreachable'),
      'no false "upstream unreachable" warning',
    );

    // Over the limit: no 100 Continue, the 413 envelope at once, and the body never has to be sent.
    const oversize = await new Promise<{ continued: boolean; status: number; body: string }>((resolve, reject) => {
      let continued = false;
      const req = httpRequest(
        `${url}/jshERP-boot/systemConfig/upload`,
        {
          method: 'POST',
          headers: {
            expect: '100-continue',
            'content-type': 'application/octet-stream',
            'content-length': 20 * 1024 * 1024,
          },
        },
        (answer) => {
          let text = '';
          answer.on('data', (c: Buffer) => (text += c.toString()));
          answer.on('end', () => resolve({ continued, status: answer.statusCode ?? 0, body: text }));
        },
      );
      req.on('continue', () => (continued = true));
      req.on('error', reject);
    });
    t.notOk(oversize.continued, 'no 100 Continue for a body over the limit');
    t.equal(oversize.status, 413);
    t.equal(JSON.parse(oversize.body).data.message, GATEWAY_MESSAGES.payloadTooLarge);
  },
);

t.test(
  'the body clock stops once the body has arrived: a slow backend answer after a whole upload is not a stall',
  async (t) => {
    const upstream = await startFakeUpstream();
    t.teardown(() => upstream.close());
    upstream.on('POST /jshERP-boot/systemConfig/upload', delay(600, json(200, { code: 200 })));
    upstream.on('POST /jshERP-boot/systemConfig/uploadAndFail', delay(600, reset()));
    const { app, url } = await listenTestApp({ upstreamUrl: upstream.url, bodyStallTimeoutMs: 200 });
    t.teardown(() => app.close());
    const res = await fetch(`${url}/jshERP-boot/systemConfig/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(256 * 1024, 3),
    });
    t.equal(res.status, 200, 'the backend answer, not 408');
    const failed = await fetch(`${url}/jshERP-boot/systemConfig/uploadAndFail`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(256 * 1024, 3),
    });
    t.equal(failed.status, 502, 'a backend failing late is reported as such, not as a stalled body');
  },
);
