// The Excel imports through the gateway, each with the backend's answers (SupplierController.importVendor /
// importCustomer / importMember + SupplierService, MaterialController.importExcel + MaterialService.importExcel,
// DepotItemController.importItemExcel + DepotItemService.parseMapByExcelData), read from real .xls files: the original
// client's templates (client/public/doc, saved by Excel) and workbooks written here.
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import t, { type Test } from 'tap';
import { readXls } from '../../../server/sandbox/xls.js';
import { multipart, MULTIPART_TYPE, startStack, type Row, type Stack } from './helpers.js';

const TEMPLATES = new URL('../../../client/public/doc/', import.meta.url);
const template = (name: string): Buffer => readFileSync(new URL(`${name}_template.xls`, TEMPLATES));

/** A BIFF8 workbook: the tip line, the header, then the rows (numbers stay number cells). */
function xls(head: string[], rows: (string | number | null)[][], tip = '导入时本行内容请勿删除，切记！'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[tip], head, ...rows]), '信息');
  return XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

async function importer(t: Test, stack: Stack) {
  const { token } = await stack.login('jsh');
  const post = async (path: string, parts: Parameters<typeof multipart>[0]): Promise<Row> => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: `/jshERP-boot${path}`,
      payload: multipart(parts, 'application/vnd.ms-excel'),
      headers: { 'x-access-token': token, 'content-type': MULTIPART_TYPE },
    });
    return res.json() as Row;
  };
  const upload = (
    path: string,
    data: Buffer,
    filename = 'data.xls',
    extra: { name: string; data: string }[] = [],
  ): Promise<Row> => post(path, [...extra, { name: 'file', filename, data }]);
  const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));
  const list = async (path: string, search: unknown): Promise<Row[]> =>
    (await stack.call('GET', `${path}?search=${q(search)}&currentPage=1&pageSize=500`, { token })).json().data
      .rows as Row[];
  /** An export's first sheet as the import reads it (rows of cell texts). */
  const exported = async (path: string): Promise<string[][]> => {
    const res = await stack.gateway.inject({
      method: 'GET',
      url: `/jshERP-boot${path}`,
      headers: { 'x-access-token': token },
    });
    t.match(res.headers['content-disposition'], /^attachment;filename=.+\.xls$/);
    const sheet = readXls(res.rawPayload);
    return Array.from({ length: sheet.rows }, (_, r) =>
      Array.from({ length: sheet.columns }, (_, c) => sheet.content(r, c) ?? ''),
    );
  };
  return { token, post, upload, list, exported };
}

const PARTNER_HEAD = [
  '名称*',
  '联系人',
  '手机号码',
  '联系电话',
  '电子邮箱',
  '传真',
  '期初应付',
  '纳税人识别号',
  '税率(%)',
  '开户行',
  '账号',
  '地址',
  '备注',
  '排序',
  '状态*',
];
const GOODS_HEAD = [
  '名称*',
  '规格',
  '型号',
  '颜色',
  '品牌',
  '类别',
  '基础重量(kg)',
  '保质期(天)',
  '基本单位*',
  '副单位',
  '基本条码*',
  '副条码',
  '比例',
  '多属性',
  '采购价',
  '零售价',
  '销售价',
  '最低售价',
  '状态*',
  '序列号',
  '批号',
  '仓位货架',
  '制造商',
  '扩展1',
  '扩展2',
  '扩展3',
  '备注',
];
/** A product row of the template: name, unit, barcode and status; the rest as given by column index. */
const good = (name: string, barCode: string, set: Record<number, string | number> = {}): (string | number | null)[] => {
  const row: (string | number | null)[] = Array<null>(27).fill(null);
  Object.assign(row, { 0: name, 8: '个', 10: barCode, 18: '1' }, set);
  return row;
};

