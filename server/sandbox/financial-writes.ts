// The six financial bills (收款单, 付款单, 收预付款, 转账单, 收入单, 支出单) with jshERP-boot's rules: the `info`/`rows`
// body (JSON text inside JSON), bill-number uniqueness (9500005), the 转账 same-account refusal (9500006), empty
// details (9500003), signed storage, audit/un-audit (9500007/9500008), the audited-bill delete refusal (9500004); the
// reads the forms open bills with; the account views (账户统计, 账户流水) computed from what is saved; and the
// look-ups of the 收款/付款 pickers (bills still owing, opening balances, the 待收款/待付款 count).
import type { FastifyRequest } from 'fastify';
import { liveRows, type Row, type SandboxState, isLive } from './store.js';
import { BusinessException, UnknownException, chinaTime, formatDateTime, asDecimal, toId } from './wire.js';
import { deletedNames, entityOf, writeLog, writerOf, type EntitySchema, type Writer } from './writes.js';
import { tenantRows } from './store.js';
import { billDebt, recomputeAdvanceIn, settledOnBill, visibleCreators } from './financial.js';
import { perState } from './per-state.js';
import { materialsListOf } from './bills.js';

export const ACCOUNT_HEAD = {
  id: 'long',
  type: 'string',
  organId: 'long',
  handsPersonId: 'long',
  changeAmount: 'decimal',
  discountMoney: 'decimal',
  totalPrice: 'decimal',
  accountId: 'long',
  billNo: 'string',
  billTime: 'date',
  remark: 'string',
  fileName: 'string',
  status: 'string',
  source: 'string',
} as const satisfies EntitySchema;
export const ACCOUNT_ITEM_ROW = {
  accountId: 'long',
  inOutItemId: 'long',
  billNumber: 'string',
  needDebt: 'decimal',
  finishDebt: 'decimal',
  eachAmount: 'decimal',
  remark: 'string',
} as const satisfies EntitySchema;

export const MODULE = '财务单据';
export const SUCCESS = { code: 200, msg: '操作成功' };
export const READ_FAILED = { code: 500, data: '获取数据失败' };

/** The initial value of the global bill-number sequence (depot_number_seq in the demo database). */
export const SEQUENCE_START = 672;

/** A @RequestBody String property read by Jackson: text as is, numbers/booleans as their text, anything else refused. */
export function stringProperty(body: Record<string, unknown>, key: string): string | null {
  const value = body[key];
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new UnknownException(`${key} is not a string`);
}

/** fastjson's parse of JSON text (the `info` inside the body); unparsable text fails the call. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UnknownException('not JSON text');
  }
}

/** JSONObject.parseObject(info, AccountHead.class): null text gives null (the service then fails on it). */
export function parseHead(info: string | null): Row {
  if (info === null) throw new UnknownException('info is missing');
  const parsed = parseJsonText(info);
  if (parsed === null) throw new UnknownException('info is null');
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new UnknownException('info is not an object');
  return entityOf(parsed as Record<string, unknown>, ACCOUNT_HEAD);
}

/** JSONArray.parseArray(rows): null/empty text gives no rows; each element must be an object. */
export function parseRows(rows: string | null): Record<string, unknown>[] {
  if (rows === null || rows.trim() === '') return [];
  const parsed = parseJsonText(rows);
  if (parsed === null) return [];
  if (!Array.isArray(parsed)) throw new UnknownException('rows is not an array');
  return parsed.map((element) => {
    const object = typeof element === 'string' ? parseJsonText(element) : element;
    if (object === null || typeof object !== 'object' || Array.isArray(object))
      throw new UnknownException('a row is not an object');
    return object as Record<string, unknown>;
  });
}

/** `get(key) != null && !get(key).equals("")`: the saveDetials test for a present value. */
export const present = (row: Record<string, unknown>, key: string): boolean =>
  row[key] !== null && row[key] !== undefined && row[key] !== '';

/** `ids.split(",")` + Long.parseLong each (a trailing comma is dropped; anything else unparsable fails the call). */
export function javaIdList(text: string | null): number[] {
  if (text === null) throw new UnknownException('ids are missing');
  const parts = text.split(',');
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0) parts.push('');
  return parts.map((p) => {
    if (!/^[+-]?\d{1,18}$/.test(p)) throw new UnknownException(`bad id '${p}'`);
    return Number(p);
  });
}

/** jsh_account_head's entity properties (AccountHead), in its order. */
export const ACCOUNT_HEAD_ENTITY_KEYS = [
  'id',
  'type',
  'organId',
  'handsPersonId',
  'creator',
  'changeAmount',
  'discountMoney',
  'totalPrice',
  'accountId',
  'billNo',
  'billTime',
  'remark',
  'fileName',
  'status',
  'source',
  'tenantId',
  'deleteFlag',
] as const;

