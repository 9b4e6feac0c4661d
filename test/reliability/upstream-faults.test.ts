// Upstream faults: whatever the backend does — dies mid-answer, never answers, speaks garbage, sends an HTML error
// page or a huge body, restarts — every client gets either the gateway's envelope or the backend's true answer,
// and the gateway keeps serving without a restart.
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import t, { type Test } from 'tap';
import { startScriptedUpstream, startGateway, get, isEnvelopeFor, okBody } from './support.js';

const upstream = await startScriptedUpstream();
const gateway = await startGateway(upstream.url, { UPSTREAM_TIMEOUT_MS: '600' });
t.teardown(async () => {
  await gateway.close();
  await upstream.stop();
});
const api = `${gateway.url}/jshERP-boot`;

async function stillServing(t: Test) {
  const answer = await get(`${api}/depot/list?currentPage=1`);
  t.equal(answer.status, 200, 'the gateway still proxies a normal call');
  t.equal(answer.text, okBody('/jshERP-boot/depot/list'), 'with the upstream answer');
}

/** A GET whose outcome is either a complete answer or a transport error (aborted), never a silently short body. */
function rawGet(url: string): Promise<{ status: number; body: Buffer; declared: number | null } | { aborted: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('aborted', () => resolve({ aborted: 'response aborted' }));
      res.on('error', (e) => resolve({ aborted: e.message }));
      res.on('end', () => {
        if (!res.complete) return resolve({ aborted: 'incomplete' });
        const declared = res.headers['content-length'];
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          declared: declared ? Number(declared) : null,
        });
      });
    });
    req.on('error', (e) => resolve({ aborted: e.message }));
    req.end();
  });
}

t.test('upstream killed before answering: 502 envelope', async (t) => {
  upstream.on('/jshERP-boot/die-early', (req) => req.socket.destroy());
  const answer = await get(`${api}/die-early`);
  t.ok(isEnvelopeFor(answer, 502), `502 envelope (got ${answer.status} ${answer.text.slice(0, 80)})`);
  await stillServing(t);
});

t.test(
  'upstream killed mid-response: the client sees the failure, never a short body passed off as complete',
  async (t) => {
    upstream.on('/jshERP-boot/die-mid', (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
      res.write('{"code":200,"data":"' + 'x'.repeat(20_000));
      setTimeout(() => req.socket.destroy(), 50);
    });
    for (let i = 0; i < 5; i++) {
      const outcome = await rawGet(`${api}/die-mid`);
      if ('aborted' in outcome) {
        t.pass(`attempt ${i}: the client's transfer was aborted (${outcome.aborted})`);
      } else {
        // Headers were not yet forwarded: then it must be the envelope.
        t.equal(outcome.status, 502, `attempt ${i}: otherwise a 502`);
        t.ok(
          isEnvelopeFor({ status: outcome.status, headers: new Headers(), text: outcome.body.toString() }, 502),
          'as an envelope',
        );
      }
    }
    await stillServing(t);
  },
);

t.test('upstream accepts and never answers: 504 envelope after UPSTREAM_TIMEOUT_MS', async (t) => {
  upstream.on('/jshERP-boot/hang', () => undefined);
  const started = Date.now();
  const answers = await Promise.all([1, 2, 3].map(() => get(`${api}/hang`)));
  const elapsed = Date.now() - started;
  for (const answer of answers)
    t.ok(isEnvelopeFor(answer, 504), `504 envelope (got ${answer.status} ${answer.text.slice(0, 80)})`);
  t.ok(elapsed >= 500 && elapsed < 10_000, `answered after the timeout, not never (${elapsed} ms)`);
  await stillServing(t);
});

t.test('upstream answers garbage that is not HTTP: 502 envelope', async (t) => {
  upstream.on('/jshERP-boot/garbage', (req) => {
    req.socket.write('SSH-2.0-OpenSSH_9.2\r\n\u0000\u0001\u0002 definitely not http\r\n\r\n');
    req.socket.end();
  });
  upstream.on('/jshERP-boot/bad-status', (req) => {
    req.socket.write('HTTP/1.1 999999 Nope\r\ncontent-length: 2\r\n\r\nno');
    req.socket.end();
  });
  for (const path of ['garbage', 'bad-status']) {
    const answer = await get(`${api}/${path}`);
    t.ok(isEnvelopeFor(answer, 502), `${path}: 502 envelope (got ${answer.status} ${answer.text.slice(0, 80)})`);
  }
  await stillServing(t);
});

t.test('an HTML error page from a server in front of the backend becomes the envelope with its status', async (t) => {
  for (const status of [502, 503, 404]) {
    upstream.on(`/jshERP-boot/html-${status}`, (req, res) => {
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end(
        `<html><head><title>${status}</title></head><body><center><h1>${status} Error</h1></center><hr><center>nginx</center></body></html>`,
      );
    });
    const answer = await get(`${api}/html-${status}`);
    t.ok(isEnvelopeFor(answer, status), `${status}: envelope (got ${answer.status} ${answer.text.slice(0, 60)})`);
    t.notMatch(answer.text, /<html/i, 'no HTML reaches the client');
  }
});

t.test("the backend's own error answers pass through untouched", async (t) => {
  upstream.on('/jshERP-boot/expired', (req, res) => {
    res.writeHead(500);
    res.end('loginOut');
  });
  upstream.on('/jshERP-boot/json-500', (req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"code":500,"data":"未知异常"}');
  });
  const expired = await get(`${api}/expired`);
  t.equal(expired.status, 500);
  t.equal(expired.text, 'loginOut', 'loginOut byte for byte');
  const json = await get(`${api}/json-500`);
  t.equal(json.status, 500);
  t.equal(json.text, '{"code":500,"data":"未知异常"}');
});

t.test('a huge answer streams through whole and unchanged', async (t) => {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const chunks = 480; // 30 MiB
  const expected = createHash('sha256');
  for (let i = 0; i < chunks; i++) expected.update(chunk);
  upstream.on('/jshERP-boot/huge', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    let sent = 0;
    const pump = () => {
      while (sent < chunks) {
        sent++;
        if (!res.write(chunk)) return res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  const outcome = await rawGet(`${api}/huge`);
  if ('aborted' in outcome) return t.fail(`aborted: ${outcome.aborted}`);
  t.equal(outcome.status, 200);
  t.equal(outcome.body.length, chunk.length * chunks, 'every byte');
  t.equal(createHash('sha256').update(outcome.body).digest('hex'), expected.digest('hex'), 'the same bytes');
  await stillServing(t);
});

t.test('upstream restarts while the gateway runs: 502 while down, served again once it is back', async (t) => {
  await upstream.stop();
  // A burst at a refused upstream must not crash the gateway (http-proxy #460: ERR_HTTP_HEADERS_SENT). A 502, not
  // the 504 of a call that waited out UPSTREAM_TIMEOUT_MS, shows the refusal was reported at once.
  const down = await Promise.all(Array.from({ length: 100 }, () => get(`${api}/depot/list`)));
  t.ok(
    down.every((a) => isEnvelopeFor(a, 502)),
    'every call while down gets the 502 envelope',
  );
  await upstream.restart();
  await stillServing(t);
  const health = await get(`${gateway.url}/healthz`);
  t.equal(health.status, 200, 'and /healthz is fine');
});
