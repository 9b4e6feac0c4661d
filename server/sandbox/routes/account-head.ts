// AccountHeadController (/accountHead/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../body.js';
import type { AccountHeadRow } from '../business-rows.js';
import { columnsOf, liveRows, type Row, type SandboxState, tenantRows, isLive } from '../store.js';
import { BusinessException, UnknownException, returnStr, sendFastjson, sendJackson } from '../wire.js';
import { entityOf, writeLog } from '../writes.js';
import { financialView, recomputeAdvanceIn } from '../financial.js';
import {
  ACCOUNT_HEAD_ENTITY_KEYS,
  EMPTY_HEAD,
  MODULE,
  SUCCESS,
  financialWriteKit,
  javaIdList,
  parseHead,
  parseRows,
  present,
  stringProperty,
} from '../financial-writes.js';
import { listHandler } from '../list-routes.js';
import { infoHandler } from '../resource-actions.js';

export async function accountHeadRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/accountHead/list', listHandler(state, '/accountHead/list'));
  app.get('/accountHead/info', infoHandler(state, 'accountHead'));
  const { writer, requiredQuery, requiredLong, readItems, saveItems, billNoTaken, remove } = financialWriteKit(state);
  // --- add / update ---------------------------------------------------------------------------------------------
  app.post('/accountHead/addAccountHeadAndDetail', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const head = parseHead(stringProperty(body, 'info'));
    const rowsText = stringProperty(body, 'rows');
    if (head.billNo === null || head.billNo === undefined) throw new UnknownException('billNo is null');
    if (billNoTaken(w, head.billNo, 0)) throw new BusinessException(9500005, '抱歉，单据编号已经存在');
    const rows = parseRows(rowsText);
    if (head.type === '转账') {
      for (const raw of rows) {
        if (!present(raw, 'accountId')) continue;
        const accountId = entityOf(raw, { accountId: 'long' }).accountId;
        const account = tenantRows(w, 'account').find((a) => a.id === accountId);
        if (!account) throw new UnknownException('row account not found');
        if (accountId === head.accountId)
          throw new BusinessException(9500006, `抱歉，付款账户:${String(account.name)}和明细中的账户重复`);
      }
    }
    const status = typeof head.status === 'string' && head.status !== '' ? head.status : '0';
    const items = readItems(w, rows, head.type);
    // The head as parsed from the body (its fields cast to the entity's types), completed to a stored row.
    const row = {
      type: null,
      organId: null,
      handsPersonId: null,
      changeAmount: null,
      discountMoney: null,
      totalPrice: null,
      accountId: null,
      billTime: null,
      remark: null,
      fileName: null,
      source: null,
      ...head,
      creator: w.user.id,
      status,
      id: w.state.nextId('accountHead'),
      tenantId: w.tenantId === 0 ? null : w.tenantId,
      deleteFlag: '0',
    } as AccountHeadRow;
    w.state.tables.accountHead.push(row);
    saveItems(w, row.id, items);
    if (head.type === '收预付款') recomputeAdvanceIn(w.state, w.tenantId, head.organId);
    writeLog(w, MODULE, `新增${String(head.billNo)}${status === '1' ? '[审核]' : ''}`);
    return sendJackson(reply, SUCCESS);
  });

  app.put('/accountHead/updateAccountHeadAndDetail', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const head = parseHead(stringProperty(body, 'info'));
    const rowsText = stringProperty(body, 'rows');
    if (head.id === null || head.id === undefined || head.billNo === null || head.billNo === undefined)
      throw new UnknownException('id and billNo are required');
    if (billNoTaken(w, head.billNo, head.id as number)) throw new BusinessException(9500005, '抱歉，单据编号已经存在');
    // The head is re-read by its bill number after the update: an id that matches no live head fails (rolled back).
    const target = tenantRows(w, 'accountHead').find((h) => h.id === head.id);
    if (!target || !isLive(target)) throw new UnknownException('no such bill');
    const type = head.type ?? target.type;
    const items = readItems(w, parseRows(rowsText), type);
    // The log line reads the sent status: without one the service fails after writing, and everything is rolled back.
    if (typeof head.status !== 'string') throw new UnknownException('status is required');
    for (const [k, v] of Object.entries(head))
      if (v !== null && v !== undefined && k !== 'id') columnsOf(target)[k] = v;
    saveItems(w, target.id, items);
    // The member sent in the body (none sent: nobody's advance is recomputed).
    if (head.type === '收预付款') recomputeAdvanceIn(w.state, w.tenantId, head.organId);
    writeLog(w, MODULE, `修改${String(head.billNo)}${head.status === '1' ? '[审核]' : ''}`);
    return sendJackson(reply, SUCCESS);
  });

  app.delete('/accountHead/delete', async (request, reply) => {
    remove(request, [requiredLong(request, 'id')]);
    return sendFastjson(reply, returnStr(1));
  });
  app.delete('/accountHead/deleteBatch', async (request, reply) => {
    remove(request, javaIdList(requiredQuery(request, 'ids')));
    return sendFastjson(reply, returnStr(1));
  });

  app.post('/accountHead/batchSetStatus', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const status = stringProperty(body, 'status');
    const ids = javaIdList(stringProperty(body, 'ids'));
    const chosen: Row[] = [];
    for (const id of ids) {
      const head = tenantRows(w, 'accountHead').find((h) => h.id === id);
      if (status !== '0' && status !== '1') continue;
      if (!head) throw new UnknownException('no such bill');
      if (status === '0' && head.status !== '1')
        throw new BusinessException(9500008, '抱歉，只有已审核的单据才能反审核');
      if (status === '1' && head.status !== '0') throw new BusinessException(9500007, '抱歉，只有未审核的单据才能审核');
      chosen.push(head);
    }
    if (chosen.length === 0) return sendFastjson(reply, returnStr(1));
    for (const head of chosen) head.status = status;
    writeLog(w, MODULE, `${status === '1' ? '[审核]' : '[反审核]'}${chosen.map((h) => String(h.billNo)).join(', ')}`);
    return sendFastjson(reply, returnStr(chosen.length));
  });

  app.get('/accountHead/getDetailByNumber', async (request, reply) => {
    const billNo = requiredQuery(request, 'billNo');
    const w = writer(request);
    const head = liveRows(w, 'accountHead').find((h) => h.billNo === billNo);
    if (!head) return sendJackson(reply, { code: 200, data: EMPTY_HEAD });
    // The detail query joins no user: userName stays null.
    return sendJackson(reply, { code: 200, data: { ...EMPTY_HEAD, ...financialView(state, head), userName: null } });
  });

  app.get('/accountHead/getFinancialBillNoByBillId', async (request, reply) => {
    const billId = requiredLong(request, 'billId');
    const w = writer(request);
    // One jsh_account_head entity per live item settling the bill (a head settling it on two rows comes twice), only
    // billNo selected, every other property null.
    const heads = new Map(liveRows(w, 'accountHead').map((h) => [h.id, h]));
    const rows = liveRows(w, 'accountItem')
      .filter((i) => i.billId === billId && heads.has(i.headerId))
      .sort((a, b) => a.id - b.id)
      .map((i) => ({
        ...Object.fromEntries(ACCOUNT_HEAD_ENTITY_KEYS.map((k) => [k, null])),
        billNo: heads.get(i.headerId)!.billNo,
      }));
    return sendJackson(reply, { code: 200, data: rows });
  });
}
