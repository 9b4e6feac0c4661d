// Add / update / delete of the basic-data pages (经手人, 仓库, 结算账户, 多单位, 客户/供应商/会员, 收支项目) with
// jshERP-boot's rules: forced columns on insert, the first depot/account of a tenant becoming its default, the
// auto-grants of a new depot and customer, the referenced-record refusals (601), the in/out item name+type rule
// (3500003), the customer duplicate-name failure (301), and the look-ups their forms and the financial forms load.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonBody } from './body.js';
import { liveUsers } from './state.js';
import type { TenantTableName } from './business-rows.js';
import type { Row, SandboxState } from './store.js';
import { BusinessException, returnStr, sendFastjson, toId } from './wire.js';
import {
  applySelective,
  deletedNames,
  queryId,
  queryIds,
  refuseInUse,
  writeLog,
  writerOf,
  type EntitySchema,
  type Writer,
} from './writes.js';
import { liveRows, softDelete, tenantRows, isLive } from './store.js';
import { perState } from './per-state.js';

export const PERSON = {
  id: 'long',
  type: 'string',
  name: 'string',
  enabled: 'boolean',
  sort: 'string',
} as const satisfies EntitySchema;
export const DEPOT = {
  id: 'long',
  name: 'string',
  address: 'string',
  warehousing: 'decimal',
  truckage: 'decimal',
  type: 'long',
  sort: 'string',
  remark: 'string',
  principal: 'long',
  enabled: 'boolean',
  isDefault: 'boolean',
} as const satisfies EntitySchema;
export const ACCOUNT = {
  id: 'long',
  name: 'string',
  serialNo: 'string',
  initialAmount: 'decimal',
  currentAmount: 'decimal',
  remark: 'string',
  enabled: 'boolean',
  sort: 'string',
  isDefault: 'boolean',
} as const satisfies EntitySchema;
export const UNIT = {
  id: 'long',
  name: 'string',
  basicUnit: 'string',
  otherUnit: 'string',
  otherUnitTwo: 'string',
  otherUnitThree: 'string',
  ratio: 'decimal',
  ratioTwo: 'decimal',
  ratioThree: 'decimal',
  enabled: 'boolean',
} as const satisfies EntitySchema;
export const SUPPLIER = {
  id: 'long',
  supplier: 'string',
  contacts: 'string',
  phoneNum: 'string',
  email: 'string',
  description: 'string',
  isystem: 'long',
  type: 'string',
  enabled: 'boolean',
  advanceIn: 'decimal',
  beginNeedGet: 'decimal',
  beginNeedPay: 'decimal',
  allNeedGet: 'decimal',
  allNeedPay: 'decimal',
  fax: 'string',
  telephone: 'string',
  address: 'string',
  taxNum: 'string',
  bankName: 'string',
  accountNumber: 'string',
  taxRate: 'decimal',
  sort: 'string',
} as const satisfies EntitySchema;
/** What a new 往来单位 row holds before the entity's own columns (SupplierService.addSupplier, the imports). */
export const NEW_SUPPLIER = {
  supplier: null,
  contacts: null,
  phoneNum: null,
  email: null,
  description: null,
  isystem: null,
  type: null,
  advanceIn: 0,
  beginNeedGet: null,
  beginNeedPay: null,
  fax: null,
  telephone: null,
  address: null,
  taxNum: null,
  bankName: null,
  accountNumber: null,
  taxRate: null,
  sort: null,
} as const;
export const IN_OUT_ITEM = {
  id: 'long',
  name: 'string',
  type: 'string',
  remark: 'string',
  enabled: 'boolean',
  sort: 'string',
} as const satisfies EntitySchema;

export const WRITE_FAIL = new BusinessException(301, '数据写入异常');

/** Bills (jsh_depot_head) and financial bills (jsh_account_head) still live in the caller's tenant. */
export const liveBills = (writer: Writer): Row[] => liveRows(writer, 'depotHead');
export const liveFinancials = (writer: Writer): Row[] => liveRows(writer, 'accountHead');
export const liveAccountItems = (writer: Writer): Row[] => liveRows(writer, 'accountItem');

/** Bill lines count while their bill is live. */
export function liveBillLines(writer: Writer): Row[] {
  const heads = new Set(liveBills(writer).map((h) => h.id));
  return writer.state.depotItems.filter((i) => isLive(i) && heads.has(i.headerId));
}

export const anyIn = (rows: Row[], field: string, ids: number[]): boolean =>
  rows.some((r) => ids.includes(r[field] as number));

