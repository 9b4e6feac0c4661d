// The stock bills' side rules through the gateway: price write-back to the barcode, a role's price limit hiding a
// bill's money (its detail and the list), 多账户's account names, 强审核 (only approved bills move stock, approval re-checks it), assembly moving stock, serial numbers,
// and the list actions 快捷编辑, 强制结单 and 修正剩余订金.
import t from 'tap';
import { chinaNow, OK, q, SAVED, startStack, type Row } from './helpers.js';

const refused = (code: number, message: string): Row => ({ code, data: { message } });

t.test('stock bill rules', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const jsh = (await stack.login('jsh')).token;
  const get = async (path: string, token = jsh): Promise<Row> => (await call('GET', path, { token })).json();
  const send = async (method: string, path: string, body: unknown, token = jsh): Promise<Row> =>
    (await call(method, path, { token, body })).json();
  const save = async (info: Row, rows: Row[], token = jsh): Promise<Row> =>
    send('POST', '/depotHead/addDepotHeadAndDetail', { info: JSON.stringify(info), rows: JSON.stringify(rows) }, token);
  const bill = async (number: string): Promise<Row> =>
    ((await get(`/depotHead/list?search=${q({ number })}&currentPage=1&pageSize=10`)).data.rows as Row[]).find(
      (r) => r.number === number,
    )!;
  const stock = async (barCode: string, depotId: number): Promise<number> =>
    (await get(`/depotItem/findStockByDepotAndBarCode?depotId=${depotId}&barCode=${barCode}`)).data.stock;
  const product = async (name: string): Promise<Row> =>
    (
      (await get(`/material/list?search=${q({ materialParam: name })}&currentPage=1&pageSize=10`)).data.rows as Row[]
    )[0]!;
  const config = async (values: Row): Promise<void> => {
    const current = (await get('/systemConfig/getCurrentInfo')).data;
    t.same(await send('PUT', '/systemConfig/update', { id: current.id, ...values }), OK);
  };
  const line = (barCode: string, unit: string, operNumber: number, unitPrice: number, extra: Row = {}): Row => ({
    barCode,
    unit,
    operNumber,
    unitPrice,
    allPrice: operNumber * unitPrice,
    taxRate: 0,
    taxMoney: 0,
    taxLastMoney: operNumber * unitPrice,
    ...extra,
  });

  t.test('a saved 采购入库 writes its unit price back to the barcode; an order does not', async (t) => {
    t.equal((await product('冲击电钻')).purchaseDecimal, 280);
    t.same(
      await save(
        {
          number: 'CGDD-P1',
          type: '其它',
          subType: '采购订单',
          organId: 57,
          operTime: chinaNow(stack),
          totalPrice: -300,
          status: '0',
        },
        [line('1000002', '台', 1, 300)],
      ),
      SAVED,
    );
    t.equal((await product('冲击电钻')).purchaseDecimal, 280, 'orders leave the price');
    t.same(
      await save(
        {
          number: 'CGRK-P1',
          type: '入库',
          subType: '采购',
          organId: 57,
          accountId: 17,
          operTime: chinaNow(stack),
          totalPrice: -290,
          changeAmount: -290,
          status: '0',
        },
        [line('1000002', '台', 1, 290, { depotId: 14 })],
      ),
      SAVED,
    );
    t.equal((await product('冲击电钻')).purchaseDecimal, 290);
  });

  t.test('a role whose price limit hides sales sees a sale bill’s money as 0', async (t) => {
    t.same(
      await save(
        {
          number: 'XSCK-P1',
          type: '出库',
          subType: '销售',
          organId: 58,
          accountId: 17,
          operTime: chinaNow(stack),
          totalPrice: 580,
          changeAmount: 500,
          discountLastMoney: 580,
          otherMoney: 0,
          status: '0',
        },
        [line('1000001', '套', 10, 58, { depotId: 14 })],
      ),
      SAVED,
    );
    const test123 = (await stack.login('test123')).token;
    const before = (await get('/depotHead/getDetailByNumber?number=XSCK-P1', test123)).data;
    t.match(before, { totalPrice: 580, changeAmount: 500, debt: 80 });
    t.same(await send('PUT', '/role/update', { id: 17, priceLimit: '6' }), OK);
    const hidden = (await get('/depotHead/getDetailByNumber?number=XSCK-P1', test123)).data;
    t.match(hidden, { totalPrice: 0, changeAmount: 0, discountLastMoney: 0, debt: 0, number: 'XSCK-P1' });
    const lines = (await get(`/depotItem/getDetailList?headerId=${hidden.id}&linkType=basic`, test123)).data
      .rows as Row[];
    t.match(lines, [{ unitPrice: 0, allPrice: 0, operNumber: 10 }]);
    t.match(
      (await get('/depotHead/getDetailByNumber?number=CGRK-P1', test123)).data,
      { totalPrice: 290 },
      'purchases stay visible',
    );
    t.same(await send('PUT', '/role/update', { id: 17, priceLimit: '' }), OK);
  });

  t.test('屏蔽单据采购价 hides purchase money in /depotHead/list too, as DepotHeadService.select does', async (t) => {
    const test123 = (await stack.login('test123')).token;
    const purchase = {
      number: 'CGRK-P2',
      type: '入库',
      subType: '采购',
      organId: 57,
      accountId: 17,
      operTime: chinaNow(stack),
      totalPrice: -100,
      changeAmount: -97,
      discountLastMoney: 100,
      otherMoney: 0,
      status: '0',
    };
    t.same(await save(purchase, [line('1000003', '包', 5, 20, { depotId: 14 })], test123), SAVED);
    const listed = async (token: string): Promise<Row> =>
      (
        (await get(`/depotHead/list?search=${q({ number: 'CGRK-P2' })}&currentPage=1&pageSize=10`, token)).data
          .rows as Row[]
      )[0]!;
    t.match(await listed(test123), { totalPrice: 100, changeAmount: 97, debt: 3 }, 'seen before the limit');
    t.same(await send('PUT', '/role/update', { id: 17, priceLimit: '4' }), OK);
    t.match(
      await listed(test123),
      { totalPrice: 0, changeAmount: 0, discountLastMoney: 0, debt: 0, deposit: 0, backAmount: 0, number: 'CGRK-P2' },
      'the list hides the purchase money from the limited role',
    );
    t.match(await listed(jsh), { totalPrice: 100, changeAmount: 97, debt: 3 }, 'another role still sees it');
    t.same(await send('PUT', '/role/update', { id: 17, priceLimit: '' }), OK);
  });

  t.test('多账户: the list and the detail name each account with its amount (getAccountStrByIdAndMoney)', async (t) => {
    const info = {
      number: 'CGRK-M1',
      type: '入库',
      subType: '采购',
      organId: 57,
      accountIdList: JSON.stringify([17, 18]),
      accountMoneyList: JSON.stringify([-40, -60]),
      operTime: chinaNow(stack),
      totalPrice: -100,
      changeAmount: -100,
      discountLastMoney: 100,
      otherMoney: 0,
      status: '0',
    };
    t.same(await save(info, [line('1000003', '包', 5, 20, { depotId: 14 })]), SAVED);
    const listed = await bill('CGRK-M1');
    t.match(listed, { accountName: '现金(40元) 工商银行(60元) ', accountIdList: '17,18', accountMoneyList: '-40,-60' });
    t.equal(
      (await get('/depotHead/getDetailByNumber?number=CGRK-M1')).data.accountName,
      '现金(40元) 工商银行(60元) ',
      'the detail too',
    );
  });

  t.test('强审核: unapproved bills leave stock alone, approval moves it and re-checks it', async (t) => {
    await config({ forceApprovalFlag: '1', minusStockFlag: '0' });
    const have = await stock('1000007', 14);
    t.same(
      await save(
        { number: 'QTRK-F1', type: '入库', subType: '其它', operTime: chinaNow(stack), totalPrice: -250, status: '0' },
        [line('1000007', '个', 10, 25, { depotId: 14 })],
      ),
      SAVED,
    );
    t.equal(await stock('1000007', 14), have, 'not approved: no movement');
    // Unapproved out-bills are not checked at save time; approving one beyond the stock is refused.
    t.same(
      await save(
        { number: 'QTCK-F1', type: '出库', subType: '其它', operTime: chinaNow(stack), totalPrice: 25, status: '0' },
        [line('1000007', '个', have + 5, 25, { depotId: 14 })],
      ),
      SAVED,
    );
    const out = await bill('QTCK-F1');
    t.same(
      await send('POST', '/depotHead/batchSetStatus', { status: '1', ids: `${out.id}` }),
      refused(80000029, `单据:QTCK-F1中商品:安全帽-1000007库存不足`),
    );
    t.equal((await bill('QTCK-F1')).status, '0');
    const inBill = await bill('QTRK-F1');
    t.same(await send('POST', '/depotHead/batchSetStatus', { status: '1', ids: `${inBill.id},` }), OK);
    t.equal(await stock('1000007', 14), have + 10, 'approved: moved');
    t.same(
      await send('POST', '/depotHead/batchSetStatus', { status: '1', ids: `${out.id}` }),
      OK,
      'now there is enough',
    );
    t.equal(await stock('1000007', 14), have - (have + 5) + 10);
    await config({ forceApprovalFlag: '0', minusStockFlag: '1' });
  });

  t.test('组装单 adds the 组合件 and takes the 普通子件; serial-number goods are refused', async (t) => {
    t.same(
      await save(
        { number: 'ZZD-T0', type: '其它', subType: '组装单', operTime: chinaNow(stack), totalPrice: 0, status: '0' },
        [
          line('1000005', '台', 1, 0, { depotId: 14, mType: '组合件' }),
          line('1000006', '个', 1, 0, { depotId: 14, mType: '普通子件' }),
        ],
      ),
      refused(80000017, '抱歉，组装拆卸单不能选择批号或序列号商品:1000005'),
    );
    const drill = await stock('1000002', 14);
    const mouse = await stock('1000006', 14);
    t.same(
      await save(
        { number: 'ZZD-T1', type: '其它', subType: '组装单', operTime: chinaNow(stack), totalPrice: 0, status: '0' },
        [
          line('1000002', '台', 2, 0, { depotId: 14, mType: '组合件' }),
          line('1000006', '个', 2, 0, { depotId: 14, mType: '普通子件' }),
        ],
      ),
      SAVED,
    );
    t.equal(await stock('1000002', 14), drill + 2);
    t.equal(await stock('1000006', 14), mouse - 2);
  });

  t.test(
    'serial numbers: registered by the purchase, sold by the sale, released on delete; every refusal rolls back',
    async (t) => {
      // jshERP-boot maps no serial-number list: the stored rows are read from the sandbox's state.
      const serial = async (serialNumber: string): Promise<Row | undefined> =>
        (stack.sandbox.app.sandbox.state.tables.serialNumber ?? []).find(
          (r) => r.serialNumber === serialNumber && r.deleteFlag !== '1',
        );
      const purchase = {
        number: 'CGRK-SN',
        type: '入库',
        subType: '采购',
        organId: 59,
        accountId: 17,
        operTime: chinaNow(stack),
        totalPrice: -8400,
        changeAmount: -8400,
        status: '0',
      };
      const laptop = (n: number, snList: string, extra: Row = {}): Row =>
        line('1000005', '台', n, 4200, { depotId: 14, snList, ...extra });
      t.same(await save(purchase, [laptop(2, '')]), refused(8000003, '抱歉，商品条码:1000005的序列号不能为空'));
      t.same(
        await save(purchase, [laptop(3, 'SN-A，SN-B')]),
        refused(8500021, '抱歉，商品条码:1000005的数量与序列号不一致'),
      );
      t.same(
        await save(purchase, [laptop(1, 'SN-A'), laptop(1, 'SN-A')]),
        refused(8500033, '抱歉，单据明细中存在重复的序列号:SN-A'),
      );
      t.same(
        await save(purchase, [laptop(1, 'SN-NEW'), laptop(1, 'PF3XK2A1')]),
        refused(10500000, '序列号:PF3XK2A1已存在'),
      );
      t.notOk(await serial('SN-NEW'), 'the refused bill registered nothing');
      t.same(await save(purchase, [laptop(2, 'SN-A，SN-B')]), SAVED);
      t.match(await serial('SN-A'), {
        materialId: 572,
        depotId: 14,
        isSell: '0',
        inBillNo: 'CGRK-SN',
        outBillNo: null,
      });

      const sale = {
        number: 'XSCK-SN',
        type: '出库',
        subType: '销售',
        organId: 58,
        accountId: 17,
        operTime: chinaNow(stack),
        totalPrice: 4900,
        changeAmount: 4900,
        status: '0',
      };
      t.same(
        await save(sale, [line('1000005', '台', 2, 4900, { depotId: 14, snList: 'SN-A,SN-Z' })]),
        refused(10500001, '序列号:SN-Z不存在或者已经出库'),
      );
      t.match(await serial('SN-A'), { isSell: '0' }, 'rolled back');
      t.same(await save(sale, [line('1000005', '台', 1, 4900, { depotId: 14, snList: 'SN-A' })]), SAVED);
      t.match(await serial('SN-A'), { isSell: '1', outBillNo: 'XSCK-SN' });

      const bought = await bill('CGRK-SN');
      t.same(
        await call('DELETE', `/depotHead/delete?id=${bought.id}`, { token: jsh }).then((r) => r.json()),
        refused(8500024, '抱歉，单据CGRK-SN的序列号已经出库，不能删除'),
      );
      t.same(
        await send('PUT', '/depotHead/updateDepotHeadAndDetail', {
          info: JSON.stringify({ id: bought.id, status: '0' }),
          rows: JSON.stringify([laptop(2, 'SN-A,SN-B')]),
        }),
        refused(8500035, '抱歉，序列号:SN-A已被出库，不允许修改该单据'),
      );
      t.ok(await bill('CGRK-SN'));
      const sold = await bill('XSCK-SN');
      t.same(await call('DELETE', `/depotHead/deleteBatch?ids=${sold.id},`, { token: jsh }).then((r) => r.json()), OK);
      t.match(await serial('SN-A'), { isSell: '0', outBillNo: null }, 'back in stock');
      t.same(await call('DELETE', `/depotHead/delete?id=${bought.id}`, { token: jsh }).then((r) => r.json()), OK);
      t.notOk(await serial('SN-A'), 'the purchase’s numbers go with it');
      t.notOk(await serial('SN-B'));
    },
  );

  t.test('serial picker: unsold numbers of the barcode in the depot, missing ones named', async (t) => {
    const pick = async (body: Row): Promise<Row> =>
      send('POST', '/serialNumber/getEnableSerialNumberList', {
        barCode: '1000005',
        depotId: 14,
        page: 1,
        rows: 10,
        ...body,
      });
    const free = (await pick({ name: '' })).data;
    t.same(
      free.rows.map((r: Row) => r.serialNumber),
      ['PF3XK2A1', 'PF3XK2A3'],
      'the sold one is not offered',
    );
    t.equal(free.total, 2);
    t.match(free.rows[0], {
      id: 1,
      inBillNo: 'CGRK00000000306',
      createTimeStr: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    });
    t.same((await pick({ name: 'PF3XK2A1，NOPE' })).data, { rows: [free.rows[0]], total: 1, missInfo: 'NOPE' });
    t.same((await pick({ name: '', depotId: 15 })).data, { rows: [], total: 0 });
    t.same(await pick({ name: '', page: null }), { code: 500, data: '获取数据失败' });
  });

  t.test(
    'batches: required on in/out bills, listed with their balance, and the out-of-stock check is per batch',
    async (t) => {
      const gloves = (await product('劳保手套')).id;
      t.same(
        await send('POST', '/material/batchUpdate', {
          ids: `${gloves}`,
          material: JSON.stringify({ enableBatchNumber: '1' }),
        }),
        OK,
      );
      const inBill = {
        number: 'QTRK-B1',
        type: '入库',
        subType: '其它',
        operTime: chinaNow(stack),
        totalPrice: -35,
        status: '0',
      };
      t.same(
        await save(inBill, [line('1000008', '双', 10, 3.5, { depotId: 15 })]),
        refused(8500015, '抱歉，商品条码:1000008的批号不能为空'),
      );
      t.same(
        await save(inBill, [
          line('1000008', '双', 10, 3.5, { depotId: 15, batchNumber: 'B-2', expirationDate: '2027-06-30' }),
          line('1000008', '双', 4, 3.5, { depotId: 15, batchNumber: 'B-1', expirationDate: '2027-01-31' }),
        ]),
        SAVED,
      );
      const batches = async (extra = ''): Promise<Row> =>
        get(`/depotItem/getBatchNumberList?name=&depotItemId=&depotId=15&barCode=1000008${extra}`);
      t.match(await batches(), {
        code: 200,
        data: {
          total: 2,
          rows: [
            { batchNumber: 'B-1', totalNum: 4, expirationDateStr: '2027-01-31', name: '劳保手套' },
            { batchNumber: 'B-2', totalNum: 10 },
          ],
        },
      });
      t.same(
        (await batches('&batchNumber=B-2')).data.rows.map((r: Row) => r.batchNumber),
        ['B-2'],
      );

      await config({ minusStockFlag: '0' });
      const out = {
        number: 'QTCK-B1',
        type: '出库',
        subType: '其它',
        operTime: chinaNow(stack),
        totalPrice: 17.5,
        status: '0',
      };
      t.same(
        await save(out, [line('1000008', '双', 5, 3.5, { depotId: 15, batchNumber: 'B-1' })]),
        refused(8000004, '商品:劳保手套-1000008-批号B-1库存不足'),
        'the depot has plenty, batch B-1 only 4',
      );
      t.same(await save(out, [line('1000008', '双', 4, 3.5, { depotId: 15, batchNumber: 'B-1' })]), SAVED);
      await config({ minusStockFlag: '1' });
      t.same(
        (await batches()).data.rows.map((r: Row) => r.batchNumber),
        ['B-2'],
        'an empty batch is no longer offered',
      );
    },
  );

  t.test('会员预付款: a prepaid retail bill draws on the member’s balance, which must cover it', async (t) => {
    const balance = async (): Promise<number> =>
      ((await get(`/supplier/list?search=${q({ type: '会员' })}&currentPage=1&pageSize=50`)).data.rows as Row[]).find(
        (r) => r.id === 66,
      )!.advanceIn;
    const start = await balance();
    const retail = (number: string, qty: number): Row => ({
      number,
      type: '出库',
      subType: '零售',
      organId: 66,
      payType: '预付款',
      operTime: chinaNow(stack),
      totalPrice: qty * 68,
      changeAmount: qty * 68,
      status: '0',
    });
    t.same(await save(retail('LSCK-M1', 2), [line('1000001', '套', 2, 68, { depotId: 17 })]), SAVED);
    t.equal(await balance(), start - 136);
    t.same(
      await save(retail('LSCK-M2', 10), [line('1000001', '套', 10, 68, { depotId: 17 })]),
      refused(8500016, '抱歉，会员预付款余额不足'),
    );
    t.equal(await balance(), start - 136, 'the refused bill took nothing');
    const saved = await bill('LSCK-M1');
    t.same(
      await send('PUT', '/depotHead/updateDepotHeadAndDetail', {
        info: JSON.stringify({ ...retail('LSCK-M1', 1), id: saved.id }),
        rows: JSON.stringify([line('1000001', '套', 1, 68, { depotId: 17 })]),
      }),
      SAVED,
    );
    t.equal(await balance(), start - 68, 'the edit takes only the new amount');
    t.same(await call('DELETE', `/depotHead/delete?id=${saved.id}`, { token: jsh }).then((r) => r.json()), OK);
    t.equal(await balance(), start, 'deleting gives it back');
  });

  t.test('出入库管理 waiting bills by kind and status lists', async (t) => {
    const search = q({ type: '入库', subType: '采购,销售退货', status: '0,1' });
    const answer = await get(`/depotHead/waitBillList?search=${search}&currentPage=1&pageSize=2`);
    t.match(answer, { code: 200, data: { message: '成功' } });
    t.equal(answer.data.rows.length, 2, 'one page');
    const all = (await get(`/depotHead/waitBillList?search=${search}&currentPage=1&pageSize=100`)).data;
    t.equal(all.total, answer.data.total);
    t.ok(
      all.rows.length > 2 &&
        all.rows.every(
          (r: Row) => r.type === '入库' && ['采购', '销售退货'].includes(r.subType) && ['0', '1'].includes(r.status),
        ),
    );
    t.ok(
      all.rows.some((r: Row) => r.number === 'CGRK-P1'),
      'a saved bill waits too',
    );
    t.same(await get(`/depotHead/waitBillCount?search=${search}`), {
      code: 200,
      data: { total: all.total, message: '成功' },
    });
    t.same(
      await get(`/depotHead/waitBillList?search=${search}`),
      { code: 500, data: '未知异常' },
      'paging is required',
    );
  });

  t.test('快捷编辑, 强制结单 and 修正剩余订金', async (t) => {
    const order = await bill('CGDD-P1');
    t.same(await send('PUT', '/depotHead/quickEdit', { id: order.id, remark: '加急' }), SAVED);
    t.equal((await bill('CGDD-P1')).remark, '加急');
    t.same(await send('PUT', '/depotHead/quickEdit', { id: 999999, remark: 'x' }), refused(301, '数据写入异常'));
    t.same(
      await send('POST', '/depotHead/forceCloseBatch', { ids: `${order.id},` }),
      refused(8500031, '抱歉，单据:CGDD-P1在该状态不能强制结单'),
    );

    t.same(
      await save(
        {
          number: 'CGDD-D1',
          type: '其它',
          subType: '采购订单',
          organId: 57,
          accountId: 17,
          operTime: chinaNow(stack),
          totalPrice: -900,
          changeAmount: -100,
          status: '1',
        },
        [line('1000002', '台', 3, 300)],
      ),
      SAVED,
    );
    const withDeposit = await bill('CGDD-D1');
    const lines = (await get(`/depotItem/getDetailList?headerId=${withDeposit.id}&linkType=basic`)).data.rows as Row[];
    t.same(
      await save(
        {
          number: 'CGRK-D1',
          type: '入库',
          subType: '采购',
          organId: 57,
          accountId: 17,
          linkNumber: 'CGDD-D1',
          deposit: 60,
          operTime: chinaNow(stack),
          totalPrice: -300,
          changeAmount: -240,
          status: '0',
        },
        [line('1000002', '台', 1, 300, { depotId: 14, linkId: lines[0]!.id })],
      ),
      SAVED,
    );
    t.match(await bill('CGDD-D1'), { status: '3', lastDeposit: 40 });
    t.same(
      await save(
        {
          number: 'CGRK-D2',
          type: '入库',
          subType: '采购',
          organId: 57,
          accountId: 17,
          linkNumber: 'CGDD-D1',
          deposit: 50,
          operTime: chinaNow(stack),
          totalPrice: -300,
          changeAmount: -250,
          status: '0',
        },
        [line('1000002', '台', 1, 300, { depotId: 14 })],
      ),
      refused(8500017, '抱歉，累计订金超出原订单中的订金'),
    );
    t.same(await send('POST', '/depotHead/batchSetLastDeposit', { ids: `${withDeposit.id}` }), OK);
    t.equal((await bill('CGDD-D1')).lastDeposit, 40);
    t.same(
      await send('POST', '/depotHead/batchSetStatus', { status: '0', ids: `${withDeposit.id}` }),
      refused(8500013, '抱歉，只有已审核的单据才能反审核'),
      '部分 cannot be un-approved',
    );
    t.same(await send('POST', '/depotHead/forceCloseBatch', { ids: `${withDeposit.id},` }), OK);
    t.match(await bill('CGDD-D1'), { status: '2', remark: '[强制结单]' });
  });
});