t.test('partner imports (SupplierController / SupplierService)', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { upload, list, token } = await importer(t, stack);

  t.same(
    await upload('/supplier/importVendor', template('vendor')),
    { code: 200, data: '导入成功' },
    'the original template',
  );
  const vendors = await list('/supplier/list', { type: '供应商' });
  t.match(
    vendors.find((v) => v.supplier === '供应商b'),
    { contacts: '小张', telephone: '15000000000', beginNeedPay: 100, taxRate: 7, enabled: true, type: '供应商' },
  );
  t.ok(vendors.find((v) => v.supplier === '供应商a'));
  const log = (
    await stack.call('GET', `/log/list?search=${encodeURIComponent('{}')}&currentPage=1&pageSize=5`, { token })
  ).json().data.rows as Row[];
  t.match(log[0], { operation: '供应商', content: '导入2条' }, 'one log line for the file');

  t.same(await upload('/supplier/importCustomer', template('customer')), { code: 200, data: '导入成功' });
  const customer = (await list('/supplier/list', { type: '客户' })).find((c) => c.supplier === '客户a');
  t.match(customer, { beginNeedGet: 100, taxRate: 7 });
  const grants = stack.sandbox.app.sandbox.state.userBusiness.find(
    (b) => b.type === 'UserCustomer' && b.key_id === '63' && b.delete_flag !== '1',
  );
  t.match(
    grants?.value,
    `[${String(customer!.id)}]`,
    'a new customer is granted to the importer (setUserCustomerPermission)',
  );
  t.same(await upload('/supplier/importMember', template('member')), { code: 200, data: '导入成功' });
  t.match(
    (await list('/supplier/list', { type: '会员' })).find((m) => m.supplier === '33334444'),
    { contacts: '小张', telephone: '15000000000' },
  );

  // Same name and kind: updated, its empty cells blanking the fields; a row without 名称 or 状态 skipped.
  const again = xls(PARTNER_HEAD, [
    ['供应商b', '老张', null, null, null, null, '', null, null, null, null, null, null, null, '0'],
    ['供应商c', '小陈', null, null, null, null, null, null, null, null, null, null, null, null, null],
    [null, '无名', null, null, null, null, null, null, null, null, null, null, null, null, '1'],
  ]);
  t.same(await upload('/supplier/importVendor', again), { code: 200, data: '导入成功' });
  const after = await list('/supplier/list', { type: '供应商' });
  t.equal(after.length, vendors.length, 'no vendor added');
  t.match(
    after.find((v) => v.supplier === '供应商b'),
    { contacts: '老张', enabled: false, beginNeedPay: 100 },
    'an empty number keeps its value',
  );

  // Refusals, each as the controller answers.
  t.same(await upload('/supplier/importVendor', template('vendor'), 'vendor.xlsx'), {
    code: 701,
    data: '文件扩展名必须为xls',
  });
  t.same(
    await upload('/supplier/importVendor', Buffer.from('名称*,状态*\n甲,1\n'), 'vendor.xls'),
    { code: 500, data: '导入失败' },
    'jxl reads no CSV',
  );
  const xlsx = XLSX.write(XLSX.read(template('vendor'), { type: 'buffer' }), {
    bookType: 'xlsx',
    type: 'buffer',
  }) as Buffer;
  t.same(
    await upload('/supplier/importVendor', xlsx, 'renamed.xls'),
    { code: 500, data: '导入失败' },
    'nor an .xlsx renamed',
  );
  t.same(
    await stack.gateway
      .inject({ method: 'POST', url: '/jshERP-boot/supplier/importMember', headers: { 'x-access-token': token } })
      .then((r) => r.json()),
    { code: 500, data: '导入失败' },
    'no file',
  );
  const badNumber = xls(PARTNER_HEAD, [
    ['供应商d', null, null, null, null, null, '100', null, null, null, null, null, null, null, '1'],
    ['供应商e', null, null, null, null, null, '一百', null, null, null, null, null, null, null, '1'],
  ]);
  t.same(
    await upload('/supplier/importVendor', badNumber),
    { code: 500, data: '导入失败' },
    'a 期初应付 that is no number',
  );
  t.notOk(
    (await list('/supplier/list', { type: '供应商' })).some((v) => v.supplier === '供应商d'),
    'nothing of that file is written',
  );
});

