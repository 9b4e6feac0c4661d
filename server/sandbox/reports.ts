// Report endpoints (flat query params), computed from the seeded bills and their lines so the numbers agree with
// the bill lists. Each returns every matching row plus the totals the view reads from `data`; routes/lists.ts pages.
import type { Row } from './state.js';
import type { ListContext } from './list-resources.js';
import { materialViews } from './materials.js';
import { chinaTime, formatDateTime, money, timeOf } from './wire.js';

export interface ReportResult {
  rows: Row[];
  /** Extra keys of `data` beside rows/total (e.g. realityPriceTotal). */
  extras: Record<string, unknown>;
}

/** A service that answers a null list: getDataTable then throws, the global handler says 未知异常. */
export class NullListError extends Error {
  constructor() {
    super('null list');
    this.name = 'NullListError';
  }
}

type Params = Record<string, string | undefined>;

const has = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

function dayStart(text: string): number {
  return chinaTime(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text} 00:00:00` : text).getTime();
}
function dayEnd(text: string): number {
  return chinaTime(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text} 23:59:59` : text).getTime();
}

function safeRange(params: Params): { from: number; to: number } {
  try {
    return {
      from: has(params.beginTime) ? dayStart(params.beginTime.trim()) : -Infinity,
      to: has(params.endTime) ? dayEnd(params.endTime.trim()) : Infinity,
    };
  } catch {
    // An unparsable date makes the real SQL fail → the global handler.
    throw new NullListError();
  }
}

function materials(ctx: ListContext): Map<number, Row> {
  return new Map(materialViews(ctx).map((m) => [m.id as number, m]));
}

const MATERIAL_PARAM_FIELDS = ['mBarCode', 'name', 'standard', 'model', 'color', 'brand', 'mfrs', 'otherField1', 'otherField2', 'otherField3'];

function materialMatches(m: Row, params: Params, ctx: ListContext): boolean {
  if (has(params.materialParam)) {
    const needle = params.materialParam.trim().toLowerCase();
    if (!MATERIAL_PARAM_FIELDS.some((f) => String(m[f] ?? '').toLowerCase().includes(needle))) return false;
  }
  if (has(params.categoryId)) {
    const ids = new Set([Number(params.categoryId)]);
    for (const c of ctx.state.tables.materialCategory ?? []) if (ids.has(c.parentId as number)) ids.add(c.id as number);
    if (!ids.has(m.categoryId as number)) return false;
  }
  if (has(params.position) && !String(m.position ?? '').includes(params.position.trim())) return false;
  return true;
}

/** Bill lines of the caller's tenant, not deleted, inside the date window, with the common filters applied. */
function lines(ctx: ListContext, params: Params, useRange = true): Row[] {
  const { from, to } = useRange ? safeRange(params) : { from: -Infinity, to: Infinity };
  const mats = materials(ctx);
  return ctx.state.depotItems.filter((l) => {
    if (l.deleteFlag !== '1' && (ctx.tenantId === 0 || l.tenantId === ctx.tenantId)) {
      const t = timeOf(l.operTime);
      if (useRange && !(t >= from && t <= to)) return false;
      const m = mats.get(l.materialId as number);
      if (!m || !materialMatches(m, params, ctx)) return false;
      if (has(params.organId) && String(l.organId) !== params.organId.trim()) return false;
      if (has(params.depotId) && String(l.depotId) !== params.depotId.trim()) return false;
      if (has(params.depotIds) && !params.depotIds.split(',').includes(String(l.depotId))) return false;
      if (has(params.creator) && String(l.creator) !== params.creator.trim()) return false;
      if (has(params.number) && !String(l.number).includes(params.number.trim())) return false;
      if (has(params.remark) && !String(l.remark ?? '').includes(params.remark.trim())) return false;
      return true;
    }
    return false;
  });
}

function depotName(ctx: ListContext, id: unknown): string | null {
  const d = (ctx.state.tables.depot ?? []).find((x) => x.id === id);
  return d ? (d.name as string) : null;
}

/** A product's unit as the reports print it: the multi-unit's name (瓶/(箱=12瓶)) or the single unit. */
const unitText = (m: Row): unknown => (m.unitId ? m.unitName : m.unit);

function materialColumns(m: Row): Row {
  return {
    barCode: m.mBarCode, materialName: m.name, materialStandard: m.standard, materialModel: m.model, materialColor: m.color,
    materialBrand: m.brand, materialMfrs: m.mfrs, materialOther: m.materialOther ?? '', materialUnit: unitText(m), unitName: unitText(m),
  };
}

