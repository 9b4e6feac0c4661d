// jshERP-boot's rules on writes close together, on either backend. Through the gateway as it runs (pacing on) no
// ordinary use meets them — two sessions of one login writing one module at once, a 用户 write right after the
// login, a refused bill corrected and saved at once. Sent the same calls without pacing, the backend ends the
// sessions and refuses a number again within 2 s. Those come last, and wait out their rows and keys: another
// gateway, which knows nothing of them, would meet them.
import t from 'tap';
import { RUN_ID, runName, startApiStack, type Row, type Session } from '../support/api.js';

const OK = { code: 200, data: { message: '成功' } };

const alive = async (s: Session): Promise<boolean> => (await s.call('GET', '/user/getUserSession')).status === 200;
const vendor = (): Row => ({ supplier: runName('节奏供应商'), type: '供应商', enabled: true });
const listed = async (s: Session, name: string): Promise<boolean> =>
  (
    (await s.get('/supplier/list', { search: { supplier: name, type: '供应商' }, currentPage: 1, pageSize: 10 })).data
      .rows as Row[]
  ).some((r) => r.supplier === name);

/** Waits until the wall clock is early in a second, so two quick calls share it. */
async function earlyInASecond(): Promise<void> {
  const ms = Date.now() % 1000;
  if (ms > 300) await new Promise((resolve) => setTimeout(resolve, 1000 - ms));
}

/** A 销售出库 with no 结算账户 (refused: 8500007), and the same bill with one. */
function bills(number: string, accountId: number | null): Row {
  const info = {
    number,
    type: '出库',
    subType: '销售',
    operTime: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
    changeAmount: 0,
    totalPrice: 0,
    discountLastMoney: 0,
    debt: 0,
    status: '0',
    remark: RUN_ID,
    ...(accountId === null ? {} : { accountId }),
  };
  return { info: JSON.stringify(info), rows: '[]' };
}

t.test('through the gateway: none of it happens to a user', async (t) => {
  const stack = await startApiStack(t);
  const tabOne = await stack.login('jsh');
  const tabTwo = await stack.login('jsh');

  t.test('two sessions of one login save a vendor at the same moment: both saved, both kept', async (t) => {
    const [a, b] = [vendor(), vendor()];
    const answers = await Promise.all([
      tabOne.call('POST', '/supplier/add', a),
      tabTwo.call('POST', '/supplier/add', b),
    ]);
    t.same(
      answers.map((r) => r.json()),
      [OK, OK],
    );
    t.ok(await alive(tabOne));
    t.ok(await alive(tabTwo));
    t.ok(await listed(tabOne, a.supplier as string), 'the first vendor is listed');
    t.ok(await listed(tabOne, b.supplier as string), 'the second vendor is listed');
  });

  t.test('a 用户 write right after logging in keeps the session', async (t) => {
    const fresh = await stack.login('jsh');
    const loginName = `p${RUN_ID.slice(-8)}`.toLowerCase();
    const added = (
      await fresh.call('POST', '/user/addUser', { loginName, username: runName('节奏用户'), roleId: null })
    ).json();
    t.equal(added.code, 200, `the user is added: ${JSON.stringify(added)}`);
    t.ok(await alive(fresh));
    const users = (await fresh.get('/user/list', { search: { loginName }, currentPage: 1, pageSize: 10 })).data
      .rows as Row[];
    const created = users.find((u) => u.loginName === loginName);
    t.ok(created, 'and listed');
    t.equal((await fresh.call('DELETE', `/user/delete?id=${created!.id}`)).json().code, 200, 'and deleted again');
    t.ok(await alive(fresh));
  });

  t.test('a bill refused and corrected at once is saved', async (t) => {
    const accounts = (await tabOne.get('/account/getAccount')).data as Row;
    const accountId = Number((accounts.accountList as Row[])[0]!.id);
    const number = `XSCK${(await tabOne.get('/sequence/buildNumber')).data.defaultNumber}`;
    const refused = (await tabOne.call('POST', '/depotHead/addDepotHeadAndDetail', bills(number, null))).json();
    t.not(refused.code, 200);
    const again = (await tabOne.call('POST', '/depotHead/addDepotHeadAndDetail', bills(number, accountId))).json();
    t.not(again.code, 8500032, 'not refused for frequency');
    t.ok(await alive(tabOne));
  });
});

t.test(
  'without pacing: two writes of one module in one second end the user’s sessions from that address',
  async (t) => {
    const stack = await startApiStack(t, { pacing: false });
    const first = await stack.login('jsh');
    const second = await stack.login('jsh');
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    await earlyInASecond();
    t.same((await first.call('POST', '/supplier/add', vendor())).json(), OK);
    t.same((await second.call('POST', '/supplier/add', vendor())).json(), OK, 'the second write is answered as saved');
    const refused = await first.call('GET', '/user/getUserSession');
    t.equal(refused.status, 500);
    t.equal(refused.text, 'loginOut');
    t.notOk(await alive(second), 'the other session of that login ended too');
  },
);

t.test('without pacing: a refused bill number saved again within 2 s is refused for frequency', async (t) => {
  const stack = await startApiStack(t, { pacing: false });
  t.teardown(() => new Promise((resolve) => setTimeout(resolve, 2_100)));
  const jsh = await stack.login('jsh');
  const number = `XSCK${(await jsh.get('/sequence/buildNumber')).data.defaultNumber}`;
  const first = (await jsh.call('POST', '/depotHead/addDepotHeadAndDetail', bills(number, null))).json();
  t.not(first.code, 200, 'refused for what it lacks');
  t.same((await jsh.call('POST', '/depotHead/addDepotHeadAndDetail', bills(number, null))).json(), {
    code: 8500032,
    data: { message: '抱歉，请不要频繁提交单据' },
  });
});
