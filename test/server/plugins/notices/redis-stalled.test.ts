// A Redis that accepts connections and then never answers (a frozen host, a half-dead proxy): with REDIS_URL pointing at
// it, logins still answer and a notices socket still gets its first frame — it degrades like a Redis that is down.
// Before, commands had no timeout: every login hung for minutes and sockets never heard a word.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { SESSION_COOKIE, type NoticeMessage } from '../../../../shared/notices.js';
import { connect, startGateway, startUpstream } from './helpers.js';

/**
 * `answersReadyCheck`: replies to the first INFO (ioredis's ready check, so the client counts as connected) and to
 * nothing after, as a Redis that froze once connected; otherwise it never says a word.
 */
async function startStalledRedis(answersReadyCheck: boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let answered = false;
    socket.on('data', (data: Buffer) => {
      if (!answersReadyCheck || answered || !data.toString().toLowerCase().includes('info')) return;
      answered = true;
      const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
      socket.write(`$${info.length}\r\n${info}\r\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Database 0: no SELECT in the handshake, so the client counts as ready once the INFO is answered.
    url: `redis://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

for (const answersReadyCheck of [false, true]) {
  const what = answersReadyCheck ? 'answers the ready check, then nothing' : 'never answers';
  t.test(`a Redis that ${what}: logins answer and a notices socket gets its first frame`, async (t) => {
    const redis = await startStalledRedis(answersReadyCheck);
    t.teardown(() => redis.close());
    const upstream = await startUpstream();
    t.teardown(() => upstream.close());
    const gateway = await startGateway(upstream.url, { REDIS_URL: redis.url });
    t.teardown(() => gateway.app.close());

    // Bounds on a hang, not speed targets.
    const wrong = await fetch(`${gateway.url}/jshERP-boot/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: 'jsh', password: '00000000000000000000000000000000', code: '', uuid: '' }),
      signal: AbortSignal.timeout(20_000),
    });
    t.equal(wrong.status, 200, 'a failed login is answered');
    const response = await fetch(`${gateway.url}/jshERP-boot/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: 'jsh', password: 'e10adc3949ba59abbe56e057f20f883e', code: '', uuid: '' }),
      signal: AbortSignal.timeout(20_000),
    });
    t.equal(response.status, 200, 'the login is answered');
    const body = (await response.json()) as { data: { msgTip: string; token: string; user: { id: number } } };
    t.equal(body.data.msgTip, 'user can login');
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';', 1)[0];
    const client = connect(gateway, body.data.user.id, cookie ? { cookie } : {});
    t.teardown(() => client.ws.close());
    const first = await client.next((m: NoticeMessage) => m.cmd === 'user', 20_000);
    t.equal(first.cmd, 'user', 'the socket gets its first frame');
  });
}
