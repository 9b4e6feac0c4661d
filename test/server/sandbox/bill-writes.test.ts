// Stock bills through the gateway: a save moves stock and the linked order's status, the backend's refusals come back
// in its envelopes (out of stock when negative stock is off, approved bills cannot be edited or deleted), a 个人数据
// role sees only its own bills, and the home statistics follow the bills.
import t from 'tap';
import { billLine as line, chinaNow, OK, q, SAVED, startStack, type Row } from './helpers.js';

const UNKNOWN = { code: 500, data: '未知异常' };
const refused = (code: number, message: string): Row => ({ code, data: { message } });

t.test('stock bills', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = (await stack.login('jsh')).token;
  const get = async (path: string, token = jsh): Promise<Row> => (await call('GET', path, { token })).json();
  const save = async (info: Row, rows: Row[], method: 'POST' | 'PUT' = 'POST', token = jsh): Promise<Row> =>
    (
      await call(
        method,
        method === 'POST' ? '/depotHead/addDepotHeadAndDetail' : '/depotHead/updateDepotHeadAndDetail',
        {
          token,
          body: { info: JSON.stringify(info), rows: JSON.stringify(rows) },
        },
      )
    ).json();
  const bill = async (number: string, token = jsh): Promise<Row> => {
    const rows = (await get(`/depotHead/list?search=${q({ number })}&currentPage=1&pageSize=10`, token)).data
      .rows as Row[];
    return rows.find((r) => r.number === number)!;
  };
  const stock = async (barCode: string, depotId: number): Promise<number> =>
    (await get(`/depotItem/findStockByDepotAndBarCode?depotId=${depotId}&barCode=${barCode}`)).data.stock;
  const productStock = async (name: string): Promise<number> =>
    (
      (await get(`/material/list?search=${q({ materialParam: name })}&currentPage=1&pageSize=10`)).data.rows as Row[]
    )[0]!.stock;
  const setMinusStock = async (flag: '0' | '1'): Promise<void> => {
    const config = (await get('/systemConfig/getCurrentInfo')).data;
    t.same(
      await call('PUT', '/systemConfig/update', { token: jsh, body: { id: config.id, minusStockFlag: flag } }).then(
        (r) => r.json(),
      ),
      OK,
    );
  };

  t.test(
    '采购订单 received in two 采购入库: stock rises, the order goes 部分 then 完成, deleting reopens it',
    async (t) => {
      const order = {
        number: 'CGDD-T1',
        type: '其它',
        subType: '采购订单',
        organId: 57,
        operTime: chinaNow(stack),
        totalPrice: -810,
        changeAmount: 0,
        discount: 0,
        discountMoney: 0,
        discountLastMoney: 810,
        otherMoney: 0,
        status: '1',
      };
      t.same(await save(order, [line('1000001', '套', 10, 45), line('1000003', '包', 20, 18)]), SAVED);
      const head = await bill('CGDD-T1');
      // Stored negative (money leaving the company), listed as an absolute value.
      t.match(head, {
        status: '1',
        organName: '上海世达工具有限公司',
        creator: 63,
        materialCount: 30,
        totalPrice: 810,
      });
      const orderLines = (await get(`/depotItem/getDetailList?headerId=${head.id}&mpList=&linkType=basic`)).data
        .rows as Row[];
      t.match(orderLines, [
        { barCode: '1000001', name: '螺丝刀套装', operNumber: 10, preNumber: 10, finishNumber: 0, unitPrice: 45 },
        { barCode: '1000003', operNumber: 20 },
      ]);
      const pickable = (
        await get(
          `/depotHead/list?search=${q({ type: '其它', subType: '采购订单', status: '1,3' })}&currentPage=1&pageSize=50`,
        )
      ).data.rows as Row[];
      t.ok(
        pickable.some((r) => r.number === 'CGDD-T1'),
        'the link picker lists approved orders',
      );

      const before = {
        screwdriver: await stock('1000001', 14),
        paper: await stock('1000003', 14),
        product: await productStock('螺丝刀套装'),
      };
      const receipt = (number: string, qty: number): Row => ({
        number,
        type: '入库',
        subType: '采购',
        organId: 57,
        operTime: chinaNow(stack),
        accountId: 17,
        linkNumber: 'CGDD-T1',
        totalPrice: -(qty * 45),
        changeAmount: -(qty * 45),
        discountLastMoney: qty * 45,
        otherMoney: 0,
        debt: 0,
        status: '0',
      });
      t.same(
        await save(receipt('CGRK-T1', 4), [
          line('1000001', '套', 4, 45, { depotId: '14', linkId: orderLines[0]!.id }),
          line('1000003', '包', 20, 18, { depotId: 14, linkId: orderLines[1]!.id }),
        ]),
        SAVED,
      );
      t.match(
        await bill('CGRK-T1'),
        { totalPrice: 180, changeAmount: 180 },
        'sent negative, listed as absolute values',
      );
      t.equal(await stock('1000001', 14), before.screwdriver + 4, 'the receipt adds to the depot');
      t.equal(await stock('1000003', 14), before.paper + 20);
      t.equal(await productStock('螺丝刀套装'), before.product + 4, 'and to the product list');
      t.equal((await bill('CGDD-T1')).status, '3', '部分: one barcode is still short');
      const partial = (await get(`/depotItem/getDetailList?headerId=${head.id}&linkType=basic`)).data.rows as Row[];
      t.equal(partial[0]!.finishNumber, 4, 'received so far');

      t.same(
        await save(receipt('CGRK-T2', 6), [line('1000001', '套', 6, 45, { depotId: 14, linkId: orderLines[0]!.id })]),
        SAVED,
      );
      t.equal((await bill('CGDD-T1')).status, '2', '完成');
      t.equal(await stock('1000001', 14), before.screwdriver + 10);

      // Editing the first receipt up to what the second left over is fine; beyond it the backend asks for a change.
      const first = await bill('CGRK-T1');
      const edit = (qty: number, linkId: unknown): Promise<Row> =>
        save(
          { id: first.id, status: '0', number: 'CGRK-T1' },
          [
            line('1000001', '套', qty, 45, { depotId: 14, linkId, preNumber: 10, finishNumber: 0 }),
            line('1000003', '包', 20, 18, { depotId: 14, linkId: orderLines[1]!.id }),
          ],
          'PUT',
        );
      t.same(await edit(5, orderLines[0]!.id), refused(85000014, '商品条码1000001的数量需要修改下'));
      t.same(await edit(2, 999999), refused(9000007, '抱歉，原关联单据已被修改，请重新关联'));
      t.same(await edit(4, orderLines[0]!.id), SAVED);

      const second = await bill('CGRK-T2');
      t.same(await call('DELETE', `/depotHead/delete?id=${second.id}`, { token: jsh }).then((r) => r.json()), OK);
      t.equal((await bill('CGDD-T1')).status, '3', 'another receipt still links it');
      t.equal(await stock('1000001', 14), before.screwdriver + 4, 'the deleted receipt no longer counts');
      t.notOk(await bill('CGRK-T2'));
      t.match((await get(`/log/list?search=${q({})}&currentPage=1&pageSize=5`)).data.rows[0], {
        operation: '单据',
        content: '删除[CGRK-T2]',
      });
    },
  );

  t.test('detail and line grid', async (t) => {
    const detail = (await get('/depotHead/getDetailByNumber?number=CGRK-T1')).data;
    t.match(detail, {
      number: 'CGRK-T1',
      depotHeadType: '采购入库',
      totalPrice: 180,
      changeAmount: 180,
      organName: '上海世达工具有限公司',
      creatorName: '测试用户',
      linkNumber: 'CGDD-T1',
      operTimeStr: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    });
    const unknown = (await get('/depotHead/getDetailByNumber?number=NOPE')).data;
    t.equal(unknown.number, null, 'an unknown number gives a blank bill');
    t.equal(unknown.id, null);

    const noPrices = (await get(`/depotItem/getDetailList?headerId=${detail.id}&mpList=`)).data;
    t.equal(noPrices.total, 2);
    t.notOk('unitPrice' in noPrices.rows[0], 'prices only with linkType=basic or isReadOnly=1');
    t.match(noPrices.rows[0], {
      barCode: '1000001',
      unit: '套',
      operNumber: 4,
      depotId: 14,
      depotName: '总仓库',
      stock: await stock('1000001', 14),
    });
    const readOnly = (await get(`/depotItem/getDetailList?headerId=${detail.id}&isReadOnly=1`)).data;
    t.equal(readOnly.total, 2);
    t.equal(readOnly.rows.length, 3, 'a totals row is appended');
    t.match(readOnly.rows[2], { operNumber: 24, allPrice: 540 });
    t.notOk('id' in readOnly.rows[2]);
    t.same(await get('/depotItem/getDetailList?headerId=999999'), { code: 500, data: '获取数据失败' });
    const seeded = (await get('/depotItem/getDetailList?headerId=300&linkType=basic')).data.rows as Row[];
    t.match(
      seeded,
      [
        { barCode: '1000002', name: '冲击电钻', operNumber: 5 },
        { barCode: '1000007', operNumber: 20 },
      ],
      'a seeded bill’s lines carry their barcode',
    );
    t.same(await get(`/depotHead/getBillListByLinkNumber?number=CGRK-T1`), { code: 200, data: [] });
  });

  t.test('save refusals', async (t) => {
    const base = {
      number: 'QTRK-T1',
      type: '入库',
      subType: '其它',
      operTime: chinaNow(stack),
      totalPrice: -45,
      status: '0',
    };
    const ok = [line('1000001', '套', 1, 45, { depotId: 14 })];
    t.same(
      await call('POST', '/depotHead/addDepotHeadAndDetail', {
        token: jsh,
        body: { info: base, rows: JSON.stringify(ok) },
      }).then((r) => r.json()),
      UNKNOWN,
      'info must be JSON text',
    );
    t.same(await save({ ...base, number: 'CGRK-T1' }, ok), refused(8500022, '抱歉，单据编号已经存在'));
    t.same(
      await save({ ...base, linkNumber: 'A', linkApply: 'B' }, ok),
      refused(8500029, '抱歉，关联请购单号和关联订单号不能同时录入'),
    );
    t.same(await save({ ...base, subType: '采购' }, ok), refused(8500007, '结算账户不能为空'));
    t.same(await save({ ...base, fileName: 'a,b,c,d,e' }, ok), refused(8500025, '抱歉，单据附件不能超过4份'));
    t.same(
      await save({ ...base, changeAmount: -45, accountIdList: '[17,18]', accountMoneyList: '["-20","-20"]' }, ok),
      refused(8500008, '请修改多账户的结算金额'),
    );
    t.same(await save(base, []), refused(8500006, '单据明细不能为空'));
    t.same(
      await save(base, [line('NO-SUCH', '套', 1, 1, { depotId: 14 })]),
      refused(8000026, '商品条码NO-SUCH不存在，请重新选择'),
    );
    t.same(await save(base, [line('1000001', '套', 1, 45)]), refused(8500004, '仓库不能为空'));
    t.same(
      await save({ ...base, type: '出库', subType: '调拨' }, [line('1000001', '套', 1, 45, { depotId: 14 })]),
      refused(8500005, '调入仓库不能为空'),
    );
    t.same(
      await save({ ...base, type: '出库', subType: '调拨' }, [
        line('1000001', '套', 1, 45, { depotId: 14, anotherDepotId: 14 }),
      ]),
      refused(8500010, '调入仓库与原仓库不能重复'),
    );
    t.same(
      await save({ ...base, type: '出库', subType: '销售', accountId: 17 }, [
        line('1000001', '套', 1, 10, { depotId: 14 }),
      ]),
      refused(8500018, '商品条码1000001的单价低于最低售价'),
    );
    t.same(
      await save({ ...base, subType: '组装单', type: '其它' }, [line('1000001', '套', 1, 45, { depotId: 14 })]),
      refused(8500020, '抱歉，单据明细中必须要有组合件和普通子件'),
    );
    t.same(
      await save({ ...base, linkNumber: 'CGDD-T1' }, [
        line('1000001', '套', 7, 45, { depotId: 14, preNumber: 10, finishNumber: 4 }),
      ]),
      refused(85000014, '商品条码1000001的数量需要修改下'),
    );
    t.same(
      await save(base, [{ barCode: '1000001', operNumber: 1, depotId: 14 }]),
      UNKNOWN,
      'a row with a quantity needs its unit',
    );
    t.same(await save({ ...base, tenantId: 63 }, ok), UNKNOWN, 'a sent tenant id breaks the insert');
    t.notOk(await bill('QTRK-T1'), 'nothing was saved');
    t.same(
      await save({ ...base, id: 1, number: 'X' }, ok, 'PUT'),
      UNKNOWN,
      'update needs a stored bill, its id and status',
    );
    // Hostile bodies and queries get the global handler's envelope, never a crash.
    for (const body of [
      { info: 'null', rows: '[]' },
      { info: '{}', rows: '[1]' },
      { info: '{', rows: '[]' },
      { info: '{"operTime":"yesterday"}', rows: '[]' },
      { info: JSON.stringify(base), rows: '[{"barCode":"1000001","unit":"套","operNumber":"many","depotId":14}]' },
    ]) {
      t.same(
        await call('POST', '/depotHead/addDepotHeadAndDetail', { token: jsh, body }).then((r) => r.json()),
        UNKNOWN,
        JSON.stringify(body),
      );
    }
    t.same(
      await call('POST', '/depotHead/addDepotHeadAndDetail', {
        token: jsh,
        rawBody: 'not json',
        headers: { 'content-type': 'application/json' },
      }).then((r) => r.json()),
      UNKNOWN,
    );
    t.same(await get('/depotHead/getDetailByNumber'), UNKNOWN, 'number is required');
    t.same(await get('/depotItem/getBatchNumberList'), UNKNOWN, 'name and barCode are required');
    t.same(
      await call('POST', '/depotHead/batchSetStatus', { token: jsh, body: { status: 'x', ids: 'a,b' } }).then((r) =>
        r.json(),
      ),
      { code: 500, data: { message: '服务内部错误' } },
    );
    t.same(await call('DELETE', '/depotHead/delete?id=abc', { token: jsh }).then((r) => r.json()), UNKNOWN);
  });

  t.test('out of stock: refused when negative stock is off, allowed when on', async (t) => {
    const have = await stock('1000006', 14);
    const sale = (number: string, qty: number): Row => ({
      number,
      type: '出库',
      subType: '销售',
      organId: 58,
      operTime: chinaNow(stack),
      accountId: 17,
      totalPrice: qty * 65,
      changeAmount: qty * 65,
      discountLastMoney: qty * 65,
      otherMoney: 0,
      status: '0',
    });
    t.same(
      await save(sale('XSCK-T0', have + 1), [line('1000006', '个', have + 1, 65, { depotId: 14 })]),
      SAVED,
      'the seed allows negative stock',
    );
    t.equal(await stock('1000006', 14), -1);
    const extra = await bill('XSCK-T0');
    t.same(await call('DELETE', `/depotHead/deleteBatch?ids=${extra.id},`, { token: jsh }).then((r) => r.json()), OK);

    await setMinusStock('0');
    t.same(
      await save(sale('XSCK-T1', have + 1), [line('1000006', '个', have + 1, 65, { depotId: 14 })]),
      refused(8000004, '商品:无线鼠标-1000006库存不足'),
    );
    t.notOk(await bill('XSCK-T1'));
    t.same(
      await save(sale('XSCK-T1', have), [line('1000006', '个', have, 65, { depotId: 14 })]),
      SAVED,
      'exactly the stock is fine',
    );
    t.equal(await stock('1000006', 14), 0);
    // On edit the bill's own old lines are given back before the check.
    const saved = await bill('XSCK-T1');
    t.same(
      await save(
        { id: saved.id, status: '0', remark: '改' },
        [line('1000006', '个', have, 65, { depotId: 14 })],
        'PUT',
      ),
      SAVED,
    );
    t.same(
      await save({ id: saved.id, status: '0' }, [line('1000006', '个', have + 1, 65, { depotId: 14 })], 'PUT'),
      refused(8000004, '商品:无线鼠标-1000006库存不足'),
    );
    t.equal(await stock('1000006', 14), 0, 'a refused edit keeps the old lines');
    t.match(await bill('XSCK-T1'), { remark: '改', materialCount: have });
    await setMinusStock('1');
  });

  t.test('approve, un-approve, edit and delete follow the status', async (t) => {
    const head = await bill('XSCK-T1');
    const status = async (body: Row): Promise<Row> =>
      (await call('POST', '/depotHead/batchSetStatus', { token: jsh, body })).json();
    t.same(await status({ status: '0', ids: `${head.id},` }), refused(8500013, '抱歉，只有已审核的单据才能反审核'));
    t.same(await status({ status: 1, ids: `${head.id},` }), OK);
    t.equal((await bill('XSCK-T1')).status, '1');
    t.same(await status({ status: '1', ids: String(head.id) }), refused(8500012, '抱歉，只有未审核的单据才能审核'));
    t.same(
      await call('DELETE', `/depotHead/delete?id=${head.id}`, { token: jsh }).then((r) => r.json()),
      refused(8500011, '抱歉，只有未审核的单据才能删除，请先进行反审核'),
    );
    t.same(
      await save({ id: head.id, status: '0' }, [line('1000006', '个', 1, 65, { depotId: 14 })], 'PUT'),
      refused(8500023, '抱歉，单据当前状态下不能修改'),
    );
    t.ok(await bill('XSCK-T1'), 'still there');
    t.same(await status({ status: '0', ids: head.id }), OK);
    t.match((await get(`/log/list?search=${q({})}&currentPage=1&pageSize=5`)).data.rows[0], {
      operation: '单据',
      content: '[反审核]XSCK-T1',
    });
    t.same(
      await status({ status: '1', ids: '999999,' }),
      { code: 500, data: { message: '服务内部错误' } },
      'nothing updated',
    );
    t.same(await call('DELETE', `/depotHead/delete?id=${head.id}`, { token: jsh }).then((r) => r.json()), OK);
    t.notOk(await bill('XSCK-T1'));
  });

  t.test('个人数据: test123 sees only the bills it created, whatever the search says', async (t) => {
    const test123 = (await stack.login('test123')).token;
    for (const search of [{}, { roleType: '全部数据' }, { creator: '63' }]) {
      const rows = (await get(`/depotHead/list?search=${q(search)}&currentPage=1&pageSize=100`, test123)).data
        .rows as Row[];
      t.ok(
        rows.every((r) => r.creator === 131),
        `only its own with ${JSON.stringify(search)}`,
      );
    }
    const own = (await get(`/depotHead/list?search=${q({})}&currentPage=1&pageSize=100`, test123)).data.total;
    t.ok(own >= 1);
    const all = (await get(`/depotHead/list?search=${q({})}&currentPage=1&pageSize=100`)).data.rows as Row[];
    t.ok(all.some((r) => r.creator === 63) && all.some((r) => r.creator === 131), 'a 全部数据 role sees everyone’s');
    t.same(
      await save(
        { number: 'QTCK-T9', type: '出库', subType: '其它', operTime: chinaNow(stack), totalPrice: 45, status: '0' },
        [line('1000001', '套', 1, 45, { depotId: 14 })],
        'POST',
        test123,
      ),
      SAVED,
    );
    const mine = (await get(`/depotHead/list?search=${q({ number: 'QTCK-T9' })}&currentPage=1&pageSize=10`, test123))
      .data.rows as Row[];
    t.match(mine, [{ number: 'QTCK-T9', creator: 131, userName: 'test123' }]);
  });

  t.test(
    'a bill saved without a date (the backend stores NULL) leaves the lists, reports and statistics working',
    async (t) => {
      t.same(
        await save({ number: 'QTCK-ND', type: '出库', subType: '其它', totalPrice: 45, status: '0' }, [
          line('1000001', '套', 1, 45, { depotId: 14 }),
        ]),
        SAVED,
      );
      t.match(await bill('QTCK-ND'), { operTimeStr: null });
      t.match(await get('/depotHead/getBuyAndSaleStatistics'), { code: 200 });
      t.match(await get('/depotItem/buyOrSalePrice'), { code: 200 });
      t.match(await get(`/depotHead/waitBillList?search=${q({ type: '出库' })}&currentPage=1&pageSize=5`), {
        code: 200,
      });
      t.match(
        await get(
          `/depotHead/findInOutDetail?currentPage=1&pageSize=5&beginTime=2000-01-01&endTime=2100-01-01&type=${encodeURIComponent('出库')}&number=&materialParam=&remark=`,
        ),
        { code: 200 },
      );
      t.match(
        await get(
          `/depotItem/getInOutStock?currentPage=1&pageSize=5&beginTime=2000-01-01&endTime=2100-01-01&materialParam=`,
        ),
        { code: 200 },
      );
    },
  );

  t.test('home statistics follow the bills', async (t) => {
    const stats = async (): Promise<Row> => (await get('/depotHead/getBuyAndSaleStatistics')).data;
    const series = async (): Promise<Row> => (await get('/depotItem/buyOrSalePrice')).data;
    const test123 = (await stack.login('test123')).token;
    const before = await stats();
    const chartBefore = await series();
    const theirsBefore = (await get('/depotHead/getBuyAndSaleStatistics', test123)).data;
    for (const key of ['todayBuy', 'todaySale', 'todayRetailSale', 'yesterdaySale', 'monthSale', 'yearSale'])
      t.type(before[key], 'number', key);
    t.equal(chartBefore.salePriceList.length, 6, 'six months');
    t.match(chartBefore.salePriceList[5].x, /^\d{4}-\d{2}$/);
    t.same(
      await save(
        {
          number: 'XSCK-T5',
          type: '出库',
          subType: '销售',
          organId: 58,
          operTime: chinaNow(stack),
          accountId: 17,
          totalPrice: 650,
          changeAmount: 600,
          discount: 0,
          discountMoney: 50,
          discountLastMoney: 600,
          otherMoney: 0,
          status: '0',
        },
        [line('1000006', '个', 10, 65, { depotId: 14 })],
      ),
      SAVED,
    );
    const after = await stats();
    t.equal(after.todaySale, before.todaySale + 600, 'today’s sales grow by the discounted amount');
    t.equal(after.monthSale, before.monthSale + 600);
    t.equal(after.yearSale, before.yearSale + 600);
    t.equal(after.todayBuy, before.todayBuy, 'purchases unchanged');
    t.equal((await series()).salePriceList[5].y, chartBefore.salePriceList[5].y + 600, 'this month’s point');
    t.same(
      (await get('/depotHead/getBuyAndSaleStatistics', test123)).data,
      theirsBefore,
      'a 个人数据 role counts only its own bills',
    );
    const admin = (await stack.login('admin')).token;
    t.same(await get('/depotHead/getBuyAndSaleStatistics', admin), { code: 200, data: {} }, 'admin gets no statistics');
  });
});