const sum = (rows: Row[], key: string): number => money(rows.reduce((s, r) => s + (Number(r[key]) || 0), 0));

/** In/out per material for a pair of bill kinds (buyIn, saleOut, retailOut). */
function inOutByMaterial(ctx: ListContext, params: Params, inKind: string, outKind: string, mode: 'in-out' | 'out-in'): ReportResult {
  const mats = materials(ctx);
  const grouped = new Map<number, { inSum: number; inSumPrice: number; outSum: number; outSumPrice: number }>();
  for (const l of lines(ctx, params)) {
    const kind = `${l.type as string}/${l.subType as string}`;
    if (kind !== inKind && kind !== outKind) continue;
    const g = grouped.get(l.materialId as number) ?? { inSum: 0, inSumPrice: 0, outSum: 0, outSumPrice: 0 };
    if (kind === inKind) {
      g.inSum += l.operNumber as number;
      g.inSumPrice += l.allPrice as number;
    } else {
      g.outSum += l.operNumber as number;
      g.outSumPrice += l.allPrice as number;
    }
    grouped.set(l.materialId as number, g);
  }
  const rows: Row[] = [...grouped.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([id, g]) => {
      const m = mats.get(id) as Row;
      const base: Row = { id, ...materialColumns(m), inSum: g.inSum, inSumPrice: money(g.inSumPrice), outSum: g.outSum, outSumPrice: money(g.outSumPrice) };
      if (mode === 'in-out') base.inOutSumPrice = money(g.inSumPrice - g.outSumPrice);
      else base.outInSumPrice = money(g.outSumPrice - g.inSumPrice);
      return base;
    });
  const realityPriceTotal = sum(rows, mode === 'in-out' ? 'inOutSumPrice' : 'outInSumPrice');
  return { rows, extras: { realityPriceTotal } };
}

/** 采购统计: purchase in vs purchase returns. */
export const buyIn = (ctx: ListContext, params: Params): ReportResult => inOutByMaterial(ctx, params, '入库/采购', '出库/采购退货', 'in-out');
/** 销售统计: sales out vs sales returns. */
export const saleOut = (ctx: ListContext, params: Params): ReportResult => inOutByMaterial(ctx, params, '入库/销售退货', '出库/销售', 'out-in');
/** 零售统计: retail out vs retail returns. */
export const retailOut = (ctx: ListContext, params: Params): ReportResult => inOutByMaterial(ctx, params, '入库/零售退货', '出库/零售', 'out-in');

/** Quantity moved in/out per material over lines (transfers excluded: they do not change the total). */
function movement(ls: Row[]): Map<number, { in: number; out: number }> {
  const map = new Map<number, { in: number; out: number }>();
  for (const l of ls) {
    if (l.subType === '调拨' || l.type === '其它') continue;
    const g = map.get(l.materialId as number) ?? { in: 0, out: 0 };
    if (l.type === '入库') g.in += l.operNumber as number;
    else g.out += l.operNumber as number;
    map.set(l.materialId as number, g);
  }
  return map;
}

function inOutStockRows(ctx: ListContext, params: Params): Row[] {
  const { from } = safeRange(params);
  const mats = [...materials(ctx).values()].filter((m) => materialMatches(m, params, ctx));
  const all = lines(ctx, { ...params, beginTime: undefined, endTime: undefined }, false);
  const before = movement(all.filter((l) => timeOf(l.operTime) < from));
  const within = movement(lines(ctx, params));
  return mats
    .sort((a, b) => (a.id as number) - (b.id as number))
    .map((m) => {
      const prev = (m.initialStock as number) + (before.get(m.id as number)?.in ?? 0) - (before.get(m.id as number)?.out ?? 0);
      const w = within.get(m.id as number) ?? { in: 0, out: 0 };
      const thisSum = prev + w.in - w.out;
      return {
        id: m.id, ...materialColumns(m), unitPrice: m.purchaseDecimal, prevSum: prev, inSum: w.in, outSum: w.out, thisSum,
        thisAllPrice: money(thisSum * (m.purchaseDecimal as number)),
      };
    });
}

/** 进销存统计 rows (totals come from getInOutStockCountMoney). */
export const inOutStock = (ctx: ListContext, params: Params): ReportResult => ({ rows: inOutStockRows(ctx, params), extras: {} });

/** GET /depotItem/getInOutStockCountMoney data: {totalStock, totalCount}. */
export function inOutStockCountMoney(ctx: ListContext, params: Params): Row {
  const rows = inOutStockRows(ctx, params);
  return { totalStock: sum(rows, 'thisSum'), totalCount: sum(rows, 'thisAllPrice') };
}

