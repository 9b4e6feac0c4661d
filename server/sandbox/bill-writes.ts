// The stock bills (请购单 … 拆卸单) with jshERP-boot's rules: save (header + lines in one transaction, JSON text inside
// the JSON body), the out-of-stock refusal (per depot, per batch), serial numbers, linked-order statuses and 订金,
// member 预付款, price write-back, detail and line grid, approve / un-approve, delete of unapproved bills only, the list
// corrections (快捷编辑, 强制结单, 修正剩余订金), the line pickers (stock, batches, serial numbers), 出入库管理's waiting
// list and the home page's statistics. Stock is never stored: lines written here move it through materials.ts's
// derivation.
import type { FastifyRequest } from 'fastify';
import { authOf } from './auth-filter.js';
import { billFlags, creatorsInScope, linesOf, refreshBillView } from './bills.js';
import { jsonBody } from './body.js';
import { extendsOf, productIndex, recomputeStock, stockByDepot, unitOf, unitRatio } from './materials.js';
import { BusinessException, UnknownException, idList, asDecimal, timeOf } from './wire.js';
import { entityOf, writeLog, writerOf, type EntitySchema, type Writer } from './writes.js';
import type { DepotHeadRow, DepotItemRow, MaterialExtendRow, MaterialRow } from './business-rows.js';
import {
  columnsOf,
  insertRow,
  liveRows,
  tenantRows,
  transaction,
  type NewRow,
  type Row,
  type SandboxState,
  isLive,
} from './store.js';
import { perState } from './per-state.js';

export const HEAD = {
  id: 'long',
  type: 'string',
  subType: 'string',
  defaultNumber: 'string',
  number: 'string',
  createTime: 'date',
  operTime: 'date',
  organId: 'long',
  creator: 'long',
  accountId: 'long',
  changeAmount: 'decimal',
  backAmount: 'decimal',
  totalPrice: 'decimal',
  payType: 'string',
  billType: 'string',
  remark: 'string',
  fileName: 'string',
  salesMan: 'string',
  accountIdList: 'string',
  accountMoneyList: 'string',
  discount: 'decimal',
  discountMoney: 'decimal',
  discountLastMoney: 'decimal',
  otherMoney: 'decimal',
  deposit: 'decimal',
  debt: 'decimal',
  status: 'string',
  source: 'string',
  linkNumber: 'string',
  linkApply: 'string',
} as const satisfies EntitySchema;
export const LINE = {
  barCode: 'string',
  unit: 'string',
  operNumber: 'decimal',
  unitPrice: 'decimal',
  taxUnitPrice: 'decimal',
  allPrice: 'decimal',
  taxRate: 'decimal',
  taxMoney: 'decimal',
  taxLastMoney: 'decimal',
  depotId: 'long',
  anotherDepotId: 'long',
  snList: 'string',
  batchNumber: 'string',
  expirationDate: 'string',
  sku: 'string',
  linkId: 'long',
  preNumber: 'decimal',
  finishNumber: 'decimal',
  mType: 'string',
  remark: 'string',
} as const satisfies EntitySchema;
export const ORDER_KINDS = ['请购单', '采购订单', '销售订单'];
export const ACCOUNT_REQUIRED = ['采购', '采购退货', '销售', '销售退货'];
export const OK = { code: 200, data: { message: '成功' } };
export const ERROR = { code: 500, data: { message: '服务内部错误' } };
export const READ_FAIL = { code: 500, data: '获取数据失败' };

/** A bill's header while it is being saved: the stored row, or the parsed entity merged over it. */
export type BillHead = { [K in keyof DepotHeadRow]?: DepotHeadRow[K] | null } & Row;

/** A line as saveDetials builds it, before the insert gives it its id, bill and tenant. */
export type NewLine = Omit<DepotItemRow, 'id' | 'headerId' | 'tenantId' | 'deleteFlag'>;

export const blank = (v: unknown): boolean => v === null || v === undefined || String(v).trim() === '';
export const fail = (code: number, message: string): never => {
  throw new BusinessException(code, message);
};

/** `{"info":"<JSON text>","rows":"<JSON text>"}`: both values must be strings holding JSON, else 未知异常. */
export function billBody(request: FastifyRequest): { info: BillHead; rows: Record<string, unknown>[] } {
  const body = jsonBody(request);
  if (typeof body.info !== 'string' || typeof body.rows !== 'string')
    throw new UnknownException('info and rows must be JSON text');
  let info: unknown;
  let rows: unknown;
  try {
    info = JSON.parse(body.info);
    rows = JSON.parse(body.rows);
  } catch {
    throw new UnknownException('info or rows is not JSON');
  }
  if (typeof info !== 'object' || info === null || Array.isArray(info))
    throw new UnknownException('info is not an object');
  if (!Array.isArray(rows) || rows.some((r) => typeof r !== 'object' || r === null))
    throw new UnknownException('rows is not an array of objects');
  const raw = info as Record<string, unknown>;
  // The SQL parser appends tenant_id itself: a sent one duplicates the column and the insert fails.
  if (!blank(raw.tenantId) && request.method === 'POST') throw new UnknownException('tenantId sent on add');
  return { info: entityOf(raw, HEAD), rows: rows as Record<string, unknown>[] };
}

