// The six financial bills (收款单, 付款单, 收预付款, 转账单, 收入单, 支出单) with jshERP-boot's rules: the `info`/`rows`
// body (JSON text inside JSON), bill-number uniqueness (9500005), the 转账 same-account refusal (9500006), empty
// details (9500003), signed storage, audit/un-audit (9500007/9500008), the audited-bill delete refusal (9500004); the
// reads the forms open bills with; the account views (账户统计, 账户流水) computed from what is saved; and the
// look-ups of the 收款/付款 pickers (bills still owing, opening balances, the 待收款/待付款 count).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonBody } from '../body.js';
import type { Row, SandboxState } from '../store.js';
import { statementAccount } from '../reports.js';
import { parseSearch } from './lists.js';
import { BusinessException, UnknownException, chinaTime, formatDate, formatDateTime, money, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { deletedNames, entityOf, writeLog, writerOf, type EntitySchema, type Writer } from '../writes.js';
import { tenantRows } from '../store.js';
import {
  accountMoves,
  accountSum,
  billDebt,
  financialView,
  readAmount,
  recomputeAdvanceIn,
  settledOnBill,
  tenantLive,
  visibleCreators,
  withBalance,
} from '../financial.js';

export interface FinancialRoutesOptions {
  state: SandboxState;
}

const ACCOUNT_HEAD: EntitySchema = {
  id: 'long', type: 'string', organId: 'long', handsPersonId: 'long', changeAmount: 'decimal', discountMoney: 'decimal',
  totalPrice: 'decimal', accountId: 'long', billNo: 'string', billTime: 'date', remark: 'string', fileName: 'string',
  status: 'string', source: 'string',
};
const ACCOUNT_ITEM_ROW: EntitySchema = {
  accountId: 'long', inOutItemId: 'long', billNumber: 'string', needDebt: 'decimal', finishDebt: 'decimal', eachAmount: 'decimal', remark: 'string',
};

const MODULE = '财务单据';
const SUCCESS = { code: 200, msg: '操作成功' };
const READ_FAILED = { code: 500, data: '获取数据失败' };

/** The initial value of the global bill-number sequence (depot_number_seq in the demo database). */
const SEQUENCE_START = 672;

/** A @RequestBody String property read by Jackson: text as is, numbers/booleans as their text, anything else refused. */
function stringProperty(body: Record<string, unknown>, key: string): string | null {
  const value = body[key];
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new UnknownException(`${key} is not a string`);
}

/** fastjson's parse of JSON text (the `info` inside the body); unparsable text fails the call. */
function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UnknownException('not JSON text');
  }
}

/** JSONObject.parseObject(info, AccountHead.class): null text gives null (the service then fails on it). */
function parseHead(info: string | null): Row {
  if (info === null) throw new UnknownException('info is missing');
  const parsed = parseJsonText(info);
  if (parsed === null) throw new UnknownException('info is null');
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new UnknownException('info is not an object');
  return entityOf(parsed as Record<string, unknown>, ACCOUNT_HEAD);
}

/** JSONArray.parseArray(rows): null/empty text gives no rows; each element must be an object. */
function parseRows(rows: string | null): Record<string, unknown>[] {
  if (rows === null || rows.trim() === '') return [];
  const parsed = parseJsonText(rows);
  if (parsed === null) return [];
  if (!Array.isArray(parsed)) throw new UnknownException('rows is not an array');
  return parsed.map((element) => {
    const object = typeof element === 'string' ? parseJsonText(element) : element;
    if (object === null || typeof object !== 'object' || Array.isArray(object)) throw new UnknownException('a row is not an object');
    return object as Record<string, unknown>;
  });
}

/** `get(key) != null && !get(key).equals("")`: the saveDetials test for a present value. */
const present = (row: Record<string, unknown>, key: string): boolean => row[key] !== null && row[key] !== undefined && row[key] !== '';

