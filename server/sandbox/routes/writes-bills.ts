// The stock bills (请购单 … 拆卸单) with jshERP-boot's rules: save (header + lines in one transaction, JSON text inside
// the JSON body), the out-of-stock refusal (per depot, per batch), serial numbers, linked-order statuses and 订金,
// member 预付款, price write-back, detail and line grid, approve / un-approve, delete of unapproved bills only, the list
// corrections (快捷编辑, 强制结单, 修正剩余订金), the line pickers (stock, batches, serial numbers), 出入库管理's waiting
// list and the home page's statistics. Stock is never stored: lines written here move it through materials.ts's
// derivation.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { billFlags, billPriceHidden, buyAndSaleStatistics, buyOrSalePrice, creatorsInScope, linesOf, liveHeads, refreshBillView, shownDebt } from '../bills.js';
import { jsonBody } from '../body.js';
import { billDebt, settledOnBill } from '../financial.js';
import { extendsOf, productIndex, stockByDepot, unitOf, unitRatio } from '../materials.js';
import { BusinessException, UnknownException, formatDateTime, idList, money, returnStr, sendFastjson, sendJackson, timeOf, toId } from '../wire.js';
import { entityOf, queryId, queryIds, writeLog, writerOf, type EntitySchema, type Writer } from '../writes.js';
import { insertRow, liveRows, tenantRows, transaction, type Row, type SandboxState, type TenantScope } from '../store.js';

export interface BillWriteRoutesOptions {
  state: SandboxState;
}

const HEAD: EntitySchema = {
  id: 'long', type: 'string', subType: 'string', defaultNumber: 'string', number: 'string', createTime: 'date', operTime: 'date',
  organId: 'long', creator: 'long', accountId: 'long', changeAmount: 'decimal', backAmount: 'decimal', totalPrice: 'decimal',
  payType: 'string', billType: 'string', remark: 'string', fileName: 'string', salesMan: 'string', accountIdList: 'string',
  accountMoneyList: 'string', discount: 'decimal', discountMoney: 'decimal', discountLastMoney: 'decimal', otherMoney: 'decimal',
  deposit: 'decimal', debt: 'decimal', status: 'string', source: 'string', linkNumber: 'string', linkApply: 'string',
};
const LINE: EntitySchema = {
  barCode: 'string', unit: 'string', operNumber: 'decimal', unitPrice: 'decimal', taxUnitPrice: 'decimal', allPrice: 'decimal',
  taxRate: 'decimal', taxMoney: 'decimal', taxLastMoney: 'decimal', depotId: 'long', anotherDepotId: 'long', snList: 'string',
  batchNumber: 'string', expirationDate: 'string', sku: 'string', linkId: 'long', preNumber: 'decimal', finishNumber: 'decimal',
  mType: 'string', remark: 'string',
};
const ORDER_KINDS = ['请购单', '采购订单', '销售订单'];
const ACCOUNT_REQUIRED = ['采购', '采购退货', '销售', '销售退货'];
const OK = { code: 200, data: { message: '成功' } };
const ERROR = { code: 500, data: { message: '服务内部错误' } };
const READ_FAIL = { code: 500, data: '获取数据失败' };

const blank = (v: unknown): boolean => v === null || v === undefined || String(v).trim() === '';
const fail = (code: number, message: string): never => {
  throw new BusinessException(code, message);
};

/** `{"info":"<JSON text>","rows":"<JSON text>"}`: both values must be strings holding JSON, else 未知异常. */
function billBody(request: FastifyRequest): { info: Row; rows: Record<string, unknown>[] } {
  const body = jsonBody(request);
  if (typeof body.info !== 'string' || typeof body.rows !== 'string') throw new UnknownException('info and rows must be JSON text');
  let info: unknown;
  let rows: unknown;
  try {
    info = JSON.parse(body.info);
    rows = JSON.parse(body.rows);
  } catch {
    throw new UnknownException('info or rows is not JSON');
  }
  if (typeof info !== 'object' || info === null || Array.isArray(info)) throw new UnknownException('info is not an object');
  if (!Array.isArray(rows) || rows.some((r) => typeof r !== 'object' || r === null)) throw new UnknownException('rows is not an array of objects');
  const raw = info as Record<string, unknown>;
  // The SQL parser appends tenant_id itself: a sent one duplicates the column and the insert fails.
  if (!blank(raw.tenantId) && request.method === 'POST') throw new UnknownException('tenantId sent on add');
  return { info: entityOf(raw, HEAD), rows: rows as Record<string, unknown>[] };
}

