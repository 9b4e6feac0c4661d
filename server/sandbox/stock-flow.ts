// One product's stock across depots, as the 商品库存 report's dialogs show it. 商品库存流水:
// DepotItemController.findDetailByDepotIdsAndMaterialId, the bills that moved it in the given depots (empty: the
// caller's depots), newest first (the original client loads it once, with no product, when the report opens:
// 未知异常, as the backend answers it). 库存分布: MaterialController.getMaterialDepotStock, its stock per depot, and
// DepotItemController.getMaterialDepotStockByParam, its stock per depot at the end of a period (进销存统计).
import { billFlags } from './bills.js';
import { depotsOfUser } from './lookups.js';
import { liveRows, type Row, type SandboxState, type UserRow, isLive } from './store.js';
import type { DepotHeadRow, DepotItemRow, StoredRow, TenantTableName } from './business-rows.js';
import { BusinessException, formatDateTime, asDecimal, timeOf } from './wire.js';

/** One row of the union: the line's own depot, or for a transfer's second row the depot it went into. */
export interface FlowRow {
  head: DepotHeadRow;
  line: DepotItemRow;
  quantity: number;
  depotName: string | null;
}

/** 商品库存流水's query, parsed: the product, the page, the filters (times as China-time ms bounds, NaN matching nothing). */
export interface StockFlowQuery {
  materialId: number;
  currentPage: number;
  pageSize: number;
  stockPriceFlag: string;
  depotIds: number[] | null;
  sku: string | null;
  batchNumber: string | null;
  number: string | null;
  from: number | null;
  to: number | null;
}

/** One page of the bills that moved a product in the given depots (none: the caller's), newest first, and their count. */
export function stockFlowPage(
  state: SandboxState,
  tenantId: number,
  user: UserRow,
  query: StockFlowQuery,
): { rows: Row[]; total: number } {
  const { materialId, currentPage, pageSize, stockPriceFlag, depotIds, sku, batchNumber, number, from, to } = query;
  const depots = depotIds ?? depotsOfUser(state, tenantId, user).map((d) => d.id);
  const config = state.systemConfigs.find((c) => isLive(c) && (tenantId === 0 || c.tenant_id === tenantId));
  const force = billFlags(state, tenantId).forceApproval;
  // With 出入库管理 on, 采购/销售 bills move no stock themselves — except for the cost figures (stockPriceFlag).
  const inOutManage = config?.in_out_manage_flag === '1' && stockPriceFlag !== 'true';
  const live = (table: TenantTableName, id: unknown): Row | undefined =>
    (state.tables[table] as StoredRow[]).find((r) => r.id === id && isLive(r));
  const heads = new Map(liveRows({ state, tenantId }, 'depotHead').map((h) => [h.id, h]));
  const common = (head: DepotHeadRow, line: DepotItemRow): boolean =>
    line.materialId === materialId &&
    (sku === null || line.sku === sku) &&
    (batchNumber === null || line.batchNumber === batchNumber) &&
    (number === null || String(head.number).includes(number)) &&
    (from === null || timeOf(head.operTime) >= from) &&
    (to === null || timeOf(head.operTime) <= to);

  const rows: FlowRow[] = [];
  const transfers: FlowRow[] = [];
  for (const line of state.depotItems) {
    const head = heads.get(line.headerId);
    if (!isLive(line) || !head || !common(head, line)) continue;
    const basic = Number(line.basicNumber ?? 0) || 0;
    const type = head.type;
    const sub = head.subType;
    const moving = type !== '其它' || sub === '组装单' || sub === '拆卸单' || sub === '盘点复盘';
    if (
      moving &&
      !(inOutManage && ['采购', '采购退货', '销售', '销售退货'].includes(sub)) &&
      (depots.length === 0 || depots.includes(line.depotId as number)) &&
      (!force || ['1', '2', '3'].includes(head.status as string))
    ) {
      let quantity = 0;
      if (type === '入库') quantity = basic;
      else if (type === '出库') quantity = -basic;
      else if (sub === '组装单') quantity = line.mType === '组合件' ? basic : line.mType === '普通子件' ? -basic : 0;
      else if (sub === '拆卸单') quantity = line.mType === '普通子件' ? basic : line.mType === '组合件' ? -basic : 0;
      else if (sub === '盘点复盘') quantity = basic;
      rows.push({ head, line, quantity, depotName: (live('depot', line.depotId)?.name as string | undefined) ?? null });
    }
    if (
      type === '出库' &&
      sub === '调拨' &&
      (depots.length === 0 || depots.includes(line.anotherDepotId as number)) &&
      (!force || head.status === '1')
    ) {
      const into = live('depot', line.anotherDepotId);
      transfers.push({ head, line, quantity: basic, depotName: into ? `${into.name}[调入]` : null });
    }
  }
  const all = [...rows, ...transfers].sort((a, b) => timeOf(b.head.operTime) - timeOf(a.head.operTime));

  const offset = (currentPage - 1) * pageSize;
  // LIMIT with a negative offset or count is an SQL error, which the service reports as a read failure.
  if (offset < 0 || pageSize < 0) throw new BusinessException(300, '数据查询异常');
  const page = all.slice(offset, offset + pageSize).map(({ head, line, quantity, depotName }) => {
    const unitPrice = line.unitPrice === null || line.unitPrice === undefined ? null : Number(line.unitPrice);
    return {
      number: head.number,
      barCode: live('materialExtend', line.materialExtendId)?.barCode ?? null,
      materialName: live('material', line.materialId)?.name ?? null,
      type: head.type === '其它' ? head.subType : `${head.subType}${head.type}`,
      depotName,
      basicNumber: quantity,
      unitPrice,
      allPrice: unitPrice === null ? 0 : asDecimal(quantity * unitPrice),
      operTime: head.operTime instanceof Date ? formatDateTime(head.operTime) : null,
    };
  });
  return { rows: page, total: all.length };
}

