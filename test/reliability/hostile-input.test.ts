// Hostile input: a few thousand generated requests from a seeded PRNG (SEED=n to reproduce or vary): encoded and
// traversing paths, oversized and malformed headers, bad JSON, hostile Host values, websocket upgrades with bad ids
// and malformed frames. Zero crashes, no 5xx from the gateway itself except its envelope, no traversal reaching the
// upstream, no file outside the bundle served, heap back near its start afterwards.
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import t from 'tap';
import { SESSION_COOKIE } from '../../shared/notices.js';
import { startScriptedUpstream, startGateway, CANARY_FILE, CANARY_TEXT } from './support.js';
import { exchange, prng, frame, readFrames, type RawAnswer } from './raw-http.js';

const seed = Number(process.env.SEED ?? 0x5eed);
t.comment(`seed ${seed}`);
const random = prng(seed);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const userId = 63;
const token = '0123456789abcdef0123456789abcdef_63';
const broadcastToken = 'hostile-suite-broadcast-token-9d8e7f';

const upstream = await startScriptedUpstream();
upstream.on('/jshERP-boot/user/getUserSession', (req, res) => {
  const live = req.headers['x-access-token'] === token;
  res.writeHead(live ? 200 : 500, live ? { 'content-type': 'application/json' } : {});
  res.end(live ? JSON.stringify({ code: 200, data: { user: { id: userId, loginName: 'jsh' } } }) : 'loginOut');
});
upstream.on('/jshERP-boot/msg/getMsgByStatus', (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"code":200,"data":[]}');
});
const gateway = await startGateway(upstream.url, { BROADCAST_TOKEN: broadcastToken, NOTICE_POLL_MS: '60000' });
t.teardown(async () => {
  await gateway.close();
  await upstream.stop();
});
const host = `127.0.0.1:${gateway.port}`;

/** Repeated decoding (double encoding included) and backslashes as slashes: what a lax backend might see. */
function decodedFully(path: string): string {
  let current = path;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (next === current) break;
    current = next;
  }
  return current.replace(/\\/g, '/');
}

/** A path that tries to climb out of, or smuggle segments past, a prefix match. */
function isTraversal(path: string): boolean {
  const decoded = decodedFully(path.split('?', 1)[0]!);
  return /(^|\/)\.\.(\/|;|$)|;|\/\//.test(decoded) || decoded.includes('..');
}