/** What blocks a delete, per table (the 601 checks of each service). */
export const IN_USE: Record<string, (writer: Writer, ids: number[]) => boolean> = {
  // The reference check compares person ids with bill creators (user ids) — the backend's own slip, kept.
  person: (w, ids) => anyIn(liveFinancials(w), 'handsPersonId', ids) || anyIn(liveBills(w), 'creator', ids),
  depot: (w, ids) => anyIn(liveBillLines(w), 'depotId', ids),
  account: (w, ids) =>
    anyIn(liveFinancials(w), 'accountId', ids) ||
    anyIn(liveAccountItems(w), 'accountId', ids) ||
    anyIn(liveBills(w), 'accountId', ids),
  unit: (w, ids) => anyIn(liveRows(w, 'material'), 'unitId', ids),
  supplier: (w, ids) => anyIn(liveFinancials(w), 'organId', ids) || anyIn(liveBills(w), 'organId', ids),
  inOutItem: (w, ids) => anyIn(liveAccountItems(w), 'inOutItemId', ids),
};

/** The text BigDecimal.toString() gives the sent ratio: a string is kept as typed ("12.000"), a number as JS prints it. */
export function ratioText(body: Record<string, unknown>, key: string, parsed: unknown): string | null {
  if (parsed === null || parsed === undefined) return null;
  const raw = body[key];
  return typeof raw === 'string' ? raw.trim() : String(parsed);
}

/** UnitService.parseNameByUnit; a missing ratio is a NullPointerException inside the write → 301. */
export function unitName(unit: Row, body: Record<string, unknown>): string {
  const ratio = ratioText(body, 'ratio', unit.ratio);
  if (ratio === null) throw WRITE_FAIL;
  const basic = String(unit.basicUnit ?? null);
  let name = `${basic}/(${String(unit.otherUnit ?? null)}=${ratio}${basic})`;
  const two = ratioText(body, 'ratioTwo', unit.ratioTwo);
  if (typeof unit.otherUnitTwo === 'string' && unit.otherUnitTwo !== '' && two !== null) {
    name += `/(${unit.otherUnitTwo}=${two}${basic})`;
    const three = ratioText(body, 'ratioThree', unit.ratioThree);
    if (typeof unit.otherUnitThree === 'string' && unit.otherUnitThree !== '' && three !== null)
      name += `/(${unit.otherUnitThree}=${three}${basic})`;
  }
  return name;
}

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeBasicWriteKit(state: SandboxState) {
  const writer = (request: FastifyRequest): Writer => writerOf(state, request);
  const userName = (id: unknown): string | null => liveUsers(state).find((u) => u.id === id)?.username ?? null;

  /** The shared delete pipeline: refuse what is in use (601), soft delete, log `删除[names]`, returnStr(rows). */
  const deletesOf = (resource: TenantTableName, module: string, nameField: string) => {
    const remove = (request: FastifyRequest, ids: number[]): number => {
      const w = writer(request);
      if (IN_USE[resource]?.(w, ids)) refuseInUse();
      const removed: Row[] = softDelete(w, resource, ids);
      if (removed.length > 0) writeLog(w, module, deletedNames(removed.map((r) => r[nameField])));
      return removed.length;
    };
    return {
      /** `DELETE /<resource>/delete?id=` */
      one: async (request: FastifyRequest, reply: FastifyReply) =>
        sendFastjson(reply, returnStr(remove(request, [queryId(request)]))),
      /** `DELETE /<resource>/deleteBatch?ids=` */
      batch: async (request: FastifyRequest, reply: FastifyReply) =>
        sendFastjson(reply, returnStr(remove(request, queryIds(request)))),
    };
  };

  /** Selective update of the caller's row `entity.id` (a deleted one too); no such id, or another tenant's → 服务内部错误. */
  const updateRow = (w: Writer, table: TenantTableName, entity: Row, adjust?: (row: Row) => void): Row | null => {
    const row: Row | undefined = tenantRows(w, table).find((r) => r.id === entity.id);
    if (!row) return null;
    applySelective(row, entity);
    adjust?.(row);
    return row;
  };

  /** `POST /<table>/updateIsDefault` (设为默认): clear the flag on every row the caller reaches (all tenants for the
   *  super-admin), set it on one; always 成功. */
  const setDefault =
    (table: 'account' | 'depot', module: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      const w = writer(request);
      const id = toId(jsonBody(request).id);
      for (const row of w.state.tables[table] ?? []) {
        if (w.tenantId === 0 || row.tenantId === w.tenantId) row.isDefault = row.id === id;
      }
      writeLog(w, module, `修改${String(id)}`);
      return sendFastjson(reply, returnStr(1));
    };
  // --- 收支项目 ----------------------------------------------------------------------------------------------------
  const checkInOutName = (w: Writer, item: Row): void => {
    const id = (item.id as number | null | undefined) ?? 0;
    if (liveRows(w, 'inOutItem').some((r) => r.id !== id && r.name === item.name && r.type === item.type)) {
      throw new BusinessException(3500003, '该收支项目的名称已经存在，请修改！');
    }
  };
  return { writer, userName, deletesOf, updateRow, setDefault, checkInOutName };
}

export const basicWriteKit = perState(makeBasicWriteKit);
