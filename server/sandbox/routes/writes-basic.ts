// Add / update / delete of the basic-data pages (经手人, 仓库, 结算账户, 多单位, 客户/供应商/会员, 收支项目) with
// jshERP-boot's rules: forced columns on insert, the first depot/account of a tenant becoming its default, the
// auto-grants of a new depot and customer, the referenced-record refusals (601), the in/out item name+type rule
// (3500003), the customer duplicate-name failure (301), and the look-ups their forms and the financial forms load.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonBody } from '../body.js';
import { liveUsers } from '../state.js';
import type { Row, SandboxState } from '../store.js';
import { BusinessException, UnknownException, idList, money, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { applySelective, checkQuery, deletedNames, grantValue, queryId, queryIds, readEntity, refuseInUse, selectOrder, writeLog, writerOf, type EntitySchema, type Writer } from '../writes.js';
import { insertRow, liveRows, softDelete, tenantRows } from '../store.js';

export interface BasicWriteRoutesOptions {
  state: SandboxState;
}

const PERSON: EntitySchema = { id: 'long', type: 'string', name: 'string', enabled: 'boolean', sort: 'string' };
const DEPOT: EntitySchema = {
  id: 'long', name: 'string', address: 'string', warehousing: 'decimal', truckage: 'decimal', type: 'long', sort: 'string',
  remark: 'string', principal: 'long', enabled: 'boolean', isDefault: 'boolean',
};
const ACCOUNT: EntitySchema = {
  id: 'long', name: 'string', serialNo: 'string', initialAmount: 'decimal', currentAmount: 'decimal', remark: 'string',
  enabled: 'boolean', sort: 'string', isDefault: 'boolean',
};
const UNIT: EntitySchema = {
  id: 'long', name: 'string', basicUnit: 'string', otherUnit: 'string', otherUnitTwo: 'string', otherUnitThree: 'string',
  ratio: 'decimal', ratioTwo: 'decimal', ratioThree: 'decimal', enabled: 'boolean',
};
const SUPPLIER: EntitySchema = {
  id: 'long', supplier: 'string', contacts: 'string', phoneNum: 'string', email: 'string', description: 'string', isystem: 'long',
  type: 'string', enabled: 'boolean', advanceIn: 'decimal', beginNeedGet: 'decimal', beginNeedPay: 'decimal',
  allNeedGet: 'decimal', allNeedPay: 'decimal', fax: 'string', telephone: 'string', address: 'string', taxNum: 'string',
  bankName: 'string', accountNumber: 'string', taxRate: 'decimal', sort: 'string',
};
const IN_OUT_ITEM: EntitySchema = { id: 'long', name: 'string', type: 'string', remark: 'string', enabled: 'boolean', sort: 'string' };

const WRITE_FAIL = new BusinessException(301, '数据写入异常');

/** Bills (jsh_depot_head) and financial bills (jsh_account_head) still live in the caller's tenant. */
const liveBills = (writer: Writer): Row[] => liveRows(writer, 'depotHead');
const liveFinancials = (writer: Writer): Row[] => liveRows(writer, 'accountHead');
const liveAccountItems = (writer: Writer): Row[] => liveRows(writer, 'accountItem');

/** Bill lines count while their bill is live. */
function liveBillLines(writer: Writer): Row[] {
  const heads = new Set(liveBills(writer).map((h) => h.id));
  return writer.state.depotItems.filter((i) => i.deleteFlag !== '1' && heads.has(i.headerId));
}

const anyIn = (rows: Row[], field: string, ids: number[]): boolean => rows.some((r) => ids.includes(r[field] as number));

/** What blocks a delete, per table (the 601 checks of each service). */
export const IN_USE: Record<string, (writer: Writer, ids: number[]) => boolean> = {
  // The reference check compares person ids with bill creators (user ids) — the backend's own slip, kept.
  person: (w, ids) => anyIn(liveFinancials(w), 'handsPersonId', ids) || anyIn(liveBills(w), 'creator', ids),
  depot: (w, ids) => anyIn(liveBillLines(w), 'depotId', ids),
  account: (w, ids) => anyIn(liveFinancials(w), 'accountId', ids) || anyIn(liveAccountItems(w), 'accountId', ids) || anyIn(liveBills(w), 'accountId', ids),
  unit: (w, ids) => anyIn(liveRows(w, 'material'), 'unitId', ids),
  supplier: (w, ids) => anyIn(liveFinancials(w), 'organId', ids) || anyIn(liveBills(w), 'organId', ids),
  inOutItem: (w, ids) => anyIn(liveAccountItems(w), 'inOutItemId', ids),
};

/** The text BigDecimal.toString() gives the sent ratio: a string is kept as typed ("12.000"), a number as JS prints it. */
function ratioText(body: Record<string, unknown>, key: string, parsed: unknown): string | null {
  if (parsed === null || parsed === undefined) return null;
  const raw = body[key];
  return typeof raw === 'string' ? raw.trim() : String(parsed);
}

/** UnitService.parseNameByUnit; a missing ratio is a NullPointerException inside the write → 301. */
function unitName(unit: Row, body: Record<string, unknown>): string {
  const ratio = ratioText(body, 'ratio', unit.ratio);
  if (ratio === null) throw WRITE_FAIL;
  const basic = String(unit.basicUnit ?? null);
  let name = `${basic}/(${String(unit.otherUnit ?? null)}=${ratio}${basic})`;
  const two = ratioText(body, 'ratioTwo', unit.ratioTwo);
  if (typeof unit.otherUnitTwo === 'string' && unit.otherUnitTwo !== '' && two !== null) {
    name += `/(${unit.otherUnitTwo}=${two}${basic})`;
    const three = ratioText(body, 'ratioThree', unit.ratioThree);
    if (typeof unit.otherUnitThree === 'string' && unit.otherUnitThree !== '' && three !== null) name += `/(${unit.otherUnitThree}=${three}${basic})`;
  }
  return name;
}

export async function basicWriteRoutes(app: FastifyInstance, options: BasicWriteRoutesOptions): Promise<void> {
  const { state } = options;
  const writer = (request: FastifyRequest): Writer => writerOf(state, request);
  const userName = (id: unknown): string | null => liveUsers(state).find((u) => u.id === id)?.username ?? null;

  /** The shared delete pipeline: refuse what is in use (601), soft delete, log `删除[names]`, returnStr(rows). */
  const registerDeletes = (resource: string, module: string, nameField: string): void => {
    const remove = (request: FastifyRequest, ids: number[]): number => {
      const w = writer(request);
      if (IN_USE[resource]?.(w, ids)) refuseInUse();
      const removed = softDelete(w, resource, ids);
      if (removed.length > 0) writeLog(w, module, deletedNames(removed.map((r) => r[nameField])));
      return removed.length;
    };
    app.delete(`/${resource}/delete`, async (request, reply) => sendFastjson(reply, returnStr(remove(request, [queryId(request)]))));
    app.delete(`/${resource}/deleteBatch`, async (request, reply) => sendFastjson(reply, returnStr(remove(request, queryIds(request)))));
  };

  /** Selective update of the caller's row `entity.id` (a deleted one too); no such id, or another tenant's → 服务内部错误. */
  const updateRow = (w: Writer, table: string, entity: Row, adjust?: (row: Row) => void): Row | null => {
    const row = tenantRows(w, table).find((r) => r.id === entity.id);
    if (!row) return null;
    applySelective(row, entity);
    adjust?.(row);
    return row;
  };

  // --- 经手人 ------------------------------------------------------------------------------------------------------
  app.post('/person/add', async (request, reply) => {
    const w = writer(request);
    const person = readEntity(request, PERSON);
    insertRow(w, 'person', { type: null, name: null, sort: null, ...person, id: undefined, enabled: true });
    writeLog(w, '经手人', `新增${String(person.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/person/update', async (request, reply) => {
    const w = writer(request);
    const person = readEntity(request, PERSON);
    const row = updateRow(w, 'person', person);
    if (row) writeLog(w, '经手人', `修改${String(person.name ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  registerDeletes('person', '经手人', 'name');
  // {code:200, data:{personList}} of the enabled people of one type (销售员 / 仓管员 / 财务员 …).
  app.get('/person/getPersonByType', async (request, reply) => {
    const type = (request.query as Record<string, unknown>).type;
    if (typeof type !== 'string') throw new UnknownException('type is required');
    const people = selectOrder(liveRows(writer(request), 'person').filter((p) => p.type === type));
    return sendJackson(reply, { code: 200, data: { personList: people } });
  });
  // Bare array of {value: "<id>", text: name} for type 1 销售员, 2 仓管员, 3 财务员 (anything else: no type matches).
  app.get('/person/getPersonByNumType', async (request, reply) => {
    const num = (request.query as Record<string, unknown>).type;
    if (typeof num !== 'string') throw new UnknownException('type is required');
    const type = ({ '1': '销售员', '2': '仓管员', '3': '财务员' } as Record<string, string>)[num] ?? '';
    const people = selectOrder(liveRows(writer(request), 'person').filter((p) => p.type === type));
    return sendJackson(reply, people.map((p) => ({ value: String(p.id), text: p.name })));
  });

  // --- 仓库 --------------------------------------------------------------------------------------------------------
  app.post('/depot/add', async (request, reply) => {
    const w = writer(request);
    const depot = readEntity(request, DEPOT);
    // The grant below looks the depot up by name: without one the query fails and the insert is rolled back.
    if (typeof depot.name !== 'string') throw WRITE_FAIL;
    const first = liveRows(w, 'depot').length === 0;
    insertRow(w, 'depot', {
      name: null, address: null, warehousing: null, truckage: null, sort: null, remark: null, principal: null,
      ...depot, id: undefined, type: 0, enabled: true, isDefault: first, principalName: userName(depot.principal),
    });
    // The new depot is granted to its creator (UserDepot) — by name, so a repeated name grants the first depot of
    // that name again instead of the new one.
    const granted = liveRows(w, 'depot').filter((d) => d.name === depot.name).sort((a, b) => (a.id as number) - (b.id as number))[0]!;
    grantValue(state, 'UserDepot', w.user.id, granted.id as number, w.tenantId === 0 ? null : w.tenantId);
    writeLog(w, '仓库', `新增${String(depot.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/depot/update', async (request, reply) => {
    const w = writer(request);
    const depot = readEntity(request, DEPOT);
    const row = updateRow(w, 'depot', depot, (r) => {
      r.principalName = userName(r.principal);
    });
    if (row) writeLog(w, '仓库', `修改${String(depot.name ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  registerDeletes('depot', '仓库', 'name');

  /** 设为默认: clear the flag on every row the caller reaches (all tenants for the super-admin), set it on one; always 成功. */
  const setDefault = (table: string, module: string) =>
    app.post(`/${table}/updateIsDefault`, async (request, reply) => {
      const w = writer(request);
      const id = toId(jsonBody(request).id);
      for (const row of w.state.tables[table] ?? []) {
        if (w.tenantId === 0 || row.tenantId === w.tenantId) row.isDefault = row.id === id;
      }
      writeLog(w, module, `修改${String(id)}`);
      return sendFastjson(reply, returnStr(1));
    });
  setDefault('depot', '仓库');

  // 分配仓库's tree: root 仓库列表, the tenant's enabled type-0 depots, checked when the user holds them.
  app.get('/depot/findUserDepot', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    if (typeof q.UBType !== 'string' || typeof q.UBKeyId !== 'string') throw new UnknownException('UBType and UBKeyId are required');
    const value = state.userBusiness.find((b) => b.type === q.UBType && b.key_id === q.UBKeyId && b.delete_flag !== '1')?.value ?? '';
    const depots = selectOrder(liveRows(writer(request), 'depot').filter((d) => d.type === 0));
    const children = depots.map((d) => {
      const item: Row = { id: d.id, key: d.id, value: d.id, title: d.name, attributes: d.name };
      if (value.includes(`[${String(d.id)}]`)) item.checked = true;
      return item;
    });
    return sendJackson(reply, [{ id: 0, key: 0, value: 0, title: '仓库列表', attributes: '仓库列表', children }]);
  });
  app.get('/depot/getAllList', async (request, reply) =>
    sendJackson(reply, { code: 200, data: selectOrder(liveRows(writer(request), 'depot').filter((d) => d.type === 0)) }));

  // --- 结算账户 ----------------------------------------------------------------------------------------------------
  app.post('/account/add', async (request, reply) => {
    const w = writer(request);
    const account = readEntity(request, ACCOUNT);
    const initial = (account.initialAmount as number | null | undefined) ?? 0;
    const first = liveRows(w, 'account').length === 0;
    insertRow(w, 'account', {
      name: null, serialNo: null, remark: null, sort: null, ...account, id: undefined, initialAmount: initial, currentAmount: initial,
      enabled: true, isDefault: first, thisMonthAmount: 0,
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
  registerDeletes('account', '账户', 'name');
  setDefault('account', '账户');
  // The financial forms' account select: {code:200, data:{accountList}} of enabled accounts.
  app.get('/account/getAccount', async (request, reply) =>
    sendJackson(reply, { code: 200, data: { accountList: selectOrder(liveRows(writer(request), 'account')) } }));
  // A fastjson string of [{Id, AccountName}] (capitalised keys, as the controller writes them).
  app.get('/account/findBySelect', async (request, reply) =>
    sendFastjson(reply, selectOrder(liveRows(writer(request), 'account')).map((a) => ({ Id: a.id, AccountName: a.name }))));

  // --- 多单位 ------------------------------------------------------------------------------------------------------
  app.post('/unit/add', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const unit = readEntity(request, UNIT);
    const name = unitName(unit, body);
    insertRow(w, 'unit', {
      basicUnit: null, otherUnit: null, otherUnitTwo: null, otherUnitThree: null, ratio: null, ratioTwo: null, ratioThree: null,
      ...unit, id: undefined, name, enabled: true,
    });
    writeLog(w, '多单位', `新增${name}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/unit/update', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const unit = readEntity(request, UNIT);
    unit.name = unitName(unit, body);
    const row = updateRow(w, 'unit', unit, (r) => {
      // An absent second/third ratio is written as NULL (the form clears their names by sending '').
      if (unit.ratioTwo === null || unit.ratioTwo === undefined) r.ratioTwo = null;
      if (unit.ratioThree === null || unit.ratioThree === undefined) r.ratioThree = null;
    });
    if (row) writeLog(w, '多单位', `修改${String(unit.name)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  registerDeletes('unit', '多单位', 'name');
  app.get('/unit/getAllList', async (request, reply) =>
    sendJackson(reply, { code: 200, data: liveRows(writer(request), 'unit').filter((u) => u.enabled === true) }));

  // --- 客户 / 供应商 / 会员 (jsh_supplier) -------------------------------------------------------------------------
  app.post('/supplier/add', async (request, reply) => {
    const w = writer(request);
    const supplier = readEntity(request, SUPPLIER);
    const isCustomer = supplier.type === '客户';
    // jsh_supplier.supplier is NOT NULL. The customer auto-grant resolves the new id with selectOne(name, 客户): a
    // second customer of that name fails too, and the insert is rolled back.
    if (typeof supplier.supplier !== 'string') throw WRITE_FAIL;
    if (isCustomer && liveRows(w, 'supplier').some((s) => s.type === '客户' && s.supplier === supplier.supplier)) throw WRITE_FAIL;
    const isVendor = supplier.type === '供应商';
    const row = insertRow(w, 'supplier', {
      supplier: null, contacts: null, phoneNum: null, email: null, description: null, isystem: null, type: null, advanceIn: 0,
      beginNeedGet: null, beginNeedPay: null, fax: null, telephone: null, address: null, taxNum: null, bankName: null,
      accountNumber: null, taxRate: null, sort: null, ...supplier, id: undefined, enabled: true, creator: w.user.id,
    });
    row.allNeedGet = isVendor ? 0 : Number(row.beginNeedGet ?? 0);
    row.allNeedPay = isVendor ? Number(row.beginNeedPay ?? 0) : 0;
    if (isCustomer) {
      const tenantId = w.tenantId === 0 ? null : w.tenantId;
      grantValue(state, 'UserCustomer', w.user.id, row.id as number, tenantId);
      if (w.user.id !== w.user.tenant_id && w.tenantId !== 0) grantValue(state, 'UserCustomer', w.user.tenant_id, row.id as number, tenantId);
    }
    writeLog(w, '商家', `新增${String(supplier.supplier ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/supplier/update', async (request, reply) => {
    const w = writer(request);
    const supplier = readEntity(request, SUPPLIER);
    // Clearing 期初应收/期初应付 zeroes them.
    supplier.beginNeedPay ??= 0;
    supplier.beginNeedGet ??= 0;
    // 期末应收/应付 are computed by the list from the opening amounts and the bills (list-resources.ts).
    delete supplier.allNeedGet;
    delete supplier.allNeedPay;
    const row = updateRow(w, 'supplier', supplier);
    if (row) writeLog(w, '商家', `修改${String(supplier.supplier ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  registerDeletes('supplier', '商家', 'supplier');
  app.get('/supplier/checkIsNameAndTypeExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const type = (request.query as Record<string, unknown>).type;
    if (typeof type !== 'string') throw new UnknownException('type is required');
    const exists = liveRows(writer(request), 'supplier').some((s) => s.id !== id && s.supplier === name && s.type === type);
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });
  // 修正预付款: advance_in = 收预付款 totals − 零售出库 totals, per member.
  app.post('/supplier/batchSetAdvanceIn', async (request, reply) => {
    const w = writer(request);
    const ids = idList(jsonBody(request).ids);
    if (ids === null) throw new UnknownException('ids are required');
    for (const member of liveRows(w, 'supplier').filter((s) => ids.includes(s.id as number))) {
      const paidIn = liveFinancials(w).filter((h) => h.organId === member.id && h.type === '收预付款').reduce((s, h) => s + Number(h.totalPrice ?? 0), 0);
      const spent = liveBills(w).filter((h) => h.organId === member.id && h.type === '出库' && h.subType === '零售').reduce((s, h) => s + Number(h.totalPrice ?? 0), 0);
      member.advanceIn = money(paidIn - spent);
    }
    return sendFastjson(reply, returnStr(ids.length > 0 ? 1 : 0));
  });
  // 分配客户: the enabled customers (list envelope), and the ids a user holds ({code:200, data:[…]} or data null).
  app.get('/supplier/getAllCustomer', async (request, reply) => {
    const rows = selectOrder(liveRows(writer(request), 'supplier').filter((s) => s.type === '客户')).map((s) => ({ id: s.id, supplier: s.supplier }));
    return sendJackson(reply, { code: 200, data: { rows, total: rows.length } });
  });
  app.get('/supplier/getUserCustomerValue', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    if (typeof q.UBType !== 'string' || typeof q.UBKeyId !== 'string') throw new UnknownException('UBType and UBKeyId are required');
    const row = state.userBusiness.find((b) => b.type === q.UBType && b.key_id === q.UBKeyId && b.delete_flag !== '1');
    const ids = row?.value ? [...row.value.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])) : null;
    return sendJackson(reply, { code: 200, data: ids });
  });

  // --- 收支项目 ----------------------------------------------------------------------------------------------------
  const checkInOutName = (w: Writer, item: Row): void => {
    const id = (item.id as number | null | undefined) ?? 0;
    if (liveRows(w, 'inOutItem').some((r) => r.id !== id && r.name === item.name && r.type === item.type)) {
      throw new BusinessException(3500003, '该收支项目的名称已经存在，请修改！');
    }
  };
  app.post('/inOutItem/add', async (request, reply) => {
    const w = writer(request);
    const item = readEntity(request, IN_OUT_ITEM);
    checkInOutName(w, { ...item, id: 0 });
    insertRow(w, 'inOutItem', { name: null, type: null, remark: null, sort: null, ...item, id: undefined, enabled: true });
    writeLog(w, '收支项目', `新增${String(item.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/inOutItem/update', async (request, reply) => {
    const w = writer(request);
    const item = readEntity(request, IN_OUT_ITEM);
    checkInOutName(w, item);
    const row = updateRow(w, 'inOutItem', item);
    if (row) writeLog(w, '收支项目', `修改${String(item.name ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  registerDeletes('inOutItem', '收支项目', 'name');
  // A fastjson string of [{id, name}]: type in = 收入, out = 支出, anything else both.
  app.get('/inOutItem/findBySelect', async (request, reply) => {
    const type = (request.query as Record<string, unknown>).type;
    if (typeof type !== 'string') throw new UnknownException('type is required');
    const wanted = type === 'in' ? '收入' : type === 'out' ? '支出' : null;
    const items = selectOrder(liveRows(writer(request), 'inOutItem').filter((i) => wanted === null || i.type === wanted));
    return sendFastjson(reply, items.map((i) => ({ id: i.id, name: i.name })));
  });
}
