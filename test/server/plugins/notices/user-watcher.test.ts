import t from 'tap';
import { CLOSE_CODES, type NoticeMessage } from '../../../../shared/notices.js';
import { api, connect, login, POLL_PATH, quiet, sleep, startGateway, startUpstream } from './helpers.js';

type UserNotice = Extract<NoticeMessage, { cmd: 'user' }>;
const isUser = (m: NoticeMessage): m is UserNotice => m.cmd === 'user';
const unreadIs = (n: number) => (m: NoticeMessage) => isUser(m) && m.unread === n;

t.test('three tabs of one user share one upstream watcher', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url, { NOTICE_POLL_MS: '300' });
  t.teardown(() => gateway.app.close());
  const test123 = await login(gateway.url, 'test123');
  const unreadBefore = (await api(gateway.url, test123, 'GET', '/msg/getMsgByStatus?status=1')) as {
    data: Array<{ id: number }>;
  };
  const expected: UserNotice = {
    cmd: 'user',
    unread: unreadBefore.data.length,
    ids: unreadBefore.data.map((m) => m.id),
  };

  const tabs = [0, 1, 2].map(() => connect(gateway, test123.userId, { cookie: test123.cookie }));
  const initial = await Promise.all(tabs.map((tab) => tab.next(isUser)));
  t.same(initial, [expected, expected, expected], 'each tab gets the initial state (the upstream unread list)');

  // Over ten intervals, one watcher polls about ten times; three independent pollers would poll about thirty.
  const before = upstream.counter.count(POLL_PATH);
  await sleep(10 * 300);
  const polls = upstream.counter.count(POLL_PATH) - before;
  t.ok(polls >= 1 && polls <= 11, `one poll per interval for three sockets (saw ${polls} in 10 intervals)`);

  const jsh = await login(gateway.url, 'jsh');
  await api(gateway.url, jsh, 'POST', '/msg/add', {
    msgTitle: '到货提醒',
    msgContent: '内容',
    type: '通知',
    userId: test123.userId,
  });
  const added = (await Promise.all(tabs.map((tab) => tab.next(unreadIs(expected.unread + 1))))) as UserNotice[];
  const newId = added[0]!.ids[0]!;
  t.ok(
    expected.ids.every((id) => id < newId),
    'the new message is first (id desc)',
  );
  const withNew = { cmd: 'user', unread: expected.unread + 1, ids: [newId, ...expected.ids] };
  t.same(added, [withNew, withNew, withNew], 'the new message reaches all three tabs');

  // When the last tab closes, the watcher stops polling.
  tabs.forEach((tab) => tab.ws.close());
  await Promise.all(tabs.map((tab) => tab.closed));
  await sleep(100);
  const afterClose = upstream.counter.count(POLL_PATH);
  await sleep(4 * 300);
  t.equal(upstream.counter.count(POLL_PATH), afterClose, 'no polls once the last socket closed');
});

