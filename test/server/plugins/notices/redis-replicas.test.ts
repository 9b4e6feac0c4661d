import t from 'tap';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { CLOSE_CODES, type NoticeMessage } from '../../../../shared/notices.js';
import { PROJECT_ROOT, productEnv } from '../../../support/stack.js';
import { startCountingRelay } from '../../../support/counting-relay.js';
import { api, connect, login, POLL_PATH, sleep, startGateway, startUpstream, until, type Gateway } from './helpers.js';
import { freePort, startRedisServer } from './redis.js';

const TOKEN = 'replica-broadcast-token';
const POLL_MS = 500;
type UserNotice = Extract<NoticeMessage, { cmd: 'user' }>;
const isUser = (m: NoticeMessage): m is UserNotice => m.cmd === 'user';

/** A replica in its own process, so it can be killed without any goodbye. */
async function startReplicaProcess(env: Record<string, string>): Promise<Gateway & { kill(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'replica-process.ts')], {
    cwd: PROJECT_ROOT,
    env: productEnv({ LOG_LEVEL: 'silent', ...env }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout! }).once('line', done);
    child.once('exit', (code) => fail(new Error(`replica exited early with ${code}`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  return {
    app: undefined as never,
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

t.test('two replicas sharing Redis', async (t) => {
  const redis = await startRedisServer();
  t.teardown(() => redis.stop());
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  // Each replica reaches the same sandbox through its own counter, so polls can be told apart.
  const viaA = await startCountingRelay(upstream.url);
  t.teardown(() => viaA.close());
  const viaB = await startCountingRelay(upstream.url);
  t.teardown(() => viaB.close());
  // Database 1, as advised when the backend shares the Redis (it scans database 0 as session hashes).
  const env = { REDIS_URL: `${redis.url}/1`, NOTICE_POLL_MS: String(POLL_MS), BROADCAST_TOKEN: TOKEN };
  const replicaA = await startReplicaProcess({ ...env, UPSTREAM_URL: viaA.url });
  t.teardown(() => replicaA.kill());
  const replicaB = await startGateway(viaB.url, env);
  t.teardown(() => replicaB.app.close());

  const jsh = await login(replicaB.url, 'jsh');
  const test123 = await login(replicaB.url, 'test123');

  t.test('a broadcast sent to replica A reaches sockets on both replicas', async (t) => {
    const onA = connect(replicaA, test123.userId, { cookie: test123.cookie });
    const onB = connect(replicaB, test123.userId, { cookie: test123.cookie });
    await Promise.all([onA.next(isUser), onB.next(isUser)]);
    const response = await fetch(`${replicaA.url}/gateway/notices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: '跨副本', tenantId: 63 }),
    });
    t.equal(response.status, 200);
    const got = await Promise.all([onA, onB].map((s) => s.next((m) => m.cmd === 'topic')));
    t.same(got, [
      { cmd: 'topic', title: '跨副本' },
      { cmd: 'topic', title: '跨副本' },
    ]);
    onA.ws.close();
    onB.ws.close();
    await Promise.all([onA.closed, onB.closed]);
  });

  t.test('one watcher per user across replicas; killing its holder moves watching to the other', async (t) => {
    const onA = connect(replicaA, jsh.userId, { cookie: jsh.cookie });
    const first = (await onA.next(isUser)) as UserNotice;
    const b0 = viaB.count(POLL_PATH);
    const onB = connect(replicaB, jsh.userId, { cookie: jsh.cookie });
    t.same(await onB.next(isUser), first, 'the late replica serves the state the holder left');

    // A holds the lease: it polls, B does not.
    const a0 = viaA.count(POLL_PATH);
    await sleep(6 * POLL_MS);
    t.ok(viaA.count(POLL_PATH) - a0 >= 1, 'the holder polls');
    t.equal(viaB.count(POLL_PATH) - b0, 0, 'the other replica does not poll the same user');

    // A write seen by B makes A, the holder, re-check; the sockets on both replicas hear it.
    await api(replicaB.url, jsh, 'POST', '/msg/add', {
      msgTitle: '跨副本消息',
      msgContent: 'x',
      type: '通知',
      userId: jsh.userId,
    });
    const unread1 = first.unread + 1;
    await Promise.all([onA, onB].map((s) => s.next((m) => isUser(m) && m.unread === unread1)));
    t.pass('a write on replica B reached the sockets of both replicas');

    await replicaA.kill();
    t.equal((await onA.closed).code, 1006, "the holder's socket dropped without a close frame");
    // The lease (3 intervals) runs out and B takes over within a few intervals.
    await until('replica B polls', () => viaB.count(POLL_PATH) > b0, 10 * POLL_MS);
    await api(replicaB.url, jsh, 'POST', '/msg/add', {
      msgTitle: '接管之后',
      msgContent: 'y',
      type: '通知',
      userId: jsh.userId,
    });
    await onB.next((m) => isUser(m) && m.unread === unread1 + 1);
    t.pass('after the kill, replica B watches the user and its socket hears new messages');
    onB.ws.close();
    t.not((await onB.closed).code, CLOSE_CODES.loginExpired);
  });
});

t.test('Redis away: each replica serves its own sockets, and shares again once Redis is back', async (t) => {
  const port = await freePort();
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const env = { REDIS_URL: `redis://127.0.0.1:${port}`, NOTICE_POLL_MS: String(POLL_MS), BROADCAST_TOKEN: TOKEN };
  const [replicaA, replicaB] = await Promise.all([startGateway(upstream.url, env), startGateway(upstream.url, env)]);
  t.teardown(() => Promise.all([replicaA.app.close(), replicaB.app.close()]));
  const jsh = await login(replicaA.url, 'jsh');
  const onA = connect(replicaA, jsh.userId, { cookie: jsh.cookie });
  const onB = connect(replicaB, jsh.userId, { cookie: jsh.cookie });
  await Promise.all([onA.next(isUser), onB.next(isUser)]);
  t.pass('both replicas serve their sockets without Redis');

  const broadcastTo = (replica: Gateway, title: string) =>
    fetch(`${replica.url}/gateway/notices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
  t.equal((await broadcastTo(replicaA, '本地')).status, 200);
  await onA.next((m) => m.cmd === 'topic' && m.title === '本地');
  t.pass("a broadcast still reaches the receiving replica's own sockets");

  const redis = await startRedisServer(port);
  t.teardown(() => redis.stop());
  // ioredis reconnects with back-off; keep broadcasting on A until one reaches B.
  const resumed = (): boolean => onB.messages.some((m) => m.cmd === 'topic' && m.title.startsWith('恢复'));
  for (let round = 0; !resumed(); round++) {
    if (round > 50) throw new Error('no broadcast from A reached B within 15 s of Redis coming back');
    await broadcastTo(replicaA, `恢复${round}`);
    await sleep(300);
  }
  t.pass('replicas share again once Redis is back');
  onA.ws.close();
  onB.ws.close();
});