/** getDetailByNumber of no bill: the entity's and the list view's properties (AccountHeadVo4ListEx), every one null. */
export const EMPTY_HEAD: Row = Object.fromEntries(
  [...ACCOUNT_HEAD_ENTITY_KEYS, 'organName', 'handsPersonName', 'userName', 'accountName', 'billTimeStr'].map((k) => [
    k,
    null,
  ]),
);

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeFinancialWriteKit(state: SandboxState) {
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
        billId = liveRows(w, 'depotHead').find((h) => h.number === row.billNumber)?.id ?? null;
      }
      const each = present(raw, 'eachAmount') ? Number(row.eachAmount ?? 0) : 0;
      return {
        accountId: present(raw, 'accountId') ? row.accountId : null,
        inOutItemId: present(raw, 'inOutItemId') ? row.inOutItemId : null,
        billId,
        needDebt: present(raw, 'needDebt') ? row.needDebt : null,
        finishDebt: present(raw, 'finishDebt') ? row.finishDebt : null,
        eachAmount: type === '付款' ? asDecimal(0 - each) : each,
        remark: row.remark ?? null,
      };
    });
  };

  /** Hard-deletes the head's items, inserts the new ones and brings each linked bill's last_debt up to date. */
  const saveItems = (w: Writer, headId: number, items: Row[]): void => {
    w.state.tables.accountItem = (w.state.tables.accountItem ?? []).filter((i) => i.headerId !== headId);
    for (const item of items) {
      w.state.tables.accountItem.push({
        ...item,
        id: w.state.nextId('accountItem'),
        headerId: headId,
        tenantId: w.tenantId === 0 ? null : w.tenantId,
        deleteFlag: '0',
      });
    }
    for (const billId of new Set(items.map((i) => i.billId).filter((id) => id !== null))) {
      const bill = liveRows(w, 'depotHead').find((h) => h.id === billId);
      if (!bill) continue;
      const debt = billDebt(bill);
      if (debt !== 0) bill.lastDebt = asDecimal(debt - Math.abs(settledOnBill(w.state, w.tenantId, billId)));
    }
  };

  const billNoTaken = (w: Writer, billNo: unknown, exceptId: number): boolean =>
    liveRows(w, 'accountHead').some((h) => h.id !== exceptId && h.billNo === billNo);

  // --- delete / audit -------------------------------------------------------------------------------------------
  const remove = (request: FastifyRequest, ids: number[]): void => {
    const w = writer(request);
    // Selected by id only: a deleted but audited bill still blocks the batch.
    const heads = tenantRows(w, 'accountHead').filter((h) => ids.includes(h.id as number));
    if (heads.some((h) => h.status !== '0'))
      throw new BusinessException(9500004, '抱歉，只有未审核的单据才能删除，请先进行反审核');
    for (const item of tenantRows(w, 'accountItem')) if (ids.includes(item.headerId as number)) item.deleteFlag = '1';
    for (const head of heads) head.deleteFlag = '1';
    for (const head of heads) if (head.type === '收预付款') recomputeAdvanceIn(w.state, w.tenantId, head.organId);
    writeLog(w, MODULE, deletedNames(heads.map((h) => h.billNo)));
  };
  // --- reads ----------------------------------------------------------------------------------------------------
  return {
    writer,
    query,
    requiredQuery,
    requiredLong,
    readItems,
    saveItems,
    billNoTaken,
    remove,
  };
}

export const financialWriteKit = perState(makeFinancialWriteKit);

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
    const ids = new Set(state.depotItems.filter((l) => l.headerId === headId && isLive(l)).map((l) => l.materialId));
    return liveRows(w, 'material').filter((m) => ids.has(m.id));
  };
  const creators = visibleCreators(state, w.user.id);
  const matching = liveRows(w, 'depotHead')
    .filter(
      (h) =>
        ['采购', '销售', '采购退货', '销售退货'].includes(h.subType as string) &&
        (h.type === '入库' || h.type === '出库'),
    )
    .filter((h) => creators === null || creators.has(h.creator as number))
    .filter((h) => organId === null || h.organId === organId)
    .filter((h) => search.status === undefined || h.status === search.status)
    .filter((h) => search.number === undefined || String(h.number).includes(search.number))
    .filter((h) => (h.operTime as Date).getTime() >= from && (h.operTime as Date).getTime() <= to)
    .filter((h) => {
      if (search.materialParam === undefined) return true;
      const needle = search.materialParam;
      return materialNames(h.id).some((m) =>
        [m.name, m.standard, m.model].some((f) => String(f ?? '').includes(needle)),
      );
    })
    .filter((h) => {
      const settledAbs = liveRows(w, 'accountItem')
        .filter((i) => i.billId === h.id)
        .reduce((s, i) => s + Math.abs(Number(i.eachAmount ?? 0)), 0);
      return (
        Math.abs(Number(h.changeAmount ?? 0)) + settledAbs <
        Number(h.discountLastMoney ?? 0) + Number(h.otherMoney ?? 0) - Number(h.deposit ?? 0)
      );
    })
    .sort((a, b) => (b.operTime as Date).getTime() - (a.operTime as Date).getTime());
  return matching.map((h) => {
    let needDebt = billDebt(h);
    if (h.subType === '采购退货' || h.subType === '销售退货') needDebt = asDecimal(0 - needDebt);
    const finishDebt = Math.abs(settledOnBill(state, w.tenantId, h.id));
    // DepotHeadVo4List as findDebtList selects it: the partner's and creator's names, not the list's other columns.
    const notSelected = ['accountName', 'depotName', 'materialCount', 'hasFinancialFlag', 'hasBackFlag'];
    return {
      ...Object.fromEntries(Object.entries(h).filter(([k]) => !notSelected.includes(k))),
      changeAmount: Math.abs(Number(h.changeAmount ?? 0)),
      totalPrice: Math.abs(Number(h.totalPrice ?? 0)),
      deposit: h.deposit ?? 0,
      operTimeStr: formatDateTime(h.operTime as Date),
      needDebt,
      finishDebt,
      debt: asDecimal(needDebt - finishDebt),
      materialsList: materialsListOf(state, h.id),
    };
  });
}