t.test('product import (MaterialService.importExcel): the template, then every refusal with its message', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { upload, list } = await importer(t, stack);
  t.same(await upload('/material/importExcel', template('goods')), { code: 200, data: '导入成功' });
  const goods = await list('/material/list', {});
  t.match(
    goods.find((m) => m.name === '可乐test'),
    {
      mBarCode: '2001',
      standard: '250ml',
      model: 'kele',
      color: '白色',
      brand: '百事',
      unit: '瓶',
      weight: 5,
      expiryNum: 180,
      purchaseDecimal: 5,
      commodityDecimal: 12,
      wholesaleDecimal: 10,
      lowDecimal: 9,
      enabled: true,
      mnemonic: 'kltest',
    },
  );

  const refusals: [string, (string | number | null)[][], Row][] = [
    ['名称为空', [good('', '30001')], { code: 8000010, data: '第3行名称为空' }],
    ['名称过长', [good('长'.repeat(101), '30001')], { code: 8000022, data: '第3行名称长度超出100个字符' }],
    ['基本单位为空', [good('甲', '30001', { 8: '' })], { code: 8000011, data: '第3行基本单位为空' }],
    ['基础重量', [good('甲', '30001', { 6: '-1' })], { code: 8000014, data: '第3行基础重量格式错误' }],
    ['保质期', [good('甲', '30001', { 7: '0' })], { code: 8000015, data: '第3行保质期格式错误' }],
    ['状态', [good('甲', '30001'), good('乙', '30002', { 18: '启用' })], { code: 8000012, data: '第4行状态格式错误' }],
    ['基本条码为空', [good('甲', '')], { code: 8000027, data: '第3行基本条码为空' }],
    ['条码长度', [good('甲', '123')], { code: 8000007, data: '商品条码:123的长度应该为4到40位' }],
    [
      '重复商品',
      [good('甲', '30001', { 1: '', 2: '', 3: '', 13: '' }), good('甲', '30002', { 1: '', 2: '', 3: '', 13: '' })],
      { code: 80000020, data: '抱歉，EXCEL中存在重复的商品，具体信息为：甲----个-' },
    ],
    [
      '重复条码',
      [good('甲', '30001'), good('乙', '30001')],
      { code: 80000021, data: '抱歉，EXCEL中存在重复的条码，具体条码为：30001' },
    ],
    [
      '主副条码相同',
      [good('甲', '30001', { 11: '30001' })],
      { code: 80000021, data: '抱歉，EXCEL中存在重复的条码，具体条码为：30001' },
    ],
    [
      '副条码已存在',
      [good('甲', '30001', { 9: '箱', 11: '1000002', 12: '12' })],
      { code: 80000028, data: '抱歉，EXCEL中有副条码在系统中已存在，具体副条码为：1000002' },
    ],
    [
      '比例',
      [good('甲', '30001', { 9: '箱', 11: '30002', 12: '1.2.3' })],
      { code: 8000016, data: '第3行比例格式错误' },
    ],
    [
      '单位匹配',
      [good('甲', '30001', { 9: '箱', 11: '30002', 12: '7' })],
      { code: 8000006, data: '抱歉，商品条码:30002的单位匹配不上，请完善多单位信息！' },
    ],
    [
      '序列号和批号',
      [good('甲', '30001', { 19: '1', 20: '1' })],
      { code: 8000008, data: '抱歉，商品条码:30001的序列号和批号不能同时填1' },
    ],
  ];
  for (const [what, rows, answer] of refusals)
    t.same(await upload('/material/importExcel', xls(GOODS_HEAD, rows)), answer, what);
  t.notOk(
    (await list('/material/list', {})).some((m) => ['甲', '乙'].includes(m.name as string)),
    'a refused file writes nothing',
  );
  // A price that is no number fails in the write loop, which the service catches: the transaction commits the header
  // written before it, without its barcode.
  t.same(await upload('/material/importExcel', xls(GOODS_HEAD, [good('丙', '30003', { 14: '五元' })])), {
    code: 500,
    data: '导入失败',
  });
  t.match(
    (await list('/material/list', {})).filter((m) => m.name === '丙'),
    [{ mBarCode: null }],
  );
  const many = Array.from({ length: 1001 }, (_, i) => good(`批量${i}`, `4${String(i).padStart(5, '0')}`));
  t.same(await upload('/material/importExcel', xls(GOODS_HEAD, many)), {
    code: 8000013,
    data: '抱歉，单次导入不能超出1000条',
  });
  t.same(await upload('/material/importExcel', template('goods'), 'goods.xlsx'), {
    code: 701,
    data: '文件扩展名必须为xls',
  });
  t.same(await upload('/material/importExcel', Buffer.from('not a workbook')), { code: 500, data: '导入失败' });

  // An existing barcode updates its product.
  t.same(
    await upload(
      '/material/importExcel',
      xls(GOODS_HEAD, [good('可乐test', '2001', { 8: '瓶', 14: '6', 26: '改价' })]),
    ),
    { code: 200, data: '导入成功' },
  );
  t.match(
    (await list('/material/list', {})).filter((m) => m.mBarCode === '2001'),
    [{ name: '可乐test', purchaseDecimal: 6, remark: '改价' }],
  );
});

