// The six financial bills through the gateway: each save shows in the list, the detail reads, the account balances
// and the 收款/付款 pickers; the backend's refusals come back in its envelopes and leave nothing half-saved.
import t from 'tap';
import { chinaNow, startStack } from './helpers.js';

type Row = Record<string, unknown>;
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
const SUCCESS = { code: 200, msg: '操作成功' };
const OK = { code: 200, data: { message: '成功' } };
const UNKNOWN = { code: 500, data: '未知异常' };
const READ_FAILED = { code: 500, data: '获取数据失败' };

t.test('financial bills', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = await stack.login('jsh');
  const token = jsh.token;
  const state = stack.sandbox.app.sandbox.state;

  /** The save body the financial modals send: head and rows as JSON text inside JSON. */
  const save = (method: 'POST' | 'PUT', head: Row, rows: Row[]) =>
    call(
      method,
      method === 'POST' ? '/accountHead/addAccountHeadAndDetail' : '/accountHead/updateAccountHeadAndDetail',
      {
        token,
        body: { info: JSON.stringify(head), rows: JSON.stringify(rows) },
      },
    );
  const billNumber = async (prefix: string): Promise<string> =>
    `${prefix}${(await call('GET', '/sequence/buildNumber', { token })).json().data.defaultNumber as string}`;
  const detail = async (billNo: string): Promise<Row> =>
    (await call('GET', `/accountHead/getDetailByNumber?billNo=${billNo}`, { token })).json().data;
  const items = async (headerId: unknown): Promise<Row[]> =>
    (await call('GET', `/accountItem/getDetailList?headerId=${String(headerId)}`, { token })).json().data.rows;
  const listed = async (search: Row): Promise<Row[]> =>
    (await call('GET', `/accountHead/list?search=${q(search)}&currentPage=1&pageSize=100`, { token })).json().data.rows;
  const balances = async (): Promise<Map<unknown, Row>> => {
    const res = (
      await call('GET', '/account/listWithBalance?name=&serialNo=&currentPage=1&pageSize=50', { token })
    ).json();
    return new Map((res.data.rows as Row[]).map((a) => [a.id, a]));
  };
  const balance = async (id: number): Promise<number> => (await balances()).get(id)!.currentAmount as number;
  const debts = async (organId: number): Promise<Row[]> =>
    (
      await call(
        'GET',
        `/depotHead/debtList?search=${q({ organId, type: '出库', subType: '销售', status: '' })}&currentPage=1&pageSize=20`,
        { token },
      )
    ).json().data.rows;
  const now = chinaNow(stack);

  t.test('bill numbers: one global counter, 11 digits, every call uses one up', async (t) => {
    const first = (await call('GET', '/sequence/buildNumber', { token })).json();
    t.match(first, { code: 200, data: { defaultNumber: /^\d{11}$/ } });
    const admin = await stack.login('admin');
    const other = (await call('GET', '/sequence/buildNumber', { token: admin.token })).json().data
      .defaultNumber as string;
    const next = (await call('GET', '/sequence/buildNumber', { token })).json().data.defaultNumber as string;
    t.equal(Number(other), Number(first.data.defaultNumber) + 1, 'shared with other tenants');
    t.equal(Number(next), Number(other) + 1);
  });

  t.test('收款单 settling part of a sales bill, then the rest', async (t) => {
    // 博远 (62) owes 10450 on XSCK00000000314; a seeded, unaudited 收款单 already settles 3000 of it.
    const before = (await debts(62)).find((d) => d.number === 'XSCK00000000314')!;
    t.match(before, { needDebt: 10450, finishDebt: 3000, debt: 7450, organName: '南京博远文化传媒有限公司' });
    const cash = await balance(17);
    const statement = async (): Promise<Row> =>
      (
        await call(
          'GET',
          `/depotHead/getStatementAccount?${new URLSearchParams({ beginTime: '2000-01-01', endTime: '2100-01-01', supplierType: '客户', organId: '62', currentPage: '1', pageSize: '10' })}`,
          { token },
        )
      ).json().data.rows[0];
    const backBefore = (await statement()).backMoney as number;
    const customer = async (): Promise<Row> =>
      (
        (await call('GET', `/supplier/list?search=${q({ type: '客户' })}&currentPage=1&pageSize=50`, { token })).json()
          .data.rows as Row[]
      ).find((c) => c.id === 62)!;
    const needBefore = (await customer()).allNeedGet as number;

    const billNo = await billNumber('SK');
    const res = await save(
      'POST',
      {
        organId: 62,
        billTime: now,
        billNo,
        handsPersonId: 17,
        remark: '',
        accountId: 17,
        totalPrice: 1000,
        discountMoney: '0',
        changeAmount: '1000.00',
        type: '收款',
        status: '0',
      },
      [
        {
          id: 'row1',
          billNumber: 'XSCK00000000314',
          needDebt: '10450',
          finishDebt: '3000',
          eachAmount: '1000',
          remark: '',
        },
      ],
    );
    t.same(res.json(), SUCCESS);
    const after = (await debts(62)).find((d) => d.number === 'XSCK00000000314')!;
    t.match(after, { finishDebt: 4000, debt: 6450 }, 'the bill owes 1000 less');
    t.equal(await balance(17), cash + 1000, 'the 收款账户 grew by the amount received');
    t.equal((await statement()).backMoney, backBefore + 1000, '客户对账 shows the money received');
    t.equal((await customer()).allNeedGet, needBefore - 1000, '期末应收 in the customer list drops by it');
    const head = await detail(billNo);
    t.match(head, {
      billNo,
      type: '收款',
      organName: '南京博远文化传媒有限公司',
      accountName: '现金',
      handsPersonName: '小赵',
      totalPrice: 1000,
      changeAmount: 1000,
      status: '0',
      billTimeStr: now,
    });
    t.same(await items(head.id), [
      {
        accountId: null,
        accountName: null,
        inOutItemId: null,
        inOutItemName: null,
        billNumber: 'XSCK00000000314',
        needDebt: 10450,
        finishDebt: 3000,
        eachAmount: 1000,
        remark: '',
      },
    ]);
    t.ok(
      (await listed({ type: '收款' })).some(
        (r) => r.billNo === billNo && r.changeAmount === 1000 && r.organName === '南京博远文化传媒有限公司',
      ),
    );

    // Settling what is left takes the bill out of the picker.
    const rest = await billNumber('SK');
    t.same(
      (
        await save(
          'POST',
          {
            organId: 62,
            billTime: now,
            billNo: rest,
            accountId: 18,
            totalPrice: 6450,
            discountMoney: 0,
            changeAmount: 6450,
            type: '收款',
            status: '1',
          },
          [{ billNumber: 'XSCK00000000314', needDebt: 10450, finishDebt: 4000, eachAmount: 6450 }],
        )
      ).json(),
      SUCCESS,
    );
    t.notOk(
      (await debts(62)).some((d) => d.number === 'XSCK00000000314'),
      'a bill settled in full offers no outstanding amount',
    );
    t.equal(state.tables.depotHead!.find((h) => h.number === 'XSCK00000000314')!.lastDebt, 0, 'its last_debt is 0');
  });

  t.test('付款单: stored negative, read back positive; 选择期初', async (t) => {
    const bank = await balance(18);
    const vendorStatement = async (): Promise<Row> =>
      (
        await call(
          'GET',
          `/depotHead/getStatementAccount?${new URLSearchParams({ beginTime: '2000-01-01', endTime: '2100-01-01', supplierType: '供应商', organId: '59', currentPage: '1', pageSize: '10' })}`,
          { token },
        )
      ).json().data.rows[0];
    const paidBefore = await vendorStatement();
    t.equal(paidBefore.backMoney, 6000, 'the seeded 付款单 paid 6000 (stored negative, counted positive)');
    const billNo = await billNumber('FK');
    t.same(
      (
        await save(
          'POST',
          {
            organId: 59,
            billTime: now,
            billNo,
            accountId: 18,
            totalPrice: -500,
            discountMoney: 0,
            changeAmount: -500,
            type: '付款',
            status: '0',
          },
          [{ billNumber: 'CGRK00000000306', needDebt: 7200, finishDebt: 6000, eachAmount: 500 }],
        )
      ).json(),
      SUCCESS,
    );
    const stored = state.tables.accountHead!.find((h) => h.billNo === billNo)!;
    t.match(stored, { totalPrice: -500, changeAmount: -500 }, 'the head as the client sent it');
    t.equal(
      state.tables.accountItem!.find((i) => i.headerId === stored.id)!.eachAmount,
      -500,
      'the server negated the 付款 item',
    );
    t.match(await detail(billNo), { totalPrice: 500, changeAmount: 500, organName: '深圳联达数码科技有限公司' });
    t.match(await items(stored.id), [{ billNumber: 'CGRK00000000306', eachAmount: 500 }]);
    t.ok((await listed({ type: '付款' })).some((r) => r.billNo === billNo && r.totalPrice === 500));
    t.equal(await balance(18), bank - 500);
    const paidAfter = await vendorStatement();
    t.equal(paidAfter.backMoney, 6500, '供应商对账 shows the payment');
    t.equal(paidAfter.allNeed, (paidBefore.allNeed as number) - 500, 'and owes 500 less');
    const purchase = (
      await call('GET', `/depotHead/debtList?search=${q({ organId: 59 })}&currentPage=1&pageSize=10`, { token })
    ).json();
    t.match(purchase, {
      code: 200,
      data: {
        total: 1,
        message: '成功',
        rows: [{ number: 'CGRK00000000306', needDebt: 7200, finishDebt: 6500, debt: 700 }],
      },
    });

    // 选择期初: 广州安盾 (60) opened at 800 to pay, all settled by the seeded 期初 付款单 (its row reads back as QiChu).
    t.same((await call('GET', '/supplier/getBeginNeedByOrganId?organId=60', { token })).json(), {
      code: 200,
      data: { needDebt: 800, finishDebt: 800, eachAmount: 0 },
    });
    t.match(await items(103), [{ billNumber: 'QiChu', eachAmount: 800, needDebt: 800 }]);
    t.same((await call('GET', '/supplier/getBeginNeedByOrganId?organId=58', { token })).json(), {
      code: 200,
      data: { needDebt: 2000, finishDebt: 0, eachAmount: 2000 },
    });
    t.same((await call('GET', '/supplier/getBeginNeedByOrganId?organId=999999', { token })).json(), READ_FAILED);
    t.same((await call('GET', '/supplier/getBeginNeedByOrganId', { token })).json(), UNKNOWN);
  });

  t.test('转账单 between two accounts; 账户流水', async (t) => {
    const start = await balances();
    const billNo = await billNumber('ZZ');
    t.same(
      (
        await save(
          'POST',
          { billTime: now, billNo, accountId: 18, totalPrice: -700, changeAmount: -700, type: '转账', status: '0' },
          [{ accountId: '19', eachAmount: '700', remark: '' }],
        )
      ).json(),
      SUCCESS,
    );
    const end = await balances();
    t.equal(end.get(18)!.currentAmount, (start.get(18)!.currentAmount as number) - 700, 'out of 工商银行');
    t.equal(end.get(19)!.currentAmount, (start.get(19)!.currentAmount as number) + 700, 'into 支付宝');
    t.equal(end.get(17)!.currentAmount, start.get(17)!.currentAmount, 'other accounts unchanged');
    const head = await detail(billNo);
    t.match(head, { totalPrice: 700, changeAmount: 700, accountName: '工商银行' });
    t.match(await items(head.id), [{ accountId: 19, accountName: '支付宝', eachAmount: 700, billNumber: 'QiChu' }]);

    const flow = (
      await call(
        'GET',
        `/account/findAccountInOutList?${new URLSearchParams({ currentPage: '1', pageSize: '50', accountId: '19', initialAmount: '3000' })}`,
        { token },
      )
    ).json();
    t.equal(flow.code, 200);
    const line = (flow.data.rows as Row[]).find((r) => r.number === billNo)!;
    t.match(line, { type: '转账', fromType: 'financial', changeAmount: 700, accountId: 19, operTime: now });
    t.equal(flow.data.rows[0].balance, end.get(19)!.currentAmount, 'the newest line carries the current balance');
    t.equal(flow.data.total, (flow.data.rows as Row[]).length);

    const same = await billNumber('ZZ');
    t.same(
      (
        await save(
          'POST',
          { billTime: now, billNo: same, accountId: 18, totalPrice: -1, changeAmount: -1, type: '转账', status: '0' },
          [{ accountId: 18, eachAmount: 1 }],
        )
      ).json(),
      { code: 9500006, data: { message: '抱歉，付款账户:工商银行和明细中的账户重复' } },
    );
    t.equal((await detail(same)).id, null, 'nothing saved');
    t.same(
      (await call('GET', '/account/findAccountInOutList?currentPage=1&pageSize=10&accountId=19', { token })).json(),
      UNKNOWN,
      'initialAmount is required',
    );
  });

  t.test('支出单 with two expense items; 收入单 edited', async (t) => {
    const cash = await balance(17);
    const billNo = await billNumber('ZC');
    t.same(
      (
        await save(
          'POST',
          {
            organId: 57,
            billTime: now,
            billNo,
            handsPersonId: 17,
            accountId: 17,
            totalPrice: -150,
            changeAmount: -150,
            type: '支出',
            status: '0',
          },
          [
            { inOutItemId: '24', eachAmount: '100', remark: '顺丰' },
            { inOutItemId: '26', eachAmount: '50', remark: '' },
          ],
        )
      ).json(),
      SUCCESS,
    );
    const head = await detail(billNo);
    t.match(head, { totalPrice: 150, changeAmount: 150, organName: '上海世达工具有限公司' });
    t.match(await items(head.id), [
      { inOutItemId: 24, inOutItemName: '快递费', eachAmount: 100, remark: '顺丰' },
      { inOutItemId: 26, inOutItemName: '办公费用', eachAmount: 50 },
    ]);
    t.equal(await balance(17), cash - 150);
    t.same(
      (await call('DELETE', '/inOutItem/delete?id=26', { token })).json(),
      { code: 601, data: { message: '检测到存在依赖数据，不能删除！' } },
      'an item on a bill is in use',
    );

    // Editing the seeded, unaudited 收入单: the head changes selectively and the details are replaced.
    const income = await detail('SR00000000109');
    t.match(income, { totalPrice: 35.5, accountName: '现金' });
    const cashNow = await balance(17);
    t.same(
      (
        await save('PUT', { ...income, totalPrice: 60, changeAmount: 60, remark: '改为租金' }, [
          { inOutItemId: 22, eachAmount: 40 },
          { inOutItemId: 21, eachAmount: 20 },
        ])
      ).json(),
      SUCCESS,
    );
    t.match(await detail('SR00000000109'), {
      totalPrice: 60,
      changeAmount: 60,
      remark: '改为租金',
      organName: '南京博远文化传媒有限公司',
    });
    t.match(await items(income.id), [
      { inOutItemName: '租金收入', eachAmount: 40 },
      { inOutItemName: '利息收入', eachAmount: 20 },
    ]);
    t.equal((await items(income.id)).length, 2, 'the old row is gone');
    t.equal(await balance(17), cashNow + 60 - 35.5);
  });

  t.test('收预付款 keeps the member’s advance up to date', async (t) => {
    const member = async (): Promise<Row> =>
      (
        (await call('GET', `/supplier/list?search=${q({ type: '会员' })}&currentPage=1&pageSize=20`, { token })).json()
          .data.rows as Row[]
      ).find((m) => m.id === 67)!;
    const wechat = await balance(20);
    const billNo = await billNumber('SYF');
    t.same(
      (
        await save(
          'POST',
          { organId: 67, billTime: now, billNo, totalPrice: 100, changeAmount: 100, type: '收预付款', status: '0' },
          [{ accountId: 20, eachAmount: 100 }],
        )
      ).json(),
      SUCCESS,
    );
    t.equal((await member()).advanceIn, 300, 'the seeded 200 plus 100');
    t.equal(await balance(20), wechat + 100, 'the row’s account received it');
    t.same((await call('DELETE', `/accountHead/delete?id=${String((await detail(billNo)).id)}`, { token })).json(), OK);
    t.equal((await member()).advanceIn, 200, 'deleting the bill takes it back');
    t.equal(await balance(20), wechat);
  });

  t.test('audit, un-audit and delete rules', async (t) => {
    const billNo = await billNumber('SR');
    await save(
      'POST',
      { billTime: now, billNo, accountId: 19, totalPrice: 10, changeAmount: 10, type: '收入', status: '0' },
      [{ inOutItemId: 23, eachAmount: 10 }],
    );
    const id = (await detail(billNo)).id as number;
    const setStatus = async (status: unknown, ids: unknown) =>
      (await call('POST', '/accountHead/batchSetStatus', { token, body: { status, ids } })).json();
    t.same(await setStatus('1', `${id},`), OK);
    t.equal((await detail(billNo)).status, '1');
    t.same(await setStatus('1', `${id},`), { code: 9500007, data: { message: '抱歉，只有未审核的单据才能审核' } });
    t.same((await call('DELETE', `/accountHead/delete?id=${id}`, { token })).json(), {
      code: 9500004,
      data: { message: '抱歉，只有未审核的单据才能删除，请先进行反审核' },
    });
    t.same(
      (await call('DELETE', `/accountHead/deleteBatch?ids=105,${id},`, { token })).json().code,
      9500004,
      'one audited bill stops the batch',
    );
    t.equal((await detail('SYF00000000105')).status, '0', 'and nothing of it is deleted');
    t.same(await setStatus(0, `${id}`), OK, 'status may come as a number');
    t.same(await setStatus('0', `${id},`), { code: 9500008, data: { message: '抱歉，只有已审核的单据才能反审核' } });
    t.same(await setStatus('1', '999999,'), UNKNOWN, 'an unknown id');
    t.same(await setStatus('2', `${id},`), OK, 'another status changes nothing');
    t.equal((await detail(billNo)).status, '0');
    t.same(await setStatus('1', 'a,b'), UNKNOWN);
    t.same(await setStatus('1', null), UNKNOWN);

    const before = await balance(19);
    t.same((await call('DELETE', `/accountHead/deleteBatch?ids=${id},`, { token })).json(), OK);
    t.equal((await detail(billNo)).id, null, 'gone: the detail read finds nothing');
    t.same(
      (await call('GET', `/accountItem/getDetailList?headerId=${id}`, { token })).json(),
      { code: 200, data: { total: 0, rows: [] } },
      'its rows are deleted too',
    );
    t.equal(await balance(19), before - 10);
    t.same(
      (await call('DELETE', '/accountHead/delete?id=999999', { token })).json(),
      OK,
      'an unknown id deletes nothing and succeeds',
    );
    t.same((await call('DELETE', '/accountHead/delete?id=abc', { token })).json(), UNKNOWN);
    t.ok(
      state.tables.log!.some((l) => l.operation === '财务单据' && l.content === `[审核]${billNo}`),
      'audit logged',
    );
    t.ok(
      state.tables.log!.some((l) => l.operation === '财务单据' && l.content === `删除[${billNo}]`),
      'delete logged',
    );
  });

  t.test('refusals leave nothing saved', async (t) => {
    const count = (): number => state.tables.accountHead!.length;
    const n = count();
    const billNo = await billNumber('SK');
    const head = {
      organId: 58,
      billTime: now,
      billNo,
      accountId: 17,
      totalPrice: 10,
      changeAmount: 10,
      type: '收款',
      status: '0',
    };
    t.same((await save('POST', head, [])).json(), { code: 9500003, data: { message: '单据明细不能为空' } });
    t.same(
      (
        await call('POST', '/accountHead/addAccountHeadAndDetail', { token, body: { info: JSON.stringify(head) } })
      ).json(),
      { code: 9500003, data: { message: '单据明细不能为空' } },
      'rows absent',
    );
    t.same((await save('POST', { ...head, billNo: 'SK00000000100' }, [{ eachAmount: 1 }])).json(), {
      code: 9500005,
      data: { message: '抱歉，单据编号已经存在' },
    });
    t.same((await save('POST', head, [{ eachAmount: 'abc' }])).json(), UNKNOWN, 'an amount that is no number');
    for (const amount of ['1e309', '-1e309', '1e21']) {
      t.same(
        (await save('POST', head, [{ eachAmount: amount }])).json(),
        UNKNOWN,
        `${amount}: no decimal column holds it (MySQL out of range)`,
      );
    }
    t.same((await save('POST', head, [{ accountId: 'x', eachAmount: 1 }])).json(), UNKNOWN);
    t.same((await save('POST', { ...head, billNo: undefined }, [{ eachAmount: 1 }])).json(), UNKNOWN, 'no billNo');
    t.same(
      (
        await call('POST', '/accountHead/addAccountHeadAndDetail', { token, body: { info: '{not json', rows: '[]' } })
      ).json(),
      UNKNOWN,
    );
    t.same(
      (await call('POST', '/accountHead/addAccountHeadAndDetail', { token, body: { info: head, rows: '[]' } })).json(),
      UNKNOWN,
      'info as an object, not text',
    );
    t.same(
      (
        await call('POST', '/accountHead/addAccountHeadAndDetail', {
          token,
          body: { info: JSON.stringify(head), rows: '{"a":1}' },
        })
      ).json(),
      UNKNOWN,
      'rows not an array',
    );
    t.same(
      (
        await call('POST', '/accountHead/addAccountHeadAndDetail', {
          token,
          rawBody: 'x',
          headers: { 'content-type': 'application/json' },
        })
      ).json(),
      UNKNOWN,
    );
    t.equal(count(), n, 'no head was added');

    // Update: the bill number stays unique, and a body without status changes nothing.
    const seeded = await detail('SK00000000101');
    t.same((await save('PUT', { ...seeded, billNo: 'SK00000000100' }, [{ eachAmount: 1 }])).json(), {
      code: 9500005,
      data: { message: '抱歉，单据编号已经存在' },
    });
    const withoutStatus = { ...seeded };
    delete withoutStatus.status;
    t.same(
      (
        await save('PUT', { ...withoutStatus, remark: '不应保存' }, [{ billNumber: 'XSCK00000000314', eachAmount: 1 }])
      ).json(),
      UNKNOWN,
    );
    t.not((await detail('SK00000000101')).remark, '不应保存');
    t.match(await items(seeded.id), [{ eachAmount: 3000 }], 'the rows are untouched');
    t.same(
      (await save('PUT', { ...seeded, id: 999999 }, [{ eachAmount: 1 }])).json(),
      { code: 9500005, data: { message: '抱歉，单据编号已经存在' } },
      'another bill has that number',
    );
    t.same(
      (await save('PUT', { ...seeded, id: 999999, billNo: 'SK99999999999' }, [{ eachAmount: 1 }])).json(),
      UNKNOWN,
      'an id that is no bill',
    );
    t.same((await save('PUT', { ...seeded, id: undefined }, [{ eachAmount: 1 }])).json(), UNKNOWN, 'no id');
  });

  t.test('reads: missing and unknown parameters', async (t) => {
    t.same((await call('GET', '/accountHead/getDetailByNumber', { token })).json(), UNKNOWN);
    const none = await detail('NOPE');
    t.equal(none.id, null);
    t.ok('organName' in none && 'billTimeStr' in none, 'an empty bill with every field');
    t.same((await call('GET', '/accountItem/getDetailList?headerId=0', { token })).json(), {
      code: 200,
      data: { total: 0, rows: [] },
    });
    t.same((await call('GET', '/accountItem/getDetailList?headerId=999999', { token })).json(), READ_FAILED);
    t.same((await call('GET', '/accountItem/getDetailList', { token })).json(), UNKNOWN);
    t.same((await call('GET', '/account/listWithBalance?name=', { token })).json(), UNKNOWN, 'serialNo is required');
    const count = (await call('GET', '/depotHead/getNeedCount?type=customer', { token })).json();
    t.match(count, { code: 200, data: { needCount: Number } });
    t.ok(count.data.needCount >= 1, '恒信 and 华辰 still owe');
    t.same((await call('GET', '/depotHead/getNeedCount?type=x', { token })).json(), {
      code: 200,
      data: { needCount: 0 },
    });
    t.same((await call('GET', '/depotHead/debtList?currentPage=1', { token })).json(), UNKNOWN, 'pageSize is required');
    t.same(
      (
        await call('GET', `/depotHead/debtList?search=${q({ organId: 'x' })}&currentPage=1&pageSize=10`, { token })
      ).json(),
      UNKNOWN,
      'organId that is no number',
    );
    t.notOk((await balances()).has(30), 'another tenant’s account is not listed');
    const settling = (await listed({ type: '收款', number: 'XSCK00000000314' })).map((r) => r.billNo);
    t.ok(settling.includes('SK00000000101') && settling.length >= 3, 'bills settling a sales bill, by its number');
    t.ok((await listed({ type: '收款', number: 'XSCK00000000314' })).every((r) => r.organId === 62));
    t.same(
      (await listed({ type: '付款', number: 'QiChu' })).map((r) => r.billNo),
      ['FK00000000103'],
      'bills settling an opening balance',
    );
    const office = await listed({ type: '支出', inOutItemId: '26' });
    t.ok(office.length >= 2 && office.some((r) => r.billNo === 'ZC00000000111'), 'bills with an 办公费用 row');
    t.notOk(
      office.some((r) => r.billNo === 'ZC00000000110'),
      '快递费 only',
    );
  });

  t.test('a 个人数据 role sees only its own bills', async (t) => {
    const rep = await stack.login('test123');
    const own = (
      await call('GET', `/accountHead/list?search=${q({})}&currentPage=1&pageSize=100`, { token: rep.token })
    ).json().data.rows as Row[];
    t.ok(own.length >= 3, 'test123 created some of the seeded bills');
    t.ok(
      own.every((r) => r.creator === 131),
      'and sees only those',
    );
    t.ok(
      (await listed({})).some((r) => r.creator === 63),
      'the tenant owner sees everyone’s',
    );
    const theirDebts = (
      await call('GET', `/depotHead/debtList?search=${q({})}&currentPage=1&pageSize=50`, { token: rep.token })
    ).json().data.rows as Row[];
    t.ok(
      theirDebts.length >= 1 && theirDebts.every((d) => d.creator === 131),
      'the bill picker lists only test123’s bills',
    );
  });

  t.test('account list and statistics agree with the balances', async (t) => {
    const withBalance = await balances();
    const list = (await call('GET', `/account/list?search=${q({})}&currentPage=1&pageSize=50`, { token })).json().data
      .rows as Row[];
    for (const a of list)
      t.equal(a.currentAmount, withBalance.get(a.id)!.currentAmount, `${String(a.name)} in both views`);
    const stats = (await call('GET', '/account/getStatistics?name=&serialNo=', { token })).json();
    // AccountService.priceFormat: the total as text, to 2 places.
    t.equal(typeof stats.data.allCurrentAmount, 'string');
    t.equal(
      Number(stats.data.allCurrentAmount),
      Math.round(list.reduce((s, a) => s + (a.currentAmount as number), 0) * 100) / 100,
    );
  });

  t.test('with 强审核 on, only audited bills move the balances', async (t) => {
    t.same((await call('PUT', '/systemConfig/update', { token, body: { id: 11, forceApprovalFlag: '1' } })).json(), OK);
    const before = await balance(20);
    const billNo = await billNumber('SR');
    await save(
      'POST',
      { billTime: now, billNo, accountId: 20, totalPrice: 80, changeAmount: 80, type: '收入', status: '0' },
      [{ inOutItemId: 22, eachAmount: 80 }],
    );
    t.equal(await balance(20), before, 'an unaudited bill does not count');
    const id = (await detail(billNo)).id;
    t.same(
      (
        await call('POST', '/accountHead/batchSetStatus', { token, body: { status: '1', ids: `${String(id)},` } })
      ).json(),
      OK,
    );
    t.equal(await balance(20), before + 80, 'audited, it does');
    t.same((await call('PUT', '/systemConfig/update', { token, body: { id: 11, forceApprovalFlag: '0' } })).json(), OK);
  });
});
