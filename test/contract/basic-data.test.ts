// The backend's contract for basic data, on fixtures this file makes: what a write answers, what the lists then
// show, and the refusals — the same on the sandbox and on a running jshERP-boot (npm run test:backend).
import t from 'tap';
import { RUN_ID, runName, startApiStack, type Row, type Session } from '../support/api.js';

const OK = { code: 200, data: { message: '成功' } };

async function rowsOf(s: Session, path: string, search: Row): Promise<Row[]> {
  const answer = await s.get(path, { search, currentPage: 1, pageSize: 50 });
  return answer.data.rows as Row[];
}

t.test('partners, depots, accounts and persons: added, listed, refused as the backend refuses', async (t) => {
  const stack = await startApiStack(t);
  const jsh = await stack.login('jsh');

  const vendor = runName('供应商');
  t.same((await jsh.call('POST', '/supplier/add', { supplier: vendor, type: '供应商', enabled: true })).json(), OK);
  const [listed] = await rowsOf(jsh, '/supplier/list', { supplier: vendor, type: '供应商' });
  t.match(listed, { supplier: vendor, type: '供应商', enabled: true }, 'the vendor is listed');
  t.match(
    (await jsh.get('/supplier/checkIsNameAndTypeExist', { id: 0, name: vendor, type: '供应商' })).data,
    { status: true },
    'its name is taken for vendors',
  );
  t.match(
    (await jsh.get('/supplier/checkIsNameAndTypeExist', { id: 0, name: vendor, type: '客户' })).data,
    { status: false },
    'and free for customers',
  );

  const depot = runName('仓库');
  t.same((await jsh.call('POST', '/depot/add', { name: depot, type: 0, sort: '', remark: '' })).json(), OK);
  const [depotRow] = await rowsOf(jsh, '/depot/list', { name: depot });
  t.match(depotRow, { name: depot, type: 0 }, 'the depot is listed');

  const account = runName('账户');
  t.same(
    (
      await jsh.call('POST', '/account/add', { name: account, serialNo: '6225', initialAmount: '100', sort: '' })
    ).json(),
    OK,
  );
  const [accountRow] = await rowsOf(jsh, '/account/list', { name: account });
  t.match(accountRow, { name: account, serialNo: '6225' }, 'the account is listed');
  t.equal(Number(accountRow!.initialAmount), 100);

  const person = runName('经手人');
  t.same((await jsh.call('POST', '/person/add', { name: person, type: '业务员', enabled: true })).json(), OK);
  const [personRow] = await rowsOf(jsh, '/person/list', { name: person, type: '业务员' });
  t.match(personRow, { name: person, type: '业务员' });

  // Each is deleted again, by id, and is gone from its list.
  t.same((await jsh.call('DELETE', `/person/delete?id=${personRow!.id}`)).json(), OK);
  t.same(await rowsOf(jsh, '/person/list', { name: person, type: '业务员' }), []);
  t.same((await jsh.call('DELETE', `/supplier/delete?id=${listed!.id}`)).json(), OK);
  t.same(await rowsOf(jsh, '/supplier/list', { supplier: vendor, type: '供应商' }), []);
});

t.test('a product with two units and two barcodes: found by either, a taken barcode refused', async (t) => {
  const stack = await startApiStack(t);
  const jsh = await stack.login('jsh');
  // jsh_unit.name is varchar(50): the label of a unit group must stay within it.
  const unitName = `u${RUN_ID.slice(-6)}`;
  const unitLabel = `${unitName}/(${unitName}箱=12${unitName})`;
  t.same(
    (
      await jsh.call('POST', '/unit/add', {
        name: unitLabel,
        basicUnit: unitName,
        otherUnit: `${unitName}箱`,
        ratio: 12,
        enabled: true,
      })
    ).json(),
    OK,
  );
  const [unit] = await rowsOf(jsh, '/unit/list', { name: unitName });
  t.ok(unit, 'the unit is listed');
  const name = runName('商品');
  const code = String(Date.now()).slice(-9);
  const product = {
    name,
    unitId: unit!.id,
    unit: '',
    enableSerialNumber: '0',
    enableBatchNumber: '0',
    sortList: [],
    imgName: '',
    meList: [
      {
        id: `${Date.now()}1_tid-a`,
        barCode: `${code}1`,
        commodityUnit: unitName,
        purchaseDecimal: 2,
        commodityDecimal: 3,
        wholesaleDecimal: 2.5,
        lowDecimal: 2.2,
      },
      {
        id: `${Date.now()}2_tid-a`,
        barCode: `${code}2`,
        commodityUnit: `${unitName}箱`,
        purchaseDecimal: 24,
        commodityDecimal: 36,
        wholesaleDecimal: 30,
        lowDecimal: 26.4,
      },
    ],
    stock: [],
    meDeleteIdList: [],
  };
  t.same((await jsh.call('POST', '/material/add', product)).json(), OK);
  const byName = await rowsOf(jsh, '/material/list', { materialParam: name });
  t.equal(byName.length, 1, 'listed once');
  t.match(byName[0], { name, mBarCode: `${code}1` });
  const byBox = await rowsOf(jsh, '/material/list', { materialParam: `${code}2` });
  t.same(
    byBox.map((r) => r.id),
    [byName[0]!.id],
    'the second barcode finds the product',
  );
  const scanned = (await jsh.get('/material/getMaterialByBarCode', { barCode: `${code}2`, mpList: '' })).data as Row[];
  t.match(scanned, [{ name, mBarCode: `${code}2`, commodityUnit: `${unitName}箱` }], 'a scan of the box barcode');

  const again = { ...product, name: runName('商品'), meList: [{ ...product.meList[0], id: `${Date.now()}3_tid-b` }] };
  t.same(
    (await jsh.call('POST', '/material/add', again)).json(),
    { code: 8000005, data: { message: `商品条码:${code}1重复` } },
    'a barcode another product holds is refused',
  );
  t.same(await rowsOf(jsh, '/material/list', { materialParam: again.name }), [], 'and nothing of it is saved');
});