t.test('a message write seen through the proxy updates every tab at once', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  // A poll interval far longer than the test: only the immediate re-check can explain an update.
  const gateway = await startGateway(upstream.url, { NOTICE_POLL_MS: '60000' });
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  const test123 = await login(gateway.url, 'test123');

  const tabs = [0, 1].map(() => connect(gateway, test123.userId, { cookie: test123.cookie }));
  const start = ((await Promise.all(tabs.map((tab) => tab.next(isUser)))) as UserNotice[])[0]!;
  const jshTab = connect(gateway, jsh.userId, { cookie: jsh.cookie });
  await jshTab.next(isUser);

  await api(gateway.url, jsh, 'POST', '/msg/add', {
    msgTitle: '一',
    msgContent: 'a',
    type: '通知',
    userId: test123.userId,
  });
  await api(gateway.url, jsh, 'POST', '/msg/add', {
    msgTitle: '二',
    msgContent: 'b',
    type: '通知',
    userId: test123.userId,
  });
  const two = (await Promise.all(tabs.map((tab) => tab.next(unreadIs(start.unread + 2))))) as UserNotice[];
  const [second, first] = two[0]!.ids;
  t.ok(second! > first!, 'ids in the backend order (id desc)');

  // test123 reads one in one tab; the other tab drops at once.
  await api(gateway.url, test123, 'POST', '/msg/batchUpdateStatus', { ids: String(second), status: '2' });
  const one = (await Promise.all(tabs.map((tab) => tab.next(unreadIs(start.unread + 1))))) as UserNotice[];
  t.same(one[1], { cmd: 'user', unread: start.unread + 1, ids: [first, ...start.ids] });

  // Deleting one (as jsh, same tenant) drops it too.
  await api(gateway.url, jsh, 'DELETE', `/msg/delete?id=${first}`);
  await Promise.all(tabs.map((tab) => tab.next(unreadIs(start.unread))));
  t.pass('delete reaches every tab');

  // The super-admin's writes are not tenant-filtered (token tenant 0): every watched user is re-checked.
  const admin = await login(gateway.url, 'admin');
  await api(gateway.url, admin, 'POST', '/msg/add', {
    msgTitle: '平台通知',
    msgContent: 'c',
    type: '通知',
    userId: test123.userId,
    tenantId: 63,
  });
  await Promise.all(tabs.map((tab) => tab.next(unreadIs(start.unread + 1))));
  t.pass("a message the super-admin adds reaches the tenant's tabs at once");

  await api(gateway.url, test123, 'POST', '/msg/readAllMsg');
  await Promise.all(tabs.map((tab) => tab.next(unreadIs(0))));
  t.pass('read all reaches every tab');
  await jshTab.next(unreadIs(0));
  t.pass("read all marks the whole tenant's messages, so jsh's tab hears it too");

  // A failed write (HTTP 500 from the upstream: the caller's session is gone) triggers nothing.
  const pollsBefore = await quiet(() => upstream.counter.count(POLL_PATH)); // the re-checks of the writes above are done
  const gone = await fetch(`${gateway.url}/jshERP-boot/msg/readAllMsg`, {
    method: 'POST',
    headers: { 'X-Access-Token': 'ffffffffffffffffffffffffffffffff_63' },
  });
  t.equal(gone.status, 500);
  await sleep(300);
  t.equal(upstream.counter.count(POLL_PATH), pollsBefore, 'no re-check for a write that failed');
});

t.test("a logout through the gateway closes that session's sockets at once, other sessions stay", async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url, { NOTICE_POLL_MS: '60000' });
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  const otherBrowser = await login(gateway.url, 'jsh');
  const tabs = [0, 1].map(() => connect(gateway, jsh.userId, { cookie: jsh.cookie }));
  const other = connect(gateway, jsh.userId, { cookie: otherBrowser.cookie });
  await Promise.all([...tabs, other].map((tab) => tab.next(isUser)));

  const logout = await fetch(`${gateway.url}/jshERP-boot/user/logout`, { headers: { 'X-Access-Token': jsh.token } });
  t.equal(logout.status, 200);
  const closed = await Promise.all(tabs.map((tab) => tab.closed));
  t.same(
    closed,
    [0, 1].map(() => ({ code: CLOSE_CODES.loginExpired, reason: 'logged out' })),
  );
  await sleep(100);
  t.equal(other.ws.readyState, other.ws.OPEN, "the other browser's session keeps its socket");

  // A reconnect with the logged-out cookie is refused without waiting for the session cache to age.
  t.equal((await connect(gateway, jsh.userId, { cookie: jsh.cookie }).closed).code, CLOSE_CODES.loginExpired);
  other.ws.close();
});

t.test('a session that expires upstream is found by the poll and its sockets close with 4440', async (t) => {
  const upstream = await startUpstream();
  t.teardown(() => upstream.close());
  const gateway = await startGateway(upstream.url, { NOTICE_POLL_MS: '200' });
  t.teardown(() => gateway.app.close());
  const jsh = await login(gateway.url, 'jsh');
  const tabs = [0, 1].map(() => connect(gateway, jsh.userId, { cookie: jsh.cookie }));
  await Promise.all(tabs.map((tab) => tab.next(isUser)));

  // The session ends behind the gateway's back (e.g. the backend's TTL, or a logout on another front end).
  const logout = await fetch(`${upstream.url}/jshERP-boot/user/logout`, { headers: { 'X-Access-Token': jsh.token } });
  t.equal(logout.status, 200);
  const closed = await Promise.all(tabs.map((tab) => tab.closed));
  t.same(
    closed,
    [0, 1].map(() => ({ code: CLOSE_CODES.loginExpired, reason: 'login expired' })),
  );

  const pollsAfter = upstream.counter.count(POLL_PATH);
  await sleep(3 * 200);
  t.equal(upstream.counter.count(POLL_PATH), pollsAfter, 'the watcher stopped with its last socket');
});
