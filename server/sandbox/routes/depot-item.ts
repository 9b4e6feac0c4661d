// DepotItemController (/depotItem/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { billPriceHidden, buyOrSalePrice, linesOf } from '../bills.js';
import { extendsOf, productIndex, stockByDepot, stockInUnit, unitOf } from '../materials.js';
import { UnknownException, longList, asDecimal, sendFastjson, sendJackson, toId, chinaTime } from '../wire.js';
import { writerOf } from '../writes.js';
import type { MaterialExtendRow, MaterialRow } from '../business-rows.js';
import { liveRows, type Row, type SandboxState, type TenantScope, isLive } from '../store.js';
import { READ_FAIL, batchBalance, billWriteKit, blank } from '../bill-writes.js';
import { depotStockAtPeriodEnd, stockFlowPage } from '../stock-flow.js';
import { inOutStockCountMoneyHandler, listHandler } from '../list-routes.js';

export async function depotItemRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/depotItem/getInOutStock', listHandler(state, '/depotItem/getInOutStock'));
  app.get('/depotItem/buyIn', listHandler(state, '/depotItem/buyIn'));
  app.get('/depotItem/saleOut', listHandler(state, '/depotItem/saleOut'));
  app.get('/depotItem/retailOut', listHandler(state, '/depotItem/retailOut'));
  app.get('/depotItem/findStockWarningCount', listHandler(state, '/depotItem/findStockWarningCount'));
  app.get('/depotItem/getInOutStockCountMoney', inOutStockCountMoneyHandler(state));
  depotItemLineRoutes(app, state);
  depotItemLookupRoutes(app, state);
  depotItemStockFlowRoutes(app, state);
  depotItemPeriodStockRoutes(app, state);
}

function depotItemLineRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get('/depotItem/getDetailList', async (request, reply) => {
    const { tenantId } = authOf(request);
    const q = request.query as Record<string, string | undefined>;
    const headerId = toId(q.headerId);
    const head =
      headerId === null ? undefined : liveRows({ state, tenantId }, 'depotHead').find((h) => h.id === headerId);
    if (!head) return sendJackson(reply, READ_FAIL);
    const scope: TenantScope = { state, tenantId };
    const index = productIndex(scope);
    const withPrices = q.linkType === 'basic' || q.isReadOnly === '1';
    const hidden = billPriceHidden(state, authOf(request).user, head.subType);
    const successors: Record<string, string[]> =
      q.linkType === 'other'
        ? { 采购: ['其它'], 采购退货: ['其它'], 销售: ['其它'], 销售退货: ['其它'] }
        : { 采购订单: ['采购'], 销售订单: ['销售'], 采购: ['采购退货'], 销售: ['销售退货'] };
    const children = liveRows({ state, tenantId }, 'depotHead').filter((h) =>
      head.subType === '请购单'
        ? h.linkApply === head.number
        : h.linkNumber === head.number && (successors[String(head.subType)] ?? []).includes(String(h.subType)),
    );
    const childLines = children.flatMap((h) => linesOf(state, h.id));
    // 以销定购: the 采购订单 lines taken from a 销售订单 in purchase status 部分.
    const purchaseLines =
      head.purchaseStatus === '3'
        ? liveRows({ state, tenantId }, 'depotHead')
            .filter((h) => h.subType === '采购订单' && h.linkNumber === head.number)
            .flatMap((h) => linesOf(state, h.id))
        : [];
    const depots = liveRows(scope, 'depot');
    const materials = liveRows(scope, 'material');
    const barcodes = liveRows(scope, 'materialExtend');
    const rows = linesOf(state, head.id)
      .sort((a, b) => a.id - b.id)
      .map((l) => {
        const m: Partial<MaterialRow> = materials.find((x) => x.id === l.materialId) ?? {};
        const e: Partial<MaterialExtendRow> =
          barcodes.find((x) => x.id === l.materialExtendId) ?? extendsOf(scope, l.materialId)[0] ?? {};
        // Stock and the finished quantities are in basic units, whatever the line's unit: the controller converts
        // them with the unit of diEx.getUnitId(), which getDetailList's SQL never selects (so none). A line without
        // a depot (an order's) shows the product's stock over every depot, as the backend sums its current-stock
        // rows with no depot filter.
        const depotStocks = stockByDepot(scope, l.materialId, index);
        const stock = blank(l.depotId)
          ? depotStocks.reduce((s, d) => s + d.currentStock, 0)
          : (depotStocks.find((d) => d.depotId === l.depotId)?.currentStock ?? 0);
        const doneBy = (lines: Row[]): number =>
          asDecimal(lines.filter((c) => c.linkId === l.id).reduce((s, c) => s + (Number(c.basicNumber) || 0), 0));
        const finished = head.status === '3' ? doneBy(childLines) : 0;
        const row: Row = {
          id: l.id,
          materialExtendId: e.id ?? '',
          barCode: e.barCode ?? null,
          name: m.name ?? null,
          standard: m.standard ?? null,
          model: m.model ?? null,
          color: m.color ?? null,
          brand: m.brand ?? null,
          mfrs: m.mfrs ?? null,
          otherField1: m.otherField1 ?? null,
          otherField2: m.otherField2 ?? null,
          otherField3: m.otherField3 ?? null,
          stock: asDecimal(stock),
          unit: l.materialUnit ?? null,
          snList: l.snList ?? null,
          batchNumber: l.batchNumber ?? null,
          expirationDate: l.expirationDate ?? '',
          sku: l.sku ?? null,
          enableSerialNumber: m.enableSerialNumber ?? null,
          enableBatchNumber: m.enableBatchNumber ?? null,
          operNumber: l.operNumber ?? null,
          basicNumber: l.basicNumber ?? null,
          preNumber: l.operNumber ?? null,
          finishPurchaseNumber: doneBy(purchaseLines),
          finishNumber: finished,
          purchaseDecimal: e.purchaseDecimal ?? null,
          weight: asDecimal((Number(l.basicNumber) || 0) * (Number(m.weight) || 0)),
          position: m.position ?? null,
          remark: l.remark ?? null,
          imgName: m.imgName ?? null,
          imgSmall: '',
          imgLarge: '',
          linkId: l.linkId ?? null,
          depotId: l.depotId ?? '',
          depotName: blank(l.depotId) ? '' : (depots.find((d) => d.id === l.depotId)?.name ?? null),
          anotherDepotId: l.anotherDepotId ?? '',
          anotherDepotName: blank(l.anotherDepotId)
            ? ''
            : (depots.find((d) => d.id === l.anotherDepotId)?.name ?? null),
          mType: l.mType ?? null,
          op: 1,
        };
        if (withPrices) {
          const price = (v: unknown): unknown => (hidden ? 0 : (v ?? null));
          Object.assign(row, {
            unitPrice: price(l.unitPrice),
            taxUnitPrice: price(l.taxUnitPrice),
            allPrice: price(l.allPrice),
            taxRate: l.taxRate ?? null,
            taxMoney: price(l.taxMoney),
            taxLastMoney: price(l.taxLastMoney),
          });
        }
        return row;
      });
    const total = rows.length;
    if (q.isReadOnly === '1') {
      const sum = (k: string): number => asDecimal(rows.reduce((s, r) => s + (Number(r[k]) || 0), 0));
      rows.push({
        operNumber: sum('operNumber'),
        allPrice: sum('allPrice'),
        taxMoney: sum('taxMoney'),
        taxLastMoney: sum('taxLastMoney'),
        finishPurchaseNumber: sum('finishPurchaseNumber'),
        finishNumber: sum('finishNumber'),
        weight: sum('weight'),
      });
    }
    return sendJackson(reply, { code: 200, data: { total, rows } });
  });
}