/** `ids.split(",")` + Long.parseLong each (a trailing comma is dropped; anything else unparsable fails the call). */
function javaIdList(text: string | null): number[] {
  if (text === null) throw new UnknownException('ids are missing');
  const parts = text.split(',');
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0) parts.push('');
  return parts.map((p) => {
    if (!/^[+-]?\d{1,18}$/.test(p)) throw new UnknownException(`bad id '${p}'`);
    return Number(p);
  });
}

export async function financialRoutes(app: FastifyInstance, options: FinancialRoutesOptions): Promise<void> {
  const { state } = options;
  const writer = (request: FastifyRequest): Writer => writerOf(state, request);
  const query = (request: FastifyRequest): Record<string, unknown> => request.query as Record<string, unknown>;
  const requiredQuery = (request: FastifyRequest, name: string): string => {
    const value = query(request)[name];
    if (typeof value !== 'string') throw new UnknownException(`${name} is required`);
    return value;
  };
  const requiredLong = (request: FastifyRequest, name: string): number => {
    const id = toId(requiredQuery(request, name));
    if (id === null) throw new UnknownException(`${name} is not a number`);
    return id;
  };

  /** AccountItemService.saveDetials' reading of the rows, before anything is written; empty rows are 9500003. */
  const readItems = (w: Writer, rows: Record<string, unknown>[], type: unknown): Row[] => {
    if (rows.length === 0) throw new BusinessException(9500003, '单据明细不能为空');
    return rows.map((raw) => {
      const row = entityOf(raw, ACCOUNT_ITEM_ROW);
      let billId: unknown = null;
      if (present(raw, 'billNumber')) {
        billId = tenantLive(w.state, w.tenantId, 'depotHead').find((h) => h.number === row.billNumber)?.id ?? null;
      }
      const each = present(raw, 'eachAmount') ? Number(row.eachAmount ?? 0) : 0;
      return {
        accountId: present(raw, 'accountId') ? row.accountId : null,
        inOutItemId: present(raw, 'inOutItemId') ? row.inOutItemId : null,
        billId,
        needDebt: present(raw, 'needDebt') ? row.needDebt : null,
        finishDebt: present(raw, 'finishDebt') ? row.finishDebt : null,
        eachAmount: type === '付款' ? money(0 - each) : each,
        remark: row.remark ?? null,
      };
    });
  };

  /** Hard-deletes the head's items, inserts the new ones and brings each linked bill's last_debt up to date. */
  const saveItems = (w: Writer, headId: number, items: Row[]): void => {
    w.state.tables.accountItem = (w.state.tables.accountItem ?? []).filter((i) => i.headerId !== headId);
    for (const item of items) {
      w.state.tables.accountItem.push({ ...item, id: w.state.nextId('accountItem'), headerId: headId, tenantId: w.tenantId === 0 ? null : w.tenantId, deleteFlag: '0' });
    }
    for (const billId of new Set(items.map((i) => i.billId).filter((id) => id !== null))) {
      const bill = tenantLive(w.state, w.tenantId, 'depotHead').find((h) => h.id === billId);
      if (!bill) continue;
      const debt = billDebt(bill);
      if (debt !== 0) bill.lastDebt = money(debt - Math.abs(settledOnBill(w.state, w.tenantId, billId)));
    }
  };

  const billNoTaken = (w: Writer, billNo: unknown, exceptId: number): boolean =>
    tenantLive(w.state, w.tenantId, 'accountHead').some((h) => h.id !== exceptId && h.billNo === billNo);

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
        if (accountId === head.accountId) throw new BusinessException(9500006, `抱歉，付款账户:${String(account.name)}和明细中的账户重复`);
      }
    }
    const status = typeof head.status === 'string' && head.status !== '' ? head.status : '0';
    const items = readItems(w, rows, head.type);
    const row: Row = {
      type: null, organId: null, handsPersonId: null, changeAmount: null, discountMoney: null, totalPrice: null, accountId: null,
      billTime: null, remark: null, fileName: null, source: null, ...head, creator: w.user.id, status,
      id: w.state.nextId('accountHead'), tenantId: w.tenantId === 0 ? null : w.tenantId, deleteFlag: '0',
    };
    (w.state.tables.accountHead ??= []).push(row);
    saveItems(w, row.id as number, items);
    if (head.type === '收预付款') recomputeAdvanceIn(w.state, w.tenantId, head.organId);
    writeLog(w, MODULE, `新增${String(head.billNo)}${status === '1' ? '[审核]' : ''}`);
    return sendJackson(reply, SUCCESS);
  });

  app.put('/accountHead/updateAccountHeadAndDetail', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const head = parseHead(stringProperty(body, 'info'));
    const rowsText = stringProperty(body, 'rows');
    if (head.id === null || head.id === undefined || head.billNo === null || head.billNo === undefined) throw new UnknownException('id and billNo are required');
    if (billNoTaken(w, head.billNo, head.id as number)) throw new BusinessException(9500005, '抱歉，单据编号已经存在');
    // The head is re-read by its bill number after the update: an id that matches no live head fails (rolled back).
    const target = tenantRows(w, 'accountHead').find((h) => h.id === head.id);
    if (!target || target.deleteFlag === '1') throw new UnknownException('no such bill');
    const type = head.type ?? target.type;
    const items = readItems(w, parseRows(rowsText), type);
    // The log line reads the sent status: without one the service fails after writing, and everything is rolled back.
    if (typeof head.status !== 'string') throw new UnknownException('status is required');
    for (const [k, v] of Object.entries(head)) if (v !== null && v !== undefined && k !== 'id') target[k] = v;
    saveItems(w, target.id as number, items);
    // The member sent in the body (none sent: nobody's advance is recomputed).
    if (head.type === '收预付款') recomputeAdvanceIn(w.state, w.tenantId, head.organId);
    writeLog(w, MODULE, `修改${String(head.billNo)}${head.status === '1' ? '[审核]' : ''}`);
    return sendJackson(reply, SUCCESS);
  });

  // --- delete / audit -------------------------------------------------------------------------------------------
  const remove = (request: FastifyRequest, ids: number[]): void => {
    const w = writer(request);
    // Selected by id only: a deleted but audited bill still blocks the batch.
    const heads = tenantRows(w, 'accountHead').filter((h) => ids.includes(h.id as number));
    if (heads.some((h) => h.status !== '0')) throw new BusinessException(9500004, '抱歉，只有未审核的单据才能删除，请先进行反审核');
    for (const item of tenantRows(w, 'accountItem')) if (ids.includes(item.headerId as number)) item.deleteFlag = '1';
    for (const head of heads) head.deleteFlag = '1';
    for (const head of heads) if (head.type === '收预付款') recomputeAdvanceIn(w.state, w.tenantId, head.organId);
    writeLog(w, MODULE, deletedNames(heads.map((h) => h.billNo)));
  };
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
      if (status === '0' && head.status !== '1') throw new BusinessException(9500008, '抱歉，只有已审核的单据才能反审核');
      if (status === '1' && head.status !== '0') throw new BusinessException(9500007, '抱歉，只有未审核的单据才能审核');
      chosen.push(head);
    }
    if (chosen.length === 0) return sendFastjson(reply, returnStr(1));
    for (const head of chosen) head.status = status;
    writeLog(w, MODULE, `${status === '1' ? '[审核]' : '[反审核]'}${chosen.map((h) => String(h.billNo)).join(', ')}`);
    return sendFastjson(reply, returnStr(chosen.length));
  });

  // --- reads ----------------------------------------------------------------------------------------------------
  const EMPTY_HEAD: Row = Object.fromEntries(
    ['id', 'type', 'organId', 'handsPersonId', 'creator', 'changeAmount', 'discountMoney', 'totalPrice', 'accountId', 'billNo', 'billTime',
      'remark', 'fileName', 'status', 'source', 'tenantId', 'deleteFlag', 'organName', 'handsPersonName', 'userName', 'accountName', 'billTimeStr'].map((k) => [k, null]),
  );
  app.get('/accountHead/getDetailByNumber', async (request, reply) => {
    const billNo = requiredQuery(request, 'billNo');
    const w = writer(request);
    const head = tenantLive(state, w.tenantId, 'accountHead').find((h) => h.billNo === billNo);
    if (!head) return sendJackson(reply, { code: 200, data: EMPTY_HEAD });
    // The detail query joins no user: userName stays null.
    return sendJackson(reply, { code: 200, data: { ...EMPTY_HEAD, ...financialView(state, head), userName: null } });
  });

  // The 收付款单号 of a sales/purchase bill's detail: one jsh_account_head entity per live item settling the bill
  // (a head settling it on two rows comes twice), only billNo selected, every other property null.
  const ACCOUNT_HEAD_ENTITY_KEYS = ['id', 'type', 'organId', 'handsPersonId', 'creator', 'changeAmount', 'discountMoney', 'totalPrice', 'accountId',
    'billNo', 'billTime', 'remark', 'fileName', 'status', 'source', 'tenantId', 'deleteFlag'];
  app.get('/accountHead/getFinancialBillNoByBillId', async (request, reply) => {
    const billId = requiredLong(request, 'billId');
    const w = writer(request);
    const heads = new Map(tenantLive(state, w.tenantId, 'accountHead').map((h) => [h.id, h]));
    const rows = tenantLive(state, w.tenantId, 'accountItem')
      .filter((i) => i.billId === billId && heads.has(i.headerId))
      .sort((a, b) => (a.id as number) - (b.id as number))
      .map((i) => ({ ...Object.fromEntries(ACCOUNT_HEAD_ENTITY_KEYS.map((k) => [k, null])), billNo: heads.get(i.headerId)!.billNo }));
    return sendJackson(reply, { code: 200, data: rows });
  });

  app.get('/accountItem/getDetailList', async (request, reply) => {
    const headerId = requiredLong(request, 'headerId');
    const w = writer(request);
    if (headerId === 0) return sendJackson(reply, { code: 200, data: { total: 0, rows: [] } });
    const head = tenantRows(w, 'accountHead').find((h) => h.id === headerId);
    if (!head) return sendJackson(reply, READ_FAILED);
    const name = (table: string, id: unknown, field = 'name'): unknown =>
      id === null || id === undefined ? null : ((state.tables[table] ?? []).find((r) => r.id === id && r.deleteFlag !== '1')?.[field] ?? null);
    const rows = tenantLive(state, w.tenantId, 'accountItem')
      .filter((i) => i.headerId === headerId)
      .sort((a, b) => (a.id as number) - (b.id as number))
      .map((i) => ({
        accountId: i.accountId, accountName: name('account', i.accountId), inOutItemId: i.inOutItemId, inOutItemName: name('inOutItem', i.inOutItemId),
        billNumber: (name('depotHead', i.billId, 'number') as string | null) || 'QiChu', needDebt: i.needDebt, finishDebt: i.finishDebt,
        eachAmount: readAmount(head.type, i.eachAmount), remark: i.remark,
      }));
    // fastjson JSONObjects (maps) written by Jackson: null values stay.
    return sendJackson(reply, { code: 200, data: { total: rows.length, rows } });
  });

  // --- bill numbers ---------------------------------------------------------------------------------------------
  // One global counter shared by every tenant and every kind of bill; each call uses a number up.
  app.get('/sequence/buildNumber', async (_request, reply) => {
    const sequence = ((state.tables.sequence ??= [{ seqName: 'depot_number_seq', currentVal: SEQUENCE_START }])[0]!);
    sequence.currentVal = Number(sequence.currentVal) + 1;
    return sendJackson(reply, { code: 200, data: { defaultNumber: String(sequence.currentVal).padStart(11, '0') } });
  });

  // --- account views --------------------------------------------------------------------------------------------
  // 账户统计: the tenant's accounts (name like, serialNo like) with balances from the saved bills.
  app.get('/account/listWithBalance', async (request, reply) => {
    const name = requiredQuery(request, 'name');
    const serialNo = requiredQuery(request, 'serialNo');
    const w = writer(request);
    const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
    const matching = tenantLive(state, w.tenantId, 'account')
      .filter((a) => str(a.name).includes(name) && str(a.serialNo).includes(serialNo))
      .sort((a, b) => (str(a.sort) < str(b.sort) ? -1 : str(a.sort) > str(b.sort) ? 1 : (b.id as number) - (a.id as number)))
      .map((a) => withBalance(state, w.tenantId, a));
    const q = query(request);
    const page = /^\d{1,9}$/.test(String(q.currentPage)) ? Math.max(1, Number(q.currentPage)) : 1;
    const size = /^\d{1,9}$/.test(String(q.pageSize)) ? Number(q.pageSize) : 10;
    const pages = Math.max(1, Math.ceil(matching.length / Math.max(size, 1)));
    const from = (Math.min(page, pages) - 1) * size;
    return sendJackson(reply, { code: 200, data: { rows: size < 1 ? matching : matching.slice(from, from + size), total: matching.length } });
  });

  // 账户流水: every movement of one account, newest first, each with the balance after it.
  app.get('/account/findAccountInOutList', async (request, reply) => {
    const currentPage = requiredLong(request, 'currentPage');
    const pageSize = requiredLong(request, 'pageSize');
    const accountId = requiredLong(request, 'accountId');
    const initialText = requiredQuery(request, 'initialAmount');
    if (!/^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(initialText)) throw new UnknownException('initialAmount is not a number');
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
        number: m.number, type: m.type, fromType: m.fromType, supplierName: m.supplierName, changeAmount: m.changeAmount,
        balance: money(accountSum(state, w.tenantId, accountId, upTo) + initialAmount), operTime: formatDateTime(m.time),
        aList: m.aList, amList: m.amList, remark: m.remark, accountId, tenantId: null,
      };
    });
    return sendJackson(reply, { code: 200, data: { total: moves.length, rows } });
  });

  // --- the 收款/付款 pickers ------------------------------------------------------------------------------------
  // 选择期初: the partner's opening amount, what items without a bill have settled of it, and the rest.
  app.get('/supplier/getBeginNeedByOrganId', async (request, reply) => {
    const organId = requiredLong(request, 'organId');
    const w = writer(request);
    const partner = tenantRows(w, 'supplier').find((s) => s.id === organId);
    if (!partner) return sendJackson(reply, READ_FAILED);
    const needDebt = partner.type === '供应商' ? (partner.beginNeedPay ?? null) : partner.type === '客户' ? (partner.beginNeedGet ?? null) : 0;
    const heads = new Set(
      tenantLive(state, w.tenantId, 'accountHead').filter((h) => h.organId === organId && (h.type === '收款' || h.type === '付款')).map((h) => h.id),
    );
    const finishDebt = Math.abs(money(tenantLive(state, w.tenantId, 'accountItem')
      .filter((i) => heads.has(i.headerId) && (i.billId === null || i.billId === undefined))
      .reduce((s, i) => s + Number(i.eachAmount ?? 0), 0)));
    const eachAmount = needDebt === null ? 0 : money(Number(needDebt) - finishDebt);
    return sendJackson(reply, { code: 200, data: { needDebt, finishDebt, eachAmount } });
  });

  // 选择单据: a partner's sales/purchase bills (and returns) that still owe money, with what is owed and settled.
  app.get('/depotHead/debtList', async (request, reply) => {
    const q = query(request);
    const search = parseSearch(typeof q.search === 'string' ? q.search : undefined);
    const currentPage = requiredLong(request, 'currentPage');
    const pageSize = requiredLong(request, 'pageSize');
    const matching = debtBills(state, writer(request), search);
    const rows = matching.slice(Math.max(0, (currentPage - 1) * pageSize), Math.max(0, (currentPage - 1) * pageSize) + Math.max(0, pageSize));
    return sendFastjson(reply, { code: 200, data: { rows, total: matching.length, message: '成功' } });
  });

  // 待收款(n) / 待付款(n): partners of the kind still owing since the start of the year.
  app.get('/depotHead/getNeedCount', async (request, reply) => {
    const type = requiredQuery(request, 'type');
    const supplierType = type === 'vendor' ? '供应商' : type === 'customer' ? '客户' : '';
    const w = writer(request);
    const now = state.clock.now();
    const { rows } = statementAccount(
      { state, tenantId: w.tenantId, user: w.user },
      { supplierType, beginTime: `${formatDate(now).slice(0, 4)}-01-01`, endTime: formatDateTime(now), hasDebt: '1' },
    );
    return sendJackson(reply, { code: 200, data: { needCount: rows.length } });
  });
}

