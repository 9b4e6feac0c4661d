// A read sent beside a write is answered as if sent after it (server/plugins/read-after-write.ts): what the backend
// receives and when, and what a read whose write never comes is told.
import { test, type Test } from 'tap';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildTestApp } from '../../support/stack.js';
import { startFakeUpstream } from '../../support/fake-upstream.js';
import readAfterWrite, { type ReadAfterWriteOptions } from '../../../server/plugins/read-after-write.js';

const API = '/jshERP-boot';
const WRITE_ID = '0123456789abcdef01234567';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('through the gateway: the list reaches the backend after the save was answered, without the two headers', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  const log: string[] = [];
  upstream.on(`POST ${API}/depotHead/addDepotHeadAndDetail`, (req, res) => {
    log.push(`save arrived ${String(req.headers['x-write-id'] ?? '')}`);
    setTimeout(() => {
      log.push('save answered');
      res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify({ code: 200, data: { message: '成功' } }));
    }, 120);
  });
  upstream.on(`GET ${API}/depotHead/list`, (req, res) => {
    log.push(`list arrived ${String(req.headers['x-after-write'] ?? '')}`);
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify({ code: 200, data: { rows: [{ number: 'CGRK001' }], total: 1 } }));
  });
  const app = await buildTestApp({ upstreamUrl: upstream.url, writeSpacingMs: 0 });
  t.teardown(() => app.close());
  // The read is sent first: on another connection it may well arrive before its write.
  const list = app.inject({
    method: 'GET',
    url: `${API}/depotHead/list?currentPage=1`,
    headers: { 'x-access-token': 'clerk_63', 'x-after-write': WRITE_ID },
  });
  await sleep(30);
  const save = app.inject({
    method: 'POST',
    url: `${API}/depotHead/addDepotHeadAndDetail`,
    headers: { 'x-access-token': 'clerk_63', 'x-write-id': WRITE_ID, 'content-type': 'application/json' },
    payload: JSON.stringify({ info: '{}', rows: '[]' }),
  });
  const [listed, saved] = await Promise.all([list, save]);
  t.equal(saved.json().code, 200);
  t.same(listed.json().data.rows, [{ number: 'CGRK001' }], 'the read has its answer');
  t.same(log, ['save arrived ', 'save answered', 'list arrived '], 'the list after the save, no header passed on');
});

/** The plugin alone, before a save that answers when told and a list that answers at once. */
async function gateway(t: Test, overrides: Partial<ReadAfterWriteOptions> = {}) {
  const app: FastifyInstance = Fastify();
  await app.register(readAfterWrite, {
    appearMs: 80,
    answerMs: 1_000,
    maxWaitingPerSession: 2,
    maxKept: 100,
    ...overrides,
  });
  const answers: Array<() => void> = [];
  const listedAt: number[] = [];
  app.post(`${API}/save`, async () => {
    await new Promise<void>((resolve) => answers.push(resolve));
    return { code: 200 };
  });
  app.get(`${API}/list`, async () => {
    listedAt.push(Date.now());
    return { code: 200, data: { rows: [] } };
  });
  t.teardown(() => app.close());
  const read = (token: string, id = WRITE_ID) =>
    app.inject({ method: 'GET', url: `${API}/list`, headers: { 'x-access-token': token, 'x-after-write': id } });
  const write = (token: string, id = WRITE_ID) =>
    app.inject({ method: 'POST', url: `${API}/save`, headers: { 'x-access-token': token, 'x-write-id': id } });
  const answerSaves = async () => {
    while (answers.length === 0) await sleep(2);
    for (const answer of answers.splice(0)) answer();
  };
  return { app, read, write, answerSaves, listedAt };
}

test('a read waits for its write however long the write takes, and goes right after its answer', async (t) => {
  const { read, write, answerSaves, listedAt } = await gateway(t);
  const saving = write('clerk_63');
  const reading = read('clerk_63');
  // Longer than a write has to arrive: the write has arrived, so its answer is what the read waits for.
  await sleep(200);
  t.equal(listedAt.length, 0, 'not read while the save runs');
  const answeredAt = Date.now();
  await answerSaves();
  const [listed] = await Promise.all([reading, saving]);
  t.equal(listed.statusCode, 200);
  t.ok(listedAt[0]! >= answeredAt, 'read after the answer');
});

