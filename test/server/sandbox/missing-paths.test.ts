// Paths the original client calls that the sandbox once answered with Spring's 404, each as jshERP-boot answers it
// (each test names its Java source).
import t from 'tap';
import { startStack, chinaNow as chinaNowOf } from './helpers.js';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const OK = { code: 200, data: { message: '成功' } };
const UNKNOWN = { code: 500, data: '未知异常' };

t.test('paths the original client calls', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call, direct } = stack;
  const jsh = (await stack.login('jsh')).token;
  const get = async (path: string, token = jsh): Promise<Row> => (await call('GET', path, { token })).json();

  t.test(
    'the two plugin paths: answered by the sandbox, refused by the gateway’s plugin guard (PluginController)',
    async (t) => {
      const admin = (await stack.login('admin')).token;
      const mac = (await direct('GET', '/jshERP-boot/plugin/getMacWithSecret', { 'x-access-token': jsh })).json();
      t.equal(mac.code, 200);
      t.match(mac.data, /^[0-9a-f]{32}$/, 'getMacWithSecret: md5 of the host’s MAC address');
      const upload = async (token: string): Promise<Row> =>
        (await direct('POST', '/jshERP-boot/plugin/uploadInstallPluginJar', { 'x-access-token': token })).json();
      t.same(await upload(jsh), { code: 500, data: '抱歉，无操作权限！' }, 'only admin may install');
      t.same(await upload(admin), { code: 500, data: '导入失败' }, 'no plugin framework: every jar fails to install');
      t.equal(
        (await call('GET', '/plugin/getMacWithSecret', { token: jsh })).status,
        403,
        'the gateway still guards plugin admin',
      );
      t.equal((await call('POST', '/plugin/uploadInstallPluginJar', { token: admin })).status, 403);
    },
  );

  t.test(
    'batchAddDepotHeadAndDetail: 其它入库/出库 bills taking over approved bills (DepotHeadService.batchAddDepotHeadAndDetail)',
    async (t) => {
      const chinaNow = chinaNowOf(stack);
      const line = {
        barCode: '1000001',
        unit: '套',
        operNumber: '3',
        unitPrice: 45,
        allPrice: 135,
        taxRate: 0,
        taxMoney: 0,
        taxLastMoney: 135,
        depotId: 14,
        id: 'row_tid-1',
      };
      const saved = await call('POST', '/depotHead/addDepotHeadAndDetail', {
        token: jsh,
        body: {
          info: JSON.stringify({
            number: 'CGRK-B1',
            type: '入库',
            subType: '采购',
            organId: 57,
            accountId: 17,
            operTime: chinaNow,
            totalPrice: -135,
            changeAmount: -135,
            discountLastMoney: 135,
            otherMoney: 0,
            status: '1',
          }),
          rows: JSON.stringify([line]),
        },
      });
      t.same(saved.json(), { code: 200, msg: '操作成功' });
      const listed = async (search: Row): Promise<Row[]> =>
        (await get(`/depotHead/list?search=${encodeURIComponent(JSON.stringify(search))}&currentPage=1&pageSize=50`))
          .data.rows as Row[];
      const source = (await listed({ number: 'CGRK-B1' }))[0]!;
      const stock = async (): Promise<number> =>
        (await get('/depotItem/findStockByDepotAndBarCode?depotId=14&barCode=1000001')).data.stock;
      const before = await stock();
      const batch = async (ids: string): Promise<Row> =>
        (await call('POST', '/depotHead/batchAddDepotHeadAndDetail', { token: jsh, body: { ids } })).json();
      t.same(await batch(String(source.id)), { code: 200, msg: '操作成功' });
      const made = (await listed({ type: '入库', subType: '其它', linkNumber: 'CGRK-B1' }))[0]!;
      t.match(made, {
        number: /^QTRK\d{11}$/,
        linkNumber: 'CGRK-B1',
        status: '0',
        totalPrice: 0,
        organId: null,
        accountId: null,
        creator: 63,
      });
      const lines = (await get(`/depotItem/getDetailList?headerId=${String(made.id)}&linkType=basic`)).data
        .rows as Row[];
      t.match(
        lines,
        [{ barCode: '1000001', operNumber: 3, unitPrice: 0, allPrice: 0, depotId: 14 }],
        'the lines at price 0',
      );
      t.equal((await listed({ number: 'CGRK-B1' }))[0]!.status, '2', 'the purchase is 完成');
      t.equal(await stock(), before + 3, 'the 其它入库 moves its goods');
      t.match(((await get('/log/list?search=&currentPage=1&pageSize=5')).data.rows as Row[])[0], {
        operation: '单据',
        content: `批量新增[${String(made.number)}]`,
      });

      const unapproved = (await listed({ number: 'CGRK00000000307' }))[0]!;
      t.same(
        await batch(String(unapproved.id)),
        { code: 8500030, data: { message: '抱歉，单据:CGRK00000000307最新状态不能进行批量操作' } },
        'an unapproved bill',
      );
      const serial = (await listed({ number: 'CGRK00000000306' }))[0]!;
      t.same(
        await batch(String(serial.id)),
        { code: 9000005, data: { message: '抱歉，单据:CGRK00000000306里面存在序列号，需要到新增界面关联单据' } },
        'serial-number goods',
      );
      t.same(await batch('x'), UNKNOWN, 'ids must be numbers');
    },
  );

  t.test(
    'debtExport: a partner’s owing bills and their lines in two sheets (DepotHeadService.debtExport)',
    async (t) => {
      const exported = async (
        params: Record<string, string>,
      ): Promise<{ status: number; text: string; type: unknown }> => {
        const res = await call('GET', `/depotHead/debtExport?${new URLSearchParams(params)}`, { token: jsh });
        return { status: res.status, text: res.text, type: res.headers['content-type'] };
      };
      // 苏州恒信 (61) still owes on its seeded 销售出库; the same bills as 选择单据's /depotHead/debtList.
      const owing = (
        await get(
          `/depotHead/debtList?search=${encodeURIComponent(JSON.stringify({ organId: '61' }))}&currentPage=1&pageSize=50`,
        )
      ).data.rows as Row[];
      t.ok(owing.length > 0);
      const sheet = await exported({
        organId: '61',
        type: '出库',
        subType: '销售',
        status: '',
        number: '',
        materialParam: '',
        beginTime: '',
        endTime: '',
        mpList: '扩展1,扩展2,扩展3',
      });
      t.equal(sheet.status, 200);
      t.match(sheet.type, /application\/vnd\.ms-excel/);
      const worksheets = [...sheet.text.matchAll(/ss:Name="([^"]+)"/g)].map((m) => m[1]);
      t.same(worksheets, ['单据列表', '单据明细']);
      t.match(sheet.text, /<Row><Cell><Data ss:Type="String">客户对账列表<\/Data><\/Cell><\/Row>/, 'the tip line');
      for (const head of ['客户', '已收欠款', '待收欠款', '扩展1', '扩展3', '价税合计'])
        t.ok(sheet.text.includes(`>${head}<`), head);
      for (const bill of owing) {
        t.ok(sheet.text.includes(`>${String(bill.number)}<`), String(bill.number));
        t.ok(sheet.text.includes(`>${Number(bill.debt).toFixed(2)}<`), `待收欠款 ${Number(bill.debt).toFixed(2)}`);
      }
      const vendor = await exported({
        organId: '59',
        type: '入库',
        subType: '采购',
        mpList: '扩展1,扩展2,扩展3',
        beginTime: '2000-01-01',
        endTime: '2100-01-01',
      });
      t.match(vendor.text, /供应商对账列表（2000-01-01 00:00:00至2100-01-01 23:59:59）/, 'the period in the tip');
      t.equal(
        (await exported({ organId: '61', type: '出库', subType: '销售' })).text,
        '',
        'without the three 扩展 names the detail sheet fails: nothing',
      );
      t.equal(
        (await exported({ organId: '61', type: '出库', subType: '零售' })).text,
        '',
        'a kind with no sheet layout: nothing',
      );
      t.same(
        (await call('GET', '/depotHead/debtExport?organId=x', { token: jsh })).json(),
        UNKNOWN,
        'organId must be a number',
      );
    },
  );

  t.test(
    'getMaterialEnableSerialNumberList: serial-number goods, one row per barcode (MaterialMapperEx.getMaterialEnableSerialNumberList)',
    async (t) => {
      const list = await get('/material/getMaterialEnableSerialNumberList?q=&page=1&rows=10');
      t.same(Object.keys(list).sort(), ['rows', 'total'], 'a bare fastjson object');
      t.same(
        list.rows.map((r: Row) => [r.id, r.name, r.mBarCode, r.enableSerialNumber]),
        [[572, '笔记本电脑', '1000005', '1']],
      );
      t.equal(list.total, 1);
      t.same(
        (await get('/material/getMaterialEnableSerialNumberList?q=鼠标&page=1&rows=10')).rows,
        [],
        'q filters on barcode, name, standard, model',
      );
      t.same(await get('/material/getMaterialEnableSerialNumberList?q='), UNKNOWN, 'page and rows are required');
    },
  );

  t.test(
    'batAddSerialNumber: numbered serials for the product of a barcode (SerialNumberService.batAddSerialNumber)',
    async (t) => {
      // No controller lists serial numbers (the original's admin page reads getMaterialEnableSerialNumberList): read the table.
      const stored = (): Row[] =>
        (stack.sandbox.app.sandbox.state.tables.serialNumber ?? []).filter((r) => r.deleteFlag !== '1');
      const before = stored().length;
      const add = async (body: Row): Promise<Row> =>
        (await call('POST', '/serialNumber/batAddSerialNumber', { token: jsh, body })).json();
      t.same(await add({ materialCode: '1000005', serialNumberPrefix: 'NB', batAddTotal: 3, remark: '补录' }), OK);
      const rows = stored().filter((r) => String(r.serialNumber).startsWith('NB'));
      t.equal(rows.length, 3);
      const stamp = String(rows[0]!.serialNumber).slice(2, -1);
      t.same(
        rows.map((r) => r.serialNumber).sort(),
        [1, 2, 3].map((i) => `NB${stamp}${i}`),
        '<prefix><ms><n>',
      );
      t.ok(
        rows.every(
          (r) =>
            r.materialId === 572 &&
            r.isSell === '0' &&
            r.remark === '补录' &&
            r.depotId === null &&
            r.inBillNo === null,
        ),
        'unsold, in no depot, on no bill',
      );
      t.equal(stored().length, before + 3);
      const log = ((await get('/log/list?search=&currentPage=1&pageSize=5')).data.rows as Row[])[0]!;
      t.match(log, { operation: '序列号', content: '批量新增3条' });
      t.same(
        await add({ materialCode: '', serialNumberPrefix: 'NB', batAddTotal: 3 }),
        { code: 500, data: { message: '服务内部错误' } },
        'no barcode: nothing added',
      );
      t.same(
        await add({ materialCode: '1000005', serialNumberPrefix: 'NB' }),
        { code: 301, data: { message: '数据写入异常' } },
        'no count',
      );
      t.same(
        await add({ materialCode: '1000005', serialNumberPrefix: 'NB', batAddTotal: 0 }),
        { code: 301, data: { message: '数据写入异常' } },
        'nothing to insert',
      );
    },
  );
});