function depotItemLookupRoutes(app: FastifyInstance, state: SandboxState): void {
  const { numberOfLine } = billWriteKit(state);
  app.get('/depotItem/getBatchNumberList', async (request, reply) => {
    const w = writerOf(state, request);
    const q = request.query as Record<string, unknown>;
    if (typeof q.name !== 'string' || typeof q.barCode !== 'string')
      throw new UnknownException('name and barCode are required');
    const extend = liveRows(w, 'materialExtend').find((e) => e.barCode === q.barCode);
    const material =
      extend && liveRows(w, 'material').find((m) => m.id === extend.materialId && m.enableBatchNumber === '1');
    if (!extend || !material) return sendJackson(reply, { code: 200, data: { rows: [], total: 0 } });
    const depotId = toId(q.depotId);
    const except = numberOfLine(w.tenantId, toId(q.depotItemId));
    const wanted = blank(q.batchNumber) ? null : String(q.batchNumber);
    const batches = new Map<string, Row>();
    for (const l of state.depotItems) {
      if (
        !isLive(l) ||
        l.materialId !== material.id ||
        blank(l.batchNumber) ||
        (depotId !== null && l.depotId !== depotId)
      )
        continue;
      const batch = String(l.batchNumber);
      if ((q.name !== '' && !batch.includes(q.name)) || (wanted !== null && batch !== wanted) || batches.has(batch))
        continue;
      batches.set(batch, { expirationDate: l.expirationDate ?? null });
    }
    const unit = unitOf(w, material.unitId);
    const rows = [...batches.entries()]
      .map(([batchNumber, b]) => ({
        id: batchNumber,
        barCode: extend.barCode,
        name: material.name,
        standard: material.standard ?? null,
        model: material.model ?? null,
        unitId: material.unitId ?? null,
        commodityUnit: extend.commodityUnit ?? null,
        batchNumber,
        expirationDate: b.expirationDate,
        expirationDateStr: b.expirationDate === null ? '' : String(b.expirationDate).slice(0, 10),
        totalNum: stockInUnit(batchBalance(w, material.id, depotId, batchNumber, except), unit, extend.commodityUnit),
      }))
      .filter((r) => r.totalNum > 0)
      .sort((a, b) => String(a.expirationDate ?? '').localeCompare(String(b.expirationDate ?? '')));
    return sendJackson(reply, { code: 200, data: { rows, total: rows.length } });
  });

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
    return sendJackson(reply, {
      code: 200,
      data: { stock: stockInUnit(stock, unitOf(scope, material?.unitId), extend.commodityUnit) },
    });
  });

  app.get('/depotItem/buyOrSalePrice', async (request, reply) => {
    const { tenantId, user } = authOf(request);
    return sendJackson(reply, { code: 200, data: buyOrSalePrice(state, tenantId, user, state.clock.now()) });
  });
}

function depotItemStockFlowRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get('/depotItem/findDetailByDepotIdsAndMaterialId', async (request: FastifyRequest, reply) => {
    const q = request.query as Record<string, unknown>;
    const text = (name: string): string | null =>
      typeof q[name] === 'string' && q[name] !== '' ? (q[name] as string) : null;
    // @RequestParam Integer/Long: an empty value is null, text that is not a number fails the call.
    const integer = (name: string): number | null => {
      const value = text(name);
      if (value === null) return null;
      const n = toId(value);
      if (n === null) throw new UnknownException(`${name} is not a number`);
      return n;
    };
    const pageSize = integer('pageSize');
    const currentPage = integer('currentPage');
    const materialId = integer('materialId');
    if (materialId === null) throw new UnknownException('materialId is required');
    // (currentPage-1)*pageSize with either missing is a NullPointerException.
    if (pageSize === null || currentPage === null) throw new UnknownException('paging is required');
    const stockPriceFlag = text('stockPriceFlag') ?? 'false';
    if (stockPriceFlag !== 'true' && stockPriceFlag !== 'false')
      throw new UnknownException('stockPriceFlag is not a boolean');
    const depotText = text('depotIds');
    const depotIds = depotText === null ? null : longList(depotText, 'depotIds');

    const sku = text('sku');
    const batchNumber = text('batchNumber');
    const number = text('number');
    // The day's first and last second appended to the dates; a value MySQL cannot read as a time matches nothing.
    const bound = (name: string, time: string): number | null => {
      const value = text(name);
      if (value === null) return null;
      try {
        return chinaTime(`${value} ${time}`).getTime();
      } catch {
        return NaN;
      }
    };
    const from = bound('beginTime', '00:00:00');
    const to = bound('endTime', '23:59:59');

    const { tenantId, user } = authOf(request);
    const { rows, total } = stockFlowPage(state, tenantId, user, {
      materialId,
      currentPage,
      pageSize,
      stockPriceFlag,
      depotIds,
      sku,
      batchNumber,
      number,
      from,
      to,
    });
    return sendFastjson(reply, { code: 200, data: { rows, total, message: '成功' } });
  });
}

function depotItemPeriodStockRoutes(app: FastifyInstance, state: SandboxState): void {
  // 库存分布 at the end of a period (进销存统计): stock-flow.ts's depotStockAtPeriodEnd.
  app.get('/depotItem/getMaterialDepotStockByParam', async (request: FastifyRequest, reply) => {
    const q = request.query as Record<string, unknown>;
    const raw = (name: string): string | undefined => (typeof q[name] === 'string' ? (q[name] as string) : undefined);
    const materialId = toId(raw('materialId') ?? '');
    if (materialId === null) throw new UnknownException('materialId is required');
    const beginText = raw('beginTime');
    const endText = raw('endTime');
    if (beginText === undefined || endText === undefined)
      throw new UnknownException('beginTime and endTime are required');
    const unitText = raw('unitPrice') ?? '';
    if (unitText !== '' && !/^-?\d+(\.\d+)?$/.test(unitText.trim()))
      throw new UnknownException('unitPrice is not a number');
    const unitPrice = unitText === '' ? null : Number(unitText);
    const depotText = raw('depotIds') ?? '';
    const depotIds = depotText === '' ? null : longList(depotText, 'depotIds');
    // Tools.parseDayToTime: "" is no bound; a value MySQL cannot read as a time matches nothing.
    const bound = (text: string, time: string): number | null => {
      if (text === '') return null;
      try {
        return chinaTime(`${text} ${time}`).getTime();
      } catch {
        return NaN;
      }
    };
    const begin = bound(beginText, '00:00:00');
    const end = bound(endText, '23:59:59');

    const { tenantId, user } = authOf(request);
    const rows = depotStockAtPeriodEnd(state, tenantId, user, { materialId, depotIds, begin, end, unitPrice });
    return sendFastjson(reply, { code: 200, data: { rows, total: rows.length, message: '成功' } });
  });
}