/** 商品库存: goods with stock figures; zeroStock '1' also lists goods with no stock. */
export function materialStock(ctx: ListContext, params: Params): ReportResult {
  const rows = [...materials(ctx).values()]
    .filter((m) => materialMatches(m, params, ctx))
    .filter((m) => params.zeroStock === '1' || (m.currentStock as number) !== 0)
    .sort((a, b) => (b.id as number) - (a.id as number))
    .map((m) => ({ ...m, unitName: unitText(m) }));
  return {
    rows,
    extras: { currentStock: sum(rows, 'currentStock'), currentStockPrice: sum(rows, 'currentStockPrice'), currentWeight: sum(rows, 'currentWeight') },
  };
}

function detailRow(ctx: ListContext, l: Row, m: Row, allocation: boolean): Row {
  return {
    id: l.id, headerId: l.headerId, number: l.number, barCode: m.mBarCode, mname: m.name, standard: m.standard, model: m.model,
    color: m.color, brand: m.brand, mfrs: m.mfrs, materialOther: m.materialOther ?? '', mUnit: l.materialUnit, sku: l.sku,
    operNumber: l.operNumber, unitPrice: l.unitPrice, allPrice: l.allPrice, taxRate: l.taxRate, taxMoney: l.taxMoney,
    sname: allocation ? depotName(ctx, l.anotherDepotId) : l.organName, dname: depotName(ctx, l.depotId),
    operTime: l.operTime instanceof Date ? formatDateTime(l.operTime) : null, newRemark: l.remark, newType: l.subType,
  };
}

/** 入库明细 / 出库明细 (transfers have their own report). */
export function inOutDetail(ctx: ListContext, params: Params): ReportResult {
  const mats = materials(ctx);
  const rows = lines(ctx, params)
    .filter((l) => l.type === params.type && l.subType !== '调拨')
    .sort((a, b) => timeOf(b.operTime) - timeOf(a.operTime) || (b.id as number) - (a.id as number))
    .map((l) => detailRow(ctx, l, mats.get(l.materialId as number) as Row, false));
  return { rows, extras: { operNumberTotal: sum(rows, 'operNumber'), allPriceTotal: sum(rows, 'allPrice') } };
}

/** 调拨明细: dname is the source depot, sname the target. */
export function allocationDetail(ctx: ListContext, params: Params): ReportResult {
  const mats = materials(ctx);
  const rows = lines(ctx, params)
    .filter((l) => l.subType === '调拨')
    .filter((l) => !has(params.depotIdF) || String(l.anotherDepotId) === params.depotIdF.trim())
    .sort((a, b) => timeOf(b.operTime) - timeOf(a.operTime) || (b.id as number) - (a.id as number))
    .map((l) => detailRow(ctx, l, mats.get(l.materialId as number) as Row, true));
  return { rows, extras: { operNumberTotal: sum(rows, 'operNumber'), allPriceTotal: sum(rows, 'allPrice') } };
}

/** 入库汇总 / 出库汇总: quantity and amount per material. */
export function inOutMaterialCount(ctx: ListContext, params: Params): ReportResult {
  const mats = materials(ctx);
  const grouped = new Map<number, { numSum: number; priceSum: number }>();
  for (const l of lines(ctx, params)) {
    if (l.type !== params.type || l.subType === '调拨') continue;
    const g = grouped.get(l.materialId as number) ?? { numSum: 0, priceSum: 0 };
    g.numSum += l.operNumber as number;
    g.priceSum += l.allPrice as number;
    grouped.set(l.materialId as number, g);
  }
  const rows = [...grouped.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([id, g]) => {
      const m = mats.get(id) as Row;
      return {
        materialId: id, barCode: m.mBarCode, mName: m.name, standard: m.standard, model: m.model, color: m.color, brand: m.brand,
        mfrs: m.mfrs, materialOther: m.materialOther ?? '', categoryName: m.categoryName, materialUnit: unitText(m),
        numSum: g.numSum, priceSum: money(g.priceSum),
      };
    });
  return { rows, extras: { numSumTotal: sum(rows, 'numSum'), priceSumTotal: sum(rows, 'priceSum') } };
}

