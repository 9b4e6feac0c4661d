// 请购单 → 采购订单 in the sandbox through the gateway, as the backend does it: a 采购订单 linking a 请购单 by linkApply
// makes it 部分 (3) while any product is short and 完成 (2) once every line is covered; its lines then show what was
// ordered (finishNumber); deleting an order reopens it (3 while another order links it); both links at once are
// refused (8500029).
import t from 'tap';
import { billCalls, chinaNow, linkedPurchaseOrder, OK, SAVED, startStack, type Row } from './helpers.js';

t.test('请购单 status follows the 采购订单 linking it', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const jsh = (await stack.login('jsh')).token;
  const { json, save, bill } = billCalls(stack, jsh);
  const applyLines = async (): Promise<Row[]> =>
    (await json('GET', `/depotItem/getDetailList?headerId=${(await bill('QGD-L1')).id}&mpList=&linkType=basic`)).data
      .rows;

  t.same(
    await save(
      { number: 'QGD-L1', type: '其它', subType: '请购单', operTime: chinaNow(stack), totalPrice: null, status: '1' },
      [
        { barCode: '1000007', unit: '个', operNumber: 30, depotId: '' },
        { barCode: '1000008', unit: '双', operNumber: 40, depotId: '' },
      ],
    ),
    SAVED,
  );
  t.equal((await bill('QGD-L1')).status, '1');
  const [helmet] = await applyLines();
  const order = (number: string, lines: [Row, number][], extra: Row = {}): Promise<Row> =>
    save(...linkedPurchaseOrder(stack, number, { linkApply: 'QGD-L1', ...extra }, lines, 'finishNumber'));

  t.same(await order('CGDD-L1', [[helmet!, 12]]), SAVED);
  t.equal((await bill('QGD-L1')).status, '3', 'helmets short, gloves untouched: 部分');
  t.match(await applyLines(), [
    { barCode: '1000007', preNumber: 30, finishNumber: 12 },
    { barCode: '1000008', finishNumber: 0 },
  ]);

  const [helmetLeft, glovesLeft] = await applyLines();
  t.same(
    await order('CGDD-L2', [
      [helmetLeft!, 18],
      [glovesLeft!, 40],
    ]),
    SAVED,
  );
  t.equal((await bill('QGD-L1')).status, '2', 'every line covered: 完成');

  t.same(await order('CGDD-L3', [[helmetLeft!, 1]], { linkNumber: 'XSDD00000000310' }), {
    code: 8500029,
    data: { message: '抱歉，关联请购单号和关联订单号不能同时录入' },
  });

  t.same(await json('DELETE', `/depotHead/delete?id=${(await bill('CGDD-L2')).id}`), OK);
  t.equal((await bill('QGD-L1')).status, '3', 'CGDD-L1 still links it');
  t.same(await json('DELETE', `/depotHead/delete?id=${(await bill('CGDD-L1')).id}`), OK);
  t.equal((await bill('QGD-L1')).status, '1', 'nothing links it any more');
});