/** The path a lax backend would route: fully decoded, dot segments resolved. */
function routedPath(path: string): string {
  const decoded = decodedFully(path.split('?', 1)[0]!);
  try {
    return decodeURIComponent(new URL(decoded.replace(/[#?%]/g, '_'), 'http://backend').pathname);
  } catch {
    return decoded;
  }
}

/** Backend docs and plugin management: denied by the gateway however the path is spelled. */
function isDenied(path: string): boolean {
  return /^\/jshERP-boot\/+(?:plugin(?:\/|$)|doc\.html|v2\/api-docs|webjars|swagger)/i.test(routedPath(path));
}

interface Tally {
  requests: number;
  unmapped5xx: string[];
  canaryLeaks: string[];
  traversalAnswered: string[];
}
const tally: Tally = { requests: 0, unmapped5xx: [], canaryLeaks: [], traversalAnswered: [] };

function isEnvelope(answer: RawAnswer): boolean {
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as {
      code?: unknown;
      data?: { message?: unknown };
      requestId?: unknown;
    };
    return body.code === answer.status && typeof body.data?.message === 'string' && typeof body.requestId === 'string';
  } catch {
    return false;
  }
}

/** Every answer: a 5xx is the envelope (the scripted upstream never answers 5xx on these paths); no canary. */
function check(label: string, answer: RawAnswer) {
  tally.requests++;
  if (answer.status !== null && answer.status >= 500 && !isEnvelope(answer)) {
    tally.unmapped5xx.push(`${label} → ${answer.status} ${answer.body.toString('utf8').slice(0, 80)}`);
  }
  if (answer.body.includes(CANARY_TEXT) || answer.raw.includes(CANARY_TEXT)) tally.canaryLeaks.push(label);
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

const segments = [
  'user',
  'list',
  'login',
  'msg',
  'getMsgByStatus',
  'depot',
  'a.ico',
  'webjars',
  'swagger-ui',
  'plugin',
  'doc.html',
  'v2',
  'api-docs',
  'systemConfig',
  'static',
  'assets',
  CANARY_FILE,
  'index.html',
  'websocket',
  '63',
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '%2e',
  '.%2e',
  '%252e%252e',
  '..;',
  ';jsessionid=1',
  '..;1=1',
  '%3b',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '\\',
  '%25',
  '%00',
  '%0a',
  '%ff',
  '%c0%ae%c0%ae',
  '%u002e%u002e',
  '用户',
  '%E7%94%A8%E6%88%B7',
  'ü',
  '\u202e',
  '%20',
  '~',
  '*',
  'x'.repeat(300),
  // Escapes of ordinary letters and single dot segments: the router and the URL parser undo them.
  '%70lugin',
  'p%6cugin',
  'PLUGIN',
  'uploadInstallPluginJar',
  'getAllList;.ico',
  'getAllList%3b.ico',
  '%2E',
  './plugin',
  'plugin#',
  '%64oc.html',
  'v%32',
  '%61pi-docs',
];
const prefixes = [
  '/jshERP-boot/',
  '/jshERP-boot//',
  '/JSHERP-BOOT/',
  '/',
  '/assets/',
  '/jshERP-boot/webjars/swagger-ui/',
  '/jshERP-boot/user/a.ico/',
  '//jshERP-boot/',
  '/jshERP-boot/%2e%2e/',
  '/%6ashERP-boot/',
  '/%6A%73hERP-boot/',
  '/jshERP-boot/./',
  '/jshERP-boot/x/../',
  '/jsh%45RP-boot/',
  '/jshERP-boot/%2e/',
  '/jshERP-boot/plugin/./',
];

t.test('random paths with encodings and traversal', async (t) => {
  const paths: string[] = [];
  for (let i = 0; i < 1200; i++) {
    let path = random.pick(prefixes);
    const n = 1 + random.int(5);
    for (let s = 0; s < n; s++) path += (s ? '/' : '') + random.pick(segments);
    if (random.next() < 0.2) path += `?search=${random.pick(['%7B%7D', '{"a":1}', '..%2f', '%', '%zz', '&&&'])}`;
    paths.push(path);
  }
  // Known historical bypasses of the backend's filter, always included (jshERP #129/#130/#132, user/a.ico/../).
  paths.push(
    // Found on loopback against npm start: each reached the backend as the denied or bypassing path.
    '/%6ashERP-boot/plugin/list',
    '/jshERP-boot/./plugin/list',
    '/jshERP-boot/%70lugin/list',
    '/jshERP-boot/./plugin/uploadInstallPluginJar',
    '/%6ashERP-boot/v2/api-docs',
    '/%6ashERP-boot/user/getAllList;.ico',
    '/%6ashERP-boot/systemConfig/static/x.html',
    '/jshERP-boot/webjars/swagger-ui/css/..;1=1/..;1=1/..;1=1/account/findBySelect',
    '/jshERP-boot/user/a.ico/../getAllList',
    '/jshERP-boot/user/%2E%2E/%2E%2E/plugin/list',
    `/assets/..%2f..%2f${CANARY_FILE}`,
    `/assets/%2e%2e/%2e%2e/${CANARY_FILE}`,
    `/..%2f${CANARY_FILE}`,
    `/assets/..\\..\\${CANARY_FILE}`,
  );
  const seenBefore = upstream.seen.length;
  await inBatches(paths, 50, async (path) => {
    const method = random.pick(['GET', 'GET', 'GET', 'POST', 'DELETE', 'OPTIONS', 'HEAD']);
    const answer = await exchange(
      gateway.port,
      `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
    check(`${method} ${path}`, answer);
    if (
      routedPath(path).toLowerCase().startsWith('/jsherp-boot/') &&
      isTraversal(path) &&
      answer.status !== null &&
      answer.status < 400
    ) {
      tally.traversalAnswered.push(`${method} ${path} → ${answer.status}`);
    }
  });
  const reached = upstream.seen.slice(seenBefore).filter(isTraversal);
  t.same(reached, [], 'no traversal attempt reached the upstream');
  const disguised = upstream.seen
    .slice(seenBefore)
    .filter((seen) => routedPath(seen) !== decodeURIComponent(seen.split('?', 1)[0]!));
  t.same(disguised, [], 'every path that reached the upstream was already in its canonical form');
  t.same(upstream.seen.slice(seenBefore).filter(isDenied), [], 'no spelling of a denied path reached the upstream');
  t.same(tally.traversalAnswered, [], 'every API traversal attempt was refused');
  t.ok(upstream.seen.length > seenBefore, 'while ordinary paths did reach it (the check can see traffic)');
});

t.test('oversized and malformed headers over raw sockets', async (t) => {
  const requests: string[] = [
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(200_000)}\r\nConnection: close\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\nConnection: close\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nNoColonHere\r\nConnection: close\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nX-Bad: a\rb\r\nConnection: close\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nX-Fold: a\r\n  folded\r\nConnection: close\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nX-Nul: a\u0000b\r\nConnection: close\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nX Space: v\r\nConnection: close\r\n\r\n`,
    `POST /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\nContent-Length: 6\r\nConnection: close\r\n\r\nhello!`,
    `POST /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nContent-Length: -1\r\nConnection: close\r\n\r\n`,
    `POST /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 99999999999999999999\r\nConnection: close\r\n\r\n`,
    `POST /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 20000000\r\nConnection: close\r\n\r\n`,
    // Request smuggling (CL.TE and TE.CL): the hidden request must never reach the upstream.
    `POST /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 49\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /jshERP-boot/smuggled HTTP/1.1\r\nX: y\r\n\r\n`,
    `POST /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\nGET /jshERP-boot/smuggled HTTP/1.1\r\n\r\n`,
    `POST /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: xchunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    `POST /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nhello\r\n0\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/9.9\r\nHost: ${host}\r\n\r\n`,
    `GARBAGE\r\n\r\n`,
    `\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003`,
    `GET  /jshERP-boot/user/list  HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    `GET http://evil.example/jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nConnection: x-forwarded-for, x-request-id, keep-alive\r\nX-Forwarded-For: 10.0.0.1\r\n\r\n`,
    `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\nX-Access-Token: ${'t'.repeat(15_000)}\r\nConnection: close\r\n\r\n`,
  ];
  // Random byte noise in headers, generated from the seed.
  for (let i = 0; i < 300; i++) {
    const name = Array.from({ length: 1 + random.int(20) }, () => String.fromCharCode(33 + random.int(94))).join('');
    const value = Array.from({ length: random.int(200) }, () => String.fromCharCode(random.int(256))).join('');
    requests.push(
      `GET /jshERP-boot/user/list HTTP/1.1\r\nHost: ${host}\r\n${name}: ${value}\r\nConnection: close\r\n\r\n`,
    );
  }
  await inBatches(requests, 20, async (request) => {
    const answer = await exchange(gateway.port, Buffer.from(request, 'latin1'), 1_500);
    check(request.slice(0, 60).replace(/\r\n/g, '⏎'), answer);
  });
  t.notOk(
    upstream.seen.some((p) => p.includes('smuggled')),
    'no smuggled request reached the upstream',
  );
  t.notOk(
    upstream.seen.some((p) => p.startsWith('http')),
    'no absolute-form request was forwarded',
  );
});

t.test('bad JSON bodies', async (t) => {
  const bodies = [
    '{',
    '{"loginName":',
    'null',
    '[]',
    '"x"',
    '\u0000\u0001',
    '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
    '{"__proto__":{"x":1}}',
    '{"@type":"java.lang.Runtime"}',
  ];
  for (let i = 0; i < 200; i++)
    bodies.push(Array.from({ length: random.int(300) }, () => String.fromCharCode(random.int(256))).join(''));
  const targets = ['/jshERP-boot/user/login', '/jshERP-boot/msg/add', '/gateway/notices'];
  await inBatches(bodies, 20, async (body) => {
    const path = random.pick(targets);
    const auth =
      path === '/gateway/notices' && random.next() < 0.5 ? `Authorization: Bearer ${broadcastToken}\r\n` : '';
    const bytes = Buffer.from(body, 'latin1');
    const head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: ${random.pick(['application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded'])}\r\n${auth}Content-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`;
    const answer = await exchange(gateway.port, Buffer.concat([Buffer.from(head, 'latin1'), bytes]));
    check(`POST ${path} ${JSON.stringify(body.slice(0, 20))}`, answer);
    if (path === '/gateway/notices') {
      t.ok(
        answer.status !== null && answer.status >= 400 && answer.status < 500 && isEnvelope(answer),
        `broadcast with a bad body refused with a 4xx envelope (${answer.status})`,
      );
    }
  });
});

t.test('hostile Host values', async (t) => {
  const hosts = [
    '</script><script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "a'b",
    'a\\u003c',
    'evil.example',
    'evil.example:99999',
    '127.0.0.1:1@evil.example',
    '[::1]',
    '[::1',
    '..',
    '../../etc',
    'a'.repeat(5000),
    '',
    ' ',
    '%3Cscript%3E',
    'xn--80ak6aa92e.com',
    'ex\u00e4mple.com',
    '\u202eevil',
    'host\tname',
    'localhost:0',
    '0x7f000001',
  ];
  let pages = 0;
  for (let i = 0; i < 80; i++)
    hosts.push(Array.from({ length: 1 + random.int(60) }, () => String.fromCharCode(32 + random.int(95))).join(''));
  await inBatches(hosts, 20, async (hostile) => {
    for (const extra of ['', `X-Forwarded-Host: ${hostile}\r\n`]) {
      const hostHeader = extra ? host : hostile;
      const answer = await exchange(
        gateway.port,
        Buffer.from(`GET /user/login HTTP/1.1\r\nHost: ${hostHeader}\r\n${extra}Connection: close\r\n\r\n`, 'latin1'),
      );
      check(`Host ${JSON.stringify(hostile.slice(0, 40))}`, answer);
      t.ok(
        answer.status !== null && answer.status < 500,
        `Host ${JSON.stringify(hostile.slice(0, 30))}: answered below 500 (${answer.status})`,
      );
      const body = answer.body.toString('utf8');
      if (/[<>"']/.test(hostile) && body.includes(hostile))
        t.fail(`the raw hostile host appears in the page: ${hostile}`);
      if (answer.status === 200) {
        pages++;
        t.equal((body.match(/<\/script/gi) ?? []).length, 2, 'the page has exactly its own two script ends');
      }
    }
  });
  t.ok(pages > 40, `the page was served for ${pages} of them (the check above had pages to look at)`);
});

t.test('websocket upgrades with bad ids, and malformed or oversized frames', async (t) => {
  const upgrade = (path: string, cookie: string | null, extra = '') =>
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}${extra}\r\n`;
  const good = `${SESSION_COOKIE}=${token}`;
  const refused = (answer: RawAnswer) => {
    if (answer.status !== 101) return answer.status !== null && answer.status >= 400 && answer.status < 500;
    const frames = readFrames(answer.raw);
    return frames.length > 0 && frames.every((f) => f.opcode === 0x8) && frames[0]!.payload.readUInt16BE(0) >= 1008;
  };
  const badIds = [
    'abc',
    '-1',
    '0',
    '99999999999999999999999',
    '63%00',
    '%2e%2e',
    '..',
    '63;x',
    '63/../131',
    '131',
    '63?x=1',
    'ü',
    '%',
    '6 3',
    '',
  ];
  for (let i = 0; i < 60; i++)
    badIds.push(Array.from({ length: 1 + random.int(12) }, () => random.pick([...'0123456789abc%./;-_'])).join(''));
  await inBatches(badIds, 15, async (id) => {
    const cookie = random.pick([
      good,
      null,
      `${SESSION_COOKIE}=`,
      `${SESSION_COOKIE}=ffffffffffffffffffffffffffffffff_63`,
      `${SESSION_COOKIE}=${'x'.repeat(5000)}`,
    ]);
    // After a 101, done at the gateway's close frame (an HTTP refusal ends with the connection, read whole).
    const answer = await exchange(
      gateway.port,
      upgrade(`/jshERP-boot/websocket/${id}`, cookie),
      1_500,
      (all, _write, finish) => {
        const head = all.indexOf('\r\n\r\n');
        if (
          head !== -1 &&
          all.subarray(0, 12).includes('101') &&
          readFrames(all.subarray(head + 4)).some((f) => f.opcode === 0x8)
        )
          finish();
      },
    );
    check(`upgrade ${id}`, answer);
    if (id === '63' || (id === '63?x=1' && cookie === good)) return;
    t.ok(refused(answer), `upgrade for id ${JSON.stringify(id)} refused (${answer.status})`);
  });
  for (const extra of [
    'Sec-WebSocket-Version: 8\r\n',
    'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n',
  ]) {
    const answer = await exchange(gateway.port, upgrade(`/jshERP-boot/websocket/${userId}`, good, extra), 1_000);
    check(`upgrade with ${extra.trim()}`, answer);
  }

  // With a live session, the socket opens; then each malformed frame must make the gateway close that connection.
  const opened = await exchange(gateway.port, upgrade(`/jshERP-boot/websocket/${userId}`, good), 600);
  t.equal(opened.status, 101, 'a live session opens the socket (the frames below reach the notices socket)');
  const malformed: [string, Buffer][] = [
    ['unmasked text frame', frame(0x1, Buffer.from('HeartBeat'), { mask: false })],
    ['reserved bits set', frame(0x1, Buffer.from('HeartBeat'), { rsv: 0b111 })],
    ['unknown opcode', frame(0x3, Buffer.from('x'))],
    ['text of invalid UTF-8', frame(0x1, Buffer.from([0xff, 0xfe, 0xfd]))],
    ['fragmented ping', frame(0x9, Buffer.from('p'), { fin: false })],
    ['oversized text (64 KiB over a 4 KiB limit)', frame(0x1, Buffer.alloc(64 * 1024, 0x61))],
    ['declared length 2^62', frame(0x1, Buffer.alloc(16), { declaredLength: 2n ** 62n })],
    ['close with an invalid code', frame(0x8, Buffer.from([0x03, 0xe7]))],
    ['continuation without a start', frame(0x0, Buffer.from('x'))],
    ['random bytes', Buffer.from(Array.from({ length: 64 }, () => random.int(256)))],
  ];
  // Each malformed frame on its own connection, all at once.
  await Promise.all(
    malformed.map(async ([label, bytes]) => {
      let sent = false;
      const answer = await exchange(
        gateway.port,
        upgrade(`/jshERP-boot/websocket/${userId}`, good),
        3_000,
        (all, write) => {
          // Send the bad frame once the upgrade was answered (and the session check had time to run).
          if (!sent && all.includes('\r\n\r\n')) {
            sent = true;
            setTimeout(() => write(bytes), 150);
          }
        },
      );
      check(`frame ${label}`, answer);
      t.equal(answer.status, 101, `${label}: upgraded first`);
      t.ok(answer.closedByServer, `${label}: the gateway closed the connection`);
    }),
  );

  // Every client above has hung up: the gateway must have ended its side of each upgraded socket too, or each
  // refused upgrade would hold a file descriptor for the life of the process (and block a graceful shutdown).
  const deadline = Date.now() + 3_000;
  while (gateway.openUpgradedSockets() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  t.equal(gateway.openUpgradedSockets(), 0, 'no upgraded socket left open after its client hung up');
});

t.test('after all that: no crash, no unmapped 5xx, nothing outside the bundle, heap back near its start', async (t) => {
  t.ok(tally.requests > 1800, `${tally.requests} hostile requests sent`);
  t.same(tally.unmapped5xx, [], 'every 5xx from the gateway was its envelope');
  t.same(tally.canaryLeaks, [], 'no answer contained the file outside the bundle');
  const health = await fetch(`${gateway.url}/healthz`);
  t.equal(health.status, 200, 'the gateway still answers');
  const normal = await fetch(`${gateway.url}/jshERP-boot/depot/list`);
  t.equal(normal.status, 200, 'and still proxies');
  await normal.text();
});

// Heap: measured around a second full round of the same traffic, after the first warmed every code path.
t.test('heap after a repeat round is back near where it started', async (t) => {
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const paths = Array.from({ length: 600 }, () => `/jshERP-boot/${random.pick(segments)}/${random.pick(segments)}`);
  await inBatches(paths, 25, async (path) => {
    const answer = await exchange(gateway.port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    check(`GET ${path}`, answer);
  });
  await new Promise((r) => setTimeout(r, 200));
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  const grownMiB = (after - before) / 2 ** 20;
  t.ok(grownMiB < 16, `heap grew ${grownMiB.toFixed(1)} MiB over 600 more requests (bound 16 MiB)`);
});

t.test('the logs of all this hold none of the secrets used', async (t) => {
  const logs = gateway.logs.join('');
  t.ok(gateway.logs.length > 1000, `${gateway.logs.length} log lines captured`);
  for (const secret of [token, token.split('_')[0]!, broadcastToken, 'x'.repeat(5000)]) {
    t.notOk(logs.includes(secret), `no ${secret.slice(0, 6)}… in the logs`);
  }
});
