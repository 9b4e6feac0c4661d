// Product writes through the gateway (商品类别, 多属性, 扩展字段别名, 商品 with its barcode rows and opening stock):
// what is saved shows the same everywhere it shows — product list, stock report, the form's reloads and the bill
// look-ups — and the backend's refusals come back in its envelopes, never as a 500.
import t from 'tap';
import { startStack } from './helpers.js';

type Row = Record<string, unknown>;
const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
const e = encodeURIComponent;
const OK = { code: 200, data: { message: '成功' } };
const FAILED = { code: 500, data: { message: '服务内部错误' } };
const UNKNOWN = { code: 500, data: '未知异常' };
const IN_USE = { code: 601, data: { message: '检测到存在依赖数据，不能删除！' } };
const WRITE_FAIL = { code: 301, data: { message: '数据写入异常' } };

interface TreeNode {
  id: number;
  title: string;
  children: TreeNode[];
}
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

t.test('product writes', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const token = (await stack.login('jsh')).token;
  const get = async (path: string): Promise<any> => (await call('GET', path, { token })).json(); // eslint-disable-line @typescript-eslint/no-explicit-any
  const rows = async (path: string, search: unknown = {}): Promise<Row[]> =>
    (await get(`${path}?search=${q(search)}&currentPage=1&pageSize=100`)).data.rows;
  const logs = async (): Promise<Row[]> => rows('/log/list');

  t.test('商品类别: tree, name check by parent, full-column edit, in-use and child refusals', async (t) => {
    const tree = (await get('/materialCategory/getMaterialCategoryTree?id=')) as TreeNode[];
    t.same(
      tree.map((n) => n.title),
      ['五金工具', '办公用品', '电脑数码', '劳保用品'],
      'roots by sort',
    );
    t.match(tree[0], {
      id: 21,
      key: 21,
      value: 21,
      state: 'open',
      checked: false,
      children: [{ id: 22, title: '电动工具', children: [] }],
    });
    t.notOk(
      flatten(await get('/materialCategory/getMaterialCategoryTree?id=21')).some((n) => n.id === 21 || n.id === 22),
      'the node being edited and its subtree are left out',
    );

    t.same(
      await call('POST', '/materialCategory/add', {
        token,
        body: { name: '饮料', serialNo: 'YL', parentId: 23, sort: '9', remark: '' },
      }).then((r) => r.json()),
      OK,
    );
    const drink = flatten(await get('/materialCategory/getMaterialCategoryTree?id=')).find((n) => n.title === '饮料')!;
    t.ok(drink, 'the new category is in the tree');
    t.ok(flatten(tree).every((n) => n.id !== drink.id));
    t.same(await get(`/materialCategory/findById?id=${drink.id}`), {
      code: 200,
      data: { id: drink.id, name: '饮料', parentId: 23, parentName: '办公用品', sort: '9', serialNo: 'YL', remark: '' },
    });
    t.match(await get(`/materialCategory/checkIsNameExist?name=${e('饮料')}&parentId=23&id=0`), {
      code: 200,
      data: { status: true, message: '成功' },
    });
    t.match(
      await get(`/materialCategory/checkIsNameExist?name=${e('饮料')}&parentId=21&id=0`),
      { data: { status: false } },
      'another parent: free',
    );
    t.match(
      await get(`/materialCategory/checkIsNameExist?name=${e('饮料')}&id=${drink.id}`),
      { data: { status: false } },
      'itself does not count',
    );
    t.same(await get(`/materialCategory/checkIsNameExist?name=x`), UNKNOWN, 'id is required');

    // The edit writes all five columns: the parent the body leaves out becomes NULL (a root).
    t.same(
      await call('PUT', '/materialCategory/update', {
        token,
        body: { id: drink.id, name: '饮品', serialNo: 'YP', sort: '9' },
      }).then((r) => r.json()),
      OK,
    );
    const roots = (await get('/materialCategory/getMaterialCategoryTree?id=')) as TreeNode[];
    t.ok(
      roots.some((n) => n.id === drink.id && n.title === '饮品'),
      'moved to the roots under its new name',
    );
    t.same(
      await call('PUT', '/materialCategory/update', { token, body: { id: 999999, name: 'x' } }).then((r) => r.json()),
      FAILED,
      'no such category',
    );

    t.same(
      await call('POST', '/materialCategory/add', {
        token,
        body: { name: '碳酸饮料', serialNo: 'TS', parentId: drink.id },
      }).then((r) => r.json()),
      OK,
    );
    t.same(await call('DELETE', `/materialCategory/delete?id=${drink.id}`, { token }).then((r) => r.json()), {
      code: 7500006,
      data: { message: '该类别存在下级不允许删除' },
    });
    t.same(
      await call('DELETE', '/materialCategory/deleteBatch?ids=21,', { token }).then((r) => r.json()),
      IN_USE,
      'goods use 五金工具 (checked before the children)',
    );
    const child = flatten(await get('/materialCategory/getMaterialCategoryTree?id=')).find(
      (n) => n.title === '碳酸饮料',
    )!;
    t.same(await call('DELETE', `/materialCategory/deleteBatch?ids=${child.id},`, { token }).then((r) => r.json()), OK);
    t.notOk(flatten(await get('/materialCategory/getMaterialCategoryTree?id=')).some((n) => n.id === child.id));
    t.match((await logs())[0], { operation: '商品类型', content: '删除[碳酸饮料]' });
    t.same(
      await call('POST', '/materialCategory/add', { token, body: { name: '坏', parentId: 'abc' } }).then((r) =>
        r.json(),
      ),
      UNKNOWN,
      'a parent that is not a number',
    );
  });

  t.test('多属性 and 扩展字段别名', async (t) => {
    t.same(
      await call('POST', '/materialAttribute/add', {
        token,
        body: { attributeName: '口味', attributeValue: '原味|无糖' },
      }).then((r) => r.json()),
      OK,
    );
    const names = (await get('/materialAttribute/getNameList')) as Row[];
    const taste = names.find((n) => n.name === '口味')!;
    t.type(taste.value, 'string', 'the id comes as a string');
    t.same(await get(`/materialAttribute/getValueListById?id=${String(taste.value)}`), [
      { value: '原味', name: '原味' },
      { value: '无糖', name: '无糖' },
    ]);
    t.same(
      await call('PUT', '/materialAttribute/update', {
        token,
        body: { id: Number(taste.value), attributeName: '口味', attributeValue: '原味|无糖|少糖' },
      }).then((r) => r.json()),
      OK,
    );
    t.equal(((await get(`/materialAttribute/getValueListById?id=${String(taste.value)}`)) as Row[]).length, 3);
    t.match(await get(`/materialAttribute/checkIsNameExist?name=${e('口味')}&id=0`), { data: { status: true } });
    t.same(
      await call('DELETE', `/materialAttribute/delete?id=${String(taste.value)}`, { token }).then((r) => r.json()),
      OK,
    );
    t.notOk(((await get('/materialAttribute/getNameList')) as Row[]).some((n) => n.name === '口味'));

    t.same(
      (await rows('/materialProperty/list')).map((r) => [r.id, r.nativeName, r.anotherName]),
      [
        [1, '扩展1', '扩展1'],
        [2, '扩展2', '扩展2'],
        [3, '扩展3', '扩展3'],
      ],
    );
    t.same(
      await call('POST', '/materialProperty/addOrUpdate', {
        token,
        body: { id: 1, nativeName: '扩展1', anotherName: '产地' },
      }).then((r) => r.json()),
      OK,
    );
    t.same(
      await call('POST', '/materialProperty/addOrUpdate', {
        token,
        body: { id: 1, nativeName: '扩展1', anotherName: '原产地' },
      }).then((r) => r.json()),
      OK,
    );
    t.same(
      (await rows('/materialProperty/list')).map((r) => r.anotherName),
      ['原产地', '扩展2', '扩展3'],
      'one alias per field, updated in place',
    );
  });

  t.test('商品: a multi-unit product with two barcodes and opening stock in two depots', async (t) => {
    // The lookups the form makes when it opens.
    t.same(await get('/material/getMaxBarCode'), { code: 200, data: { barCode: '1000008' } });
    t.same(
      await call('POST', '/material/changeNameToPinYin', { token, body: { name: '可乐Cola' } }).then((r) => r.json()),
      { code: 200, data: 'klcola' },
    );
    const empty = (await get('/depot/getAllListWithStock?mId=0')).data as Row[];
    t.same(
      empty.map((d) => [d.id, d.name, d.initStock, d.currentStock, d.lowSafeStock]),
      [
        [14, '总仓库', 0, 0, null],
        [15, '东区仓库', 0, 0, null],
        [17, '门店仓库', 0, 0, null],
      ],
    );
    t.same(await get('/depot/getAllListWithStock'), UNKNOWN, 'mId is required');
    t.same(
      await call('POST', '/unit/add', { token, body: { basicUnit: '瓶', otherUnit: '箱', ratio: 12 } }).then((r) =>
        r.json(),
      ),
      OK,
    );
    const unit = ((await get('/unit/getAllList')).data as Row[]).find((u) => u.basicUnit === '瓶')!;
    const fields = {
      name: '可乐',
      model: '',
      color: '',
      standard: '500ml',
      mfrs: '',
      otherField1: '',
      otherField2: '',
      otherField3: '',
      unit: '',
    };
    const existQuery = (id: number, unitId: unknown) =>
      `/material/checkIsExist?id=${id}&${Object.entries(fields)
        .map(([k, v]) => `${k}=${e(v)}`)
        .join('&')}&unitId=${String(unitId)}`;
    t.match(await get(existQuery(0, unit.id)), { code: 200, data: { status: false } });
    t.same(await get('/material/checkIsExist?id=0&name=x'), UNKNOWN, 'every parameter is required');
    t.same(await get('/materialsExtend/checkIsBarCodeExist?barCode=1000009&id=0'), {
      code: 200,
      data: { status: false },
    });
    t.same(await get('/materialsExtend/checkIsBarCodeExist?barCode=1000001&id=0'), {
      code: 200,
      data: { status: true },
    });

    const body = {
      ...fields,
      unitId: unit.id,
      brand: '可口',
      mnemonic: 'kl',
      categoryId: 23,
      weight: 0.5,
      expiryNum: 365,
      position: 'A-9',
      enableSerialNumber: '0',
      enableBatchNumber: '0',
      remark: '',
      sortList: [],
      imgName: '',
      meList: [
        {
          id: '17000000000000123456_tid-abc123',
          barCode: '1000009',
          commodityUnit: '瓶',
          purchaseDecimal: 2,
          commodityDecimal: 3,
          wholesaleDecimal: 2.5,
          lowDecimal: 2.2,
        },
        {
          id: '17000000000001234567_tid-abc123',
          barCode: '1000010',
          commodityUnit: '箱',
          purchaseDecimal: '24.00',
          commodityDecimal: '36.00',
          wholesaleDecimal: '30.00',
          lowDecimal: '26.40',
        },
      ],
      stock: [
        { id: 14, name: '总仓库', initStock: '10', lowSafeStock: '', highSafeStock: '' },
        { id: 15, name: '东区仓库', initStock: '5', lowSafeStock: '2', highSafeStock: '50' },
        { id: 17, name: '门店仓库', initStock: '', lowSafeStock: '', highSafeStock: '' },
      ],
      meDeleteIdList: [],
    };
    // Empty warning levels are '' (not null): fastjson's getBigDecimal('') is null, so depot 14 keeps only its stock.
    t.same(await call('POST', '/material/add', { token, body }).then((r) => r.json()), OK);
    t.match((await logs())[0], { operation: '商品', content: '新增可乐' });

    const cola = (await rows('/material/list', { materialParam: '可乐' }))[0]!;
    t.match(cola, {
      name: '可乐',
      mBarCode: '1000009',
      unitId: unit.id,
      unitName: '瓶/(箱=12瓶)',
      categoryName: '办公用品',
      purchaseDecimal: 2,
      commodityDecimal: 3,
      wholesaleDecimal: 2.5,
      lowDecimal: 2.2,
      stock: 15,
      enabled: true,
      attribute: '{}',
      tenantId: 63,
    });
    t.same(
      (await rows('/material/list', { materialParam: '1000010' })).map((r) => r.id),
      [cola.id],
      'the second barcode finds the product',
    );

    const report = (
      await get('/material/getListWithStock?currentPage=1&pageSize=100&zeroStock=0&materialParam=' + e('可乐'))
    ).data;
    // MaterialService.getListWithStock: the default barcode's unit (its SQL selects no unit_id, so no "[多单位]").
    t.match(report.rows, [
      {
        id: cola.id,
        mBarCode: '1000009',
        unitName: '瓶',
        initialStock: 15,
        currentStock: 15,
        currentStockPrice: 30,
        currentWeight: 7.5,
      },
    ]);
    t.equal(report.currentStock, 15);
    const inOut = (
      await get(
        `/depotItem/getInOutStock?currentPage=1&pageSize=100&beginTime=2000-01-01&endTime=2100-01-01&materialParam=${e('可乐')}`,
      )
    ).data.rows;
    // DepotItemMapperEx.getInOutStock joins the bill lines and keeps `dh.oper_time <= endTime`: a product on no bill is left out.
    t.same(inOut, [], '进销存统计 lists products that were on a bill');

    const byBox = (await get(`/material/getMaterialByBarCode?barCode=1000010&mpList=&prefixNo=CGRK&depotId=15`))
      .data as Row[];
    t.match(
      byBox,
      [
        {
          id: cola.id,
          mBarCode: '1000010',
          commodityUnit: '箱',
          billPrice: 24,
          depotId: 15,
          stock: 0.42,
          unitName: '瓶/(箱=12瓶)',
        },
      ],
      '5 bottles are 0.42 boxes',
    );
    const byBottle = (await get(`/material/getMaterialByBarCode?barCode=1000009&mpList=&prefixNo=LSCK&organId=58`))
      .data as Row[];
    t.match(
      byBottle,
      [{ mBarCode: '1000009', billPrice: 3, depotId: 14, stock: 10, taxRate: 13, taxMoney: 0.39, taxLastMoney: 3.39 }],
      'the default depot and the partner tax',
    );
    t.same(await get('/material/getMaterialByBarCode?barCode=1000009'), UNKNOWN, 'mpList is required');

    const picker = await get(`/material/findBySelect?q=${e('可乐')}&page=1&rows=10`);
    t.same(
      picker.rows.map((r: Row) => [r.mBarCode, r.unit, r.stock]),
      [
        ['1000009', '瓶[基本]', 15],
        ['1000010', '箱[12瓶]', 1.25],
      ],
    );
    t.equal(picker.total, 2);
    t.same(await get('/material/findBySelect?q=x'), UNKNOWN, 'page and rows are required');
    const search = (await get(`/material/getMaterialByParam?q=1000010`)).data as Row[];
    t.same(search, [{ barCode: '1000010', materialStr: '1000010_可乐(kl)(500ml)(箱)' }]);
    t.ok(((await get('/material/getMaterialNameList')) as Row[]).some((n) => n.value === '可乐' && n.text === '可乐'));

    // The edit form loads every row back.
    const detail = (await get(`/materialsExtend/getDetailList?materialId=${String(cola.id)}`)).data;
    t.equal(detail.total, 2);
    t.same(
      detail.rows.map((r: Row) => [r.barCode, r.commodityUnit, r.purchaseDecimal, r.lowDecimal]),
      [
        ['1000009', '瓶', 2, 2.2],
        ['1000010', '箱', 24, 26.4],
      ],
    );
    t.notOk('sku' in detail.rows[0], 'no sku key for a plain row');
    const stock = (await get(`/depot/getAllListWithStock?mId=${String(cola.id)}`)).data as Row[];
    t.same(
      stock.map((d) => [d.id, d.initStock, d.currentStock, d.lowSafeStock, d.highSafeStock]),
      [
        [14, 10, 10, null, null],
        [15, 5, 5, 2, 50],
        [17, 0, 0, null, null],
      ],
    );
    t.match(await get(existQuery(0, unit.id)), { data: { status: true } }, 'the same product again');
    t.match(await get(existQuery(cola.id as number, unit.id)), { data: { status: false } }, 'itself does not count');

    // A duplicate barcode on add: 8000005 naming the code, nothing saved.
    const before = (await rows('/material/list')).length;
    const dup = {
      ...body,
      name: '雪碧',
      meList: [{ id: '17000000000009999999_tid-x', barCode: '1000001', commodityUnit: '瓶' }],
      stock: [{ id: 14, initStock: '3' }],
    };
    t.same(await call('POST', '/material/add', { token, body: dup }).then((r) => r.json()), {
      code: 8000005,
      data: { message: '商品条码:1000001重复' },
    });
    t.equal((await rows('/material/list')).length, before, 'the header was rolled back');
    t.notOk((await logs()).some((l) => l.content === '新增雪碧'));
    const twice = {
      ...dup,
      meList: [
        { id: '17000000000009999991_tid-x', barCode: '2000001' },
        { id: '17000000000009999992_tid-x', barCode: '2000001' },
      ],
    };
    t.same(
      await call('POST', '/material/add', { token, body: twice }).then((r) => r.json()),
      { code: 8000005, data: { message: '商品条码:2000001重复' } },
      'twice in one product',
    );

    // Edit: a price change, a new row (temporary id), a cleared price, depot 15 emptied.
    const [bottle, box] = detail.rows as Row[];
    const edit = {
      ...cola,
      ...fields,
      unitId: unit.id,
      sortList: [],
      meList: [
        { ...bottle, purchaseDecimal: 2.1, lowDecimal: '' },
        box,
        { id: '17000000000002345678_tid-abc123', barCode: '1000011', commodityUnit: '瓶', purchaseDecimal: 2.1 },
      ],
      stock: [{ id: 15, initStock: '', lowSafeStock: null, highSafeStock: null }],
      meDeleteIdList: [],
    };
    t.same(await call('PUT', '/material/update', { token, body: edit }).then((r) => r.json()), OK);
    const reloaded = (await get(`/materialsExtend/getDetailList?materialId=${String(cola.id)}`)).data.rows as Row[];
    t.same(
      reloaded.map((r) => [r.barCode, r.purchaseDecimal, r.lowDecimal]),
      [
        ['1000009', 2.1, null],
        ['1000010', 24, 26.4],
        ['1000011', 2.1, null],
      ],
    );
    t.same(
      ((await get(`/depot/getAllListWithStock?mId=${String(cola.id)}`)).data as Row[]).map((d) => d.initStock),
      [10, 0, 0],
    );
    t.match((await rows('/material/list', { materialParam: '可乐' }))[0], { stock: 10, purchaseDecimal: 2.1 });
    t.match((await logs())[0], { operation: '商品', content: '修改可乐' });

    // Deleting the new row by id.
    const third = reloaded[2]!;
    t.same(
      await call('PUT', '/material/update', {
        token,
        body: {
          ...edit,
          meList: reloaded.slice(0, 2),
          stock: [],
          meDeleteIdList: [third.id, '17000000000002345678_tid-abc123'],
        },
      }).then((r) => r.json()),
      OK,
    );
    t.equal((await get(`/materialsExtend/getDetailList?materialId=${String(cola.id)}`)).data.total, 2);
    t.same(
      await get('/materialsExtend/checkIsBarCodeExist?barCode=1000011&id=0'),
      { code: 200, data: { status: false } },
      'its barcode is free again',
    );

    // A duplicate barcode on edit is 301 (updateMaterial catches everything), and nothing changes.
    const clash = { ...edit, meList: [{ ...bottle, barCode: '1000001' }, box], stock: [{ id: 14, initStock: '99' }] };
    t.same(await call('PUT', '/material/update', { token, body: clash }).then((r) => r.json()), WRITE_FAIL);
    t.same(
      ((await get(`/depot/getAllListWithStock?mId=${String(cola.id)}`)).data as Row[]).map((d) => d.initStock),
      [10, 0, 0],
      'rolled back',
    );
    t.match((await rows('/material/list', { materialParam: '可乐' }))[0], { mBarCode: '1000009' });
    t.same(
      await call('PUT', '/material/update', { token, body: { ...edit, meList: [{ barCode: '1000012' }] } }).then((r) =>
        r.json(),
      ),
      WRITE_FAIL,
      'a row without id',
    );

    // The category it uses cannot go; the product itself can (no bill uses it) and leaves every look-up.
    t.same(await call('DELETE', '/materialCategory/delete?id=23', { token }).then((r) => r.json()), IN_USE);
    t.same(
      await call('DELETE', `/unit/delete?id=${String(unit.id)}`, { token }).then((r) => r.json()),
      IN_USE,
      'its unit neither',
    );
    t.same(await call('DELETE', `/material/deleteBatch?ids=${String(cola.id)},`, { token }).then((r) => r.json()), OK);
    t.same(await rows('/material/list', { materialParam: '可乐' }), []);
    t.same((await get('/material/getMaterialByBarCode?barCode=1000009&mpList=')).data, []);
    t.same(await get('/materialsExtend/checkIsBarCodeExist?barCode=1000010&id=0'), {
      code: 200,
      data: { status: false },
    });
    t.equal(
      (await get('/material/getListWithStock?currentPage=1&pageSize=100&zeroStock=1&materialParam=' + e('可乐'))).data
        .total,
      0,
    );
    t.match((await logs())[0], { operation: '商品', content: '删除[可乐]' });
  });

  t.test('seeded goods: per-depot stock adds up to the list, the stock report and the barcode look-up', async (t) => {
    for (const id of [568, 569, 572]) {
      const listed = (await rows('/material/list')).find((m) => m.id === id)!;
      const depots = (await get(`/depot/getAllListWithStock?mId=${id}`)).data as Row[];
      const perDepot = depots.reduce((sum, d) => sum + (d.currentStock as number), 0);
      t.equal(Math.round(perDepot * 100) / 100, listed.stock, `${String(listed.name)}: depots sum to the list's stock`);
      const report = (
        await get(
          `/material/getListWithStock?currentPage=1&pageSize=100&zeroStock=1&materialParam=${String(listed.mBarCode)}`,
        )
      ).data.rows as Row[];
      t.equal(report.find((r) => r.id === id)!.currentStock, listed.stock, 'the stock report agrees');
      const all = (await get(`/material/getMaterialByBarCode?barCode=${String(listed.mBarCode)}&mpList=&prefixNo=CGRK`))
        .data as Row[];
      const inDefault = depots.find((d) => d.id === 14)!.currentStock;
      t.equal(all[0]!.stock, inDefault, 'the look-up shows the default depot');
    }
  });

  t.test('a role that hides purchase prices gets 0 on the other stock bills', async (t) => {
    const sales = await stack.login('test123');
    t.same(await call('PUT', '/role/update', { token, body: { id: 17, priceLimit: '4' } }).then((r) => r.json()), OK);
    const lookup = async (prefixNo: string) =>
      (
        (
          await call('GET', `/material/getMaterialByBarCode?barCode=1000001&mpList=&prefixNo=${prefixNo}`, {
            token: sales.token,
          })
        ).json().data as Row[]
      )[0]!;
    t.equal((await lookup('QTCK')).billPrice, 0);
    t.equal((await lookup('CGRK')).billPrice, 45, 'purchase bills still show it');
    t.equal((await lookup('XSCK')).billPrice, 58, 'sales bills show the sale price');
  });

  t.test('商品: a multi-attribute product keeps only the barcodes of its current combinations', async (t) => {
    const row = (barCode: string, sku: string, id = `1700000000000${barCode}_tid-x`) => ({
      id,
      barCode,
      commodityUnit: '件',
      sku,
      purchaseDecimal: 50,
    });
    const body = {
      name: 'T恤',
      unit: '件',
      unitId: '',
      categoryId: 25,
      enableSerialNumber: '0',
      enableBatchNumber: '0',
      sortList: [],
      manySku: ['1', '2'],
      skuOne: ['红色'],
      skuTwo: ['M', 'L'],
      meList: [row('5000001', '红色/M'), row('5000002', '红色/L')],
      stock: [],
      meDeleteIdList: [],
    };
    t.same(await call('POST', '/material/add', { token, body }).then((r) => r.json()), OK);
    const shirt = (await rows('/material/list', { materialParam: 'T恤' }))[0]!;
    t.same(
      JSON.parse(shirt.attribute as string),
      { manySku: ['1', '2'], skuOne: ['红色'], skuTwo: ['M', 'L'] },
      'the choices are kept for the edit form',
    );
    const saved = (await get(`/materialsExtend/getDetailList?materialId=${String(shirt.id)}`)).data.rows as Row[];
    t.same(
      saved.map((r) => [r.barCode, r.sku]),
      [
        ['5000001', '红色/M'],
        ['5000002', '红色/L'],
      ],
    );

    // L is dropped: its barcode row goes although the form did not list it for deletion.
    const edit = { ...shirt, ...body, unitId: '', skuTwo: ['M'], meList: [saved[0]] };
    t.same(
      await call('PUT', '/material/update', { token, body: { ...edit, meDeleteIdList: undefined } }).then((r) =>
        r.json(),
      ),
      WRITE_FAIL,
      'without meDeleteIdList the orphan cannot be queued (NullPointerException)',
    );
    t.equal(
      (await get(`/materialsExtend/getDetailList?materialId=${String(shirt.id)}`)).data.total,
      2,
      'nothing changed',
    );
    t.same(await call('PUT', '/material/update', { token, body: edit }).then((r) => r.json()), OK);
    const kept = (await get(`/materialsExtend/getDetailList?materialId=${String(shirt.id)}`)).data.rows as Row[];
    t.same(
      kept.map((r) => r.barCode),
      ['5000001'],
    );
    t.match((await get(`/material/findBySelect?q=${e('T恤')}&page=1&rows=10`)).rows, [
      { mBarCode: '5000001', sku: '红色/M', unit: '件' },
    ]);
  });

  t.test('商品: refusals and malformed bodies', async (t) => {
    t.same(
      await call('DELETE', '/material/delete?id=568', { token }).then((r) => r.json()),
      IN_USE,
      'bills use 螺丝刀套装',
    );
    t.ok((await rows('/material/list', { materialParam: '螺丝刀' })).length === 1, 'still there');
    t.same(await call('DELETE', '/material/delete?id=abc', { token }).then((r) => r.json()), UNKNOWN);
    t.same(
      await call('POST', '/material/add', { token, body: ['x'] }).then((r) => r.json()),
      UNKNOWN,
      'not a JSON object',
    );
    t.same(
      await call('POST', '/material/add', { token, body: { name: 'x', unitId: 'abc' } }).then((r) => r.json()),
      UNKNOWN,
      'a header value of the wrong type',
    );
    t.same(
      await call('POST', '/material/add', { token, body: { name: 'x', manySku: 'oops' } }).then((r) => r.json()),
      UNKNOWN,
      'manySku not an array',
    );
    const before = (await rows('/material/list')).length;
    t.same(
      await call('POST', '/material/add', { token, body: { name: 'x', meList: 'oops' } }).then((r) => r.json()),
      WRITE_FAIL,
      'meList not an array',
    );
    t.same(
      await call('POST', '/material/add', {
        token,
        body: { name: 'x', meList: [{ barCode: '3000001', purchaseDecimal: 'abc' }] },
      }).then((r) => r.json()),
      WRITE_FAIL,
      'a price that is not a number',
    );
    t.same(
      await call('POST', '/material/add', {
        token,
        body: { name: 'x', meList: [], stock: [{ id: 14, initStock: 'many' }] },
      }).then((r) => r.json()),
      WRITE_FAIL,
      'a stock that is not a number',
    );
    t.equal((await rows('/material/list')).length, before, 'none of them saved anything');
    t.same(await call('PUT', '/material/update', { token, body: 'x' }).then((r) => r.json()), UNKNOWN);
    t.same(await call('POST', '/material/changeNameToPinYin', { token, body: {} }).then((r) => r.json()), {
      code: 500,
      data: '获取数据失败',
    });
  });

  t.test('批量编辑, 启用/禁用, 修正库存', async (t) => {
    t.same(
      await call('POST', '/material/batchUpdate', {
        token,
        body: { ids: '568,569', material: JSON.stringify({ brand: '新品牌', position: 'Z-1' }) },
      }).then((r) => r.json()),
      OK,
    );
    const changed = (await rows('/material/list')).filter((m) => m.brand === '新品牌').map((m) => [m.id, m.position]);
    t.same(changed, [
      [569, 'Z-1'],
      [568, 'Z-1'],
    ]);
    t.same(
      await call('POST', '/material/batchUpdate', {
        token,
        body: { ids: '99998,99999', material: '{"brand":"x"}' },
      }).then((r) => r.json()),
      FAILED,
      'no live product matched',
    );
    t.same(
      await call('POST', '/material/batchUpdate', { token, body: { ids: '568', material: '{}' } }).then((r) =>
        r.json(),
      ),
      UNKNOWN,
      'nothing to set',
    );
    t.same(
      await call('POST', '/material/batchUpdate', { token, body: { material: '{"brand":"x"}' } }).then((r) => r.json()),
      UNKNOWN,
      'no ids',
    );
    t.same(
      await call('POST', '/material/batchSetStatus', { token, body: { status: false, ids: '570,' } }).then((r) =>
        r.json(),
      ),
      OK,
    );
    t.match((await rows('/material/list', { materialParam: 'A4' }))[0], { enabled: false });
    t.notOk(
      (await get('/material/findBySelect?q=A4&page=1&rows=10')).rows.length,
      'a disabled product is not offered to bills',
    );
    t.match((await logs())[0], { operation: '商品', content: '修改570,' });
    t.same(
      await call('POST', '/material/batchSetMaterialCurrentStock', { token, body: { ids: '568,' } }).then((r) =>
        r.json(),
      ),
      OK,
    );
    t.same(
      await call('POST', '/material/batchSetMaterialCurrentUnitPrice', { token, body: { ids: '568,' } }).then((r) =>
        r.json(),
      ),
      OK,
    );
  });
});