t.test('bill lines import (DepotItemController.importItemExcel)', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { upload, list } = await importer(t, stack);
  const goods = await list('/material/list', {});
  const drill = goods.find((m) => m.mBarCode === '1000002')!;
  const prefix = (p: string) => [{ name: 'prefixNo', data: p }];
  const lines = xls(
    ['仓库*', '条码*', '名称', '数量*', '单价', '税率（%）', '备注'],
    [
      ['总仓库', '1000002', '', '2', 12.5, '13', '急'],
      ['', '', '', '', '', '', ''],
    ],
  );
  const answer = await upload('/depotItem/importItemExcel', lines, 'lines.xls', prefix('CGRK'));
  t.match(answer, {
    code: 200,
    data: {
      rows: [
        {
          depotName: '总仓库',
          depotId: 14,
          barCode: '1000002',
          name: drill.name,
          standard: drill.standard,
          model: drill.model,
          stock: drill.stock,
          unit: '台',
          operNumber: 2,
          unitPrice: 12.5,
          allPrice: 25,
          taxRate: 13,
          taxMoney: 3.25,
          taxLastMoney: 28.25,
          remark: '急',
        },
      ],
    },
  });
  t.equal((answer.data.rows as Row[]).length, 1, 'a row without barcode is no line');
  // An order without a price takes the barcode's purchase price (CGDD).
  const order = await upload(
    '/depotItem/importItemExcel',
    xls(['条码*', '名称', '数量*', '单价', '税率（%）', '备注'], [['1000002', '', '3', '', '', '']]),
    'order.xls',
    prefix('CGDD'),
  );
  t.match(order, {
    code: 200,
    data: {
      rows: [
        {
          operNumber: 3,
          unitPrice: drill.purchaseDecimal,
          allPrice: Math.round(Number(drill.purchaseDecimal) * 300) / 100,
        },
      ],
    },
  });
  t.same(
    await upload('/depotItem/importItemExcel', template('buy_sale_item'), 'buy.xls', prefix('CGRK')),
    { code: 500, data: { message: '抱歉，商品条码:2001在商品管理中不存在' } },
    'the template names products this tenant lacks',
  );
  t.same(
    await upload(
      '/depotItem/importItemExcel',
      xls(['仓库*', '条码*'], [['仓库1', '1000002', '', '1']]),
      'x.xls',
      prefix('QTRK'),
    ),
    { code: 500, data: { message: '抱歉，仓库:仓库1在基础资料-仓库信息中不存在' } },
  );
  t.same(
    await upload(
      '/depotItem/importItemExcel',
      xls(['条码*', '名称', '数量*', '备注'], [['1000002', '', '两个', '']]),
      'x.xls',
      prefix('QGD'),
    ),
    { code: 500, data: { message: '导入失败，请检查表格内容' } },
    'a 数量 that is no number',
  );
  t.same(
    await upload('/depotItem/importItemExcel', lines, 'my.lines.xls', prefix('CGRK')),
    { code: 500, data: { message: '文件扩展名必须为xls' } },
    'the extension is what follows the first dot',
  );
  t.same(
    await upload('/depotItem/importItemExcel', lines, 'lines.xls'),
    { code: 200, data: { rows: [] } },
    'no prefixNo: no columns read',
  );
});