test('a write already answered lets its read through at once', async (t) => {
  const { read, write, answerSaves, listedAt } = await gateway(t);
  const saving = write('clerk_63');
  await answerSaves();
  await saving;
  const listed = await read('clerk_63');
  t.equal(listed.statusCode, 200);
  t.equal(listedAt.length, 1);
});

test('a write that never comes, or comes from another session: 409, and the list is not read', async (t) => {
  const { read, write, answerSaves, listedAt } = await gateway(t);
  const started = Date.now();
  const alone = await read('clerk_63');
  t.equal(alone.statusCode, 409);
  t.equal(alone.json().data.message, '所等待的写入未到达网关');
  t.ok(Date.now() - started >= 75, 'after waiting for it to arrive');
  // Another user's write of the same id releases nothing.
  const saving = write('other_131');
  const crossed = await read('clerk_63');
  t.equal(crossed.statusCode, 409);
  await answerSaves();
  await saving;
  t.equal(listedAt.length, 0);
});

test('what cannot be ordered is refused at once: a bad id, no token, a write with the header, too many waiting', async (t) => {
  const { app, read, listedAt } = await gateway(t, { appearMs: 5_000 });
  t.equal((await read('clerk_63', 'x')).statusCode, 409, 'an id that is not one');
  const noToken = await app.inject({ method: 'GET', url: `${API}/list`, headers: { 'x-after-write': WRITE_ID } });
  t.equal(noToken.statusCode, 409, 'no session');
  const asWrite = await app.inject({
    method: 'POST',
    url: `${API}/save`,
    headers: { 'x-access-token': 'clerk_63', 'x-after-write': WRITE_ID },
  });
  t.equal(asWrite.statusCode, 409, 'only a GET waits');
  // Two may wait for one session; the third is told at once. Another session still waits.
  const waiting = [read('clerk_63', 'aaaaaaaa1'), read('clerk_63', 'aaaaaaaa2')];
  await sleep(20);
  const started = Date.now();
  const third = await read('clerk_63', 'aaaaaaaa3');
  t.equal(third.statusCode, 409);
  t.ok(Date.now() - started < 1_000, 'at once');
  t.equal(listedAt.length, 0);
  await app.close();
  await Promise.allSettled(waiting);
});

test('a read whose client leaves gives its place back', async (t) => {
  const { app, read, write, answerSaves } = await gateway(t, { maxWaitingPerSession: 1, appearMs: 5_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const leaving = new AbortController();
  const left = fetch(`http://127.0.0.1:${port}${API}/list`, {
    headers: { 'x-access-token': 'clerk_63', 'x-after-write': 'bbbbbbbb1' },
    signal: leaving.signal,
  }).catch(() => 'left');
  await sleep(30);
  leaving.abort();
  t.equal(await left, 'left');
  await sleep(30);
  const saving = write('clerk_63');
  const reading = read('clerk_63');
  await answerSaves();
  t.equal((await reading).statusCode, 200, 'the session may wait again');
  await saving;
});

test('a followed save writes no listener-leak warning', async (t) => {
  const upstream = await startFakeUpstream();
  t.teardown(() => upstream.close());
  upstream.on(`POST ${API}/depotHead/addDepotHeadAndDetail`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify({ code: 200, data: { message: '成功' } }));
  });
  const app = await buildTestApp({ upstreamUrl: upstream.url, writeSpacingMs: 0 });
  t.teardown(() => app.close());
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  t.teardown(() => process.off('warning', onWarning));
  const saved = await app.inject({
    method: 'POST',
    url: `${API}/depotHead/addDepotHeadAndDetail`,
    headers: {
      'x-access-token': 'clerk_63',
      'x-write-id': '89abcdef0123456789abcdef',
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ info: '{}', rows: '[]' }),
  });
  t.equal(saved.json().code, 200);
  await sleep(20);
  t.same(warnings, [], 'no MaxListenersExceededWarning');
});
