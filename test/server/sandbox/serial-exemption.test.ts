// 出入库管理 (inOutManageFlag) in the sandbox through the gateway, as the backend's saveDetials has it: 采购, 采购退货,
// 销售 and 销售退货 no longer need serial or batch numbers for such goods and sell no serial number (the 其它 bills
// carrying their goods do), while the other in/out bills still need them; with the flag off the rules hold for all.
import t from 'tap';
import { billCalls, chinaNow, OK, SAVED, startStack, type Row } from './helpers.js';

t.test('出入库管理 exempts the purchase and sale kinds from serial and batch numbers', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const jsh = (await stack.login('jsh')).token;
  const { json, save } = billCalls(stack, jsh);
  const config = async (values: Row): Promise<void> => {
    const current = (await json('GET', '/systemConfig/getCurrentInfo')).data;
    t.same(await json('PUT', '/systemConfig/update', { id: current.id, ...values }), OK);
  };
  const unsold = async (): Promise<string[]> =>
    (
      (
        await json('POST', '/serialNumber/getEnableSerialNumberList', {
          name: '',
          barCode: '1000005',
          depotId: 14,
          page: 1,
          rows: 50,
        })
      ).data.rows as Row[]
    ).map((r) => r.serialNumber);
  const laptop = (extra: Row = {}): Row => ({
    barCode: '1000005',
    unit: '台',
    operNumber: 1,
    unitPrice: 5000,
    allPrice: 5000,
    taxRate: 0,
    taxMoney: 0,
    taxLastMoney: 5000,
    depotId: 14,
    ...extra,
  });
  const sale = (number: string, extra: Row = {}): Row => ({
    number,
    type: '出库',
    subType: '销售',
    organId: 58,
    accountId: 17,
    operTime: chinaNow(stack),
    totalPrice: 5000,
    changeAmount: 5000,
    status: '0',
    ...extra,
  });
  const noSerial = { code: 8000003, data: { message: '抱歉，商品条码:1000005的序列号不能为空' } };

  t.same(await save(sale('XSCK-E0'), [laptop()]), noSerial, 'flag off: the sale needs its serial number');
  await config({ inOutManageFlag: '1' });
  const before = await unsold();
  t.same(await save(sale('XSCK-E1'), [laptop()]), SAVED, 'flag on: a sale without serial numbers saves');
  t.same(await save(sale('XSCK-E2'), [laptop({ snList: before[0] })]), SAVED);
  t.same(await unsold(), before, 'and sells none');
  t.same(
    await save(
      {
        number: 'QTCK-E1',
        type: '出库',
        subType: '其它',
        organId: 58,
        operTime: chinaNow(stack),
        totalPrice: 5000,
        status: '0',
      },
      [laptop()],
    ),
    noSerial,
    '其它出库 still needs them',
  );

  const gloves = (
    (
      await json(
        'GET',
        `/material/list?search=${encodeURIComponent(JSON.stringify({ materialParam: '劳保手套' }))}&currentPage=1&pageSize=10`,
      )
    ).data.rows as Row[]
  )[0]!.id;
  t.same(
    await json('POST', '/material/batchUpdate', {
      ids: `${gloves}`,
      material: JSON.stringify({ enableBatchNumber: '1' }),
    }),
    OK,
  );
  const glovesIn = (number: string, subType: string): Row => ({
    number,
    type: '入库',
    subType,
    organId: 57,
    accountId: 17,
    operTime: chinaNow(stack),
    totalPrice: -35,
    changeAmount: -35,
    status: '0',
  });
  const pair = {
    barCode: '1000008',
    unit: '双',
    operNumber: 10,
    unitPrice: 3.5,
    allPrice: 35,
    taxRate: 0,
    taxMoney: 0,
    taxLastMoney: 35,
    depotId: 15,
  };
  t.same(await save(glovesIn('CGRK-E1', '采购'), [pair]), SAVED, 'a purchase without a batch saves');
  t.same(await save(glovesIn('QTRK-E1', '其它'), [pair]), {
    code: 8500015,
    data: { message: '抱歉，商品条码:1000008的批号不能为空' },
  });
  await config({ inOutManageFlag: '0' });
  t.same(
    await save(glovesIn('CGRK-E2', '采购'), [pair]),
    { code: 8500015, data: { message: '抱歉，商品条码:1000008的批号不能为空' } },
    'flag off again: required',
  );
});
