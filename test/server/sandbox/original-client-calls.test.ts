// Calls the original jshERP client makes that the sandbox once answered differently from the backend (found by
// driving the original against it: scripts/original-client-check.mjs), each as the backend answers it.
import t from 'tap';
import { startStack } from './helpers.js';

const UNKNOWN = { code: 500, data: '未知异常' };
const ACCOUNT_HEAD_NULLS = Object.fromEntries(
  ['id', 'type', 'organId', 'handsPersonId', 'creator', 'changeAmount', 'discountMoney', 'totalPrice', 'accountId', 'billNo', 'billTime',
    'remark', 'fileName', 'status', 'source', 'tenantId', 'deleteFlag'].map((k) => [k, null]),
);

t.test('calls of the original client', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call } = stack;
  const { token } = await stack.login('jsh');
  const state = stack.sandbox.app.sandbox.state;

  t.test('getFinancialBillNoByBillId: the 收付款单号 a sales bill\'s detail lists', async (t) => {
    const billId = state.tables.depotHead!.find((h) => h.number === 'XSCK00000000314')!.id as number;
    const numbers = async (id: string): Promise<unknown> => (await call('GET', `/accountHead/getFinancialBillNoByBillId?billId=${id}`, { token })).json();
    const before = (await numbers(String(billId))) as { code: number; data: Array<Record<string, unknown>> };
    t.equal(before.code, 200);
    t.ok(before.data.length >= 1, 'the seeded 收款单 settling the bill is listed');
    t.same(before.data[0], { ...ACCOUNT_HEAD_NULLS, billNo: before.data[0]!.billNo }, 'an entity with only billNo selected');

    const billNo = 'SK' + String(Date.now()).slice(-11);
    const saved = await call('POST', '/accountHead/addAccountHeadAndDetail', {
      token,
      body: {
        info: JSON.stringify({ organId: 62, billTime: '2026-11-20 10:00:00', billNo, accountId: 17, totalPrice: 30, discountMoney: 0, changeAmount: 30, type: '收款', status: '0' }),
        rows: JSON.stringify([{ billNumber: 'XSCK00000000314', needDebt: 10450, finishDebt: 3000, eachAmount: 10 }, { billNumber: 'XSCK00000000314', needDebt: 10450, finishDebt: 3010, eachAmount: 20 }]),
      },
    });
    t.same(saved.json(), { code: 200, msg: '操作成功' });
    const after = (await numbers(String(billId))) as { data: Array<Record<string, unknown>> };
    t.same(after.data.map((r) => r.billNo), [...before.data.map((r) => r.billNo), billNo, billNo], 'one entry per settling row');

    const head = state.tables.accountHead!.find((h) => h.billNo === billNo)!;
    t.same((await call('DELETE', `/accountHead/delete?id=${String(head.id)}`, { token })).json().code, 200);
    t.same(((await numbers(String(billId))) as { data: unknown[] }).data.length, before.data.length, 'a deleted bill no longer counts');

    t.same(await numbers('999999'), { code: 200, data: [] }, 'a bill nothing settles');
    t.same((await call('GET', '/accountHead/getFinancialBillNoByBillId', { token })).json(), UNKNOWN, 'billId is required');
    t.same(await numbers('x'), UNKNOWN, 'billId must be a number');
  });
});
