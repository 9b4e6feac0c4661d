// One product's stock across depots, as the 商品库存 report's dialogs show it. 商品库存流水:
// DepotItemController.findDetailByDepotIdsAndMaterialId, the bills that moved it in the given depots (empty: the
// caller's depots), newest first (the original client loads it once, with no product, when the report opens:
// 未知异常, as the backend answers it). 库存分布: MaterialController.getMaterialDepotStock, its stock per depot, and
// DepotItemController.getMaterialDepotStockByParam, its stock per depot at the end of a period (进销存统计).
import { billFlags } from './bills.js';
import { depotsOfUser } from './lookups.js';
import { liveRows, type Row, type SandboxState, type UserRow } from './store.js';
import type { DepotHeadRow, DepotItemRow, StoredRow, TenantTableName } from './business-rows.js';
import { BusinessException, formatDateTime, money, timeOf } from './wire.js';

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
export function stockFlowPage(state: SandboxState, tenantId: number, user: UserRow, query: StockFlowQuery): { rows: Row[]; total: number } {
  const { materialId, currentPage, pageSize, stockPriceFlag, depotIds, sku, batchNumber, number, from, to } = query;
  const depots = depotIds ?? depotsOfUser(state, tenantId, user).map((d) => d.id);
  const config = state.systemConfigs.find((c) => c.delete_flag !== '1' && (tenantId === 0 || c.tenant_id === tenantId));
  const force = billFlags(state, tenantId).forceApproval;
  // With 出入库管理 on, 采购/销售 bills move no stock themselves — except for the cost figures (stockPriceFlag).
  const inOutManage = config?.in_out_manage_flag === '1' && stockPriceFlag !== 'true';
  const live = (table: TenantTableName, id: unknown): Row | undefined =>
    (state.tables[table] as StoredRow[]).find((r) => r.id === id && r.deleteFlag !== '1');
  const heads = new Map(
    liveRows({ state, tenantId }, 'depotHead').map((h) => [h.id, h]),
  );
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
    if (line.deleteFlag === '1' || !head || !common(head, line)) continue;
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
      type === '出库' && sub === '调拨' &&
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
      allPrice: unitPrice === null ? 0 : money(quantity * unitPrice),
      operTime: head.operTime instanceof Date ? formatDateTime(head.operTime) : null,
    };
  });
  return { rows: page, total: all.length };
}
