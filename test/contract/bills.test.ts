// The backend's contract for stock and financial bills, on fixtures this file makes: a 采购入库 saved, listed,
// approved (its stock counted), then refused edits; a 销售出库 and a 收款单 against it.
import t from 'tap';
import { RUN_ID, runName, startApiStack, type Row, type Session } from '../support/api.js';

const OK = { code: 200, data: { message: '成功' } };
const SAVED = { code: 200, msg: '操作成功' };

interface Fixtures {
  vendorId: number;
  customerId: number;
  depotId: number;
  accountId: number;
  barCode: string;
}

async function idOf(s: Session, path: string, search: Row, field: string, value: string): Promise<number> {
  const rows = (await s.get(path, { search, currentPage: 1, pageSize: 50 })).data.rows as Row[];
  const row = rows.find((r) => r[field] === value);
  if (!row) throw new Error(`${value} not listed by ${path}`);
  return Number(row.id);
}

async function makeFixtures(s: Session): Promise<Fixtures> {
  const vendor = runName('供应商');
  const customer = runName('客户');
  const depot = runName('仓库');
  const account = runName('账户');
  await s.call('POST', '/supplier/add', { supplier: vendor, type: '供应商', enabled: true });
  await s.call('POST', '/supplier/add', { supplier: customer, type: '客户', enabled: true });
  await s.call('POST', '/depot/add', { name: depot, type: 0 });
  await s.call('POST', '/account/add', { name: account, initialAmount: '0' });
  const barCode = `${String(Date.now()).slice(-8)}${process.pid % 10}`;
  const name = runName('商品');
  const added = await s.call('POST', '/material/add', {
    name,
    unit: '件',
    enableSerialNumber: '0',
    enableBatchNumber: '0',
    sortList: [],
    imgName: '',
    meList: [{ id: `${Date.now()}_tid-c`, barCode, commodityUnit: '件', purchaseDecimal: 5, commodityDecimal: 9 }],
    stock: [],
    meDeleteIdList: [],
  });
  if (added.json().code !== 200) throw new Error(`product not added: ${added.text}`);
  return {
    vendorId: await idOf(s, '/supplier/list', { supplier: vendor, type: '供应商' }, 'supplier', vendor),
    customerId: await idOf(s, '/supplier/list', { supplier: customer, type: '客户' }, 'supplier', customer),
    depotId: await idOf(s, '/depot/list', { name: depot }, 'name', depot),
    accountId: await idOf(s, '/account/list', { name: account }, 'name', account),
    barCode,
  };
}

/** A bill number the backend's own sequence gives, as the shell's forms take it. */
async function billNumber(s: Session, prefix: string): Promise<string> {
  const answer = await s.get('/sequence/buildNumber');
  return `${prefix}${String(answer.data.defaultNumber)}`;
}

const operTime = (): string => {
  const china = new Date(Date.now() + 8 * 3600_000);
  return china.toISOString().slice(0, 19).replace('T', ' ');
};

const line = (f: Fixtures, operNumber: number, unitPrice: number): Row => ({
  barCode: f.barCode,
  unit: '件',
  operNumber: String(operNumber),
  unitPrice,
  allPrice: operNumber * unitPrice,
  taxRate: 0,
  taxMoney: 0,
  taxLastMoney: operNumber * unitPrice,
  depotId: f.depotId,
  snList: '',
  batchNumber: '',
  id: 'row_tid-1',
});

async function stockOf(s: Session, f: Fixtures): Promise<number> {
  const answer = await s.get('/depotItem/findStockByDepotAndBarCode', { depotId: f.depotId, barCode: f.barCode });
  return Number(answer.data.stock);
}

/** The bill's row in its list; the backend's list needs the bill's type and sub-type (数据查询异常 without them). */
async function billByNumber(s: Session, number: string, type: string, subType: string): Promise<Row | undefined> {
  const rows = (await s.get('/depotHead/list', { search: { type, subType, number }, currentPage: 1, pageSize: 10 }))
    .data.rows as Row[];
  return rows.find((r) => r.number === number);
}

