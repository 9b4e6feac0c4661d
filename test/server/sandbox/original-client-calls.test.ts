// Calls the original jshERP client makes that the sandbox once answered differently from the backend (found by
// driving the original against it: scripts/original-client-check.mjs), each as the backend answers it.
import t from 'tap';
import { roleIdOfUser } from '../../../server/sandbox/store.js';
import { chinaNow, chinaTimeText, startStack } from './helpers.js';

const UNKNOWN = { code: 500, data: '未知异常' };
const ACCOUNT_HEAD_NULLS = Object.fromEntries(
  [
    'id',
    'type',
    'organId',
    'handsPersonId',
    'creator',
    'changeAmount',
    'discountMoney',
    'totalPrice',
    'accountId',
    'billNo',
    'billTime',
    'remark',
    'fileName',
    'status',
    'source',
    'tenantId',
    'deleteFlag',
  ].map((k) => [k, null]),
);

t.test('calls of the original client', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const { token } = await stack.login('jsh');
  const state = stack.sandbox.app.sandbox.state;
  // The seed dates its bills some days before the sandbox's now: read each one's time (China time) from the seed.
  const operTimeOf = (number: string): string =>
    chinaTimeText(state.tables.depotHead!.find((h) => h.number === number)!.operTime as Date);
  const dayOf = (number: string, days = 0): string =>
    chinaTimeText(new Date(Date.parse(`${operTimeOf(number).slice(0, 10)}T00:00:00+08:00`) + days * 86_400_000)).slice(
      0,
      10,
    );

  t.test("getFinancialBillNoByBillId: the 收付款单号 a sales bill's detail lists", async (t) => {
    const billId = state.tables.depotHead!.find((h) => h.number === 'XSCK00000000314')!.id as number;
    const numbers = async (id: string): Promise<unknown> =>
      (await call('GET', `/accountHead/getFinancialBillNoByBillId?billId=${id}`, { token })).json();
    const before = (await numbers(String(billId))) as { code: number; data: Array<Record<string, unknown>> };
    t.equal(before.code, 200);
    t.ok(before.data.length >= 1, 'the seeded 收款单 settling the bill is listed');
    t.same(
      before.data[0],
      { ...ACCOUNT_HEAD_NULLS, billNo: before.data[0]!.billNo },
      'an entity with only billNo selected',
    );

    const billNo = 'SK' + String(Date.now()).slice(-11);
    const saved = await call('POST', '/accountHead/addAccountHeadAndDetail', {
      token,
      body: {
        info: JSON.stringify({
          organId: 62,
          billTime: chinaNow(stack),
          billNo,
          accountId: 17,
          totalPrice: 30,
          discountMoney: 0,
          changeAmount: 30,
          type: '收款',
          status: '0',
        }),
        rows: JSON.stringify([
          { billNumber: 'XSCK00000000314', needDebt: 10450, finishDebt: 3000, eachAmount: 10 },
          { billNumber: 'XSCK00000000314', needDebt: 10450, finishDebt: 3010, eachAmount: 20 },
        ]),
      },
    });
    t.same(saved.json(), { code: 200, msg: '操作成功' });
    const after = (await numbers(String(billId))) as { data: Array<Record<string, unknown>> };
    t.same(
      after.data.map((r) => r.billNo),
      [...before.data.map((r) => r.billNo), billNo, billNo],
      'one entry per settling row',
    );

    const head = state.tables.accountHead!.find((h) => h.billNo === billNo)!;
    t.same((await call('DELETE', `/accountHead/delete?id=${String(head.id)}`, { token })).json().code, 200);
    t.same(
      ((await numbers(String(billId))) as { data: unknown[] }).data.length,
      before.data.length,
      'a deleted bill no longer counts',
    );

    t.same(await numbers('999999'), { code: 200, data: [] }, 'a bill nothing settles');
    t.same(
      (await call('GET', '/accountHead/getFinancialBillNoByBillId', { token })).json(),
      UNKNOWN,
      'billId is required',
    );
    t.same(await numbers('x'), UNKNOWN, 'billId must be a number');
  });

  t.test('findDetailByDepotIdsAndMaterialId: 商品库存流水 of one product', async (t) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const flow = async (params: Record<string, string>): Promise<any> =>
      (
        await call(
          'GET',
          `/depotItem/findDetailByDepotIdsAndMaterialId?${new URLSearchParams({ currentPage: '1', pageSize: '10', ...params })}`,
          { token },
        )
      ).json();
    // 中性笔 (571, barcode 1000004): a retail sale and return in 门店仓库 (17), a transfer of 100 from 总仓库 (14) into it.
    const all = await flow({
      materialId: '571',
      depotIds: '',
      number: '',
      beginTime: '',
      endTime: '',
      stockPriceFlag: 'false',
    });
    t.equal(all.code, 200);
    t.equal(all.data.total, 4);
    t.equal(all.data.message, '成功');
    t.same(
      all.data.rows.slice(0, 2),
      [
        {
          number: 'LSTH00000000320',
          barCode: '1000004',
          materialName: '中性笔',
          type: '零售退货入库',
          depotName: '门店仓库',
          basicNumber: 5,
          unitPrice: 2,
          allPrice: 10,
          operTime: operTimeOf('LSTH00000000320'),
        },
        {
          number: 'LSCK00000000317',
          barCode: '1000004',
          materialName: '中性笔',
          type: '零售出库',
          depotName: '门店仓库',
          basicNumber: -20,
          unitPrice: 2,
          allPrice: -40,
          operTime: operTimeOf('LSCK00000000317'),
        },
      ],
      'newest first, out as negative quantities',
    );
    const transfer = {
      number: 'DBCK00000000326',
      barCode: '1000004',
      materialName: '中性笔',
      type: '调拨出库',
      unitPrice: 1.2,
      operTime: operTimeOf('DBCK00000000326'),
    };
    t.same(
      [...all.data.rows.slice(2)].sort(
        (a: { basicNumber: number }, b: { basicNumber: number }) => a.basicNumber - b.basicNumber,
      ),
      [
        { ...transfer, depotName: '总仓库', basicNumber: -100, allPrice: -120 },
        { ...transfer, depotName: '门店仓库[调入]', basicNumber: 100, allPrice: 120 },
      ],
      'a transfer leaves one depot and enters the other',
    );

    const store = await flow({ materialId: '571', depotIds: '17' });
    t.same(
      store.data.rows.map((r: { number: string; basicNumber: number }) => [r.number, r.basicNumber]),
      [
        ['LSTH00000000320', 5],
        ['LSCK00000000317', -20],
        ['DBCK00000000326', 100],
      ],
      'one depot: only what moved in or out of it',
    );
    t.same(
      (await flow({ materialId: '571', depotIds: '14,15' })).data.rows.map((r: { depotName: string }) => r.depotName),
      ['总仓库'],
    );
    t.same(
      (await flow({ materialId: '571', number: 'LSCK' })).data.rows.map((r: { number: string }) => r.number),
      ['LSCK00000000317'],
      'number matches a part',
    );
    t.same(
      (
        await flow({ materialId: '571', beginTime: dayOf('LSCK00000000317'), endTime: dayOf('LSCK00000000317') })
      ).data.rows.map((r: { number: string }) => r.number),
      ['LSCK00000000317'],
      'dates cover whole days',
    );
    const second = await flow({ materialId: '571', currentPage: '2', pageSize: '1' });
    t.same(
      [second.data.total, second.data.rows.map((r: { number: string }) => r.number)],
      [4, ['LSCK00000000317']],
      'paged, total counts all',
    );
    t.same(await flow({ materialId: '999999' }), { code: 200, data: { rows: [], total: 0, message: '成功' } });

    // The original client's 商品库存 page loads the dialog's list once with no product: the backend refuses it.
    const opening = `/depotItem/findDetailByDepotIdsAndMaterialId?depotIds=&materialId=&number=&beginTime=&endTime=&stockPriceFlag=false&column=createTime&order=desc&currentPage=1&pageSize=10`;
    t.same((await call('GET', opening, { token })).json(), UNKNOWN);
    t.same(await flow({ materialId: 'x' }), UNKNOWN, 'materialId must be a number');
    t.same(await flow({ materialId: '571', depotIds: '14,x' }), UNKNOWN, 'depot ids must be numbers');
    t.same(
      (await call('GET', '/depotItem/findDetailByDepotIdsAndMaterialId?materialId=571', { token })).json(),
      UNKNOWN,
      'paging is required',
    );
  });

  t.test('getMaterialDepotStock: 库存分布 of one product', async (t) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const spread = async (params: Record<string, string>): Promise<any> =>
      (
        await call(
          'GET',
          `/material/getMaterialDepotStock?${new URLSearchParams({ currentPage: '1', pageSize: '10', ...params })}`,
          { token },
        )
      ).json();
    // 中性笔 (571): 500 opened in 总仓库 (14), 100 moved to 门店仓库 (17), which sold 20 and took 5 back; none in 东区 (15).
    const perDepot = (
      (await call('GET', '/depot/getAllListWithStock?mId=571', { token })).json().data as Array<{
        id: number;
        currentStock: number;
      }>
    ).map((d) => [d.id, d.currentStock]);
    t.same(
      perDepot,
      [
        [14, 400],
        [15, 0],
        [17, 85],
      ],
      'the stock the product form shows',
    );
    const row = { materialId: 571, currentUnitPrice: 1.2, purchaseDecimal: 1.2, unitPrice: 1.2 };
    t.same(
      await spread({ materialId: '571', depotIds: '' }),
      {
        code: 200,
        data: {
          rows: [
            { id: 5710014, ...row, depotId: 14, depotName: '总仓库', currentNumber: 400, allPrice: 480 },
            { id: 5710017, ...row, depotId: 17, depotName: '门店仓库', currentNumber: 85, allPrice: 102 },
          ],
          total: 2,
        },
      },
      "depots holding it, at the default barcode's purchase price",
    );
    t.same(
      (await spread({ materialId: '571', depotIds: '15,17' })).data.rows.map((r: { depotId: number }) => r.depotId),
      [17],
    );
    t.same((await spread({ materialId: '571', pageSize: '1', currentPage: '2' })).data, {
      rows: [{ id: 5710017, ...row, depotId: 17, depotName: '门店仓库', currentNumber: 85, allPrice: 102 }],
      total: 2,
    });
    t.same(await spread({ materialId: '999999' }), { code: 200, data: { rows: [], total: 0 } });

    const role = state.roles.find((r) => r.id === roleIdOfUser(state, 63))!;
    const limit = role.price_limit;
    role.price_limit = '7';
    t.teardown(() => {
      role.price_limit = limit;
    });
    t.match(
      (await spread({ materialId: '571' })).data.rows[0],
      { currentNumber: 400, unitPrice: null, allPrice: null },
      'price limit 7 hides the price',
    );
    role.price_limit = limit;

    t.same(await spread({ depotIds: '14' }), UNKNOWN, 'materialId is required');
    t.same(await spread({ materialId: '571', depotIds: 'x' }), UNKNOWN, 'depot ids must be numbers');
  });

  t.test('batchSetLastDebt: 修正欠款 of the purchase and sales lists', async (t) => {
    const fix = async (ids: unknown): Promise<unknown> =>
      (await call('POST', '/depotHead/batchSetLastDebt', { token, body: { ids } })).json();
    const bill = (number: string) => state.tables.depotHead!.find((h) => h.number === number)!;
    // XSCK00000000314 owes 10450, of which a seeded 收款单 settled 3000.
    const sale = bill('XSCK00000000314');
    sale.lastDebt = 0;
    const paid = state.tables.depotHead!.find(
      (h) =>
        h.tenantId === 63 &&
        h.deleteFlag !== '1' &&
        (h.subType === '采购' || h.subType === '销售') &&
        Number(h.discountLastMoney ?? 0) +
          Number(h.otherMoney ?? 0) -
          Number(h.deposit ?? 0) -
          Math.abs(Number(h.changeAmount ?? 0)) ===
          0,
    )!;
    paid.lastDebt = 5;
    t.same(await fix(`${String(sale.id)},${String(paid.id)},`), { code: 200, data: { message: '成功' } });
    t.equal(sale.lastDebt, 7450, 'the debt less what was settled on it');
    t.equal(paid.lastDebt, 5, 'a bill paid in full is left alone');
    const log = (
      await call(
        'GET',
        `/log/list?search=${encodeURIComponent(JSON.stringify({ operation: '单据' }))}&currentPage=1&pageSize=5`,
        { token },
      )
    ).json();
    t.match(
      log.data.rows[0],
      { operation: '单据', content: `修正最终欠款：${String(sale.number)} ` },
      'the operation log names the bills fixed',
    );

    sale.lastDebt = 1;
    t.same(await fix(`${String(sale.id)},x`), UNKNOWN, 'an id that is not a number');
    t.same(await fix(`${String(sale.id)},999999`), UNKNOWN, 'an id that is no bill');
    t.same(await fix(''), UNKNOWN, 'no id');
    t.same(await fix(undefined), UNKNOWN, 'no ids');
    t.equal(sale.lastDebt, 1, 'a refused call changes nothing');
    t.same(await fix(','), { code: 500, data: { message: '服务内部错误' } }, 'an empty list fixes nothing');
  });

  t.test('getMaterialDepotStockByParam: 库存分布 at the end of a period (进销存统计)', async (t) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const spread = async (params: Record<string, string>): Promise<any> =>
      (await call('GET', `/depotItem/getMaterialDepotStockByParam?${new URLSearchParams(params)}`, { token })).json();
    // 中性笔 (571): 500 opened in 总仓库 (14); 100 went to 门店仓库 (17) (DBCK…326), which sold 20 (LSCK…317) two days later
    // and took 5 back (LSTH…320) two days after that.
    t.same(
      await spread({
        depotIds: '',
        materialId: '571',
        unitPrice: '1.2',
        beginTime: dayOf('DBCK00000000326', -1),
        endTime: dayOf('LSTH00000000320', 1),
      }),
      {
        code: 200,
        data: {
          rows: [
            { depotId: 14, depotName: '总仓库', currentNumber: 400, unitPrice: 1.2, allPrice: 480 },
            { depotId: 17, depotName: '门店仓库', currentNumber: 85, unitPrice: 1.2, allPrice: 102 },
          ],
          total: 2,
          message: '成功',
        },
      },
      'depots holding it at the end of the period, priced at the price sent',
    );
    t.same(
      (await spread({ materialId: '571', beginTime: dayOf('DBCK00000000326', 1), endTime: dayOf('LSCK00000000317') }))
        .data.rows,
      [
        { depotId: 14, depotName: '总仓库', currentNumber: 400 },
        { depotId: 17, depotName: '门店仓库', currentNumber: 80 },
      ],
      'what moved before the period counts, what moved after it does not; no price sent, none shown',
    );
    t.same(
      (
        await spread({
          materialId: '571',
          depotIds: '17',
          beginTime: dayOf('DBCK00000000326', -30),
          endTime: dayOf('DBCK00000000326', -1),
        })
      ).data,
      { rows: [], total: 0, message: '成功' },
      'nothing in the store before the transfer',
    );
    t.same(await spread({ materialId: '571', beginTime: dayOf('DBCK00000000326') }), UNKNOWN, 'endTime is required');
    t.same(
      await spread({ beginTime: dayOf('DBCK00000000326'), endTime: dayOf('LSTH00000000320') }),
      UNKNOWN,
      'materialId is required',
    );
    t.same(
      await spread({ materialId: '571', unitPrice: 'x', beginTime: '', endTime: '' }),
      UNKNOWN,
      'unitPrice must be a number',
    );
  });

  t.test('batchSetLastDeposit: 修正订金 of the order lists', async (t) => {
    const fix = async (ids: unknown): Promise<unknown> =>
      (await call('POST', '/depotHead/batchSetLastDeposit', { token, body: { ids } })).json();
    const order = state.tables.depotHead!.find((h) => h.number === 'CGDD00000000302')!;
    t.equal(Number(order.changeAmount), 0, 'an order without a deposit');
    t.same(
      await fix(`${String(order.id)},`),
      { code: 200, data: { message: '成功' } },
      'any listed bill answers 成功, as the backend does',
    );
    // The service does not look at the kind: any bill with a deposit (change_amount) gets last_deposit recomputed.
    const paid = state.tables.depotHead!.find(
      (h) => h.tenantId === 63 && h.deleteFlag !== '1' && h.subType === '零售' && Number(h.changeAmount ?? 0) !== 0,
    )!;
    paid.lastDeposit = null;
    t.same(await fix(String(paid.id)), { code: 200, data: { message: '成功' } });
    t.equal(paid.lastDeposit, Math.abs(Number(paid.changeAmount)), 'its deposit, nothing linked to it having used any');
    const log = (
      await call(
        'GET',
        `/log/list?search=${encodeURIComponent(JSON.stringify({ operation: '单据' }))}&currentPage=1&pageSize=5`,
        { token },
      )
    ).json();
    t.match(log.data.rows[0], { content: `修正剩余订金：${String(paid.number)} ` });
    t.same(await fix(`${String(order.id)},x`), UNKNOWN, 'an id that is not a number');
    t.same(await fix('999999'), UNKNOWN, 'an id that is no bill');
  });

  t.test(
    "getDetailList: an order's lines, which have no depot, show the product's stock over every depot",
    async (t) => {
      const save = async (info: Record<string, unknown>, rows: Array<Record<string, unknown>>): Promise<unknown> =>
        (
          await call('POST', '/depotHead/addDepotHeadAndDetail', {
            token,
            body: { info: JSON.stringify(info), rows: JSON.stringify(rows) },
          })
        ).json();
      const headId = (number: string): number => state.tables.depotHead!.find((h) => h.number === number)!.id as number;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const lines = async (id: number, extra = ''): Promise<any> =>
        (await call('GET', `/depotItem/getDetailList?headerId=${id}&mpList=&linkType=basic${extra}`, { token })).json()
          .data.rows;
      const stockIn = async (depotId: number): Promise<number> =>
        (
          await call('GET', `/depotItem/findStockByDepotAndBarCode?depotId=${depotId}&barCode=1000004`, { token })
        ).json().data.stock;
      const everyDepot = async (): Promise<number> =>
        (
          (await call('GET', '/depot/getAllListWithStock?mId=571', { token })).json().data as Array<{
            currentStock: number;
          }>
        ).reduce((sum, d) => sum + d.currentStock, 0);
      // A 采购订单 of 3 中性笔 as the original's form posts it: its lines carry an empty depot.
      const pen = {
        barCode: '1000004',
        unit: '支',
        operNumber: '3',
        unitPrice: 2.5,
        allPrice: 7.5,
        taxRate: 13,
        taxMoney: 0.98,
        taxLastMoney: 8.48,
      };
      t.same(
        await save(
          {
            number: 'CGDD-OC1',
            type: '其它',
            subType: '采购订单',
            organId: 57,
            operTime: chinaNow(stack),
            totalPrice: -7.5,
            changeAmount: 0,
            discountLastMoney: 8.48,
            status: '1',
          },
          [{ ...pen, depotId: '' }],
        ),
        { code: 200, msg: '操作成功' },
      );
      const orderId = headId('CGDD-OC1');
      const total = await everyDepot();
      t.ok(total > 0, 'the pen is stocked somewhere');
      const [orderLine] = await lines(orderId);
      t.match(orderLine, { barCode: '1000004', operNumber: 3, stock: total }, 'the stock of every depot summed');
      t.match(
        orderLine,
        { depotId: '', depotName: '', anotherDepotId: '', anotherDepotName: '', imgSmall: '', imgLarge: '' },
        'a missing depot comes as an empty string, the image sizes as the local file store names them',
      );
      t.match((await lines(orderId, '&isReadOnly=1'))[0], { stock: total }, 'the detail dialog reads the same');

      // Taking the order into a 采购入库 of 总仓库 (14): the order's line shows the new total, the receipt's line its depot's.
      t.same(
        await save(
          {
            number: 'CGRK-OC1',
            type: '入库',
            subType: '采购',
            organId: 57,
            operTime: chinaNow(stack),
            accountId: 18,
            linkNumber: 'CGDD-OC1',
            totalPrice: -7.5,
            changeAmount: -8.48,
            discountLastMoney: 8.48,
            otherMoney: 0,
            debt: 0,
            status: '1',
          },
          [{ ...pen, depotId: 14, linkId: orderLine.id }],
        ),
        { code: 200, msg: '操作成功' },
      );
      t.equal(await everyDepot(), total + 3);
      t.match((await lines(orderId))[0], { stock: total + 3 });
      t.match(
        (await lines(headId('CGRK-OC1')))[0],
        { depotId: 14, depotName: '总仓库', stock: await stockIn(14), linkId: orderLine.id },
        "a line with a depot shows that depot's stock",
      );
      t.ok((await stockIn(14)) < total + 3, "which is not every depot's");
    },
  );
});