t.test('round trip: import products, customers, vendors and members, list them, export, compare', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { upload, list, exported } = await importer(t, stack);
  const partnerRows: Record<'供应商' | '客户', string[][]> = {
    供应商: [
      [
        '往返供应商',
        '赵六',
        '13800000001',
        '021-1234',
        'z@v.cn',
        '021-9',
        '150.5',
        'TAX1',
        '13',
        '工行',
        '6222',
        '上海',
        '备注v',
        '3',
        '1',
      ],
    ],
    客户: [['往返客户', '钱七', '13800000002', '', '', '', '80', '', '6', '', '', '北京', '', '', '0']],
  };
  t.same(await upload('/supplier/importVendor', xls(PARTNER_HEAD, partnerRows.供应商)), {
    code: 200,
    data: '导入成功',
  });
  const customerHead = PARTNER_HEAD.map((h) => (h === '期初应付' ? '期初应收' : h));
  t.same(await upload('/supplier/importCustomer', xls(customerHead, partnerRows.客户)), {
    code: 200,
    data: '导入成功',
  });
  const memberHead = ['会员卡号*', '联系人', '手机号码', '联系电话', '电子邮箱', '备注', '排序', '状态*'];
  const memberRow = ['88886666', '孙八', '13800000003', '', 'm@x.cn', '常客', '5', '1'];
  t.same(await upload('/supplier/importMember', xls(memberHead, [memberRow])), { code: 200, data: '导入成功' });
  const goodsHead = [...GOODS_HEAD, '总仓库', '东区仓库', '门店仓库'];
  const product = [
    '往返商品',
    '1L',
    'RT-1',
    '绿色',
    '往返牌',
    '办公用品',
    '1.25',
    '365',
    '个',
    '箱',
    '50001',
    '50002',
    '12',
    '',
    '2.5',
    '4',
    '3.5',
    '3',
    '1',
    '0',
    '1',
    'C-09',
    '往返厂',
    '',
    '',
    '',
    '导入的',
    '7',
    '0',
    '2',
  ];
  t.same(await upload('/material/importExcel', xls(goodsHead, [product])), { code: 200, data: '导入成功' });

  // The rows show in the lists.
  t.match(
    (await list('/supplier/list', { type: '供应商' })).find((v) => v.supplier === '往返供应商'),
    { contacts: '赵六', beginNeedPay: 150.5, taxRate: 13, sort: '3' },
  );
  t.match(
    (await list('/supplier/list', { type: '客户' })).find((v) => v.supplier === '往返客户'),
    { beginNeedGet: 80, enabled: false },
  );
  t.match(
    (await list('/supplier/list', { type: '会员' })).find((v) => v.supplier === '88886666'),
    { contacts: '孙八', description: '常客' },
  );
  const listed = (await list('/material/list', {})).find((m) => m.name === '往返商品');
  t.match(listed, {
    mBarCode: '50001',
    categoryName: '办公用品',
    unitName: '个/(箱=12个)',
    stock: 9,
    purchaseDecimal: 2.5,
    enableBatchNumber: '1',
  });

  // Each export holds the imported row as it was read: the export is the import's layout.
  const vendorSheet = await exported(
    `/supplier/exportExcel?${new URLSearchParams({ supplier: '往返', type: '供应商', telephone: '', phonenum: '' })}`,
  );
  t.same(vendorSheet[1], PARTNER_HEAD);
  t.same(vendorSheet.slice(2), partnerRows.供应商);
  const customerSheet = await exported(
    `/supplier/exportExcel?${new URLSearchParams({ supplier: '往返', type: '客户' })}`,
  );
  t.same(customerSheet[1], customerHead);
  t.same(customerSheet.slice(2), partnerRows.客户);
  const memberSheet = await exported(
    `/supplier/exportExcel?${new URLSearchParams({ supplier: '88886666', type: '会员' })}`,
  );
  t.same(memberSheet.slice(1), [memberHead, memberRow]);
  const goodsSheet = await exported(
    `/material/exportExcel?${new URLSearchParams({ materialParam: '往返', mpList: '扩展1,扩展2,扩展3' })}`,
  );
  t.equal(goodsSheet[0]![0], '*导入时本行内容请勿删除，切记！');
  t.same(goodsSheet[1], goodsHead);
  t.same(goodsSheet.slice(2), [product]);

  // And the export imports again, changing nothing.
  const res = await stack.gateway.inject({
    method: 'GET',
    url: `/jshERP-boot/material/exportExcel?materialParam=${encodeURIComponent('往返')}`,
    headers: { 'x-access-token': (await stack.login('jsh')).token },
  });
  t.same(await upload('/material/importExcel', res.rawPayload), { code: 200, data: '导入成功' });
  t.same(
    (await list('/material/list', {})).filter((m) => m.name === '往返商品').map((m) => [m.mBarCode, m.stock]),
    [['50001', 9]],
  );
});
