// AccountController (/account/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { type SandboxState, insertRow, liveRows } from '../store.js';
import {
  UnknownException,
  asDecimal,
  returnStr,
  sendFastjson,
  sendJackson,
  chinaTime,
  formatDateTime,
} from '../wire.js';
import { readEntity, selectOrder, writeLog } from '../writes.js';
import { accountMoves, accountSum, withBalance } from '../financial.js';
import { ACCOUNT, basicWriteKit } from '../basic-writes.js';
import { financialWriteKit } from '../financial-writes.js';
import { accountStatisticsHandler, listHandler } from '../list-routes.js';
import { infoHandler, nameCheckHandler, statusHandler } from '../resource-actions.js';

export async function accountRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/account/list', listHandler(state, '/account/list'));
  app.get('/account/info', infoHandler(state, 'account'));
  app.get('/account/checkIsNameExist', nameCheckHandler(state, 'account'));
  app.post('/account/batchSetStatus', statusHandler(state, 'account'));
  app.get('/account/getStatistics', accountStatisticsHandler(state));
  accountRecordRoutes(app, state);
  accountFinancialRoutes(app, state);
}

function accountRecordRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, deletesOf, updateRow, setDefault } = basicWriteKit(state);
  // --- 结算账户 ----------------------------------------------------------------------------------------------------
  app.post('/account/add', async (request, reply) => {
    const w = writer(request);
    const account = readEntity(request, ACCOUNT);
    const initial = (account.initialAmount as number | null | undefined) ?? 0;
    const first = liveRows(w, 'account').length === 0;
    insertRow(w, 'account', {
      name: null,
      serialNo: null,
      remark: null,
      sort: null,
      ...account,
      id: undefined,
      initialAmount: initial,
      currentAmount: initial,
      enabled: true,
      isDefault: first,
      thisMonthAmount: 0,
    });
    writeLog(w, '账户', `新增${String(account.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/account/update', async (request, reply) => {
    const w = writer(request);
    const account = readEntity(request, ACCOUNT);
    // The views compute the current balance from the initial amount and the bills (financial.ts).
    delete account.currentAmount;
    const row = updateRow(w, 'account', account);
    if (row) writeLog(w, '账户', `修改${String(account.name ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  const deletes = deletesOf('account', '账户', 'name');
  app.delete('/account/delete', deletes.one);
  app.delete('/account/deleteBatch', deletes.batch);
  app.post('/account/updateIsDefault', setDefault('account', '账户'));
  // The financial forms' account select: {code:200, data:{accountList}} of enabled accounts.
  app.get('/account/getAccount', async (request, reply) =>
    sendJackson(reply, { code: 200, data: { accountList: selectOrder(liveRows(writer(request), 'account')) } }),
  );
  // A fastjson string of [{Id, AccountName}] (capitalised keys, as the controller writes them).
  app.get('/account/findBySelect', async (request, reply) =>
    sendFastjson(
      reply,
      selectOrder(liveRows(writer(request), 'account')).map((a) => ({ Id: a.id, AccountName: a.name })),
    ),
  );
}

function accountFinancialRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, query, requiredQuery, requiredLong } = financialWriteKit(state);
  // --- account views --------------------------------------------------------------------------------------------
  // 账户统计: the tenant's accounts (name like, serialNo like) with balances from the saved bills.
  app.get('/account/listWithBalance', async (request, reply) => {
    const name = requiredQuery(request, 'name');
    const serialNo = requiredQuery(request, 'serialNo');
    const w = writer(request);
    const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
    const matching = liveRows(w, 'account')
      .filter((a) => str(a.name).includes(name) && str(a.serialNo).includes(serialNo))
      .sort((a, b) => (str(a.sort) < str(b.sort) ? -1 : str(a.sort) > str(b.sort) ? 1 : b.id - a.id))
      .map((a) => withBalance(state, w.tenantId, a));
    const q = query(request);
    const page = /^\d{1,9}$/.test(String(q.currentPage)) ? Math.max(1, Number(q.currentPage)) : 1;
    const size = /^\d{1,9}$/.test(String(q.pageSize)) ? Number(q.pageSize) : 10;
    const pages = Math.max(1, Math.ceil(matching.length / Math.max(size, 1)));
    const from = (Math.min(page, pages) - 1) * size;
    return sendJackson(reply, {
      code: 200,
      data: { rows: size < 1 ? matching : matching.slice(from, from + size), total: matching.length },
    });
  });

  // 账户流水: every movement of one account, newest first, each with the balance after it.
  app.get('/account/findAccountInOutList', async (request, reply) => {
    const currentPage = requiredLong(request, 'currentPage');
    const pageSize = requiredLong(request, 'pageSize');
    const accountId = requiredLong(request, 'accountId');
    const initialText = requiredQuery(request, 'initialAmount');
    if (!/^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(initialText))
      throw new UnknownException('initialAmount is not a number');
    const initialAmount = Number(initialText);
    const q = query(request);
    const w = writer(request);
    const day = (v: unknown, time: string): number | null => {
      if (typeof v !== 'string' || v.trim() === '') return null;
      try {
        return chinaTime(/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()} ${time}` : v.trim()).getTime();
      } catch {
        return null;
      }
    };
    const window = { from: day(q.beginTime, '00:00:00') ?? -Infinity, to: day(q.endTime, '23:59:59') ?? Infinity };
    const number = typeof q.number === 'string' ? q.number.trim() : '';
    const moves = accountMoves(state, w.tenantId, accountId, window)
      .filter((m) => number === '' || m.number.includes(number))
      .sort((a, b) => b.time.getTime() - a.time.getTime());
    const offset = Math.max(0, (currentPage - 1) * pageSize);
    const rows = moves.slice(offset, offset + Math.max(0, pageSize)).map((m) => {
      const upTo = { from: -Infinity, to: Math.floor(m.time.getTime() / 1000) * 1000 + 999 };
      return {
        number: m.number,
        type: m.type,
        fromType: m.fromType,
        supplierName: m.supplierName,
        changeAmount: m.changeAmount,
        balance: asDecimal(accountSum(state, w.tenantId, accountId, upTo) + initialAmount),
        operTime: formatDateTime(m.time),
        aList: m.aList,
        amList: m.amList,
        remark: m.remark,
        accountId,
        tenantId: null,
      };
    });
    return sendJackson(reply, { code: 200, data: { total: moves.length, rows } });
  });
}