/** getMaterialDepotStockByParam's query, parsed: the product, the depots (null: the caller's), the period's bounds, the price. */
export interface PeriodStockQuery {
  materialId: number;
  depotIds: number[] | null;
  begin: number | null;
  end: number | null;
  unitPrice: number | null;
}

/**
 * Per depot (given, or the caller's): opening stock + moves up to beginTime (inclusive) + moves within the period,
 * so a bill at exactly beginTime counts twice, as in the backend. Moves as DepotItemMapperEx.getStockByParam…:
 * 入库 in, 出库 out (调拨 apart), 调拨 out of its depot and into the other, 组装单/拆卸单 by 组合件/普通子件; with 强审核
 * approved bills only; with 出入库管理 no 采购/销售 bills except transfers. Depots the caller has no right to lose
 * their name (fastjson then omits it, as every null of these rows).
 */
export function depotStockAtPeriodEnd(
  state: SandboxState,
  tenantId: number,
  user: UserRow,
  query: PeriodStockQuery,
): Row[] {
  const { materialId, depotIds, begin, end, unitPrice } = query;
  const userDepots = depotsOfUser(state, tenantId, user);
  const depotNames = new Map(userDepots.map((d) => [d.id, d.name]));
  const depots = depotIds ?? userDepots.map((d) => d.id);
  const flags = billFlags(state, tenantId);
  const config = state.systemConfigs.find((c) => isLive(c) && (tenantId === 0 || c.tenant_id === tenantId));
  const inOutManage = config?.in_out_manage_flag === '1';
  const heads = new Map(
    liveRows({ state, tenantId }, 'depotHead')
      .filter((h) => !flags.forceApproval || h.status === '1')
      .map((h) => [h.id, h]),
  );
  const lines = state.depotItems.filter((l) => isLive(l) && l.materialId === materialId && heads.has(l.headerId));
  /** What the lines inside [from, to] moved in and out of one depot. */
  const moved = (depotId: number, from: number | null, to: number | null): { in: number; out: number } => {
    const sums = { in: 0, out: 0 };
    for (const l of lines) {
      const head = heads.get(l.headerId)!;
      const t = timeOf(head.operTime);
      if ((from !== null && !(t >= from)) || (to !== null && !(t <= to))) continue;
      const n = Number(l.basicNumber ?? 0) || 0;
      const sub = head.subType;
      const managed = inOutManage && ['采购', '采购退货', '销售', '销售退货'].includes(sub);
      const here = l.depotId === depotId;
      if (head.type === '入库' && !managed && here) sums.in += n;
      if (head.type === '出库' && sub !== '调拨' && !managed && here) sums.out += n;
      if (sub === '调拨' && l.anotherDepotId === depotId) sums.in += n;
      if (sub === '调拨' && here) sums.out += n;
      if (sub === '组装单' && here) {
        if (l.mType === '组合件') sums.in += n;
        if (l.mType === '普通子件') sums.out += n;
      }
      if (sub === '拆卸单' && here) {
        if (l.mType === '普通子件') sums.in += n;
        if (l.mType === '组合件') sums.out += n;
      }
    }
    return sums;
  };
  const initial = (depotId: number): number =>
    liveRows({ state, tenantId }, 'materialInitialStock')
      .filter((r) => r.materialId === materialId && r.depotId === depotId)
      .reduce((sum, r) => sum + (Number(r.number ?? 0) || 0), 0);
  const rows = depots.flatMap((depotId) => {
    const before = moved(depotId, null, begin);
    const within = moved(depotId, begin, end);
    const currentNumber = asDecimal(initial(depotId) + before.in - before.out + within.in - within.out);
    if (currentNumber === 0) return [];
    return [
      {
        depotId,
        depotName: depotNames.get(depotId) ?? null,
        currentNumber,
        unitPrice,
        allPrice: unitPrice === null ? null : asDecimal(currentNumber * unitPrice),
      },
    ];
  });
  return rows;
}