t.test('a 采购入库: saved, listed, approved into stock; an approved bill cannot be edited or deleted', async (t) => {
  const stack = await startApiStack(t);
  const jsh = await stack.login('jsh');
  const f = await makeFixtures(jsh);
  t.equal(await stockOf(jsh, f), 0, 'a new product has no stock');

  const number = await billNumber(jsh, 'CGRK');
  const info = {
    number,
    type: '入库',
    subType: '采购',
    organId: f.vendorId,
    operTime: operTime(),
    accountId: f.accountId,
    changeAmount: -50,
    totalPrice: -50,
    discount: 0,
    discountMoney: 0,
    discountLastMoney: 50,
    otherMoney: 0,
    debt: 0,
    status: '0',
    remark: RUN_ID,
  };
  const save = (body: Row, rows: Row[], method = 'POST') =>
    jsh.call(method, method === 'POST' ? '/depotHead/addDepotHeadAndDetail' : '/depotHead/updateDepotHeadAndDetail', {
      info: JSON.stringify(body),
      rows: JSON.stringify(rows),
    });
  t.same((await save(info, [line(f, 10, 5)])).json(), SAVED);
  const saved = await billByNumber(jsh, number, '入库', '采购');
  t.match(saved, { number, subType: '采购', status: '0', organId: f.vendorId }, 'listed, not approved');
  t.equal(Number(saved!.totalPrice), 50);
  t.equal(await stockOf(jsh, f), 10, 'an unapproved 采购入库 counts in stock already');

  t.same(
    (await jsh.call('POST', '/depotHead/batchSetStatus', { status: '1', ids: String(saved!.id) })).json(),
    OK,
    'approved',
  );
  t.match(await billByNumber(jsh, number, '入库', '采购'), { status: '1' });
  const edited = (await save({ ...info, id: saved!.id, status: '1' }, [line(f, 12, 5)], 'PUT')).json();
  t.not(edited.code, 200, 'an approved bill is not edited');
  t.equal(await stockOf(jsh, f), 10, 'its stock stays');
  const deleted = (await jsh.call('DELETE', `/depotHead/delete?id=${saved!.id}`)).json();
  t.same(deleted, { code: 8500011, data: { message: '抱歉，只有未审核的单据才能删除，请先进行反审核' } });

  t.test('the same number again is refused', async (t) => {
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    t.same((await save(info, [line(f, 1, 5)])).json(), { code: 8500022, data: { message: '抱歉，单据编号已经存在' } });
  });

  t.test('a 销售出库 of part of it lowers the stock; a 收款单 settles what it owes', async (t) => {
    const sale = await billNumber(jsh, 'XSCK');
    const saleInfo = {
      ...info,
      number: sale,
      type: '出库',
      subType: '销售',
      organId: f.customerId,
      changeAmount: 30,
      totalPrice: 36,
      discountLastMoney: 36,
      debt: 6,
      status: '1',
    };
    t.same((await save(saleInfo, [line(f, 4, 9)])).json(), SAVED);
    t.equal(await stockOf(jsh, f), 6);
    const receipt = await billNumber(jsh, 'SK');
    const head = {
      type: '收款',
      organId: f.customerId,
      billTime: operTime(),
      billNo: receipt,
      accountId: f.accountId,
      changeAmount: 6,
      totalPrice: 6,
      discountMoney: 0,
      remark: RUN_ID,
      status: '0',
    };
    const saleRow = await billByNumber(jsh, sale, '出库', '销售');
    const items = [{ billNumber: sale, needDebt: 6, finishDebt: 0, eachAmount: 6, remark: '' }];
    t.same(
      (
        await jsh.call('POST', '/accountHead/addAccountHeadAndDetail', {
          info: JSON.stringify(head),
          rows: JSON.stringify(items),
        })
      ).json(),
      SAVED,
    );
    const receipts = (await jsh.get('/accountHead/list', { search: { billNo: receipt }, currentPage: 1, pageSize: 10 }))
      .data.rows as Row[];
    t.match(receipts, [{ billNo: receipt, type: '收款', organId: f.customerId }]);
    t.ok(saleRow, 'the sale is listed');
  });
});
