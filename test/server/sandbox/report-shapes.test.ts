// Answer shapes and sums as jshERP-boot's controllers, services and mappers produce them (each test names its Java
// source), for the calls the original client and ours make: bill lists, the function list, the stock reports. Dates
// are derived from now, as the seed places its bills.
import t from 'tap';
import {
  billLine as line,
  chinaDay as chinaDayOf,
  chinaNow as chinaNowOf,
  OK,
  q,
  SAVED,
  startStack,
  type Row,
} from './helpers.js';
const READ_FAILED = { code: 500, data: '获取数据失败' };

t.test('answer shapes and sums', async (t) => {
  const stack = await startStack(t, { captcha: false });
  // Dates from the sandbox's clock (SANDBOX_CLOCK may move it).
  const chinaNow = (): string => chinaNowOf(stack);
  const chinaDay = (days = 0): string => chinaDayOf(stack, days);
  const { call } = stack;
  const jsh = (await stack.login('jsh')).token;
  const get = async (path: string, token = jsh): Promise<Row> => (await call('GET', path, { token })).json();
  const report = async (path: string, params: Record<string, string>): Promise<Row> =>
    get(`${path}?${new URLSearchParams({ currentPage: '1', pageSize: '200', materialParam: '', ...params })}`);
  const save = async (info: Row, rows: Row[]): Promise<Row> =>
    (
      await call('POST', '/depotHead/addDepotHeadAndDetail', {
        token: jsh,
        body: { info: JSON.stringify(info), rows: JSON.stringify(rows) },
      })
    ).json();
  const bill = async (number: string): Promise<Row> =>
    ((await get(`/depotHead/list?search=${q({ number })}&currentPage=1&pageSize=10`)).data.rows as Row[]).find(
      (r) => r.number === number,
    )!;
  const stockIn = async (barCode: string, depotId: number): Promise<number> =>
    (await get(`/depotItem/findStockByDepotAndBarCode?depotId=${depotId}&barCode=${barCode}`)).data.stock;
  const whole = { beginTime: chinaDay(-400), endTime: chinaDay() };

  // A two-unit product (瓶, 箱 = 24 瓶) with 扩展1–3, warning levels in two depots and 5 瓶 opening stock in 东区仓库.
  t.same(
    await call('POST', '/unit/add', { token: jsh, body: { basicUnit: '瓶', otherUnit: '箱', ratio: 24 } }).then((r) =>
      r.json(),
    ),
    OK,
  );
  const unit = ((await get('/unit/getAllList')).data as Row[]).find((u) => u.basicUnit === '瓶' && u.ratio === 24)!;
  t.same(
    await call('POST', '/material/add', {
      token: jsh,
      body: {
        name: '矿泉水',
        model: 'KS-550',
        color: '',
        standard: '550ml',
        mfrs: '',
        brand: '',
        unit: '',
        unitId: unit.id,
        categoryId: 23,
        otherField1: '浙江',
        otherField2: '天然',
        otherField3: '整箱',
        weight: 0.6,
        position: '',
        enableSerialNumber: '0',
        enableBatchNumber: '0',
        remark: '',
        sortList: [],
        imgName: '',
        meDeleteIdList: [],
        meList: [
          {
            id: '17000000000000300001_tid-a',
            barCode: '3000001',
            commodityUnit: '瓶',
            purchaseDecimal: 1.5,
            commodityDecimal: 2,
            wholesaleDecimal: 1.8,
            lowDecimal: 1.6,
          },
          {
            id: '17000000000000300002_tid-a',
            barCode: '3000002',
            commodityUnit: '箱',
            purchaseDecimal: 36,
            commodityDecimal: 48,
            wholesaleDecimal: 43,
            lowDecimal: 38,
          },
        ],
        stock: [
          { id: 14, initStock: '', lowSafeStock: '200', highSafeStock: '' },
          { id: 15, initStock: '5', lowSafeStock: '', highSafeStock: '2' },
        ],
      },
    }).then((r) => r.json()),
    OK,
  );
  const water = (
    (await get(`/material/list?search=${q({ materialParam: '矿泉水' })}&currentPage=1&pageSize=10`)).data.rows as Row[]
  )[0]!;
  // 6 箱 and 24 瓶 received into 总仓库.
  t.same(
    await save(
      {
        number: 'CGRK-W1',
        type: '入库',
        subType: '采购',
        organId: 57,
        accountId: 17,
        operTime: chinaNow(),
        totalPrice: -252,
        changeAmount: -252,
        discountLastMoney: 252,
        otherMoney: 0,
        status: '0',
      },
      [line('3000002', '箱', 6, 36, { depotId: 14 }), line('3000001', '瓶', 24, 1.5, { depotId: 14 })],
    ),
    SAVED,
  );

  t.test('base units: 进销存统计, 采购统计 and 入库汇总 sum basic_number, as 商品库存 counts', async (t) => {
    // DepotItemMapperEx.getStockByParamWithDepotList / buyOrSaleNumber / DepotHeadMapperEx.findInOutMaterialCount all sum di.basic_number.
    const stock = (await report('/material/getListWithStock', { zeroStock: '1', materialParam: '矿泉水' })).data
      .rows as Row[];
    t.match(
      stock,
      [{ id: water.id, currentStock: 173, initialStock: 5, unitName: '瓶', bigUnitStock: '' }],
      '商品库存: 144 + 24 + 5 瓶 (no unit group: getListWithStock selects no unit_id)',
    );
    const today = { beginTime: chinaDay(), endTime: chinaDay() };
    const inOut = (await report('/depotItem/getInOutStock', { ...today, materialParam: '矿泉水' })).data.rows as Row[];
    t.match(
      inOut,
      [{ id: water.id, barCode: '3000001', prevSum: 5, inSum: 168, outSum: 0, thisSum: 173 }],
      '进销存统计: 6 箱 + 24 瓶 are 168 in, as 商品库存 says',
    );
    const buy = (await report('/depotItem/buyIn', { ...today, materialParam: '矿泉水' })).data.rows as Row[];
    t.same(
      buy.map((r) => [r.barCode, r.inSum, r.inSumPrice, r.materialUnit, r.unitName]),
      [
        ['3000001', 24, 36, '瓶', unit.name],
        ['3000002', 144, 216, '瓶', unit.name],
      ],
      '采购统计: one row per barcode row (material_extend_id), each in 瓶',
    );
    const count = (
      await report('/depotHead/findInOutMaterialCount', { ...today, type: '入库', materialParam: '矿泉水' })
    ).data.rows as Row[];
    t.match(count, [{ materialId: water.id, numSum: 168, priceSum: 252 }], '入库汇总');
  });

  t.test(
    'a customer’s last price is read per barcode row (DepotItemMapperEx.getLastUnitPriceByParam: material_extend_id)',
    async (t) => {
      t.same(
        await save(
          {
            number: 'XSCK-W1',
            type: '出库',
            subType: '销售',
            organId: 58,
            accountId: 17,
            operTime: chinaNow(),
            totalPrice: 84,
            changeAmount: 84,
            discountLastMoney: 84,
            otherMoney: 0,
            status: '0',
          },
          [line('3000002', '箱', 2, 40, { depotId: 14 }), line('3000001', '瓶', 2, 2, { depotId: 14 })],
        ),
        SAVED,
      );
      const price = async (barCode: string): Promise<unknown> =>
        (
          (await get(`/material/getMaterialByBarCode?barCode=${barCode}&mpList=&prefixNo=XSCK&organId=58`))
            .data as Row[]
        )[0]!.billPrice;
      t.equal(await price('3000002'), 40, 'the 箱 at the 箱’s last price');
      t.equal(await price('3000001'), 2, 'the 瓶 at the 瓶’s');
      const sale = (
        await report('/depotItem/saleOut', { beginTime: chinaDay(), endTime: chinaDay(), materialParam: '矿泉水' })
      ).data.rows as Row[];
      t.same(
        sale.map((r) => [r.barCode, r.outSum, r.outSumPrice]),
        [
          ['3000001', 2, 4],
          ['3000002', 48, 80],
        ],
        '销售统计 in 瓶 per barcode row',
      );
    },
  );

  t.test('getMaterialByBarCode splits a comma list (MaterialService.getMaterialByBarCode)', async (t) => {
    const both = await get('/material/getMaterialByBarCode?barCode=1000006,1000004&mpList=&prefixNo=XSCK');
    t.equal(both.code, 200);
    t.same(
      (both.data as Row[]).map((r) => [r.id, r.mBarCode]),
      [
        [573, '1000006'],
        [571, '1000004'],
      ],
      'both products, m.id desc',
    );
  });

  t.test(
    '库存预警 per depot with its four safety-stock columns (DepotItemController.findStockWarningCount, DepotItemMapperEx.xml)',
    async (t) => {
      const all = await report('/depotItem/findStockWarningCount', { mpList: '' });
      t.equal(all.code, 200);
      const mine = (all.data.rows as Row[]).filter((r) => r.mid === water.id);
      const in14 = await stockIn('3000001', 14);
      const in15 = await stockIn('3000001', 15);
      // Both depots' rows carry the product's own columns alike.
      const waterColumns = {
        mid: water.id,
        barCode: '3000001',
        mname: '矿泉水',
        mmodel: 'KS-550',
        materialUnit: '瓶',
        mcolor: '',
        mstandard: '550ml',
        mmfrs: '',
        brand: '',
        unitName: '瓶',
        materialOther: null,
        motherField1: '浙江',
        motherField2: '天然',
        motherField3: '整箱',
      };
      t.same(
        mine,
        [
          {
            ...waterColumns,
            depotName: '东区仓库',
            currentNumber: in15,
            lowSafeStock: null,
            highSafeStock: 2,
            lowCritical: null,
            highCritical: in15 - 2,
          },
          {
            ...waterColumns,
            depotName: '总仓库',
            currentNumber: in14,
            lowSafeStock: 200,
            highSafeStock: null,
            lowCritical: 200 - in14,
            highCritical: null,
          },
        ],
        'one row per depot, by depot name',
      );
      const names = (all.data.rows as Row[]).map((r) => String(r.depotName));
      t.same(names, [...names].sort(), 'order by depotName');
      const drill = (
        (await report('/depotItem/findStockWarningCount', { mpList: '', materialParam: '冲击电钻' })).data.rows as Row[]
      )[0]!;
      t.match(
        drill,
        { depotName: '总仓库', currentNumber: await stockIn('1000002', 14), lowSafeStock: 20, highSafeStock: null },
        'the seeded 冲击电钻 under its 20',
      );
      const east = (await report('/depotItem/findStockWarningCount', { mpList: '', depotId: '15' })).data.rows as Row[];
      t.ok(east.length > 0 && east.every((r) => r.depotName === '东区仓库'), 'depotId keeps that depot only');
      t.same(
        await report('/depotItem/findStockWarningCount', {}),
        READ_FAILED,
        'mpList is split before anything else: without it the report fails',
      );
    },
  );

  t.test('商品库存 honours depotIds and says how to show prices (MaterialController.getListWithStock)', async (t) => {
    const helmet = async (depotIds: string): Promise<Row> => {
      const data = (await report('/material/getListWithStock', { zeroStock: '1', materialParam: '安全帽', depotIds }))
        .data;
      return { ...data.rows[0], totals: data };
    };
    const [s14, s15, s17] = [await stockIn('1000007', 14), await stockIn('1000007', 15), await stockIn('1000007', 17)];
    const opening = ((await get('/depot/getAllListWithStock?mId=574')).data as Row[]).map((d) => [d.id, d.initStock]);
    const openingIn = (ids: number[]): number =>
      opening.filter(([id]) => ids.includes(id)).reduce((s, [, n]) => s + Number(n), 0);
    t.match(await helmet('15'), { currentStock: s15, initialStock: openingIn([15]) }, 'one depot');
    t.match(await helmet('14,15'), { currentStock: s14 + s15, initialStock: openingIn([14, 15]) }, 'two');
    const every = await helmet('');
    t.match(
      every,
      { currentStock: s14 + s15 + s17, initialStock: openingIn([14, 15, 17]) },
      'none: the caller’s depots',
    );
    t.equal(every.totals.showStockPrice, true);
    t.equal(every.totals.moveAvgPriceFlag, false, 'the tenant’s 移动平均价 switch');
    t.same(
      await report('/material/getListWithStock', { zeroStock: '1', depotIds: 'x' }),
      READ_FAILED,
      'a depot list that is no list of numbers',
    );
    const sorted = async (params: Record<string, string>): Promise<number[]> =>
      ((await report('/material/getListWithStock', { zeroStock: '1', ...params })).data.rows as Row[]).map(
        (r) => r.currentStock as number,
      );
    const ascending = await sorted({ column: 'currentStock', order: 'asc' });
    t.same(
      ascending,
      [...ascending].sort((a, b) => a - b),
      'column/order sort (MaterialMapperEx.getListWithStock)',
    );
    const descending = await sorted({ column: 'currentStock' });
    t.same(
      descending,
      [...descending].sort((a, b) => b - a),
      'order defaults to desc',
    );
  });

  t.test(
    '进销存统计 counts 组装单 and transfers, and a chosen depot’s opening stock only (DepotItemController.getInOutStock)',
    async (t) => {
      const rowsOf = async (params: Record<string, string>): Promise<Map<unknown, Row>> =>
        new Map(((await report('/depotItem/getInOutStock', params)).data.rows as Row[]).map((r) => [r.id, r]));
      const today = { beginTime: chinaDay(), endTime: chinaDay() };
      const before = (await rowsOf(today)).get(573);
      t.same(
        await save(
          { number: 'ZZD-W1', type: '其它', subType: '组装单', operTime: chinaNow(), totalPrice: 0, status: '0' },
          [
            line('1000001', '套', 1, 0, { depotId: 14, mType: '组合件' }),
            line('1000006', '个', 1, 0, { depotId: 14, mType: '普通子件' }),
          ],
        ),
        SAVED,
      );
      t.same(
        await save(
          { number: 'DBCK-W1', type: '出库', subType: '调拨', operTime: chinaNow(), totalPrice: 0, status: '0' },
          [line('1000006', '个', 5, 45, { depotId: 14, anotherDepotId: 17 })],
        ),
        SAVED,
      );
      const after = (await rowsOf(today)).get(573)!;
      t.equal(after.inSum - Number(before?.inSum ?? 0), 5, 'the transfer comes in to 门店仓库');
      t.equal(after.outSum - Number(before?.outSum ?? 0), 6, 'and goes out of 总仓库, with the 普通子件 of the 组装单');

      for (const depotIds of ['', '14', '15', '17', '14,17']) {
        const stock = new Map(
          ((await report('/material/getListWithStock', { zeroStock: '1', depotIds })).data.rows as Row[]).map((r) => [
            r.id,
            r,
          ]),
        );
        const inOut = await rowsOf({ ...whole, depotIds });
        t.ok(inOut.size >= 8, `every product on a bill (${depotIds || 'all'})`);
        for (const [id, row] of inOut)
          t.equal(
            row.thisSum,
            stock.get(id)?.currentStock,
            `closing stock of ${String(row.materialName)} = 商品库存 (${depotIds || 'all'})`,
          );
        const money = (
          await get(
            `/depotItem/getInOutStockCountMoney?${new URLSearchParams({ ...whole, depotIds, materialParam: '' })}`,
          )
        ).data;
        t.equal(
          money.totalStock,
          Math.round([...inOut.values()].reduce((s, r) => s + r.thisSum, 0) * 100) / 100,
          `totalStock (${depotIds || 'all'})`,
        );
        t.equal(money.showStockPrice, true, 'getInOutStockCountMoney says whether stock prices show');
      }
      const mouse = (await rowsOf({ ...whole, depotIds: '15' })).get(573);
      t.equal(mouse?.prevSum, 0, 'no opening stock of 总仓库 in 东区仓库’s 进销存');
      t.match(
        (await rowsOf(whole)).get(water.id),
        { otherField1: '浙江', otherField2: '天然', otherField3: '整箱', unitId: unit.id },
        '扩展1–3',
      );
    },
  );

  t.test('扩展1–3 on 采购/销售/零售统计 (DepotItemController.buyIn, saleOut, retailOut)', async (t) => {
    const buy = (await report('/depotItem/buyIn', { ...whole, materialParam: '矿泉水' })).data.rows as Row[];
    t.match(buy[0], {
      otherField1: '浙江',
      otherField2: '天然',
      otherField3: '整箱',
      materialName: '矿泉水',
      materialModel: 'KS-550',
    });
    for (const path of ['/depotItem/saleOut', '/depotItem/retailOut']) {
      const rows = (await report(path, whole)).data.rows as Row[];
      t.ok(rows.length > 0 && rows.every((r) => 'otherField1' in r && 'otherField2' in r && 'otherField3' in r), path);
    }
  });

  t.test(
    "入库/出库明细 and 调拨明细 give operTime as yyyy-MM-dd (date_format(dh.oper_time, '%Y-%m-%d'))",
    async (t) => {
      for (const [path, params] of [
        ['/depotHead/findInOutDetail', { type: '入库' }],
        ['/depotHead/findInOutDetail', { type: '出库' }],
        ['/depotHead/findAllocationDetail', { subType: '调拨' }],
      ] as const) {
        const rows = (await report(path, { ...whole, number: '', remark: '', ...params })).data.rows as Row[];
        t.ok(rows.length > 0, path);
        for (const r of rows) {
          const listed = await bill(r.number);
          t.equal(r.operTime, String(listed.operTimeStr).slice(0, 10), `${path} ${String(r.number)}`);
        }
      }
    },
  );

  t.test(
    '/depotHead/list: finishDeposit, salesManStr and lastDeposit (DepotHeadService.select, DepotHeadMapperEx.getFinishDepositByNumberList)',
    async (t) => {
      const seeded = await bill('XSDD00000000310');
      t.match(
        seeded,
        { salesMan: '14', salesManStr: '小李 ', lastDeposit: 0, finishDeposit: 0 },
        'the seed stores person ids, the list names them',
      );
      const sales = (
        await get(
          `/depotHead/list?search=${q({ type: '出库', subType: '销售', salesMan: '15' })}&currentPage=1&pageSize=50`,
        )
      ).data.rows as Row[];
      t.same(
        sales.map((r) => [r.number, r.salesManStr]),
        [['XSCK00000000313', '小王 ']],
        'search by one person id (FIND_IN_SET)',
      );
      t.equal((await bill('CGRK00000000306')).salesManStr, null, 'no 销售人员');

      t.same(
        await save(
          {
            number: 'XSDD-W1',
            type: '其它',
            subType: '销售订单',
            organId: 58,
            accountId: 17,
            salesMan: '14,15',
            operTime: chinaNow(),
            totalPrice: 400,
            changeAmount: 100,
            status: '1',
          },
          [line('1000001', '套', 4, 58)],
        ),
        SAVED,
      );
      const order = await bill('XSDD-W1');
      t.match(order, { salesManStr: '小李 小王 ', finishDeposit: 0, lastDeposit: 0 });
      const lines = (await get(`/depotItem/getDetailList?headerId=${String(order.id)}&linkType=basic`)).data
        .rows as Row[];
      t.same(
        await save(
          {
            number: 'XSCK-W2',
            type: '出库',
            subType: '销售',
            organId: 58,
            accountId: 17,
            linkNumber: 'XSDD-W1',
            deposit: 60,
            operTime: chinaNow(),
            totalPrice: 116,
            changeAmount: 56,
            discountLastMoney: 116,
            otherMoney: 0,
            status: '0',
          },
          [line('1000001', '套', 2, 58, { depotId: 14, linkId: lines[0]!.id })],
        ),
        SAVED,
      );
      t.match(
        await bill('XSDD-W1'),
        { changeAmount: 100, finishDeposit: 60, lastDeposit: 40 },
        'what the order has left to deduct: 100 − 60',
      );
    },
  );

  t.test(
    '/function/list: parentName (FunctionMapperEx.selectByConditionFunction joins the parent by number)',
    async (t) => {
      const admin = (await stack.login('admin')).token;
      const rows = (await get('/function/list?currentPage=1&pageSize=500', admin)).data.rows as Row[];
      const byNumber = new Map(rows.map((r) => [r.number, r.name]));
      const children = rows.filter((r) => r.parentNumber !== '0');
      t.ok(children.length > 10);
      for (const r of children) t.equal(r.parentName, byNumber.get(r.parentNumber) ?? null, String(r.name));
      t.ok(
        rows.filter((r) => r.parentNumber === '0').every((r) => r.parentName === null),
        'top-level functions have none',
      );
    },
  );

  t.test('李女士’s 预付款 is her 收预付款 bills (SupplierService.updateAdvanceIn)', async (t) => {
    const members = (await get(`/supplier/list?search=${q({ type: '会员' })}&currentPage=1&pageSize=50`)).data
      .rows as Row[];
    for (const id of [66, 67]) {
      const bills = (
        await get(`/accountHead/list?search=${q({ type: '收预付款', organId: String(id) })}&currentPage=1&pageSize=50`)
      ).data.rows as Row[];
      t.equal(
        members.find((m) => m.id === id)!.advanceIn,
        bills.reduce((s, b) => s + Number(b.totalPrice), 0),
        String(id),
      );
    }
  });
});
