// 以销定购 in the sandbox through the gateway, as the backend does it: a 采购订单 linking a 销售订单 by linkNumber moves
// the sale order's purchaseStatus (not its status) to 部分 (3) while any product is short and 完成 (2) once every
// line is covered; read with linkType=purchase its lines show what was ordered (finishPurchaseNumber); the
// 关联订单 picker's purchaseStatus 0,3 leaves a wholly purchased order out; such an order refuses 反审核 (8500026);
// deleting the 采购订单 reopens it (3 while another still links it, then 0).
import t from 'tap';
import { billCalls, chinaNow, linkedPurchaseOrder, OK, q, SAVED, startStack, type Row } from './helpers.js';

t.test('销售订单 purchaseStatus follows the 采购订单 linking it', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const jsh = (await stack.login('jsh')).token;
  const { json, save, bill } = billCalls(stack, jsh);
  const saleLines = async (): Promise<Row[]> =>
    (await json('GET', `/depotItem/getDetailList?headerId=${(await bill('XSDD-P1')).id}&mpList=&linkType=purchase`))
      .data.rows;
  const offered = async (): Promise<string[]> =>
    (
      (
        await json(
          'GET',
          `/depotHead/list?search=${q({ type: '其它', subType: '销售订单', status: '1,3', purchaseStatus: '0,3' })}&currentPage=1&pageSize=100`,
        )
      ).data.rows as Row[]
    ).map((r) => r.number);

  t.same(
    await save(
      {
        number: 'XSDD-P1',
        type: '其它',
        subType: '销售订单',
        organId: 58,
        operTime: chinaNow(stack),
        totalPrice: 0,
        changeAmount: 0,
        status: '1',
      },
      [
        { barCode: '1000007', unit: '个', operNumber: 30, unitPrice: 0, allPrice: 0, depotId: '' },
        { barCode: '1000008', unit: '双', operNumber: 40, unitPrice: 0, allPrice: 0, depotId: '' },
      ],
    ),
    SAVED,
  );
  t.match(await bill('XSDD-P1'), { status: '1', purchaseStatus: '0' });
  t.ok((await offered()).includes('XSDD-P1'), 'not yet purchased: offered to 关联订单');
  const [helmet, gloves] = await saleLines();
  const order = (number: string, lines: [Row, number][]): Promise<Row> =>
    save(...linkedPurchaseOrder(stack, number, { linkNumber: 'XSDD-P1' }, lines, 'finishPurchaseNumber'));

  t.same(await order('CGDD-P1', [[helmet!, 12]]), SAVED);
  t.match(
    await bill('XSDD-P1'),
    { status: '1', purchaseStatus: '3' },
    'helmets short, gloves untouched: 部分采购; its own status unchanged',
  );
  t.match(await saleLines(), [
    { barCode: '1000007', preNumber: 30, finishPurchaseNumber: 12 },
    { barCode: '1000008', finishPurchaseNumber: 0 },
  ]);
  t.ok((await offered()).includes('XSDD-P1'), 'partly purchased: still offered');

  t.same(
    await order('CGDD-P2', [
      [helmet!, 18],
      [gloves!, 40],
    ]),
    SAVED,
  );
  t.match(await bill('XSDD-P1'), { purchaseStatus: '2' }, 'every line covered: 完成采购');
  t.notOk((await offered()).includes('XSDD-P1'), 'wholly purchased: no longer offered');
  t.same(await json('POST', '/depotHead/batchSetStatus', { status: '0', ids: String((await bill('XSDD-P1')).id) }), {
    code: 8500026,
    data: { message: '抱歉，完成采购的单据不能进行反审核' },
  });

  t.same(await json('DELETE', `/depotHead/delete?id=${(await bill('CGDD-P2')).id}`), OK);
  t.match(await bill('XSDD-P1'), { purchaseStatus: '3' }, 'CGDD-P1 still links it');
  t.same(await json('DELETE', `/depotHead/delete?id=${(await bill('CGDD-P1')).id}`), OK);
  t.match(await bill('XSDD-P1'), { purchaseStatus: '0' }, 'nothing links it any more: 未采购');
});