/** 客户对账 / 供应商对账: opening balance, new debt, money received/paid, closing balance per partner. */
export function statementAccount(ctx: ListContext, params: Params): ReportResult {
  const { from, to } = safeRange(params);
  const isCustomer = params.supplierType === '客户';
  const debtKinds = isCustomer ? { plus: '出库/销售', minus: '入库/销售退货' } : { plus: '入库/采购', minus: '出库/采购退货' };
  const backType = isCustomer ? '收款' : '付款';
  const heads = (ctx.state.tables.depotHead ?? []).filter((h) => h.deleteFlag !== '1' && (ctx.tenantId === 0 || h.tenantId === ctx.tenantId));
  const money_ = (ctx.state.tables.accountHead ?? []).filter((h) => h.deleteFlag !== '1' && (ctx.tenantId === 0 || h.tenantId === ctx.tenantId));
  const partners = (ctx.state.tables.supplier ?? []).filter(
    (s) => s.deleteFlag !== '1' && s.type === params.supplierType && (ctx.tenantId === 0 || s.tenantId === ctx.tenantId),
  );
  const debtOf = (organId: unknown, lo: number, hi: number): number =>
    heads
      .filter((h) => h.organId === organId && timeOf(h.operTime) >= lo && timeOf(h.operTime) <= hi)
      .reduce((s, h) => {
        const kind = `${h.type as string}/${h.subType as string}`;
        return s + (kind === debtKinds.plus ? (h.debt as number) : kind === debtKinds.minus ? -(h.debt as number) : 0);
      }, 0);
  // Money received/paid is what the 收款/付款 items settled (discounts included), 付款 items stored negative.
  const items = (ctx.state.tables.accountItem ?? []).filter((i) => i.deleteFlag !== '1' && (ctx.tenantId === 0 || i.tenantId === ctx.tenantId));
  const backOf = (organId: unknown, lo: number, hi: number): number => {
    const heads = new Map(
      money_
        .filter((h) => h.organId === organId && h.type === backType && (h.billTime as Date).getTime() >= lo && (h.billTime as Date).getTime() <= hi)
        .map((h) => [h.id, h]),
    );
    const settled = items.filter((i) => heads.has(i.headerId)).reduce((s, i) => s + Number(i.eachAmount ?? 0), 0);
    return backType === '付款' ? -settled : settled;
  };
  let rows: Row[] = partners
    .filter((p) => !has(params.organId) || String(p.id) === params.organId.trim())
    .sort((a, b) => (a.id as number) - (b.id as number))
    .map((p) => {
      const opening = (isCustomer ? (p.beginNeedGet as number) : (p.beginNeedPay as number)) ?? 0;
      const preNeed = money(opening + debtOf(p.id, -Infinity, from - 1) - backOf(p.id, -Infinity, from - 1));
      const debtMoney = money(debtOf(p.id, from, to));
      const backMoney = money(backOf(p.id, from, to));
      return {
        id: p.id, supplier: p.supplier, contacts: p.contacts, telephone: p.telephone, phoneNum: p.phoneNum, email: p.email,
        preNeed, debtMoney, backMoney, allNeed: money(preNeed + debtMoney - backMoney),
      };
    });
  if (params.hasDebt === '1') rows = rows.filter((r) => r.allNeed !== 0);
  return { rows, extras: { firstMoney: sum(rows, 'preNeed'), lastMoney: sum(rows, 'allNeed') } };
}

/** 库存预警: goods whose stock is under the safety stock, with the suggested quantity. */
export function stockWarning(ctx: ListContext, params: Params): ReportResult {
  const depot = has(params.depotId) ? depotName(ctx, Number(params.depotId)) : null;
  const rows = [...materials(ctx).values()]
    .filter((m) => (m.currentStock as number) < (m.safetyStock as number))
    .sort((a, b) => (a.id as number) - (b.id as number))
    .map((m) => ({
      id: m.id, depotName: depot ?? '全部仓库', barCode: m.mBarCode, mname: m.name, mstandard: m.standard, mmodel: m.model,
      materialOther: m.materialOther ?? '', materialUnit: unitText(m), safetystock: m.safetyStock, currentNumber: m.currentStock,
      linjieNumber: (m.safetyStock as number) - (m.currentStock as number),
    }));
  return { rows, extras: {} };
}

/** Plugin admin list (flat `name` param on the plugin id). */
export function pluginList(ctx: ListContext, params: Params): ReportResult {
  const rows = (ctx.state.tables.plugin ?? []).filter((p) => {
    if (!has(params.name)) return true;
    const d = p.pluginDescriptor as Record<string, string>;
    return d.pluginId?.includes(params.name.trim()) ?? false;
  });
  return { rows, extras: {} };
}