/**
 * DepotHeadMapperEx.debtList as DepotHeadService.parseDebtBillList shows it (选择单据 and the 对账 export): a partner's
 * sales/purchase bills and returns that still owe money, newest first, with what is owed (needDebt), settled
 * (finishDebt) and left (debt). `search` holds the flat filters (organId, status, number, beginTime, endTime,
 * materialParam).
 */
export function debtBills(state: SandboxState, w: Writer, search: Record<string, string | undefined>): Row[] {
  const organId = search.organId !== undefined ? toId(search.organId) : null;
  // StringUtil.parseStrLong: a value that is not a number fails the call.
  if (search.organId !== undefined && organId === null) throw new UnknownException('organId is not a number');
  const bound = (v: string | undefined, time: string): number | null => {
    if (v === undefined) return null;
    try {
      return chinaTime(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} ${time}` : v).getTime();
    } catch {
      return null;
    }
  };
  const from = bound(search.beginTime, '00:00:00') ?? -Infinity;
  const to = bound(search.endTime, '23:59:59') ?? Infinity;
  const materialNames = (headId: unknown): Row[] => {
    const ids = new Set(state.depotItems.filter((l) => l.headerId === headId && l.deleteFlag !== '1').map((l) => l.materialId));
    return tenantLive(state, w.tenantId, 'material').filter((m) => ids.has(m.id));
  };
  const creators = visibleCreators(state, w.user.id);
  const matching = tenantLive(state, w.tenantId, 'depotHead')
    .filter((h) => ['采购', '销售', '采购退货', '销售退货'].includes(h.subType as string) && (h.type === '入库' || h.type === '出库'))
    .filter((h) => creators === null || creators.has(h.creator as number))
    .filter((h) => organId === null || h.organId === organId)
    .filter((h) => search.status === undefined || h.status === search.status)
    .filter((h) => search.number === undefined || String(h.number).includes(search.number))
    .filter((h) => (h.operTime as Date).getTime() >= from && (h.operTime as Date).getTime() <= to)
    .filter((h) => {
      if (search.materialParam === undefined) return true;
      const needle = search.materialParam;
      return materialNames(h.id).some((m) => [m.name, m.standard, m.model].some((f) => String(f ?? '').includes(needle)));
    })
    .filter((h) => {
      const settledAbs = tenantLive(state, w.tenantId, 'accountItem').filter((i) => i.billId === h.id).reduce((s, i) => s + Math.abs(Number(i.eachAmount ?? 0)), 0);
      return Math.abs(Number(h.changeAmount ?? 0)) + settledAbs < Number(h.discountLastMoney ?? 0) + Number(h.otherMoney ?? 0) - Number(h.deposit ?? 0);
    })
    .sort((a, b) => (b.operTime as Date).getTime() - (a.operTime as Date).getTime());
  return matching.map((h) => {
    let needDebt = billDebt(h);
    if (h.subType === '采购退货' || h.subType === '销售退货') needDebt = money(0 - needDebt);
    const finishDebt = Math.abs(settledOnBill(state, w.tenantId, h.id));
    return {
      ...h, changeAmount: Math.abs(Number(h.changeAmount ?? 0)), totalPrice: Math.abs(Number(h.totalPrice ?? 0)), deposit: h.deposit ?? 0,
      operTimeStr: formatDateTime(h.operTime as Date), needDebt, finishDebt, debt: money(needDebt - finishDebt),
      materialsList: materialNames(h.id).map((m) => m.name).join(','),
    };
  });
}
