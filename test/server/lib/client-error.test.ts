// Requests the HTTP parser refuses get the envelope and a log line (method and redacted path, never a header).
import { connect } from 'node:net';
import t from 'tap';
import { GATEWAY_MESSAGES, isErrorEnvelope } from '../../../shared/error-envelope.js';
import { captureLogs, listenTestApp } from '../../support/stack.js';

function send(url: string, bytes: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
    socket.write(Buffer.from(bytes, 'latin1'));
  });
}

t.test('a malformed request gets the 400 envelope and one line naming method, redacted path and cause', async (t) => {
  const logs = captureLogs();
  const { app, url } = await listenTestApp({ logLevel: 'info' }, { logStream: logs.stream });
  t.teardown(() => app.close());
  const secretToken = '0123456789abcdef0123456789abcdef_63';
  const answer = await send(
    url,
    `GET /jshERP-boot/user/list?access_token=query-secret-1 HTTP/1.1\r\nHost: erp\r\nX-Access-Token: ${secretToken}\r\nCookie: JSESSIONID=cookie-secret-2\r\nX-Bad: a\rb\r\n\r\n`,
  );
  t.match(answer, /^HTTP\/1\.1 400 /);
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
  t.ok(isErrorEnvelope(body), 'the envelope');
  t.equal((body as { data: { message: string } }).data.message, GATEWAY_MESSAGES.badRequest);

  const line = logs.lines().find((l) => l.msg === 'request refused by the HTTP parser');
  t.ok(line, 'a log line');
  t.equal(line?.method, 'GET');
  t.equal(line?.path, '/jshERP-boot/user/list?access_token=[REDACTED]');
  t.equal(line?.status, 400);
  t.match(String(line?.errCode), /^HPE_/);
  t.equal(line?.reqId, (body as { requestId: string }).requestId, 'the same id as the answer');
  for (const secret of ['query-secret-1', secretToken, 'cookie-secret-2'])
    t.notMatch(logs.text(), secret, `${secret.slice(0, 12)}… not logged`);
});

t.test('a request line that is not one still gets a line, without method or path', async (t) => {
  const logs = captureLogs();
  const { app, url } = await listenTestApp({ logLevel: 'info' }, { logStream: logs.stream });
  t.teardown(() => app.close());
  const answer = await send(url, 'GARBAGE\r\n\r\n');
  t.match(answer, /^HTTP\/1\.1 400 /);
  const line = logs.lines().find((l) => l.msg === 'request refused by the HTTP parser');
  t.ok(line, 'a log line');
  t.equal(line?.method, undefined);
  t.equal(line?.path, undefined);
});
