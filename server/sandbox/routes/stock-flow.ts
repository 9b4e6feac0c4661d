// One product's stock across depots, as the 商品库存 report's dialogs show it. 商品库存流水:
// DepotItemController.findDetailByDepotIdsAndMaterialId, the bills that moved it in the given depots (empty: the
// caller's depots), newest first (the original client loads it once, with no product, when the report opens:
// 未知异常, as the backend answers it). 库存分布: MaterialController.getMaterialDepotStock, its stock per depot, and
// DepotItemController.getMaterialDepotStockByParam, its stock per depot at the end of a period (进销存统计).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { billFlags } from '../bills.js';
import { roleIdOfUser, type Row, type SandboxState } from '../store.js';
import { extendsOf, stockByDepot } from '../materials.js';
import { BusinessException, UnknownException, chinaTime, formatDateTime, money, sendFastjson, sendJackson, timeOf, toId } from '../wire.js';
import { pageOf } from './lists.js';
import { depotsOfUser } from './lookups.js';

export interface StockFlowRoutesOptions {
  state: SandboxState;
}

/** One row of the union: the line's own depot, or for a transfer's second row the depot it went into. */
interface FlowRow {
  head: Row;
  line: Row;
  quantity: number;
  depotName: string | null;
}

export async function stockFlowRoutes(app: FastifyInstance, options: StockFlowRoutesOptions): Promise<void> {
  const { state } = options;

  app.get('/depotItem/findDetailByDepotIdsAndMaterialId', async (request: FastifyRequest, reply) => {
    const q = request.query as Record<string, unknown>;
    const text = (name: string): string | null => (typeof q[name] === 'string' && q[name] !== '' ? (q[name] as string) : null);
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
    if (stockPriceFlag !== 'true' && stockPriceFlag !== 'false') throw new UnknownException('stockPriceFlag is not a boolean');
    const depotText = text('depotIds');
    const depotIds = depotText === null ? null : depotText.split(',').map((part) => {
      // Long.parseLong on each item: anything else fails the call.
      if (!/^-?\d+$/.test(part)) throw new UnknownException('depotIds is not a list of numbers');
      return Number(part);
    });

    const { tenantId, user } = authOf(request);
    const depots = depotIds ?? depotsOfUser(state, tenantId, user).map((d) => d.id as number);
    const config = state.systemConfigs.find((c) => c.delete_flag !== '1' && (tenantId === 0 || c.tenant_id === tenantId));
    const force = billFlags(state, tenantId).forceApproval;
    // With 出入库管理 on, 采购/销售 bills move no stock themselves — except for the cost figures (stockPriceFlag).
    const inOutManage = config?.in_out_manage_flag === '1' && stockPriceFlag !== 'true';
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

    const live = (table: string, id: unknown): Row | undefined =>
      (state.tables[table] ?? []).find((r) => r.id === id && r.deleteFlag !== '1');
    const heads = new Map(
      (state.tables.depotHead ?? []).filter((h) => h.deleteFlag !== '1' && (tenantId === 0 || h.tenantId === tenantId)).map((h) => [h.id, h]),
    );
    const common = (head: Row, line: Row): boolean =>
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
      const type = head.type as string;
      const sub = head.subType as string;
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
        transfers.push({ head, line, quantity: basic, depotName: into ? `${into.name as string}[调入]` : null });
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
        type: head.type === '其它' ? head.subType : `${head.subType as string}${head.type as string}`,
        depotName,
        basicNumber: quantity,
        unitPrice,
        allPrice: unitPrice === null ? 0 : money(quantity * unitPrice),
        operTime: head.operTime instanceof Date ? formatDateTime(head.operTime) : null,
      };
    });
    return sendFastjson(reply, { code: 200, data: { rows: page, total: all.length, message: '成功' } });
  });

  // The backend reads jsh_material_current_stock (depots where the product's stock is not 0) priced at the default
  // barcode's purchase price (the sandbox keeps no moving average); a role whose price limit holds 7 sees no price.
  // The sandbox stores no current-stock rows: a row's id is the product id × 10000 + the depot id.
  app.get('/material/getMaterialDepotStock', async (request: FastifyRequest, reply) => {
    const q = request.query as Record<string, unknown>;
    const text = (name: string): string | null => (typeof q[name] === 'string' && q[name] !== '' ? (q[name] as string) : null);
    const materialId = toId(text('materialId'));
    if (materialId === null) throw new UnknownException('materialId is required');
    const depotText = text('depotIds');
    const depotIds = depotText === null ? null : depotText.split(',').map((part) => {
      if (!/^-?\d+$/.test(part)) throw new UnknownException('depotIds is not a list of numbers');
      return Number(part);
    });
    const { tenantId, user } = authOf(request);
    const depots = depotIds ?? depotsOfUser(state, tenantId, user).map((d) => d.id as number);
    const scope = { state, tenantId };
    const defaultExtend = extendsOf(scope, materialId).find((e) => e.defaultFlag === '1');
    const hidden = (state.roles.find((r) => r.id === roleIdOfUser(state, user.id))?.price_limit ?? '').includes('7');
    const purchase = defaultExtend ? Number(defaultExtend.purchaseDecimal ?? 0) || 0 : 0;
    const material = (state.tables.material ?? []).find((m) => m.id === materialId && m.deleteFlag !== '1' && (tenantId === 0 || m.tenantId === tenantId));
    const rows = !material || !defaultExtend ? [] : stockByDepot(scope, materialId)
      .filter((d) => d.currentStock !== 0 && (depots.length === 0 || depots.includes(d.depotId)))
      .map((d) => {
        const unitPrice = hidden ? null : purchase;
        return {
          id: materialId * 10000 + d.depotId,
          materialId,
          depotId: d.depotId,
          depotName: ((state.tables.depot ?? []).find((x) => x.id === d.depotId)?.name as string | undefined) ?? null,
          currentNumber: d.currentStock,
          currentUnitPrice: purchase,
          purchaseDecimal: purchase,
          unitPrice,
          allPrice: unitPrice === null ? null : money(d.currentStock * unitPrice),
        };
      });
    const pageNumber = toId(text('currentPage')) ?? 1;
    const pageSize = toId(text('pageSize')) ?? 10;
    return sendJackson(reply, { code: 200, data: { rows: pageOf(rows, pageNumber, pageSize), total: rows.length } });
  });

  // Per depot (given, or the caller's): opening stock + moves up to beginTime (inclusive) + moves within the period,
  // so a bill at exactly beginTime counts twice, as in the backend. Moves as DepotItemMapperEx.getStockByParam…:
  // 入库 in, 出库 out (调拨 apart), 调拨 out of its depot and into the other, 组装单/拆卸单 by 组合件/普通子件; with 强审核
  // approved bills only; with 出入库管理 no 采购/销售 bills except transfers. Depots the caller has no right to lose
  // their name (fastjson then omits it, as every null of these rows).
  app.get('/depotItem/getMaterialDepotStockByParam', async (request: FastifyRequest, reply) => {
    const q = request.query as Record<string, unknown>;
    const raw = (name: string): string | undefined => (typeof q[name] === 'string' ? (q[name] as string) : undefined);
    const materialId = toId(raw('materialId') ?? '');
    if (materialId === null) throw new UnknownException('materialId is required');
    const beginText = raw('beginTime');
    const endText = raw('endTime');
    if (beginText === undefined || endText === undefined) throw new UnknownException('beginTime and endTime are required');
    const unitText = raw('unitPrice') ?? '';
    if (unitText !== '' && !/^-?\d+(\.\d+)?$/.test(unitText.trim())) throw new UnknownException('unitPrice is not a number');
    const unitPrice = unitText === '' ? null : Number(unitText);
    const depotText = raw('depotIds') ?? '';
    const depotIds = depotText === '' ? null : depotText.split(',').map((part) => {
      if (!/^-?\d+$/.test(part)) throw new UnknownException('depotIds is not a list of numbers');
      return Number(part);
    });
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
    const userDepots = depotsOfUser(state, tenantId, user);
    const depotNames = new Map(userDepots.map((d) => [d.id as number, d.name as string]));
    const depots = depotIds ?? userDepots.map((d) => d.id as number);
    const flags = billFlags(state, tenantId);
    const config = state.systemConfigs.find((c) => c.delete_flag !== '1' && (tenantId === 0 || c.tenant_id === tenantId));
    const inOutManage = config?.in_out_manage_flag === '1';
    const heads = new Map(
      (state.tables.depotHead ?? [])
        .filter((h) => h.deleteFlag !== '1' && (tenantId === 0 || h.tenantId === tenantId) && (!flags.forceApproval || h.status === '1'))
        .map((h) => [h.id, h]),
    );
    const lines = state.depotItems.filter((l) => l.deleteFlag !== '1' && l.materialId === materialId && heads.has(l.headerId));
    /** What the lines inside [from, to] moved in and out of one depot. */
    const moved = (depotId: number, from: number | null, to: number | null): { in: number; out: number } => {
      const sums = { in: 0, out: 0 };
      for (const l of lines) {
        const head = heads.get(l.headerId)!;
        const t = timeOf(head.operTime);
        if ((from !== null && !(t >= from)) || (to !== null && !(t <= to))) continue;
        const n = Number(l.basicNumber ?? 0) || 0;
        const sub = head.subType as string;
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
      (state.tables.materialInitialStock ?? [])
        .filter((r) => r.deleteFlag !== '1' && r.materialId === materialId && r.depotId === depotId && (tenantId === 0 || r.tenantId === tenantId))
        .reduce((sum, r) => sum + (Number(r.number ?? 0) || 0), 0);
    const rows = depots.flatMap((depotId) => {
      const before = moved(depotId, null, begin);
      const within = moved(depotId, begin, end);
      const currentNumber = money(initial(depotId) + before.in - before.out + within.in - within.out);
      if (currentNumber === 0) return [];
      return [{
        depotId, depotName: depotNames.get(depotId) ?? null, currentNumber, unitPrice,
        allPrice: unitPrice === null ? null : money(currentNumber * unitPrice),
      }];
    });
    return sendFastjson(reply, { code: 200, data: { rows, total: rows.length, message: '成功' } });
  });
}