/**
 * DepotHeadService.checkExistByRedis, the first check of a bill save: `<loginName>_<number>` set within the last 2 s
 * refuses the save (8500032); otherwise the key is set for 2 s — before any other check, so a save refused for its
 * prices, stock or serial numbers still holds its number.
 */
export function holdBillNumber(w: Writer, number: unknown): void {
  const timing = w.state.timing;
  if (!timing.enabled) return;
  const now = w.state.clock.ms();
  for (const [key, expiresAt] of timing.billKeys) if (expiresAt <= now) timing.billKeys.delete(key);
  const key = `${w.user.login_name}_${number === null || number === undefined ? 'null' : String(number)}`;
  if (timing.billKeys.has(key)) fail(8500032, '抱歉，请不要频繁提交单据');
  timing.billKeys.set(key, now + 2_000);
}

/** The header rules add and update share (number, links, account, multi-account sum, 订金 ceiling, attachments). */
export function checkHead(w: Writer, info: BillHead, selfId: number | null): void {
  const heads = liveRows(w, 'depotHead');
  if (heads.some((h) => h.number === info.number && h.id !== selfId)) fail(8500022, '抱歉，单据编号已经存在');
  if (!blank(info.linkNumber) && !blank(info.linkApply)) fail(8500029, '抱歉，关联请购单号和关联订单号不能同时录入');
  if (ACCOUNT_REQUIRED.includes(String(info.subType)) && blank(info.accountIdList) && blank(info.accountId))
    fail(8500007, '结算账户不能为空');
  for (const k of ['accountIdList', 'accountMoneyList'])
    if (typeof info[k] === 'string') info[k] = (info[k] as string).replace(/[[\]"]/g, '');
  if (!blank(info.accountMoneyList)) {
    if (info.changeAmount === null || info.changeAmount === undefined)
      throw new UnknownException('changeAmount missing with accountMoneyList');
    const sum = String(info.accountMoneyList)
      .split(',')
      .reduce((s, a) => s + (Number(a) || 0), 0);
    if (asDecimal(Math.abs(sum)) !== asDecimal(Math.abs(info.changeAmount as number)))
      fail(8500008, '请修改多账户的结算金额');
  }
  if (info.deposit !== null && info.deposit !== undefined && !blank(info.linkNumber)) {
    const order = heads.find((h) => h.number === info.linkNumber);
    if (order) {
      const others = heads
        .filter((h) => h.linkNumber === info.linkNumber && h.id !== selfId)
        .reduce((s, h) => s + (Number(h.deposit) || 0), 0);
      if (info.deposit + others > Math.abs(Number(order.changeAmount) || 0))
        fail(8500017, '抱歉，累计订金超出原订单中的订金');
    }
  }
  if (!blank(info.fileName) && String(info.fileName).split(',').length > 4) fail(8500025, '抱歉，单据附件不能超过4份');
}

export const serialsOf = (v: unknown): string[] =>
  blank(v)
    ? []
    : String(v)
        .replaceAll('，', ',')
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x !== '');
export const INBOUND_SERIALS = ['采购', '其它', '销售退货', '零售退货'];

/** Registers an inbound bill's serial numbers (10500000 when another bill holds one unsold). */
export function registerSerials(
  w: Writer,
  head: BillHead,
  material: MaterialRow,
  depotId: number | null,
  serials: string[],
  unitPrice: number | null | undefined,
): void {
  const rows = (w.state.tables.serialNumber ??= []);
  const live = liveRows(w, 'serialNumber');
  const depotName = liveRows(w, 'depot').find((d) => d.id === depotId)?.name ?? null;
  for (const serial of serials) {
    const held = live.find((x) => x.materialId === material.id && x.serialNumber === serial && x.isSell === '0');
    if (held && held.inBillNo !== head.number) fail(10500000, `序列号:${serial}已存在`);
    if (held) continue;
    const now = w.state.clock.now();
    rows.push({
      id: w.state.nextId('serialNumber'),
      materialId: material.id,
      depotId,
      serialNumber: serial,
      isSell: '0',
      remark: '',
      deleteFlag: '0',
      createTime: now,
      creator: w.user.id,
      updateTime: now,
      updater: w.user.id,
      inBillNo: head.number,
      outBillNo: null,
      inPrice: unitPrice ?? null,
      tenantId: w.tenantId === 0 ? null : w.tenantId,
      materialName: material.name,
      depotName,
      creatorName: w.user.username,
      updaterName: w.user.username,
    });
  }
}

/** Sells an outbound bill's serial numbers: each needs an unsold one of the product (10500001). */
export function sellSerials(w: Writer, head: BillHead, material: MaterialRow, serials: string[]): void {
  const live = liveRows(w, 'serialNumber').sort((a, b) => a.id - b.id);
  for (const serial of serials) {
    const unsold = live.find((x) => x.materialId === material.id && x.serialNumber === serial && x.isSell === '0');
    if (!unsold) return fail(10500001, `序列号:${serial}不存在或者已经出库`);
    Object.assign(unsold, {
      isSell: '1',
      outBillNo: head.number,
      updateTime: w.state.clock.now(),
      updater: w.user.id,
      updaterName: w.user.username,
    });
  }
}

/** Before a bill's lines are replaced or deleted: its own registered numbers go (refused once sold), its sold ones return. */
export function releaseSerials(
  w: Writer,
  head: BillHead,
  soldCode: number,
  soldMessage: (serial: string) => string,
): void {
  const rows = w.state.tables.serialNumber ?? [];
  const mine = liveRows(w, 'serialNumber');
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
export function batchBalance(
  w: Writer,
  materialId: unknown,
  depotId: unknown,
  batchNumber: unknown,
  exceptNumber: unknown,
): number {
  const force = billFlags(w.state, w.tenantId).forceApproval;
  const heads = new Map(
    liveRows(w, 'depotHead')
      .filter((h) => h.number !== exceptNumber && (!force || h.status === '1'))
      .map((h) => [h.id, h]),
  );
  let total = 0;
  for (const l of w.state.depotItems) {
    const h = !isLive(l) ? undefined : heads.get(l.headerId);
    if (
      !h ||
      l.materialId !== materialId ||
      l.batchNumber !== batchNumber ||
      (depotId !== null && l.depotId !== depotId)
    )
      continue;
    total += (Number(l.basicNumber) || 0) * (h.type === '入库' ? 1 : h.type === '出库' ? -1 : 0);
  }
  return total;
}

/**
 * saveDetials' per-row rules, in the backend's order, producing the lines to insert. Stock is read with the bill's own
 * old lines already removed, and each line against the stock before any line of this bill.
 */
export function buildLines(
  w: Writer,
  head: BillHead,
  rows: Record<string, unknown>[],
  mode: 'add' | 'update',
): NewLine[] {
  if (rows.length === 0) fail(8500006, '单据明细不能为空');
  const sub = String(head.subType);
  const kind = String(head.type);
  if (
    (sub === '组装单' || sub === '拆卸单') &&
    (rows.length < 2 || rows[0]!.mType !== '组合件' || rows[1]!.mType !== '普通子件')
  ) {
    fail(8500020, '抱歉，单据明细中必须要有组合件和普通子件');
  }
  const everySerial = rows.flatMap((r) => serialsOf(r.snList));
  const repeated = [...new Set(everySerial.filter((x, i) => everySerial.indexOf(x) !== i))];
  if (repeated.length > 0) fail(8500033, `抱歉，单据明细中存在重复的序列号:${repeated.join(', ')}`);
  const index = productIndex(w);
  const flags = billFlags(w.state, w.tenantId);
  const barcodes = liveRows(w, 'materialExtend');
  const materials = liveRows(w, 'material');
  return rows.map((raw) => {
    const row = entityOf(raw, LINE);
    const extend = barcodes.find((e) => e.barCode === row.barCode);
    if (!extend) return fail(8000026, `商品条码${String(row.barCode)}不存在，请重新选择`);
    const material = materials.find((m) => m.id === extend.materialId);
    if (!material) return fail(8000026, `商品条码${String(row.barCode)}不存在，请重新选择`);
    const tracked = material.enableSerialNumber === '1' || material.enableBatchNumber === '1';
    if (tracked && (sub === '组装单' || sub === '拆卸单'))
      fail(80000017, `抱歉，组装拆卸单不能选择批号或序列号商品:${String(row.barCode)}`);
    if (tracked && sub === '调拨')
      fail(80000018, `抱歉，调拨单不能选择批号或序列号商品:${String(row.barCode)}，建议走其它入库和出库单`);
    const movement = kind === '入库' || kind === '出库';
    // 出入库管理 exempts these four kinds from needing serial and batch numbers and from selling serials.
    const exempt = flags.inOutManage && ['采购', '采购退货', '销售', '销售退货'].includes(sub);
    const serials = serialsOf(row.snList);
    if (serials.length > 0) {
      if (!blank(row.depotId) && serials.length !== Number(row.operNumber))
        fail(8500021, `抱歉，商品条码:${String(row.barCode)}的数量与序列号不一致`);
      if (
        material.enableSerialNumber === '1' &&
        kind === '入库' &&
        INBOUND_SERIALS.includes(sub) &&
        !blank(row.depotId)
      ) {
        registerSerials(w, head, material, row.depotId ?? null, serials, row.unitPrice);
      }
    } else if (material.enableSerialNumber === '1' && movement && !exempt) {
      fail(8000003, `抱歉，商品条码:${String(row.barCode)}的序列号不能为空`);
    }
    if (material.enableBatchNumber === '1' && movement && !exempt && blank(row.batchNumber))
      fail(8500015, `抱歉，商品条码:${String(row.barCode)}的批号不能为空`);
    let basicNumber: number | null = null;
    if (row.operNumber !== null && row.operNumber !== undefined) {
      if (blank(row.unit)) throw new UnknownException('unit missing on a row with operNumber');
      basicNumber = asDecimal(row.operNumber * unitRatio(unitOf(w, material.unitId), row.unit));
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
        const heads = liveRows(w, 'depotHead');
        const linkedHead = heads.find((h) => h.number === linkStr);
        if (linkedHead) {
          const preLine = linesOf(w.state, linkedHead.id).find((l) => l.id === row.linkId);
          if (!preLine) return fail(9000007, '抱歉，原关联单据已被修改，请重新关联');
          const ratio = unitRatio(unitOf(w, material.unitId), row.unit);
          const others = heads.filter(
            (h) => h.id !== head.id && h.subType === sub && (h.linkNumber === linkStr || h.linkApply === linkStr),
          );
          const done =
            others
              .flatMap((h) => linesOf(w.state, h.id))
              .filter((l) => l.linkId === row.linkId)
              .reduce((n, l) => n + (Number(l.basicNumber) || 0), 0) / ratio;
          if ((Number(row.operNumber) || 0) + done > (Number(preLine.operNumber) || 0)) tooMany();
        }
      }
    }
    if (
      (sub === '零售' || sub === '销售') &&
      !blank(extend.lowDecimal) &&
      row.unitPrice !== null &&
      row.unitPrice !== undefined
    ) {
      if (row.unitPrice < Number(extend.lowDecimal)) fail(8500018, `商品条码${String(row.barCode)}的单价低于最低售价`);
    }
    if (blank(row.depotId) && !ORDER_KINDS.includes(sub)) fail(8500004, '仓库不能为空');
    if (sub === '调拨') {
      if (blank(row.anotherDepotId)) fail(8500005, '调入仓库不能为空');
      if (row.anotherDepotId === row.depotId) fail(8500010, '调入仓库与原仓库不能重复');
    }
    const checkStock = kind === '出库' && !flags.minusStock && !(flags.forceApproval && head.status === '0');
    if (checkStock && material.enableBatchNumber === '1' && !blank(row.batchNumber)) {
      // A batch line is compared in its own unit with what is left of that batch in that depot.
      const left =
        batchBalance(w, material.id, row.depotId, row.batchNumber, null) /
        unitRatio(unitOf(w, material.unitId), row.unit);
      if (left < (Number(row.operNumber) || 0))
        fail(8000004, `商品:${String(material.name)}-${String(row.barCode)}-批号${String(row.batchNumber)}库存不足`);
    } else if (checkStock) {
      const stock = stockByDepot(w, material.id, index).find((d) => d.depotId === row.depotId)?.currentStock ?? 0;
      if (stock < (basicNumber ?? 0)) fail(8000004, `商品:${String(material.name)}-${String(row.barCode)}库存不足`);
    }
    if (kind === '出库' && sub !== '调拨' && material.enableSerialNumber === '1' && !exempt)
      sellSerials(w, head, material, serials);
    return {
      materialId: material.id,
      materialExtendId: extend.id,
      materialUnit: row.unit ?? null,
      sku: row.sku ?? null,
      operNumber: row.operNumber ?? null,
      basicNumber,
      unitPrice: row.unitPrice ?? null,
      taxUnitPrice: row.taxUnitPrice ?? null,
      allPrice: row.allPrice ?? null,
      taxRate: row.taxRate ?? null,
      taxMoney: row.taxMoney ?? null,
      taxLastMoney: row.taxLastMoney ?? null,
      depotId: row.depotId ?? null,
      anotherDepotId: row.anotherDepotId ?? null,
      // DepotItemService.saveDetails sets these only when StringUtil.isExist (not blank): an empty one stays null.
      snList: blank(row.snList) ? null : row.snList,
      batchNumber: blank(row.batchNumber) ? null : row.batchNumber,
      expirationDate: blank(row.expirationDate) ? null : row.expirationDate,
      linkId: row.linkId ?? null,
      mType: blank(row.mType) ? null : row.mType,
      remark: blank(row.remark) ? null : row.remark,
    };
  });
}

/** Lines of a head per barcode (material_extend_id; seeded lines fall back to their product's default barcode). */
export function quantitiesByBarcode(w: Writer, lines: Row[]): Map<unknown, number> {
  const out = new Map<unknown, number>();
  for (const l of lines) {
    const key = l.materialExtendId ?? extendsOf(w, l.materialId)[0]?.id;
    out.set(key, (out.get(key) ?? 0) + (Number(l.operNumber) || 0));
  }
  return out;
}

/** getBillStatusByParam: '1' nothing links it, '3' 部分 while any barcode is short, '2' 完成. */
export function linkedStatus(w: Writer, parent: Row, type: string, field: 'linkNumber' | 'linkApply'): string {
  const children = liveRows(w, 'depotHead').filter((h) => h.type === type && h[field] === parent.number);
  if (children.length === 0) return '1';
  const have = quantitiesByBarcode(
    w,
    children.flatMap((h) => linesOf(w.state, h.id)),
  );
  for (const [key, need] of quantitiesByBarcode(w, linesOf(w.state, parent.id))) {
    if (need !== 0 && (have.get(key) ?? 0) < need) return '3';
  }
  return '2';
}

/** Moves the linked order's status (or a sale order's purchaseStatus) after a save of `head`. */
export function updateLinkedBill(w: Writer, head: Row, linkNumber: unknown, linkApply: unknown): void {
  const heads = liveRows(w, 'depotHead');
  const sub = String(head.subType);
  const type = String(head.type);
  const setStatus = (
    number: unknown,
    field: 'linkNumber' | 'linkApply',
    childType: string,
    column: 'status' | 'purchaseStatus',
  ): void => {
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
  const closes =
    (type === '入库' && (sub === '采购' || sub === '其它')) || (type === '出库' && (sub === '销售' || sub === '其它'));
  if (closes && !blank(linkNumber)) setStatus(linkNumber, 'linkNumber', type, 'status');
}

/** lastDeposit of the linked order: |订金| − Σ deposit of the 采购/销售 bills linking it. */
export function updateLastDeposit(w: Writer, linkNumber: unknown): void {
  if (blank(linkNumber)) return;
  const heads = liveRows(w, 'depotHead');
  const order = heads.find((h) => h.number === linkNumber);
  if (!order) return;
  const used = heads
    .filter((h) => h.linkNumber === linkNumber && (h.subType === '采购' || h.subType === '销售'))
    .reduce((s, h) => s + (Number(h.deposit) || 0), 0);
  order.lastDeposit = asDecimal(Math.abs(Number(order.changeAmount) || 0) - used);
}

/** The barcode price a saved line's unit price overwrites, by bill kind. */
export function writtenBackPrice(head: BillHead): 'purchaseDecimal' | 'wholesaleDecimal' | 'commodityDecimal' | null {
  if (head.subType === '采购' || (head.subType === '其它' && head.billType === '生产入库')) return 'purchaseDecimal';
  if (head.subType === '销售') return 'wholesaleDecimal';
  if (head.subType === '零售') return 'commodityDecimal';
  return null;
}

/** What a 零售出库 paid from a member's 预付款 takes from that member's balance. */
export const prepaidTaken = (head: Row): number =>
  head.subType === '零售' && head.payType === '预付款' && !blank(head.organId) ? Number(head.totalPrice) || 0 : 0;

/**
 * 会员预付款: the member's current balance must cover the bill (8500016); the balance is the 收预付款 received less the
 * prepaid retail bills, so it moves by the difference between what the bill took before and what it takes now.
 */
export function chargeMember(w: Writer, before: Row | null, after: Row): void {
  const members = liveRows(w, 'supplier');
  const member = members.find((m) => m.id === after.organId);
  if (after.payType === '预付款' && member && (Number(member.advanceIn) || 0) < (Number(after.totalPrice) || 0))
    fail(8500016, '抱歉，会员预付款余额不足');
  const previous = before ? members.find((m) => m.id === before.organId) : undefined;
  if (before && previous) previous.advanceIn = asDecimal((Number(previous.advanceIn) || 0) + prepaidTaken(before));
  if (member) member.advanceIn = asDecimal((Number(member.advanceIn) || 0) - prepaidTaken(after));
}

/** DepotItemService.updateCurrentStock for each line: its depot and, for a transfer, the other one. */
function recomputeLines(w: Writer, lines: readonly DepotItemRow[]): void {
  recomputeStock(
    w,
    lines.flatMap((l) => [
      { materialId: l.materialId, depotId: l.depotId },
      { materialId: l.materialId, depotId: l.anotherDepotId },
    ]),
  );
}

export function insertLines(w: Writer, head: DepotHeadRow, lines: NewLine[]): void {
  const priceField = billFlags(w.state, w.tenantId).updateUnitPrice ? writtenBackPrice(head) : null;
  const barcodes = liveRows(w, 'materialExtend');
  const written: DepotItemRow[] = [];
  for (const l of lines) {
    const row: DepotItemRow = {
      ...l,
      id: w.state.nextId('depotItems'),
      headerId: head.id,
      tenantId: head.tenantId,
      deleteFlag: '0',
    };
    w.state.depotItems.push(row);
    written.push(row);
    if (priceField && l.unitPrice !== null && l.unitPrice !== undefined) {
      const extend = barcodes.find((e) => e.id === l.materialExtendId);
      if (extend) extend[priceField] = l.unitPrice;
    }
  }
  recomputeLines(w, written);
  refreshBillView(w.state, head);
}

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeBillWriteKit(state: SandboxState) {
  const addBill = (w: Writer, info: BillHead, rows: Record<string, unknown>[]): void => {
    const now = state.clock.now();
    const values: Row = {};
    for (const [k, v] of Object.entries(info)) if (v !== null && v !== undefined && k !== 'id') values[k] = v;
    Object.assign(values, {
      creator: w.user.id,
      createTime: now,
      status: blank(info.status) ? '0' : info.status,
      lastDeposit: 0,
      purchaseStatus: '0',
      payType: info.payType ?? '现付',
      source: info.source ?? '0',
    });
    chargeMember(w, null, values);
    const lines = buildLines(w, values, rows, 'add');
    const head = insertRow(w, 'depotHead', values as NewRow<'depotHead'>);
    insertLines(w, head, lines);
    if (head.debt !== undefined && head.debt !== null) head.lastDebt = head.debt;
    updateLinkedBill(w, head, head.linkNumber, head.linkApply);
    updateLastDeposit(w, head.linkNumber);
    writeLog(w, '单据', `新增${String(head.number)}${head.status === '1' ? '[审核]' : ''}`);
  };

  const updateBill = (w: Writer, head: DepotHeadRow, info: BillHead, rows: Record<string, unknown>[]): void => {
    const previous = { linkNumber: head.linkNumber, linkApply: head.linkApply };
    const merged: Row = { ...head };
    for (const [k, v] of Object.entries(info)) if (v !== null && v !== undefined && k !== 'id') merged[k] = v;
    releaseSerials(w, head, 8500035, (serial) => `抱歉，序列号:${serial}已被出库，不允许修改该单据`);
    // Old lines go first (hard delete): the stock check sees the stock without them.
    const old = linesOf(state, head.id);
    for (const l of old) state.depotItems.splice(state.depotItems.indexOf(l), 1);
    recomputeLines(w, old);
    chargeMember(w, head, merged);
    const lines = buildLines(w, merged, rows, 'update');
    Object.assign(head, merged);
    if (!blank(info.accountIdList)) head.accountId = null;
    insertLines(w, head, lines);
    if (info.debt !== null && info.debt !== undefined) head.lastDebt = info.debt;
    updateLinkedBill(w, head, head.linkNumber, head.linkApply);
    if (previous.linkNumber !== head.linkNumber || previous.linkApply !== head.linkApply)
      updateLinkedBill(w, head, previous.linkNumber, previous.linkApply);
    updateLastDeposit(w, head.linkNumber);
    writeLog(w, '单据', `修改${String(head.number)}${head.status === '1' ? '[审核]' : ''}`);
  };

  /** Deletes unapproved bills (any other status refuses the whole batch), reopening the orders they linked. */
  const deleteBills = (request: FastifyRequest, ids: number[]): number => {
    const w = writerOf(state, request);
    const hit = tenantRows(w, 'depotHead').filter((h) => ids.includes(h.id as number));
    if (hit.some((h) => h.status !== '0')) fail(8500011, '抱歉，只有未审核的单据才能删除，请先进行反审核');
    for (const h of hit) releaseSerials(w, h, 8500024, () => `抱歉，单据${String(h.number)}的序列号已经出库，不能删除`);
    for (const h of hit) if (isLive(h)) chargeMember(w, h, { ...h, payType: null });
    for (const h of hit) {
      const lines = linesOf(state, h.id);
      for (const l of lines) l.deleteFlag = '1';
      h.deleteFlag = '1';
      recomputeLines(w, lines);
    }
    const heads = liveRows(w, 'depotHead');
    for (const h of hit) {
      const reopen = (
        number: unknown,
        field: 'linkNumber' | 'linkApply',
        column: 'status' | 'purchaseStatus',
        siblings: (x: Row) => boolean,
      ): void => {
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
      } else if (!blank(h.linkNumber) && ['采购', '销售', '其它', '盘点复盘'].includes(sub)) {
        reopen(h.linkNumber, 'linkNumber', 'status', (x) => x.type === h.type);
      }
    }
    if (hit.length > 0) writeLog(w, '单据', `删除${hit.map((h) => `[${String(h.number)}]`).join('')}`);
    return 1;
  };
  /** 强制结单: every bill must be 部分 (status or purchaseStatus 3); it becomes 完成 and its remark the marker. */
  const forceClose = (
    request: FastifyRequest,
    column: 'status' | 'purchaseStatus',
    marker: string,
    logName: string,
  ): Row => {
    const w = writerOf(state, request);
    const ids = idList(jsonBody(request).ids) ?? [];
    const hit = liveRows(w, 'depotHead').filter((h) => ids.includes(h.id as number));
    for (const h of hit) if (h[column] !== '3') fail(8500031, `抱歉，单据:${String(h.number)}在该状态不能强制结单`);
    for (const h of hit) {
      h[column] = '2';
      h.remark = marker;
      refreshBillView(state, h);
    }
    if (hit.length > 0) writeLog(w, '单据', `${logName}：${hit.map((h) => `${String(h.number)} `).join('')}`);
    return hit.length > 0 ? OK : ERROR;
  };
  /**
   * The bills of a 修正 call's `ids` text, as StringUtil.strToLongList and selectByPrimaryKey read it: String.split
   * drops trailing empty items (text without a comma stays one item, so "" is no number either), every other item
   * must be a number naming a bill of the tenant (deleted ones included); otherwise the call fails (未知异常) before
   * anything is written, the service being one transaction.
   */
  const billsOfIdText = (w: Writer, ids: unknown): DepotHeadRow[] => {
    if (ids === null || ids === undefined) throw new UnknownException('ids is required');
    const text = String(ids);
    const parts = text.split(',');
    if (text.includes(',')) while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
    return parts.map((part) => {
      if (!/^-?\d+$/.test(part)) throw new UnknownException('ids is not a list of numbers');
      const head = (state.tables.depotHead ?? []).find(
        (h) => h.id === Number(part) && (w.tenantId === 0 || h.tenantId === w.tenantId),
      );
      if (!head) throw new UnknownException('no such bill');
      return head;
    });
  };

  /** The number of the bill a line belongs to (the bill being edited, whose own batches and serials stay pickable). */
  const numberOfLine = (tenantId: number, lineId: number | null): string => {
    const l = lineId === null ? undefined : state.depotItems.find((x) => x.id === lineId);
    return String(liveRows({ state, tenantId }, 'depotHead').find((h) => h.id === l?.headerId)?.number ?? '');
  };

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
    const list = (k: string): string[] | null =>
      value(k)
        ?.split(',')
        .map((x) => x.trim()) ?? null;
    const [type, subTypes, statuses, number, material] = [
      value('type'),
      list('subType'),
      list('status'),
      value('number'),
      value('materialParam'),
    ];
    const from = value('beginTime')
      ? new Date(`${value('beginTime')!.slice(0, 10)}T00:00:00+08:00`).getTime()
      : -Infinity;
    const to = value('endTime') ? new Date(`${value('endTime')!.slice(0, 10)}T23:59:59+08:00`).getTime() : Infinity;
    const creators = creatorsInScope(state, user);
    return liveRows({ state, tenantId }, 'depotHead')
      .filter(
        (h) =>
          (type === null || h.type === type) &&
          (subTypes === null || subTypes.includes(String(h.subType))) &&
          (statuses === null || statuses.includes(String(h.status))),
      )
      .filter(
        (h) =>
          (number === null || String(h.number).includes(number)) &&
          (material === null || String(h.materialsList ?? '').includes(material)),
      )
      .filter(
        (h) =>
          (from === -Infinity || timeOf(h.operTime) >= from) &&
          (to === Infinity || timeOf(h.operTime) <= to) &&
          (creators === null || creators.includes(h.creator as number)),
      )
      .filter((h) => linesOf(state, h.id).length > 0)
      .sort((a, b) => b.id - a.id);
  };
  /**
   * DepotHeadService.batchAddDepotHeadAndDetail (出入库管理's 批量入库/出库): each listed bill becomes a 其它入库 or
   * 其它出库 linking it, numbered QTRK/QTCK from the global sequence, at price 0, with its lines (which close the
   * linked bill as a save does); refused for a bill not 已审核 (8500030), 部分 (8500028) or holding serial or batch
   * goods (9000005, 9000006). One transaction, logged as 批量新增[numbers].
   */
  const batchAddBills = (w: Writer, idNumbers: number[]): void => {
    // selectByExample(id in …): deleted bills too.
    const sources = state.tables.depotHead
      .filter((h) => idNumbers.includes(h.id) && (w.tenantId === 0 || h.tenantId === w.tenantId))
      .sort((a, b) => a.id - b.id);
    const numbers: string[] = [];
    transaction(state, () => {
      const extendById = new Map<unknown, MaterialExtendRow>(liveRows(w, 'materialExtend').map((e) => [e.id, e]));
      const materialById = new Map(liveRows(w, 'material').map((m) => [m.id, m]));
      for (const source of sources) {
        const old = String(source.number);
        if (['0', '2', '9'].includes(String(source.status))) fail(8500030, `抱歉，单据:${old}最新状态不能进行批量操作`);
        if (source.status === '3')
          fail(8500028, `抱歉，单据:${old}是部分${String(source.type)}状态，需要到新增界面关联单据`);
        const rows = linesOf(state, source.id).map((l) => {
          const material = materialById.get(l.materialId);
          if (material?.enableSerialNumber === '1')
            fail(9000005, `抱歉，单据:${old}里面存在序列号，需要到新增界面关联单据`);
          if (material?.enableBatchNumber === '1')
            fail(9000006, `抱歉，单据:${old}里面存在批号，需要到新增界面关联单据`);
          return {
            barCode: extendById.get(l.materialExtendId)?.barCode ?? null,
            unit: l.materialUnit,
            sku: l.sku ?? null,
            operNumber: l.operNumber,
            unitPrice: 0,
            taxUnitPrice: l.taxUnitPrice ?? null,
            allPrice: 0,
            taxRate: l.taxRate ?? null,
            taxMoney: l.taxMoney ?? null,
            taxLastMoney: l.taxLastMoney ?? null,
            depotId: l.depotId ?? null,
            anotherDepotId: l.anotherDepotId ?? null,
            batchNumber: l.batchNumber ?? null,
            expirationDate: l.expirationDate ?? null,
            linkId: l.id,
            mType: l.mType ?? null,
            remark: l.remark ?? null,
          };
        });
        const sequence = (state.tables.sequence ??= [{ seqName: 'depot_number_seq', currentVal: 0 }])[0]!;
        sequence.currentVal = Number(sequence.currentVal) + 1;
        const number = `${source.type === '入库' ? 'QTRK' : 'QTCK'}${String(sequence.currentVal).padStart(11, '0')}`;
        const values: Row = {};
        for (const k of Object.keys(HEAD))
          if (k !== 'id' && columnsOf(source)[k] !== null && columnsOf(source)[k] !== undefined)
            values[k] = columnsOf(source)[k];
        Object.assign(values, {
          number,
          defaultNumber: number,
          linkNumber: old,
          operTime: state.clock.now(),
          createTime: state.clock.now(),
          subType: '其它',
          changeAmount: 0,
          totalPrice: 0,
          discountLastMoney: 0,
          creator: w.user.id,
          status: '0',
          lastDeposit: source.lastDeposit ?? 0,
          purchaseStatus: source.purchaseStatus ?? '0',
        });
        for (const k of ['organId', 'accountId', 'accountIdList', 'accountMoneyList', 'fileName', 'salesMan', 'debt'])
          delete values[k];
        const lines = buildLines(w, values, rows, 'add');
        const head = insertRow(w, 'depotHead', values as NewRow<'depotHead'>);
        insertLines(w, head, lines);
        updateLinkedBill(w, head, head.linkNumber, head.linkApply);
        numbers.push(number);
      }
      writeLog(w, '单据', `批量新增${numbers.map((n) => `[${n}]`).join('')}`);
    });
  };

  /**
   * 审核 / 反审核 (batchSetStatus, status '1' / '0'): refused for a bill in the wrong status (8500012, 8500013) or one
   * a purchase completed or partly took (8500026, 8500027); false when no id names a bill (服务内部错误).
   */
  const setBillStatus = (w: Writer, ids: number[], status: '0' | '1'): boolean => {
    const heads = tenantRows(w, 'depotHead');
    const hit = ids.map((id) => heads.find((h) => h.id === id)).filter((h): h is DepotHeadRow => h !== undefined);
    for (const h of hit) {
      if (status === '1' && h.status !== '0') fail(8500012, '抱歉，只有未审核的单据才能审核');
      if (status === '0') {
        if (h.purchaseStatus === '2') fail(8500026, '抱歉，完成采购的单据不能进行反审核');
        if (h.purchaseStatus === '3') fail(8500027, '抱歉，部分采购的单据不能进行反审核');
        if (h.status !== '1') fail(8500013, '抱歉，只有已审核的单据才能反审核');
      }
    }
    if (hit.length === 0) return false;
    // With 强审核 and no negative stock, approving a 销售 / 采购退货 / 其它出库 re-checks each line against the stock.
    const flags = billFlags(state, w.tenantId);
    if (status === '1' && flags.forceApproval && !flags.minusStock) {
      const index = productIndex(w);
      for (const h of hit.filter(
        (x) => x.subType === '销售' || x.subType === '采购退货' || (x.type === '出库' && x.subType === '其它'),
      )) {
        for (const l of linesOf(state, h.id)) {
          const available =
            stockByDepot(w, l.materialId, index).find((d) => d.depotId === l.depotId)?.currentStock ?? 0;
          if (available < (Number(l.basicNumber) || 0)) {
            const m = liveRows(w, 'material').find((x) => x.id === l.materialId);
            const e =
              liveRows(w, 'materialExtend').find((x) => x.id === l.materialExtendId) ?? extendsOf(w, l.materialId)[0];
            fail(80000029, `单据:${String(h.number)}中商品:${String(m?.name)}-${String(e?.barCode)}库存不足`);
          }
        }
      }
    }
    for (const h of hit) {
      h.status = status;
      refreshBillView(state, h);
      // Only under 强审核 does the status move stock, and only then does the backend recompute it.
      if (flags.forceApproval) recomputeLines(w, linesOf(state, h.id));
    }
    writeLog(w, '单据', `${status === '1' ? '[审核]' : '[反审核]'}${hit.map((h) => String(h.number)).join(', ')}`);
    return true;
  };
  return {
    addBill,
    updateBill,
    deleteBills,
    forceClose,
    billsOfIdText,
    numberOfLine,
    waitingBills,
    batchAddBills,
    setBillStatus,
  };
}

export const billWriteKit = perState(makeBillWriteKit);