/** The header rules add and update share (number, links, account, multi-account sum, 订金 ceiling, attachments). */
function checkHead(w: Writer, info: Row, selfId: number | null): void {
  const heads = liveHeads(w.state, w.tenantId);
  if (heads.some((h) => h.number === info.number && h.id !== selfId)) fail(8500022, '抱歉，单据编号已经存在');
  if (!blank(info.linkNumber) && !blank(info.linkApply)) fail(8500029, '抱歉，关联请购单号和关联订单号不能同时录入');
  if (ACCOUNT_REQUIRED.includes(String(info.subType)) && blank(info.accountIdList) && blank(info.accountId)) fail(8500007, '结算账户不能为空');
  for (const k of ['accountIdList', 'accountMoneyList']) if (typeof info[k] === 'string') info[k] = (info[k] as string).replace(/[[\]"]/g, '');
  if (!blank(info.accountMoneyList)) {
    if (info.changeAmount === null || info.changeAmount === undefined) throw new UnknownException('changeAmount missing with accountMoneyList');
    const sum = String(info.accountMoneyList).split(',').reduce((s, a) => s + (Number(a) || 0), 0);
    if (money(Math.abs(sum)) !== money(Math.abs(info.changeAmount as number))) fail(8500008, '请修改多账户的结算金额');
  }
  if (info.deposit !== null && info.deposit !== undefined && !blank(info.linkNumber)) {
    const order = heads.find((h) => h.number === info.linkNumber);
    if (order) {
      const others = heads.filter((h) => h.linkNumber === info.linkNumber && h.id !== selfId).reduce((s, h) => s + (Number(h.deposit) || 0), 0);
      if ((info.deposit as number) + others > Math.abs(Number(order.changeAmount) || 0)) fail(8500017, '抱歉，累计订金超出原订单中的订金');
    }
  }
  if (!blank(info.fileName) && String(info.fileName).split(',').length > 4) fail(8500025, '抱歉，单据附件不能超过4份');
}

const serialsOf = (v: unknown): string[] => (blank(v) ? [] : String(v).replaceAll('，', ',').split(',').map((x) => x.trim()).filter((x) => x !== ''));
const INBOUND_SERIALS = ['采购', '其它', '销售退货', '零售退货'];

/** Registers an inbound bill's serial numbers (10500000 when another bill holds one unsold). */
function registerSerials(w: Writer, head: Row, material: Row, depotId: unknown, serials: string[], unitPrice: unknown): void {
  const rows = (w.state.tables.serialNumber ??= []);
  const live = liveRows({ state: w.state, tenantId: w.tenantId }, 'serialNumber');
  const depotName = liveRows({ state: w.state, tenantId: w.tenantId }, 'depot').find((d) => d.id === depotId)?.name ?? null;
  for (const serial of serials) {
    const held = live.find((x) => x.materialId === material.id && x.serialNumber === serial && x.isSell === '0');
    if (held && held.inBillNo !== head.number) fail(10500000, `序列号:${serial}已存在`);
    if (held) continue;
    const now = w.state.clock.now();
    rows.push({
      id: w.state.nextId('serialNumber'), materialId: material.id, depotId, serialNumber: serial, isSell: '0', remark: '', deleteFlag: '0',
      createTime: now, creator: w.user.id, updateTime: now, updater: w.user.id, inBillNo: head.number, outBillNo: null, inPrice: unitPrice ?? null,
      tenantId: w.tenantId === 0 ? null : w.tenantId, materialName: material.name, depotName, creatorName: w.user.username, updaterName: w.user.username,
    });
  }
}

/** Sells an outbound bill's serial numbers: each needs an unsold one of the product (10500001). */
function sellSerials(w: Writer, head: Row, material: Row, serials: string[]): void {
  const live = liveRows({ state: w.state, tenantId: w.tenantId }, 'serialNumber').sort((a, b) => (a.id as number) - (b.id as number));
  for (const serial of serials) {
    const unsold = live.find((x) => x.materialId === material.id && x.serialNumber === serial && x.isSell === '0');
    if (!unsold) return fail(10500001, `序列号:${serial}不存在或者已经出库`);
    Object.assign(unsold, { isSell: '1', outBillNo: head.number, updateTime: w.state.clock.now(), updater: w.user.id, updaterName: w.user.username });
  }
}

/** Before a bill's lines are replaced or deleted: its own registered numbers go (refused once sold), its sold ones return. */
function releaseSerials(w: Writer, head: Row, soldCode: number, soldMessage: (serial: string) => string): void {
  const rows = w.state.tables.serialNumber ?? [];
  const mine = liveRows({ state: w.state, tenantId: w.tenantId }, 'serialNumber');
  if (head.type === '入库') {
    const registered = mine.filter((x) => x.inBillNo === head.number);
    const sold = registered.find((x) => !blank(x.outBillNo));
    if (sold) fail(soldCode, soldMessage(String(sold.serialNumber)));
    for (const x of registered) rows.splice(rows.indexOf(x), 1);
  } else if (head.type === '出库' && head.subType !== '调拨') {
    for (const x of mine.filter((y) => y.outBillNo === head.number)) Object.assign(x, { isSell: '0', outBillNo: null });
  }
}

/**
 * What is left of a batch of a product in a depot, in basic units: its 入库 lines add, its 出库 lines take (with 强审核
 * approved bills only), the bill `exceptNumber` left out.
 */
function batchBalance(w: Writer, materialId: unknown, depotId: unknown, batchNumber: unknown, exceptNumber: unknown): number {
  const force = billFlags(w.state, w.tenantId).forceApproval;
  const heads = new Map(liveHeads(w.state, w.tenantId).filter((h) => h.number !== exceptNumber && (!force || h.status === '1')).map((h) => [h.id, h]));
  let total = 0;
  for (const l of w.state.depotItems) {
    const h = l.deleteFlag === '1' ? undefined : heads.get(l.headerId);
    if (!h || l.materialId !== materialId || l.batchNumber !== batchNumber || (depotId !== null && l.depotId !== depotId)) continue;
    total += (Number(l.basicNumber) || 0) * (h.type === '入库' ? 1 : h.type === '出库' ? -1 : 0);
  }
  return total;
}

/**
 * saveDetials' per-row rules, in the backend's order, producing the lines to insert. Stock is read with the bill's own
 * old lines already removed, and each line against the stock before any line of this bill.
 */
function buildLines(w: Writer, head: Row, rows: Record<string, unknown>[], mode: 'add' | 'update'): Row[] {
  if (rows.length === 0) fail(8500006, '单据明细不能为空');
  const sub = String(head.subType);
  const kind = String(head.type);
  if ((sub === '组装单' || sub === '拆卸单') && (rows.length < 2 || rows[0]!.mType !== '组合件' || rows[1]!.mType !== '普通子件')) {
    fail(8500020, '抱歉，单据明细中必须要有组合件和普通子件');
  }
  const everySerial = rows.flatMap((r) => serialsOf(r.snList));
  const repeated = [...new Set(everySerial.filter((x, i) => everySerial.indexOf(x) !== i))];
  if (repeated.length > 0) fail(8500033, `抱歉，单据明细中存在重复的序列号:${repeated.join(', ')}`);
  const scope: TenantScope = { state: w.state, tenantId: w.tenantId };
  const index = productIndex(scope);
  const flags = billFlags(w.state, w.tenantId);
  const barcodes = liveRows(scope, 'materialExtend');
  const materials = liveRows(scope, 'material');
  return rows.map((raw) => {
    const row = entityOf(raw, LINE);
    const extend = barcodes.find((e) => e.barCode === row.barCode);
    if (!extend) return fail(8000026, `商品条码${String(row.barCode)}不存在，请重新选择`);
    const material = materials.find((m) => m.id === extend.materialId);
    if (!material) return fail(8000026, `商品条码${String(row.barCode)}不存在，请重新选择`);
    const tracked = material.enableSerialNumber === '1' || material.enableBatchNumber === '1';
    if (tracked && (sub === '组装单' || sub === '拆卸单')) fail(80000017, `抱歉，组装拆卸单不能选择批号或序列号商品:${String(row.barCode)}`);
    if (tracked && sub === '调拨') fail(80000018, `抱歉，调拨单不能选择批号或序列号商品:${String(row.barCode)}，建议走其它入库和出库单`);
    const movement = kind === '入库' || kind === '出库';
    // 出入库管理 exempts these four kinds from needing serial and batch numbers and from selling serials.
    const exempt = flags.inOutManage && ['采购', '采购退货', '销售', '销售退货'].includes(sub);
    const serials = serialsOf(row.snList);
    if (serials.length > 0) {
      if (!blank(row.depotId) && serials.length !== Number(row.operNumber)) fail(8500021, `抱歉，商品条码:${String(row.barCode)}的数量与序列号不一致`);
      if (material.enableSerialNumber === '1' && kind === '入库' && INBOUND_SERIALS.includes(sub) && !blank(row.depotId)) {
        registerSerials(w, head, material, row.depotId, serials, row.unitPrice);
      }
    } else if (material.enableSerialNumber === '1' && movement && !exempt) {
      fail(8000003, `抱歉，商品条码:${String(row.barCode)}的序列号不能为空`);
    }
    if (material.enableBatchNumber === '1' && movement && !exempt && blank(row.batchNumber)) fail(8500015, `抱歉，商品条码:${String(row.barCode)}的批号不能为空`);
    let basicNumber: number | null = null;
    if (row.operNumber !== null && row.operNumber !== undefined) {
      if (blank(row.unit)) throw new UnknownException('unit missing on a row with operNumber');
      basicNumber = money((row.operNumber as number) * unitRatio(unitOf(scope, material.unitId), row.unit));
    }
    // Over-link: on add the client's 原数量/已完成 are trusted; on update the finished quantity is recomputed from the
    // other bills taking from the same linked line.
    const linkStr = blank(head.linkNumber) ? head.linkApply : head.linkNumber;
    if (!blank(linkStr) && !blank(row.preNumber) && !blank(row.finishNumber)) {
      const tooMany = (): void => {
        if (!flags.overLinkBill) fail(85000014, `商品条码${String(row.barCode)}的数量需要修改下`);
      };
      if (mode === 'add') {
        if ((Number(row.operNumber) || 0) + (row.finishNumber as number) > (row.preNumber as number)) tooMany();
      } else {
        const heads = liveHeads(w.state, w.tenantId);
        const linkedHead = heads.find((h) => h.number === linkStr);
        if (linkedHead) {
          const preLine = linesOf(w.state, linkedHead.id).find((l) => l.id === row.linkId);
          if (!preLine) return fail(9000007, '抱歉，原关联单据已被修改，请重新关联');
          const ratio = unitRatio(unitOf(scope, material.unitId), row.unit);
          const others = heads.filter((h) => h.id !== head.id && h.subType === sub && (h.linkNumber === linkStr || h.linkApply === linkStr));
          const done = others.flatMap((h) => linesOf(w.state, h.id)).filter((l) => l.linkId === row.linkId).reduce((n, l) => n + (Number(l.basicNumber) || 0), 0) / ratio;
          if ((Number(row.operNumber) || 0) + done > (Number(preLine.operNumber) || 0)) tooMany();
        }
      }
    }
    if ((sub === '零售' || sub === '销售') && !blank(extend.lowDecimal) && row.unitPrice !== null && row.unitPrice !== undefined) {
      if ((row.unitPrice as number) < Number(extend.lowDecimal)) fail(8500018, `商品条码${String(row.barCode)}的单价低于最低售价`);
    }
    if (blank(row.depotId) && !ORDER_KINDS.includes(sub)) fail(8500004, '仓库不能为空');
    if (sub === '调拨') {
      if (blank(row.anotherDepotId)) fail(8500005, '调入仓库不能为空');
      if (row.anotherDepotId === row.depotId) fail(8500010, '调入仓库与原仓库不能重复');
    }
    const checkStock = kind === '出库' && !flags.minusStock && !(flags.forceApproval && head.status === '0');
    if (checkStock && material.enableBatchNumber === '1' && !blank(row.batchNumber)) {
      // A batch line is compared in its own unit with what is left of that batch in that depot.
      const left = batchBalance(w, material.id, row.depotId, row.batchNumber, null) / unitRatio(unitOf(scope, material.unitId), row.unit);
      if (left < (Number(row.operNumber) || 0)) fail(8000004, `商品:${String(material.name)}-${String(row.barCode)}-批号${String(row.batchNumber)}库存不足`);
    } else if (checkStock) {
      const stock = stockByDepot(scope, material.id, index).find((d) => d.depotId === row.depotId)?.currentStock ?? 0;
      if (stock < (basicNumber ?? 0)) fail(8000004, `商品:${String(material.name)}-${String(row.barCode)}库存不足`);
    }
    if (kind === '出库' && sub !== '调拨' && material.enableSerialNumber === '1' && !exempt) sellSerials(w, head, material, serials);
    return {
      materialId: material.id, materialExtendId: extend.id, materialUnit: row.unit ?? null, sku: row.sku ?? null,
      operNumber: row.operNumber ?? null, basicNumber, unitPrice: row.unitPrice ?? null, taxUnitPrice: row.taxUnitPrice ?? null,
      allPrice: row.allPrice ?? null, taxRate: row.taxRate ?? null, taxMoney: row.taxMoney ?? null, taxLastMoney: row.taxLastMoney ?? null,
      depotId: row.depotId ?? null, anotherDepotId: row.anotherDepotId ?? null, snList: row.snList ?? null, batchNumber: row.batchNumber ?? null,
      expirationDate: blank(row.expirationDate) ? null : row.expirationDate, linkId: row.linkId ?? null, mType: row.mType ?? null,
      remark: row.remark ?? null,
    };
  });
}

/** Lines of a head per barcode (material_extend_id; seeded lines fall back to their product's default barcode). */
function quantitiesByBarcode(w: Writer, lines: Row[]): Map<unknown, number> {
  const out = new Map<unknown, number>();
  for (const l of lines) {
    const key = l.materialExtendId ?? extendsOf({ state: w.state, tenantId: w.tenantId }, l.materialId)[0]?.id;
    out.set(key, (out.get(key) ?? 0) + (Number(l.operNumber) || 0));
  }
  return out;
}

/** getBillStatusByParam: '1' nothing links it, '3' 部分 while any barcode is short, '2' 完成. */
function linkedStatus(w: Writer, parent: Row, type: string, field: 'linkNumber' | 'linkApply'): string {
  const children = liveHeads(w.state, w.tenantId).filter((h) => h.type === type && h[field] === parent.number);
  if (children.length === 0) return '1';
  const have = quantitiesByBarcode(w, children.flatMap((h) => linesOf(w.state, h.id)));
  for (const [key, need] of quantitiesByBarcode(w, linesOf(w.state, parent.id))) {
    if (need !== 0 && (have.get(key) ?? 0) < need) return '3';
  }
  return '2';
}

/** Moves the linked order's status (or a sale order's purchaseStatus) after a save of `head`. */
function updateLinkedBill(w: Writer, head: Row, linkNumber: unknown, linkApply: unknown): void {
  const heads = liveHeads(w.state, w.tenantId);
  const sub = String(head.subType);
  const type = String(head.type);
  const setStatus = (number: unknown, field: 'linkNumber' | 'linkApply', childType: string, column: 'status' | 'purchaseStatus'): void => {
    const parent = heads.find((h) => h.number === number);
    if (!parent) return;
    const value = linkedStatus(w, parent, childType, field);
    parent[column] = column === 'purchaseStatus' && value === '1' ? '0' : value;
    refreshBillView(w.state, parent);
  };
  if (sub === '采购订单') {
    if (!blank(linkApply)) setStatus(linkApply, 'linkApply', '其它', 'status');
    if (!blank(linkNumber)) setStatus(linkNumber, 'linkNumber', '其它', 'purchaseStatus');
    return;
  }
  const closes = ((type === '入库' && (sub === '采购' || sub === '其它')) || (type === '出库' && (sub === '销售' || sub === '其它')));
  if (closes && !blank(linkNumber)) setStatus(linkNumber, 'linkNumber', type, 'status');
}

/** lastDeposit of the linked order: |订金| − Σ deposit of the 采购/销售 bills linking it. */
function updateLastDeposit(w: Writer, linkNumber: unknown): void {
  if (blank(linkNumber)) return;
  const heads = liveHeads(w.state, w.tenantId);
  const order = heads.find((h) => h.number === linkNumber);
  if (!order) return;
  const used = heads.filter((h) => h.linkNumber === linkNumber && (h.subType === '采购' || h.subType === '销售')).reduce((s, h) => s + (Number(h.deposit) || 0), 0);
  order.lastDeposit = money(Math.abs(Number(order.changeAmount) || 0) - used);
}

/** The barcode price a saved line's unit price overwrites, by bill kind. */
function writtenBackPrice(head: Row): string | null {
  if (head.subType === '采购' || (head.subType === '其它' && head.billType === '生产入库')) return 'purchaseDecimal';
  if (head.subType === '销售') return 'wholesaleDecimal';
  if (head.subType === '零售') return 'commodityDecimal';
  return null;
}

/** What a 零售出库 paid from a member's 预付款 takes from that member's balance. */
const prepaidTaken = (head: Row): number => (head.subType === '零售' && head.payType === '预付款' && !blank(head.organId) ? Number(head.totalPrice) || 0 : 0);

/**
 * 会员预付款: the member's current balance must cover the bill (8500016); the balance is the 收预付款 received less the
 * prepaid retail bills, so it moves by the difference between what the bill took before and what it takes now.
 */
function chargeMember(w: Writer, before: Row | null, after: Row): void {
  const members = liveRows({ state: w.state, tenantId: w.tenantId }, 'supplier');
  const member = members.find((m) => m.id === after.organId);
  if (after.payType === '预付款' && member && (Number(member.advanceIn) || 0) < (Number(after.totalPrice) || 0)) fail(8500016, '抱歉，会员预付款余额不足');
  const previous = before ? members.find((m) => m.id === before.organId) : undefined;
  if (before && previous) previous.advanceIn = money((Number(previous.advanceIn) || 0) + prepaidTaken(before));
  if (member) member.advanceIn = money((Number(member.advanceIn) || 0) - prepaidTaken(after));
}

function insertLines(w: Writer, head: Row, lines: Row[], nextLineId: () => number): void {
  const priceField = billFlags(w.state, w.tenantId).updateUnitPrice ? writtenBackPrice(head) : null;
  const barcodes = liveRows({ state: w.state, tenantId: w.tenantId }, 'materialExtend');
  for (const l of lines) {
    const row: Row = { ...l, id: nextLineId(), headerId: head.id, tenantId: head.tenantId, deleteFlag: '0' };
    w.state.depotItems.push(row);
    if (priceField && l.unitPrice !== null && l.unitPrice !== undefined) {
      const extend = barcodes.find((e) => e.id === l.materialExtendId);
      if (extend) extend[priceField] = l.unitPrice;
    }
  }
  refreshBillView(w.state, head);
}

export async function billWriteRoutes(app: FastifyInstance, options: BillWriteRoutesOptions): Promise<void> {
  const { state } = options;
  // Line ids continue after the seeded ones.
  let lastLineId = state.depotItems.reduce((m, l) => Math.max(m, Number(l.id) || 0), 0);
  const nextLineId = (): number => ++lastLineId;

  app.post('/depotHead/addDepotHeadAndDetail', async (request, reply) => {
    const w = writerOf(state, request);
    const { info, rows } = billBody(request);
    if (blank(info.number)) throw new UnknownException('number missing');
    checkHead(w, info, null);
    transaction(state, () => addBill(w, info, rows));
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  const addBill = (w: Writer, info: Row, rows: Record<string, unknown>[]): void => {
    const now = state.clock.now();
    const values: Row = {};
    for (const [k, v] of Object.entries(info)) if (v !== null && v !== undefined && k !== 'id') values[k] = v;
    Object.assign(values, {
      creator: w.user.id, createTime: now, status: blank(info.status) ? '0' : info.status, lastDeposit: 0, purchaseStatus: '0',
      payType: info.payType ?? '现付', source: info.source ?? '0',
    });
    chargeMember(w, null, values);
    const lines = buildLines(w, values, rows, 'add');
    const head = insertRow(w, 'depotHead', values);
    insertLines(w, head, lines, nextLineId);
    if (head.debt !== undefined && head.debt !== null) head.lastDebt = head.debt;
    updateLinkedBill(w, head, head.linkNumber, head.linkApply);
    updateLastDeposit(w, head.linkNumber);
    writeLog(w, '单据', `新增${String(head.number)}${head.status === '1' ? '[审核]' : ''}`);
  };

  // DepotHeadService.batchAddDepotHeadAndDetail (出入库管理's 批量入库/出库): each listed bill becomes a 其它入库 or
  // 其它出库 linking it, numbered QTRK/QTCK from the global sequence, at price 0, with its lines (which close the
  // linked bill as a save does); refused for a bill not 已审核 (8500030), 部分 (8500028) or holding serial or batch
  // goods (9000005, 9000006). One transaction, logged as 批量新增[numbers].
  app.post('/depotHead/batchAddDepotHeadAndDetail', async (request, reply) => {
    const w = writerOf(state, request);
    const ids = jsonBody(request).ids;
    // StringUtil.strToLongList before the service's try: a missing or non-numeric id is the global handler's.
    if (ids === null || ids === undefined) throw new UnknownException('ids is required');
    const idNumbers = String(ids).split(',').map((part) => {
      if (!/^-?\d+$/.test(part)) throw new UnknownException('ids is not a list of numbers');
      return Number(part);
    });
    // selectByExample(id in …): deleted bills too.
    const sources = (state.tables.depotHead ?? [])
      .filter((h) => idNumbers.includes(h.id as number) && (w.tenantId === 0 || h.tenantId === w.tenantId))
      .sort((a, b) => (a.id as number) - (b.id as number));
    const numbers: string[] = [];
    transaction(state, () => {
      const scope: TenantScope = { state, tenantId: w.tenantId };
      const extendById = new Map(liveRows(scope, 'materialExtend').map((e) => [e.id, e]));
      const materialById = new Map(liveRows(scope, 'material').map((m) => [m.id, m]));
      for (const source of sources) {
        const old = String(source.number);
        if (['0', '2', '9'].includes(String(source.status))) fail(8500030, `抱歉，单据:${old}最新状态不能进行批量操作`);
        if (source.status === '3') fail(8500028, `抱歉，单据:${old}是部分${String(source.type)}状态，需要到新增界面关联单据`);
        const rows = linesOf(state, source.id).map((l) => {
          const material = materialById.get(l.materialId);
          if (material?.enableSerialNumber === '1') fail(9000005, `抱歉，单据:${old}里面存在序列号，需要到新增界面关联单据`);
          if (material?.enableBatchNumber === '1') fail(9000006, `抱歉，单据:${old}里面存在批号，需要到新增界面关联单据`);
          return {
            barCode: extendById.get(l.materialExtendId)?.barCode ?? null, unit: l.materialUnit, sku: l.sku ?? null, operNumber: l.operNumber,
            unitPrice: 0, taxUnitPrice: l.taxUnitPrice ?? null, allPrice: 0, taxRate: l.taxRate ?? null, taxMoney: l.taxMoney ?? null,
            taxLastMoney: l.taxLastMoney ?? null, depotId: l.depotId ?? null, anotherDepotId: l.anotherDepotId ?? null, batchNumber: l.batchNumber ?? null,
            expirationDate: l.expirationDate ?? null, linkId: l.id, mType: l.mType ?? null, remark: l.remark ?? null,
          };
        });
        const sequence = ((state.tables.sequence ??= [{ seqName: 'depot_number_seq', currentVal: 0 }])[0]!);
        sequence.currentVal = Number(sequence.currentVal) + 1;
        const number = `${source.type === '入库' ? 'QTRK' : 'QTCK'}${String(sequence.currentVal).padStart(11, '0')}`;
        const values: Row = {};
        for (const k of Object.keys(HEAD)) if (k !== 'id' && source[k] !== null && source[k] !== undefined) values[k] = source[k];
        Object.assign(values, {
          number, defaultNumber: number, linkNumber: old, operTime: state.clock.now(), createTime: state.clock.now(), subType: '其它', changeAmount: 0,
          totalPrice: 0, discountLastMoney: 0, creator: w.user.id, status: '0', lastDeposit: source.lastDeposit ?? 0,
          purchaseStatus: source.purchaseStatus ?? '0',
        });
        for (const k of ['organId', 'accountId', 'accountIdList', 'accountMoneyList', 'fileName', 'salesMan', 'debt']) delete values[k];
        const lines = buildLines(w, values, rows, 'add');
        const head = insertRow(w, 'depotHead', values);
        insertLines(w, head, lines, nextLineId);
        updateLinkedBill(w, head, head.linkNumber, head.linkApply);
        numbers.push(number);
      }
      writeLog(w, '单据', `批量新增${numbers.map((n) => `[${n}]`).join('')}`);
    });
    // ExceptionConstants.standardSuccess.
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  app.put('/depotHead/updateDepotHeadAndDetail', async (request, reply) => {
    const w = writerOf(state, request);
    const { info, rows } = billBody(request);
    if (blank(info.id) || blank(info.status)) throw new UnknownException('id and status are required on update');
    const head = liveHeads(state, w.tenantId).find((h) => h.id === info.id);
    if (!head) throw new UnknownException('bill not found');
    checkHead(w, { ...info, number: info.number ?? head.number }, head.id as number);
    if (head.status !== '0') fail(8500023, '抱歉，单据当前状态下不能修改');
    transaction(state, () => updateBill(w, head, info, rows));
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  const updateBill = (w: Writer, head: Row, info: Row, rows: Record<string, unknown>[]): void => {
    const previous = { linkNumber: head.linkNumber, linkApply: head.linkApply };
    const merged: Row = { ...head };
    for (const [k, v] of Object.entries(info)) if (v !== null && v !== undefined && k !== 'id') merged[k] = v;
    releaseSerials(w, head, 8500035, (serial) => `抱歉，序列号:${serial}已被出库，不允许修改该单据`);
    // Old lines go first (hard delete): the stock check sees the stock without them.
    for (const l of linesOf(state, head.id)) state.depotItems.splice(state.depotItems.indexOf(l), 1);
    chargeMember(w, head, merged);
    const lines = buildLines(w, merged, rows, 'update');
    Object.assign(head, merged);
    if (!blank(info.accountIdList)) head.accountId = null;
    insertLines(w, head, lines, nextLineId);
    if (info.debt !== null && info.debt !== undefined) head.lastDebt = info.debt;
    updateLinkedBill(w, head, head.linkNumber, head.linkApply);
    if (previous.linkNumber !== head.linkNumber || previous.linkApply !== head.linkApply) updateLinkedBill(w, head, previous.linkNumber, previous.linkApply);
    updateLastDeposit(w, head.linkNumber);
    writeLog(w, '单据', `修改${String(head.number)}${head.status === '1' ? '[审核]' : ''}`);
  };

  app.get('/depotHead/getDetailByNumber', async (request, reply) => {
    const { tenantId } = authOf(request);
    const number = (request.query as Record<string, unknown>).number;
    if (typeof number !== 'string') throw new UnknownException('number is required');
    const head = liveHeads(state, tenantId).find((h) => h.number === number);
    if (!head) {
      const blankHead: Row = {};
      for (const k of [...Object.keys(HEAD), 'tenantId', 'deleteFlag', 'lastDeposit', 'lastDebt', 'purchaseStatus', 'depotHeadType', 'organName', 'accountName', 'salesManStr', 'operTimeStr', 'materialsList', 'materialCount', 'creatorName', 'hasBackFlag']) blankHead[k] = null;
      return sendJackson(reply, { code: 200, data: blankHead });
    }
    const organ = (state.tables.supplier ?? []).find((s) => s.id === head.organId);
    const persons = state.tables.person ?? [];
    const salesManStr = String(head.salesMan ?? '').split(',').filter((s) => s !== '')
      .map((id) => `${String(persons.find((p) => String(p.id) === id)?.name ?? id)} `).join('');
    const data: Row = {
      ...head,
      depotHeadType: `${String(head.subType)}${String(head.type)}`,
      organName: organ?.supplier ?? null, contacts: organ?.contacts ?? null, telephone: organ?.telephone ?? null,
      address: organ?.address ?? null, bankName: organ?.bankName ?? null, accountNumber: organ?.accountNumber ?? null,
      taxNum: organ?.taxNum ?? null, phoneNum: organ?.phoneNum ?? null,
      changeAmount: head.changeAmount === null || head.changeAmount === undefined ? 0 : Math.abs(Number(head.changeAmount)),
      totalPrice: head.totalPrice === null || head.totalPrice === undefined ? null : Math.abs(Number(head.totalPrice)),
      deposit: head.deposit ?? 0, discountLastMoney: head.discountLastMoney ?? 0, backAmount: head.backAmount ?? 0,
      debt: shownDebt(head), salesManStr,
      creatorName: state.users.find((u) => u.id === head.creator)?.username ?? null,
      hasBackFlag: false,
    };
    // A role whose price limit hides this kind of bill gets its money as 0 (the debt is computed from the zeros).
    if (billPriceHidden(state, authOf(request).user, head.subType)) {
      for (const k of ['changeAmount', 'totalPrice', 'discountLastMoney', 'backAmount', 'deposit', 'debt']) data[k] = 0;
    }
    return sendJackson(reply, { code: 200, data });
  });

  app.get('/depotItem/getDetailList', async (request, reply) => {
    const { tenantId } = authOf(request);
    const q = request.query as Record<string, string | undefined>;
    const headerId = toId(q.headerId);
    const head = headerId === null ? undefined : liveHeads(state, tenantId).find((h) => h.id === headerId);
    if (!head) return sendJackson(reply, READ_FAIL);
    const scope: TenantScope = { state, tenantId };
    const index = productIndex(scope);
    const withPrices = q.linkType === 'basic' || q.isReadOnly === '1';
    const hidden = billPriceHidden(state, authOf(request).user, head.subType);
    const successors: Record<string, string[]> = q.linkType === 'other'
      ? { 采购: ['其它'], 采购退货: ['其它'], 销售: ['其它'], 销售退货: ['其它'] }
      : { 采购订单: ['采购'], 销售订单: ['销售'], 采购: ['采购退货'], 销售: ['销售退货'] };
    const children = liveHeads(state, tenantId).filter((h) =>
      head.subType === '请购单' ? h.linkApply === head.number : h.linkNumber === head.number && (successors[String(head.subType)] ?? []).includes(String(h.subType)));
    const childLines = children.flatMap((h) => linesOf(state, h.id));
    // 以销定购: the 采购订单 lines taken from a 销售订单 in purchase status 部分.
    const purchaseLines = head.purchaseStatus === '3'
      ? liveHeads(state, tenantId).filter((h) => h.subType === '采购订单' && h.linkNumber === head.number).flatMap((h) => linesOf(state, h.id))
      : [];
    const depots = liveRows(scope, 'depot');
    const materials = liveRows(scope, 'material');
    const barcodes = liveRows(scope, 'materialExtend');
    const rows = linesOf(state, head.id).sort((a, b) => (a.id as number) - (b.id as number)).map((l) => {
      const m = materials.find((x) => x.id === l.materialId) ?? {};
      const e = barcodes.find((x) => x.id === l.materialExtendId) ?? extendsOf(scope, l.materialId)[0] ?? {};
      const ratio = unitRatio(unitOf(scope, m.unitId), l.materialUnit);
      // A line without a depot (an order's) shows the product's stock over every depot, as the backend sums its
      // current-stock rows with no depot filter.
      const depotStocks = stockByDepot(scope, l.materialId, index);
      const stock = blank(l.depotId)
        ? depotStocks.reduce((s, d) => s + d.currentStock, 0)
        : depotStocks.find((d) => d.depotId === l.depotId)?.currentStock ?? 0;
      const doneBy = (lines: Row[]): number => money(lines.filter((c) => c.linkId === l.id).reduce((s, c) => s + (Number(c.basicNumber) || 0), 0) / ratio);
      const finished = head.status === '3' ? doneBy(childLines) : 0;
      const row: Row = {
        id: l.id, materialExtendId: e.id ?? '', barCode: e.barCode ?? null, name: m.name ?? null, standard: m.standard ?? null,
        model: m.model ?? null, color: m.color ?? null, brand: m.brand ?? null, mfrs: m.mfrs ?? null,
        otherField1: m.otherField1 ?? null, otherField2: m.otherField2 ?? null, otherField3: m.otherField3 ?? null,
        stock: money(stock / ratio), unit: l.materialUnit ?? null, snList: l.snList ?? null, batchNumber: l.batchNumber ?? null,
        expirationDate: l.expirationDate ?? '', sku: l.sku ?? null, enableSerialNumber: m.enableSerialNumber ?? null,
        enableBatchNumber: m.enableBatchNumber ?? null, operNumber: l.operNumber ?? null, basicNumber: l.basicNumber ?? null,
        preNumber: l.operNumber ?? null, finishPurchaseNumber: doneBy(purchaseLines), finishNumber: finished, purchaseDecimal: e.purchaseDecimal ?? null,
        weight: money((Number(l.basicNumber) || 0) * (Number(m.weight) || 0)), position: m.position ?? null, remark: l.remark ?? null,
        imgName: m.imgName ?? null, imgSmall: '', imgLarge: '', linkId: l.linkId ?? null, depotId: l.depotId ?? '',
        depotName: blank(l.depotId) ? '' : depots.find((d) => d.id === l.depotId)?.name ?? null, anotherDepotId: l.anotherDepotId ?? '',
        anotherDepotName: blank(l.anotherDepotId) ? '' : depots.find((d) => d.id === l.anotherDepotId)?.name ?? null, mType: l.mType ?? null, op: 1,
      };
      if (withPrices) {
        const price = (v: unknown): unknown => (hidden ? 0 : (v ?? null));
        Object.assign(row, { unitPrice: price(l.unitPrice), taxUnitPrice: price(l.taxUnitPrice), allPrice: price(l.allPrice), taxRate: l.taxRate ?? null, taxMoney: price(l.taxMoney), taxLastMoney: price(l.taxLastMoney) });
      }
      return row;
    });
    const total = rows.length;
    if (q.isReadOnly === '1') {
      const sum = (k: string): number => money(rows.reduce((s, r) => s + (Number(r[k]) || 0), 0));
      rows.push({ operNumber: sum('operNumber'), allPrice: sum('allPrice'), taxMoney: sum('taxMoney'), taxLastMoney: sum('taxLastMoney'), finishPurchaseNumber: sum('finishPurchaseNumber'), finishNumber: sum('finishNumber'), weight: sum('weight') });
    }
    return sendJackson(reply, { code: 200, data: { total, rows } });
  });

  app.post('/depotHead/batchSetStatus', async (request, reply) => {
    const w = writerOf(state, request);
    const body = jsonBody(request);
    const ids = idList(body.ids) ?? [];
    const status = body.status === null || body.status === undefined ? '' : String(body.status);
    if (status !== '0' && status !== '1') return sendFastjson(reply, ERROR);
    const heads = tenantRows(w, 'depotHead');
    const hit = ids.map((id) => heads.find((h) => h.id === id)).filter((h): h is Row => h !== undefined);
    for (const h of hit) {
      if (status === '1' && h.status !== '0') fail(8500012, '抱歉，只有未审核的单据才能审核');
      if (status === '0') {
        if (h.purchaseStatus === '2') fail(8500026, '抱歉，完成采购的单据不能进行反审核');
        if (h.purchaseStatus === '3') fail(8500027, '抱歉，部分采购的单据不能进行反审核');
        if (h.status !== '1') fail(8500013, '抱歉，只有已审核的单据才能反审核');
      }
    }
    if (hit.length === 0) return sendFastjson(reply, ERROR);
    // With 强审核 and no negative stock, approving a 销售 / 采购退货 / 其它出库 re-checks each line against the stock.
    const flags = billFlags(state, w.tenantId);
    if (status === '1' && flags.forceApproval && !flags.minusStock) {
      const scope: TenantScope = { state, tenantId: w.tenantId };
      const index = productIndex(scope);
      for (const h of hit.filter((x) => x.subType === '销售' || x.subType === '采购退货' || (x.type === '出库' && x.subType === '其它'))) {
        for (const l of linesOf(state, h.id)) {
          const available = stockByDepot(scope, l.materialId, index).find((d) => d.depotId === l.depotId)?.currentStock ?? 0;
          if (available < (Number(l.basicNumber) || 0)) {
            const m = liveRows(scope, 'material').find((x) => x.id === l.materialId);
            const e = liveRows(scope, 'materialExtend').find((x) => x.id === l.materialExtendId) ?? extendsOf(scope, l.materialId)[0];
            fail(80000029, `单据:${String(h.number)}中商品:${String(m?.name)}-${String(e?.barCode)}库存不足`);
          }
        }
      }
    }
    for (const h of hit) {
      h.status = status;
      refreshBillView(state, h);
    }
    writeLog(w, '单据', `${status === '1' ? '[审核]' : '[反审核]'}${hit.map((h) => String(h.number)).join(', ')}`);
    return sendFastjson(reply, OK);
  });

  /** Deletes unapproved bills (any other status refuses the whole batch), reopening the orders they linked. */
  const deleteBills = (request: FastifyRequest, ids: number[]): number => {
    const w = writerOf(state, request);
    const hit = tenantRows(w, 'depotHead').filter((h) => ids.includes(h.id as number));
    if (hit.some((h) => h.status !== '0')) fail(8500011, '抱歉，只有未审核的单据才能删除，请先进行反审核');
    for (const h of hit) releaseSerials(w, h, 8500024, () => `抱歉，单据${String(h.number)}的序列号已经出库，不能删除`);
    for (const h of hit) if (h.deleteFlag !== '1') chargeMember(w, h, { ...h, payType: null });
    for (const h of hit) {
      for (const l of linesOf(state, h.id)) l.deleteFlag = '1';
      h.deleteFlag = '1';
    }
    const heads = liveHeads(state, w.tenantId);
    for (const h of hit) {
      const reopen = (number: unknown, field: 'linkNumber' | 'linkApply', column: 'status' | 'purchaseStatus', siblings: (x: Row) => boolean): void => {
        const parent = heads.find((p) => p.number === number);
        if (!parent) return;
        const remaining = heads.some((x) => x[field] === number && siblings(x));
        parent[column] = remaining ? '3' : column === 'status' ? '1' : '0';
        refreshBillView(state, parent);
      };
      const sub = String(h.subType);
      if (sub === '采购订单') {
        if (!blank(h.linkApply)) reopen(h.linkApply, 'linkApply', 'status', (x) => x.type === h.type);
        if (!blank(h.linkNumber)) reopen(h.linkNumber, 'linkNumber', 'purchaseStatus', (x) => x.subType === '采购订单');
      } else if (!blank(h.linkNumber) && (['采购', '销售', '其它', '盘点复盘'].includes(sub))) {
        reopen(h.linkNumber, 'linkNumber', 'status', (x) => x.type === h.type);
      }
    }
    if (hit.length > 0) writeLog(w, '单据', `删除${hit.map((h) => `[${String(h.number)}]`).join('')}`);
    return 1;
  };
  app.delete('/depotHead/delete', async (request, reply) => {
    const ids = [queryId(request)];
    return sendFastjson(reply, returnStr(transaction(state, () => deleteBills(request, ids))));
  });
  app.delete('/depotHead/deleteBatch', async (request, reply) => {
    const ids = queryIds(request);
    return sendFastjson(reply, returnStr(transaction(state, () => deleteBills(request, ids))));
  });

  app.put('/depotHead/quickEdit', async (request, reply) => {
    const w = writerOf(state, request);
    const body = entityOf(jsonBody(request), { id: 'long', remark: 'string' });
    const head = liveHeads(state, w.tenantId).find((h) => h.id === body.id);
    if (!head) return fail(301, '数据写入异常');
    const old = head.remark;
    head.remark = body.remark ?? head.remark;
    writeLog(w, '单据', `修改备注，单据编号:${String(head.number)}，原备注为:${String(old ?? '')}`);
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  /** 强制结单: every bill must be 部分 (status or purchaseStatus 3); it becomes 完成 and its remark the marker. */
  const forceClose = (request: FastifyRequest, column: 'status' | 'purchaseStatus', marker: string, logName: string): Row => {
    const w = writerOf(state, request);
    const ids = idList(jsonBody(request).ids) ?? [];
    const hit = liveHeads(state, w.tenantId).filter((h) => ids.includes(h.id as number));
    for (const h of hit) if (h[column] !== '3') fail(8500031, `抱歉，单据:${String(h.number)}在该状态不能强制结单`);
    for (const h of hit) {
      h[column] = '2';
      h.remark = marker;
      refreshBillView(state, h);
    }
    if (hit.length > 0) writeLog(w, '单据', `${logName}：${hit.map((h) => `${String(h.number)} `).join('')}`);
    return hit.length > 0 ? OK : ERROR;
  };
  app.post('/depotHead/forceCloseBatch', async (request, reply) => sendFastjson(reply, forceClose(request, 'status', '[强制结单]', '强制结单')));
  app.post('/depotHead/forceClosePurchaseBatch', async (request, reply) => sendFastjson(reply, forceClose(request, 'purchaseStatus', '[强制结单-以销定购]', '强制结单-以销定购')));

  /**
   * The bills of a 修正 call's `ids` text, as StringUtil.strToLongList and selectByPrimaryKey read it: String.split
   * drops trailing empty items (text without a comma stays one item, so "" is no number either), every other item
   * must be a number naming a bill of the tenant (deleted ones included); otherwise the call fails (未知异常) before
   * anything is written, the service being one transaction.
   */
  const billsOfIdText = (w: Writer, ids: unknown): Row[] => {
    if (ids === null || ids === undefined) throw new UnknownException('ids is required');
    const text = String(ids);
    const parts = text.split(',');
    if (text.includes(',')) while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
    return parts.map((part) => {
      if (!/^-?\d+$/.test(part)) throw new UnknownException('ids is not a list of numbers');
      const head = (state.tables.depotHead ?? []).find((h) => h.id === Number(part) && (w.tenantId === 0 || h.tenantId === w.tenantId));
      if (!head) throw new UnknownException('no such bill');
      return head;
    });
  };

  // 修正订金: every listed bill with a deposit (any kind, as the service does not ask) gets last_deposit = its
  // deposit less what the 采购/销售 bills linked to it used; any listed bill answers 成功.
  app.post('/depotHead/batchSetLastDeposit', async (request, reply) => {
    const w = writerOf(state, request);
    const heads = billsOfIdText(w, jsonBody(request).ids);
    const withDeposit = heads.filter((h) => Math.abs(Number(h.changeAmount ?? 0)) !== 0);
    for (const head of withDeposit) updateLastDeposit(w, head.number);
    if (withDeposit.length > 0) writeLog(w, '单据', `修正剩余订金：${withDeposit.map((h) => `${String(h.number)} `).join('')}`);
    return sendFastjson(reply, heads.length > 0 ? OK : ERROR);
  });

  // 修正欠款 (采购入库 / 销售出库 lists): last_debt = the bill's debt less what financial bills settled on it, for every
  // listed bill that owes anything; any listed bill answers 成功.
  app.post('/depotHead/batchSetLastDebt', async (request, reply) => {
    const w = writerOf(state, request);
    const heads = billsOfIdText(w, jsonBody(request).ids);
    const fixed: Row[] = [];
    for (const head of heads) {
      const debt = billDebt(head);
      if (debt === 0) continue;
      head.lastDebt = money(debt - Math.abs(settledOnBill(state, w.tenantId, head.id)));
      fixed.push(head);
    }
    if (fixed.length > 0) writeLog(w, '单据', `修正最终欠款：${fixed.map((h) => `${String(h.number)} `).join('')}`);
    return sendFastjson(reply, heads.length > 0 ? OK : ERROR);
  });

  /** The number of the bill a line belongs to (the bill being edited, whose own batches and serials stay pickable). */
  const numberOfLine = (tenantId: number, lineId: number | null): string => {
    const l = lineId === null ? undefined : state.depotItems.find((x) => x.id === lineId);
    return String(liveHeads(state, tenantId).find((h) => h.id === l?.headerId)?.number ?? '');
  };

  app.get('/depotItem/getBatchNumberList', async (request, reply) => {
    const w = writerOf(state, request);
    const q = request.query as Record<string, unknown>;
    if (typeof q.name !== 'string' || typeof q.barCode !== 'string') throw new UnknownException('name and barCode are required');
    const scope: TenantScope = { state, tenantId: w.tenantId };
    const extend = liveRows(scope, 'materialExtend').find((e) => e.barCode === q.barCode);
    const material = extend && liveRows(scope, 'material').find((m) => m.id === extend.materialId && m.enableBatchNumber === '1');
    if (!extend || !material) return sendJackson(reply, { code: 200, data: { rows: [], total: 0 } });
    const depotId = toId(q.depotId);
    const except = numberOfLine(w.tenantId, toId(q.depotItemId));
    const wanted = blank(q.batchNumber) ? null : String(q.batchNumber);
    const batches = new Map<string, Row>();
    for (const l of state.depotItems) {
      if (l.deleteFlag === '1' || l.materialId !== material.id || blank(l.batchNumber) || (depotId !== null && l.depotId !== depotId)) continue;
      const batch = String(l.batchNumber);
      if ((q.name !== '' && !batch.includes(q.name)) || (wanted !== null && batch !== wanted) || batches.has(batch)) continue;
      batches.set(batch, { expirationDate: l.expirationDate ?? null });
    }
    const ratio = unitRatio(unitOf(scope, material.unitId), extend.commodityUnit);
    const rows = [...batches.entries()]
      .map(([batchNumber, b]) => ({
        id: batchNumber, barCode: extend.barCode, name: material.name, standard: material.standard ?? null, model: material.model ?? null,
        unitId: material.unitId ?? null, commodityUnit: extend.commodityUnit ?? null, batchNumber, expirationDate: b.expirationDate,
        expirationDateStr: b.expirationDate === null ? '' : String(b.expirationDate).slice(0, 10),
        totalNum: money(batchBalance(w, material.id, depotId, batchNumber, except) / ratio),
      }))
      .filter((r) => r.totalNum > 0)
      .sort((a, b) => String(a.expirationDate ?? '').localeCompare(String(b.expirationDate ?? '')));
    return sendJackson(reply, { code: 200, data: { rows, total: rows.length } });
  });

  // SerialNumberService.batAddSerialNumber: up to 500 unsold numbers `<prefix><ms><1..n>` for the product of
  // materialCode (its first barcode match, else material 0), in no depot and on no bill; logged as 批量新增<n>条.
  app.post('/serialNumber/batAddSerialNumber', async (request, reply) => {
    const w = writerOf(state, request);
    const body = entityOf(jsonBody(request), { materialCode: 'string', serialNumberPrefix: 'string', batAddTotal: 'long', remark: 'string' });
    const code = body.materialCode;
    if (blank(code)) return sendFastjson(reply, returnStr(0));
    const scope: TenantScope = { state, tenantId: w.tenantId };
    const codes = String(code).split(',');
    const material = liveRows(scope, 'material')
      .filter((m) => liveRows(scope, 'materialExtend').some((e) => e.materialId === m.id && codes.includes(String(e.barCode))))
      .sort((a, b) => (b.id as number) - (a.id as number))[0];
    const total = Number(body.batAddTotal ?? NaN);
    const count = Math.min(500, total);
    // A missing count (an unboxing NullPointerException) or none to insert (an empty VALUES list) fails in the
    // service's try block: JshException.writeFail.
    if (!Number.isFinite(total) || count < 1 || body.serialNumberPrefix === null || body.serialNumberPrefix === undefined) {
      throw new BusinessException(301, '数据写入异常');
    }
    const now = state.clock.now();
    const prefix = `${String(body.serialNumberPrefix)}${now.getTime()}`;
    const rows = (state.tables.serialNumber ??= []);
    for (let i = 1; i <= count; i++) {
      rows.push({
        id: state.nextId('serialNumber'), materialId: material?.id ?? 0, depotId: null, serialNumber: `${prefix}${i}`, isSell: '0',
        remark: body.remark ?? null, deleteFlag: '0', createTime: now, creator: w.user.id, updateTime: now, updater: w.user.id,
        inBillNo: null, outBillNo: null, inPrice: null, tenantId: w.tenantId === 0 ? null : w.tenantId,
        materialName: material?.name ?? null, depotName: null, creatorName: w.user.username, updaterName: w.user.username,
      });
    }
    writeLog(w, '序列号', `批量新增${total}条`);
    return sendFastjson(reply, returnStr(count));
  });

  app.post('/serialNumber/getEnableSerialNumberList', async (request, reply) => {
    const { tenantId } = authOf(request);
    const body = entityOf(jsonBody(request), { name: 'string', depotItemId: 'long', depotId: 'long', barCode: 'string', page: 'long', rows: 'long' });
    if (body.page === null || body.page === undefined || body.rows === null || body.rows === undefined) return sendJackson(reply, READ_FAIL);
    const scope: TenantScope = { state, tenantId };
    const names = blank(body.name) ? [] : String(body.name).replaceAll('，', ',').split(',');
    const exact = names.length > 1 ? names : null;
    const like = names.length === 1 ? names[0]! : null;
    const barcode = blank(body.barCode) ? null : liveRows(scope, 'materialExtend').find((e) => e.barCode === body.barCode && e.defaultFlag === '1');
    const except = numberOfLine(tenantId, (body.depotItemId as number | null | undefined) ?? null);
    const all = liveRows(scope, 'serialNumber')
      .filter((x) => (barcode === null || x.materialId === barcode?.materialId) && (body.depotId === null || body.depotId === undefined || x.depotId === body.depotId))
      .filter((x) => (like === null || String(x.serialNumber).includes(like)) && (exact === null || exact.includes(String(x.serialNumber))))
      .filter((x) => x.isSell === '0' || (except !== '' && x.outBillNo === except))
      .sort((a, b) => (a.id as number) - (b.id as number));
    const page = body.page as number;
    const size = body.rows as number;
    const rows = all.slice((page - 1) * size, page * size).map((x) => ({
      id: x.id, serialNumber: x.serialNumber, inBillNo: x.inBillNo ?? null, createTime: x.createTime ?? null, updateTime: x.updateTime ?? null,
      createTimeStr: x.createTime instanceof Date ? formatDateTime(x.createTime) : null,
    }));
    const data: Row = { rows, total: all.length };
    const missing = (exact ?? []).filter((n) => !all.some((x) => x.serialNumber === n));
    if (missing.length > 0) data.missInfo = missing.join(',');
    return sendJackson(reply, { code: 200, data });
  });

  /** 出入库管理's waiting bills: type, subType and status lists, number, time window and goods, newest first, in the caller's scope. */
  const waitingBills = (request: FastifyRequest): Row[] => {
    const { tenantId, user } = authOf(request);
    const raw = (request.query as Record<string, unknown>).search;
    let search: Record<string, unknown> = {};
    try {
      const parsed: unknown = typeof raw === 'string' && raw.trim() !== '' ? JSON.parse(raw) : {};
      if (parsed && typeof parsed === 'object') search = parsed as Record<string, unknown>;
    } catch {
      throw new UnknownException('search is not JSON');
    }
    const value = (k: string): string | null => (blank(search[k]) ? null : String(search[k]).trim());
    const list = (k: string): string[] | null => value(k)?.split(',').map((x) => x.trim()) ?? null;
    const [type, subTypes, statuses, number, material] = [value('type'), list('subType'), list('status'), value('number'), value('materialParam')];
    const from = value('beginTime') ? new Date(`${value('beginTime')!.slice(0, 10)}T00:00:00+08:00`).getTime() : -Infinity;
    const to = value('endTime') ? new Date(`${value('endTime')!.slice(0, 10)}T23:59:59+08:00`).getTime() : Infinity;
    const creators = creatorsInScope(state, user);
    return liveHeads(state, tenantId)
      .filter((h) => (type === null || h.type === type) && (subTypes === null || subTypes.includes(String(h.subType))) && (statuses === null || statuses.includes(String(h.status))))
      .filter((h) => (number === null || String(h.number).includes(number)) && (material === null || String(h.materialsList ?? '').includes(material)))
      .filter((h) => (from === -Infinity || timeOf(h.operTime) >= from) && (to === Infinity || timeOf(h.operTime) <= to) && (creators === null || creators.includes(h.creator as number)))
      .filter((h) => linesOf(state, h.id).length > 0)
      .sort((a, b) => (b.id as number) - (a.id as number));
  };
  app.get('/depotHead/waitBillList', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const page = toId(q.currentPage);
    const size = toId(q.pageSize);
    if (page === null || size === null) throw new UnknownException('currentPage and pageSize are required');
    const rows = waitingBills(request);
    return sendFastjson(reply, { code: 200, data: { rows: rows.slice((page - 1) * size, (page - 1) * size + size), total: rows.length, message: '成功' } });
  });
  app.get('/depotHead/waitBillCount', async (request, reply) => sendFastjson(reply, { code: 200, data: { total: waitingBills(request).length, message: '成功' } }));

  // Returns linked to a bill: the backend's `sub_type like '退货'` has no wildcards, so the answer is always empty.
  app.get('/depotHead/getBillListByLinkNumber', async (_request, reply) => sendJackson(reply, { code: 200, data: [] }));

  app.get('/depotItem/findStockByDepotAndBarCode', async (request, reply) => {
    const { tenantId } = authOf(request);
    const q = request.query as Record<string, string | undefined>;
    const scope: TenantScope = { state, tenantId };
    const extend = liveRows(scope, 'materialExtend').find((e) => e.barCode === q.barCode);
    if (!extend) return sendJackson(reply, { code: 200, data: { stock: 0 } });
    const material = liveRows(scope, 'material').find((m) => m.id === extend.materialId);
    const depotId = toId(q.depotId);
    const depots = stockByDepot(scope, extend.materialId).filter((d) => depotId === null || d.depotId === depotId);
    const stock = depots.reduce((s, d) => s + d.currentStock, 0);
    return sendJackson(reply, { code: 200, data: { stock: money(stock / unitRatio(unitOf(scope, material?.unitId), extend.commodityUnit)) } });
  });

  app.get('/depotHead/getBuyAndSaleStatistics', async (request, reply) => {
    const { tenantId, user } = authOf(request);
    return sendJackson(reply, { code: 200, data: buyAndSaleStatistics(state, tenantId, user, state.clock.now()) });
  });

  app.get('/depotItem/buyOrSalePrice', async (request, reply) => {
    const { tenantId, user } = authOf(request);
    return sendJackson(reply, { code: 200, data: buyOrSalePrice(state, tenantId, user, state.clock.now()) });
  });
}
