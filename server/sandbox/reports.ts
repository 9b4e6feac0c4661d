// Report endpoints (flat query params), computed from the seeded bills and their lines so the numbers agree with
// the bill lists. Each returns every matching row plus the totals the view reads from `data`; list-routes.ts pages.
import type { DepotHeadRow, DepotItemRow, MaterialExtendRow, MaterialRow, UnitRow } from './business-rows.js';
import { liveRows, type Row, type Scope, isLive } from './store.js';
import { billFlags, creatorsInScope, MATERIAL_LIKE_FIELDS, priceLimitOf, type BillFlags } from './bills.js';
import {
  bigUnitText,
  materialView,
  materialViews,
  materialVo4Unit,
  productIndex,
  stockByDepot,
  type ProductIndex,
} from './materials.js';
import { depotsOfUser } from './lookups.js';
import { chinaTime, formatDate, asDecimal, timeOf } from './wire.js';

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

function materials(ctx: Scope): Map<number, Row> {
  return new Map(materialViews(ctx).map((m) => [m.id as number, m]));
}

/** A product's descriptive columns as the stock reports' rows name them. */
function productColumns(m: Row): Row {
  return {
    materialName: m.name,
    materialModel: m.model,
    materialStandard: m.standard,
    materialColor: m.color,
    materialMfrs: m.mfrs,
    materialBrand: m.brand,
    otherField1: m.otherField1 ?? null,
    otherField2: m.otherField2 ?? null,
    otherField3: m.otherField3 ?? null,
  };
}

/** The product columns `materialParam` (条码/名称/规格/型号/…) is looked for in. */
export const MATERIAL_PARAM_FIELDS = [
  'mBarCode',
  'name',
  'standard',
  'model',
  'color',
  'brand',
  'mfrs',
  'otherField1',
  'otherField2',
  'otherField3',
];

function materialMatches(m: Row, params: Params, ctx: Scope, lineBarCode?: unknown): boolean {
  if (lineBarCode !== undefined) {
    // The detail reports join the line's own barcode row (me.id = di.material_extend_id).
    if (!matchesParam(m, lineBarCode, params.materialParam?.trim())) return false;
  } else if (has(params.materialParam)) {
    const needle = params.materialParam.trim().toLowerCase();
    if (
      !MATERIAL_PARAM_FIELDS.some((f) =>
        String(m[f] ?? '')
          .toLowerCase()
          .includes(needle),
      )
    )
      return false;
  }
  if (has(params.categoryId)) {
    const ids = new Set([Number(params.categoryId)]);
    for (const c of ctx.state.tables.materialCategory ?? []) if (ids.has(c.parentId as number)) ids.add(c.id as number);
    if (!ids.has(m.categoryId as number)) return false;
  }
  if (has(params.position) && !String(m.position ?? '').includes(params.position.trim())) return false;
  return true;
}

/**
 * Bill lines of the caller's tenant, not deleted, inside the date window, with the common filters applied; `byLine`
 * looks for materialParam in the line's own barcode (the detail reports) rather than the product's default one.
 */
function lines(ctx: Scope, params: Params, { useRange = true, byLine = false } = {}): Row[] {
  const { from, to } = useRange ? safeRange(params) : { from: -Infinity, to: Infinity };
  const mats = materials(ctx);
  const barCodes = new Map((ctx.state.tables.materialExtend ?? []).map((e) => [e.id, e.barCode]));
  return ctx.state.depotItems.filter((l) => {
    if (isLive(l) && (ctx.tenantId === 0 || l.tenantId === ctx.tenantId)) {
      const t = timeOf(l.operTime);
      if (useRange && !(t >= from && t <= to)) return false;
      const m = mats.get(l.materialId as number);
      const lineBarCode = byLine ? (barCodes.get(l.materialExtendId as number) ?? null) : undefined;
      if (!m || !materialMatches(m, params, ctx, lineBarCode)) return false;
      if (has(params.organId) && String(l.organId) !== params.organId.trim()) return false;
      if (has(params.depotId) && String(l.depotId) !== params.depotId.trim()) return false;
      if (has(params.creator) && String(l.creator) !== params.creator.trim()) return false;
      if (has(params.number) && !String(l.number).includes(params.number.trim())) return false;
      // dh.remark like … or di.remark like …
      if (has(params.remark) && ![l.headRemark, l.remark].some((r) => String(r ?? '').includes(params.remark!.trim())))
        return false;
      return true;
    }
    return false;
  });
}

function depotName(ctx: Scope, id: unknown): string | null {
  const d = (ctx.state.tables.depot ?? []).find((x) => x.id === id);
  return d ? d.name : null;
}

/**
 * 入库汇总/出库汇总's unit, concat_ws('', m.unit, u.basic_unit): a single unit as it is, a unit group's basic unit (瓶,
 * not 瓶/(箱=12瓶)) — a multi-unit product's own unit is blank.
 */
function unitText(ctx: Scope, m: Row): string {
  const group = (ctx.state.tables.unit ?? []).find((u) => u.id === m.unitId && isLive(u));
  return [m.unit, group?.basicUnit].filter((v) => v !== null && v !== undefined).join('');
}

const sum = (rows: Row[], key: string): number => asDecimal(rows.reduce((s, r) => s + (Number(r[key]) || 0), 0));

// --- what the stock reports share: products with their default barcode, depot lists, bill moves ------------------

/** A report that fails inside the controller's try block: `{code:500, data:"获取数据失败"}`. */
export class ReadFailedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ReadFailedError';
  }
}

/** One live line of the caller's tenant with its live bill. */
interface Move {
  line: DepotItemRow;
  head: DepotHeadRow;
}

interface StockBook {
  scope: Scope;
  index: ProductIndex;
  /** Live products of the caller, by id. */
  products: Map<unknown, MaterialRow>;
  /** Live lines of live bills, per product. */
  movesOf: Map<unknown, Move[]>;
  flags: BillFlags;
  units: Map<unknown, UnitRow>;
}

function stockBook(ctx: Scope): StockBook {
  const index = productIndex(ctx);
  const heads = new Map(liveRows(ctx, 'depotHead').map((h) => [h.id, h]));
  const movesOf = new Map<unknown, Move[]>();
  for (const line of ctx.state.depotItems) {
    if (!isLive(line) || (ctx.tenantId !== 0 && line.tenantId !== ctx.tenantId)) continue;
    const head = heads.get(line.headerId);
    if (!head) continue;
    const list = movesOf.get(line.materialId) ?? [];
    list.push({ line, head });
    movesOf.set(line.materialId, list);
  }
  return {
    scope: ctx,
    index,
    products: new Map(liveRows(ctx, 'material').map((m) => [m.id, m])),
    movesOf,
    flags: billFlags(ctx.state, ctx.tenantId),
    units: index.units,
  };
}

/** The barcode row marked default (`me.default_flag=1`): a product without one is in no stock report. */
const defaultExtendOf = (book: StockBook, m: Row): Row | undefined =>
  (book.index.extendsByMaterial.get(m.id) ?? []).find((e) => e.defaultFlag === '1');

/** The report's materialParam on a product and one of its barcodes (the SQL's `like` on each column). */
function matchesParam(
  m: Row,
  barCode: unknown,
  param: string | undefined,
  fields: readonly string[] = MATERIAL_LIKE_FIELDS,
): boolean {
  if (param === undefined || param === '') return true;
  const needle = param.toLowerCase();
  return (
    String(barCode ?? '')
      .toLowerCase()
      .includes(needle) ||
    fields.some((f) =>
      String(m[f] ?? '')
        .toLowerCase()
        .includes(needle),
    )
  );
}

/** MaterialService.getListByParentId: the category and every category under it; null when none is asked for. */
function categoryIds(ctx: Scope, categoryId: string | undefined): Set<number> | null {
  return has(categoryId) ? categoryWithDescendants(ctx, Number(categoryId)) : null;
}

/** A category and every category under it. */
export function categoryWithDescendants(ctx: Scope, id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of ctx.state.tables.materialCategory ?? []) {
      if (c.parentId !== null && ids.has(c.parentId as number) && !ids.has(c.id as number)) {
        ids.add(c.id as number);
        grew = true;
      }
    }
  }
  return ids;
}

/** The caller's depots (DepotService.findDepotByCurrentUser). */
const userDepots = (ctx: Scope): number[] => depotsOfUser(ctx.state, ctx.tenantId, ctx.user).map((d) => d.id);

/** `depotIds` as StringUtil.strToLongList reads it (a bad item fails the report), or the caller's depots. */
function depotIdList(ctx: Scope, depotIds: string | undefined): number[] {
  if (depotIds === undefined || depotIds === '') return userDepots(ctx);
  return depotIds.split(',').map((part) => {
    if (!/^-?\d+$/.test(part)) throw new ReadFailedError('depotIds is not a list of numbers');
    return Number(part);
  });
}

/** DepotItemController.parseListByDepotIds's refusal: no depot chosen and the caller holds more than 20. */
export class TooManyDepotsError extends Error {
  static readonly CODE = 510;
  constructor() {
    super('请选择仓库，再进行查询');
    this.name = 'TooManyDepotsError';
  }
}

/** 进销存统计's depots (DepotItemController.parseListByDepotIds): those asked for, else the caller's — at most 20. */
function inOutDepotList(ctx: Scope, depotIds: string | undefined): number[] {
  const depots = depotIdList(ctx, depotIds);
  if ((depotIds === undefined || depotIds === '') && depots.length > 20) throw new TooManyDepotsError();
  return depots;
}

/** DepotService.parseDepotList: the one depot asked for, or the caller's depots. */
function depotOrUser(ctx: Scope, depotId: string | undefined): number[] {
  return has(depotId) ? [Number(depotId.trim())] : userDepots(ctx);
}

/** Tools.parseDayToTime for one bound: "" is no bound. */
function bound(text: string | undefined, time: string): number | null {
  if (text === undefined || text.trim() === '') return null;
  try {
    return chinaTime(/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? `${text.trim()} ${time}` : text.trim()).getTime();
  } catch {
    throw new NullListError();
  }
}

/**
 * DepotItemService.getStockByParamWithDepotList / getIntervalMapByParamWithDepotList: in and out of a product in
 * base units (basic_number) within [from, to] and the depots (none: all) — 入库 in and 出库 out (with 出入库管理 not
 * 采购/销售 bills), a transfer out of its depot and into the other, 组装单/拆卸单 by 组合件/普通子件, 盘点复盘 by its
 * sign; with 强审核 approved bills only.
 */
function movesOfProduct(
  book: StockBook,
  materialId: unknown,
  depots: readonly number[],
  from: number | null,
  to: number | null,
): { in: number; out: number } {
  const inList = (id: unknown): boolean => depots.length === 0 || depots.includes(id as number);
  const managed = new Set(book.flags.inOutManage ? ['采购', '采购退货', '销售', '销售退货'] : []);
  let into = 0;
  let out = 0;
  let check = 0;
  for (const { line, head } of book.movesOf.get(materialId) ?? []) {
    if (book.flags.forceApproval && head.status !== '1') continue;
    const t = timeOf(head.operTime);
    if ((from !== null && !(t >= from)) || (to !== null && !(t <= to))) continue;
    const n = Number(line.basicNumber ?? 0) || 0;
    const sub = String(head.subType);
    const here = inList(line.depotId);
    if (head.type === '入库' && !managed.has(sub) && here) into += n;
    if (head.type === '出库' && sub !== '调拨' && !managed.has(sub) && here) out += n;
    if (sub === '调拨' && inList(line.anotherDepotId)) into += n;
    if (sub === '调拨' && here) out += n;
    if (sub === '组装单' && here) {
      if (line.mType === '组合件') into += n;
      if (line.mType === '普通子件') out += n;
    }
    if (sub === '拆卸单' && here) {
      if (line.mType === '普通子件') into += n;
      if (line.mType === '组合件') out += n;
    }
    if (sub === '盘点复盘' && here) check += n;
  }
  return check > 0
    ? { in: asDecimal(into + check), out: asDecimal(out) }
    : { in: asDecimal(into), out: asDecimal(out - check) };
}

/** MaterialService.getInitStockByMidAndDepotList: opening stock in the depots (none: all). */
function openingStock(book: StockBook, materialId: unknown, depots: readonly number[]): number {
  return asDecimal(
    liveRows(book.scope, 'materialInitialStock')
      .filter((r) => r.materialId === materialId && (depots.length === 0 || depots.includes(r.depotId as number)))
      .reduce((s, r) => s + (Number(r.number ?? 0) || 0), 0),
  );
}

/** The role's price limit 7 hides stock prices (RoleService.parseStockPriceByLimit answers null). */
const stockPriceHidden = (ctx: Scope): boolean => priceLimitOf(ctx.state, ctx.user).includes('7');

/** The tenant's 移动平均价 switch (SystemConfigService.getMoveAvgPriceFlag). */
function moveAvgPriceFlag(ctx: Scope): boolean {
  const config = ctx.state.systemConfigs.find((c) => isLive(c) && (ctx.tenantId === 0 || c.tenant_id === ctx.tenantId));
  return config?.move_avg_price_flag === '1';
}

/** `concat_ws('', m.unit, u.basic_unit)`: the single unit or the multi-unit's basic unit. */
function materialUnit(book: StockBook, m: Row): string {
  const unit = m.unitId === null || m.unitId === undefined ? undefined : book.units.get(m.unitId);
  return `${String(m.unit ?? '')}${String(unit?.basicUnit ?? '')}`;
}

/** MaterialService.getBigUnitStock: a multi-unit product's stock in its first other unit (`2.50箱`), else "". */
function bigUnitStock(book: StockBook, stock: number, unitId: unknown): string {
  return bigUnitText(unitId === null || unitId === undefined ? undefined : book.units.get(unitId), stock);
}

/**
 * DepotItemMapperEx.getInOutStock: enabled products with a default barcode and at least one bill line up to
 * `endTime`, newest product first.
 */
function inOutStockProducts(book: StockBook, params: Params, to: number | null): { m: Row; extend: Row }[] {
  const categories = categoryIds(book.scope, params.categoryId);
  const out: { m: Row; extend: Row }[] = [];
  for (const m of book.products.values()) {
    const extend = defaultExtendOf(book, m);
    if (!extend || m.enabled !== true) continue;
    if (categories && !categories.has(m.categoryId as number)) continue;
    if (!matchesParam(m, extend.barCode, params.materialParam?.trim())) continue;
    const lines = book.movesOf.get(m.id) ?? [];
    if (!lines.some(({ head }) => to === null || timeOf(head.operTime) <= to)) continue;
    out.push({ m, extend });
  }
  return out.sort((a, b) => (b.m.id as number) - (a.m.id as number));
}

/** 进销存统计 (DepotItemController.getInOutStock): per product, base units, over `depotIds` or the caller's depots. */
export function inOutStock(ctx: Scope, params: Params): ReportResult {
  const book = stockBook(ctx);
  const from = bound(params.beginTime, '00:00:00');
  const to = bound(params.endTime, '23:59:59');
  const depots = inOutDepotList(ctx, params.depotIds);
  const hidden = stockPriceHidden(ctx);
  const rows = inOutStockProducts(book, params, to).map(({ m, extend }) => {
    // prevSum counts up to beginTime inclusive, the period from beginTime: a bill at exactly beginTime counts twice.
    const before = movesOfProduct(book, m.id, depots, null, from);
    const prevSum = asDecimal(openingStock(book, m.id, depots) + before.in - before.out);
    const within = movesOfProduct(book, m.id, depots, from, to);
    const thisSum = asDecimal(prevSum + within.in - within.out);
    // Costs are purchase prices: the sandbox keeps no moving average (currentUnitPrice), whatever the switch says.
    const price = Number(extend.purchaseDecimal ?? 0) || 0;
    const unit = materialUnit(book, m);
    return {
      id: m.id,
      barCode: extend.barCode,
      ...productColumns(m),
      unitId: m.unitId ?? null,
      unitName: m.unitId === null || m.unitId === undefined ? unit : `${unit}[多单位]`,
      prevSum,
      inSum: within.in,
      outSum: within.out,
      thisSum,
      bigUnitStock: bigUnitStock(book, thisSum, m.unitId),
      unitPrice: hidden ? null : price,
      thisAllPrice: hidden ? null : asDecimal(thisSum * price),
      imgName: m.imgName ?? null,
    };
  });
  return { rows, extras: {} };
}

/** GET /depotItem/getInOutStockCountMoney data: closing stock and its value over the products of 进销存统计. */
export function inOutStockCountMoney(ctx: Scope, params: Params): Row {
  const book = stockBook(ctx);
  const to = bound(params.endTime, '23:59:59');
  const depots = inOutDepotList(ctx, params.depotIds);
  const hidden = stockPriceHidden(ctx);
  let totalStock = 0;
  let totalCount = 0;
  for (const { m, extend } of inOutStockProducts(book, params, to)) {
    const moved = movesOfProduct(book, m.id, depots, null, to);
    const thisSum = openingStock(book, m.id, depots) + moved.in - moved.out;
    totalStock += thisSum;
    totalCount += thisSum * (Number(extend.purchaseDecimal ?? 0) || 0);
  }
  return {
    totalStock: asDecimal(totalStock),
    totalCount: hidden ? null : asDecimal(totalCount),
    showStockPrice: !hidden,
  };
}

/**
 * 采购统计 / 销售统计 / 零售统计 (DepotItemController.buyIn/saleOut/retailOut): one row per barcode row the bills used
 * (`di.material_extend_id`), quantities in base units (buyOrSaleNumber sums basic_number), amounts as saved.
 */
function buyOrSale(
  ctx: Scope,
  params: Params,
  kinds: { in: [string, string]; out: [string, string] },
  mode: 'in-out' | 'out-in',
): ReportResult {
  const book = stockBook(ctx);
  const { from, to } = safeRange(params);
  const depots = depotOrUser(ctx, params.depotId);
  const creators = creatorsInScope(ctx.state, ctx.user);
  const categories = categoryIds(ctx, params.categoryId);
  const param = params.materialParam?.trim();
  const extendById = new Map<unknown, MaterialExtendRow>(liveRows(ctx, 'materialExtend').map((e) => [e.id, e]));
  const kindOf = (head: Row): 'in' | 'out' | null => {
    const [type, sub] = [String(head.type), String(head.subType)];
    if (type === kinds.in[0] && sub === kinds.in[1]) return 'in';
    if (type === kinds.out[0] && sub === kinds.out[1]) return 'out';
    return null;
  };
  interface Group {
    m: MaterialRow;
    extendId: unknown;
    inSum: number;
    outSum: number;
    inSumPrice: number;
    outSumPrice: number;
  }
  const groups = new Map<string, Group>();
  let inTotal = 0;
  let outTotal = 0;
  for (const m of book.products.values()) {
    if (categories && !categories.has(m.categoryId as number)) continue;
    for (const { line, head } of book.movesOf.get(m.id) ?? []) {
      const kind = kindOf(head);
      if (kind === null) continue;
      const t = timeOf(head.operTime);
      if (!(t >= from && t <= to)) continue;
      if (creators !== null && !creators.includes(head.creator as number)) continue;
      if (has(params.organId) && String(head.organId) !== params.organId.trim()) continue;
      if (depots.length > 0 && !depots.includes(line.depotId as number)) continue;
      if (book.flags.forceApproval && !['1', '2', '3'].includes(String(head.status))) continue;
      const extend = extendById.get(line.materialExtendId);
      const amount = Number(line.allPrice ?? 0) || 0;
      // buyOrSalePriceTotal matches fewer columns than the rows do.
      if (matchesParam(m, extend?.barCode, param, ['name', 'mnemonic', 'standard', 'model'])) {
        if (kind === 'in') inTotal += amount;
        else outTotal += amount;
      }
      if (!matchesParam(m, extend?.barCode, param)) continue;
      const key = `${String(m.id)}/${String(line.materialExtendId)}`;
      const g = groups.get(key) ?? {
        m,
        extendId: line.materialExtendId,
        inSum: 0,
        outSum: 0,
        inSumPrice: 0,
        outSumPrice: 0,
      };
      const n = Number(line.basicNumber ?? 0) || 0;
      if (kind === 'in') {
        g.inSum += n;
        g.inSumPrice += amount;
      } else {
        g.outSum += n;
        g.outSumPrice += amount;
      }
      groups.set(key, g);
    }
  }
  const rows: Row[] = [...groups.values()]
    .sort((a, b) => b.m.id - a.m.id || Number(a.extendId) - Number(b.extendId))
    .map((g) => {
      const { m } = g;
      const unit = m.unitId === null || m.unitId === undefined ? undefined : book.units.get(m.unitId);
      const row: Row = {
        barCode: extendById.get(g.extendId)?.barCode ?? null,
        ...productColumns(m),
        materialUnit: materialUnit(book, m),
        unitName: unit?.name ?? null,
        inSum: asDecimal(g.inSum),
        outSum: asDecimal(g.outSum),
        inSumPrice: asDecimal(g.inSumPrice),
        outSumPrice: asDecimal(g.outSumPrice),
      };
      if (mode === 'in-out') row.inOutSumPrice = asDecimal(g.inSumPrice - g.outSumPrice);
      else row.outInSumPrice = asDecimal(g.outSumPrice - g.inSumPrice);
      return row;
    });
  const realityPriceTotal = asDecimal(mode === 'in-out' ? inTotal - outTotal : outTotal - inTotal);
  return { rows, extras: { realityPriceTotal } };
}

/** 采购统计: purchase in vs purchase returns. */
export const buyIn = (ctx: Scope, params: Params): ReportResult =>
  buyOrSale(ctx, params, { in: ['入库', '采购'], out: ['出库', '采购退货'] }, 'in-out');
/** 销售统计: sales out vs sales returns. */
export const saleOut = (ctx: Scope, params: Params): ReportResult =>
  buyOrSale(ctx, params, { in: ['入库', '销售退货'], out: ['出库', '销售'] }, 'out-in');
/** 零售统计: retail out vs retail returns. */
export const retailOut = (ctx: Scope, params: Params): ReportResult =>
  buyOrSale(ctx, params, { in: ['入库', '零售退货'], out: ['出库', '零售'] }, 'out-in');

/**
 * 商品库存 (MaterialController.getListWithStock): enabled products with their default barcode, stock and opening
 * stock over `depotIds` or the caller's depots; zeroStock 0 hides products with no stock there.
 */
export function materialStock(ctx: Scope, params: Params): ReportResult {
  const book = stockBook(ctx);
  const depots = depotIdList(ctx, params.depotIds);
  const categories = categoryIds(ctx, params.categoryId);
  const hidden = stockPriceHidden(ctx);
  const moveAvg = moveAvgPriceFlag(ctx);
  const position = params.position?.trim() ?? '';
  const all: Row[] = [];
  for (const m of book.products.values()) {
    const extend = defaultExtendOf(book, m);
    if (!extend || m.enabled !== true) continue;
    if (categories && !categories.has(m.categoryId as number)) continue;
    if (position !== '' && !String(m.position ?? '').includes(position)) continue;
    if (!matchesParam(m, extend.barCode, params.materialParam?.trim())) continue;
    const view = materialView(ctx, m, book.index);
    const here = stockByDepot(ctx, m.id, book.index).filter((d) => depots.length === 0 || depots.includes(d.depotId));
    const currentStock = asDecimal(here.reduce((s, d) => s + d.currentStock, 0));
    const purchase = Number(extend.purchaseDecimal ?? 0) || 0;
    // MaterialMapperEx.getListWithStock selects these columns only; with no unit_id among them the service's
    // "[多单位]" and bigUnitStock never apply: unitName is the default barcode's unit, bigUnitStock "".
    all.push(
      materialVo4Unit({
        id: m.id,
        name: m.name,
        standard: m.standard,
        model: m.model,
        color: m.color,
        brand: m.brand,
        mfrs: m.mfrs,
        position: m.position,
        imgName: m.imgName,
        unitName: extend.commodityUnit,
        categoryName: view.categoryName,
        mBarCode: extend.barCode,
        purchaseDecimal: hidden ? null : purchase,
        currentUnitPrice: purchase,
        initialStock: openingStock(book, m.id, depots),
        currentStock,
        bigUnitStock: '',
        currentStockPrice: hidden ? null : asDecimal(currentStock * purchase),
        currentStockMovePrice: asDecimal(currentStock * purchase),
        currentWeight: asDecimal(currentStock * (Number(m.weight ?? 0) || 0)),
      }),
    );
  }
  // The totals (getTotalStockAndPrice) count every matching product, zeroStock or not.
  const totals = {
    currentStock: sum(all, 'currentStock'),
    currentStockPrice: hidden ? 0 : sum(all, 'currentStockPrice'),
    currentWeight: sum(all, 'currentWeight'),
  };
  const rows = all.filter((r) => params.zeroStock === '1' || r.currentStock !== 0);
  const column = params.column ?? 'createTime';
  const sortable = ['mBarCode', 'purchaseDecimal', 'currentStock', 'currentStockPrice', 'currentWeight'];
  if (sortable.includes(column)) {
    // ORDER BY ${column} ${order}: numbers as numbers, barcodes as text; order defaults to desc, any other word
    // than asc/desc leaves the SQL ascending.
    const sign = (params.order ?? 'desc') === 'desc' ? -1 : 1;
    const value = (r: Row): number | string =>
      column === 'mBarCode' ? String(r[column] ?? '') : Number(r[column] ?? 0);
    rows.sort((a, b) => sign * (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0));
  } else rows.sort((a, b) => (b.id as number) - (a.id as number));
  return { rows, extras: { ...totals, showStockPrice: !hidden, moveAvgPriceFlag: moveAvg } };
}

/** A product's default barcode, name (under the report's own key) and descriptive texts, as 入库/出库汇总 list them. */
function productText(m: Row, nameKey: 'mname' | 'mName'): Row {
  return {
    barCode: m.mBarCode,
    [nameKey]: m.name,
    standard: m.standard,
    model: m.model,
    color: m.color,
    brand: m.brand,
    mfrs: m.mfrs,
    materialOther: m.materialOther ?? '',
  };
}

/** A row of DepotHeadMapperEx.findInOutDetail / findAllocationDetail: the line under its own barcode row. */
function detailRow(ctx: Scope, l: Row, m: Row, allocation: boolean): Row {
  const barCode = (ctx.state.tables.materialExtend ?? []).find((e) => e.id === l.materialExtendId)?.barCode;
  // concat_ws('  ', dh.remark, di.remark) skips a NULL, not an empty text.
  const remarks = [l.headRemark, l.remark].filter((r) => r !== null && r !== undefined);
  return {
    number: l.number,
    barCode: barCode ?? null,
    mname: m.name,
    model: m.model,
    standard: m.standard,
    color: m.color,
    brand: m.brand,
    mfrs: m.mfrs,
    unitPrice: l.unitPrice,
    sku: l.sku ?? null,
    mUnit: l.materialUnit,
    newRemark: remarks.join('  '),
    operNumber: l.operNumber,
    allPrice: l.allPrice,
    taxRate: l.taxRate ?? 0,
    taxMoney: l.taxMoney ?? 0,
    taxLastMoney: l.taxLastMoney ?? 0,
    sname: allocation ? depotName(ctx, l.anotherDepotId) : l.organName,
    dname: depotName(ctx, l.depotId),
    // date_format(dh.oper_time, '%Y-%m-%d')
    operTime: l.operTime instanceof Date ? formatDate(l.operTime) : null,
    // concat(dh.sub_type, dh.type): 采购入库, 销售出库, 调拨出库, …
    newType: l.subType === null || l.subType === undefined || l.type == null ? null : `${l.subType}${l.type}`,
    tenantId: null,
  };
}

/** order by oper_time desc, number desc; the lines of one bill come as the join gives them, in line order. */
const detailOrder = (a: Row, b: Row): number =>
  timeOf(b.operTime) - timeOf(a.operTime) ||
  String(b.number ?? '').localeCompare(String(a.number ?? '')) ||
  (a.id as number) - (b.id as number);

/** 入库明细 / 出库明细 (transfers have their own report). */
export function inOutDetail(ctx: Scope, params: Params): ReportResult {
  const mats = materials(ctx);
  const rows = lines(ctx, params, { byLine: true })
    .filter((l) => l.type === params.type && l.subType !== '调拨')
    .sort(detailOrder)
    .map((l) => detailRow(ctx, l, mats.get(l.materialId as number) as Row, false));
  return { rows, extras: { operNumberTotal: sum(rows, 'operNumber'), allPriceTotal: sum(rows, 'allPrice') } };
}

/** 调拨明细: dname is the source depot, sname the target. */
export function allocationDetail(ctx: Scope, params: Params): ReportResult {
  const mats = materials(ctx);
  const rows = lines(ctx, params, { byLine: true })
    .filter((l) => l.subType === '调拨')
    .filter((l) => !has(params.depotIdF) || String(l.anotherDepotId) === params.depotIdF.trim())
    .sort(detailOrder)
    .map((l) => detailRow(ctx, l, mats.get(l.materialId as number) as Row, true));
  return { rows, extras: { operNumberTotal: sum(rows, 'operNumber'), allPriceTotal: sum(rows, 'allPrice') } };
}

/**
 * 入库汇总 / 出库汇总 (DepotHeadMapperEx.findInOutMaterialCount): base units per product; transfers count as 入库 into
 * their target depot and as 出库 out of their source.
 */
export function inOutMaterialCount(ctx: Scope, params: Params): ReportResult {
  const mats = materials(ctx);
  const flags = billFlags(ctx.state, ctx.tenantId);
  const depots = depotOrUser(ctx, params.depotId);
  const inDepots = (id: unknown): boolean => depots.length === 0 || depots.includes(id as number);
  const managed = ['采购', '采购退货', '销售', '销售退货'];
  const grouped = new Map<number, { numSum: number; priceSum: number }>();
  for (const l of lines(ctx, { ...params, depotId: undefined })) {
    const transfer = l.subType === '调拨';
    if (l.type !== params.type && !transfer) continue;
    if (params.type === '入库' ? !inDepots(transfer ? l.anotherDepotId : l.depotId) : !inDepots(l.depotId)) continue;
    if (flags.forceApproval && !['1', '2', '3'].includes(String(l.status))) continue;
    if (flags.inOutManage && managed.includes(String(l.subType))) continue;
    const g = grouped.get(l.materialId as number) ?? { numSum: 0, priceSum: 0 };
    g.numSum += Number(l.basicNumber ?? l.operNumber ?? 0) || 0;
    g.priceSum += Number(l.allPrice ?? 0) || 0;
    grouped.set(l.materialId as number, g);
  }
  const rows = [...grouped.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([id, g]) => {
      const m = mats.get(id) as Row;
      return {
        materialId: id,
        ...productText(m, 'mName'),
        categoryName: m.categoryName,
        materialUnit: unitText(ctx, m),
        numSum: asDecimal(g.numSum),
        priceSum: asDecimal(g.priceSum),
      };
    });
  return { rows, extras: { numSumTotal: sum(rows, 'numSum'), priceSumTotal: sum(rows, 'priceSum') } };
}

/** 客户对账 / 供应商对账: opening balance, new debt, money received/paid, closing balance per partner. */
export function statementAccount(ctx: Scope, params: Params): ReportResult {
  const { from, to } = safeRange(params);
  const isCustomer = params.supplierType === '客户';
  const debtKinds = isCustomer
    ? { plus: '出库/销售', minus: '入库/销售退货' }
    : { plus: '入库/采购', minus: '出库/采购退货' };
  const backType = isCustomer ? '收款' : '付款';
  const heads = liveRows(ctx, 'depotHead');
  const money_ = liveRows(ctx, 'accountHead');
  const partners = liveRows(ctx, 'supplier').filter((s) => s.type === params.supplierType);
  /** The debts of one kind of bill (the sales/purchases or their returns) of a partner in a window. */
  const debtOf = (organId: unknown, kind: string, lo: number, hi: number): number =>
    asDecimal(
      heads
        .filter((h) => h.organId === organId && timeOf(h.operTime) >= lo && timeOf(h.operTime) <= hi)
        .filter((h) => `${h.type}/${h.subType}` === kind)
        .reduce((s, h) => s + (Number(h.debt) || 0), 0),
    );
  // Money received/paid is what the 收款/付款 items settled (discounts included), 付款 items stored negative.
  const items = liveRows(ctx, 'accountItem');
  const backOf = (organId: unknown, lo: number, hi: number): number => {
    const heads = new Map(
      money_
        .filter(
          (h) =>
            h.organId === organId &&
            h.type === backType &&
            (h.billTime as Date).getTime() >= lo &&
            (h.billTime as Date).getTime() <= hi,
        )
        .map((h) => [h.id, h]),
    );
    const settled = items.filter((i) => heads.has(i.headerId)).reduce((s, i) => s + Number(i.eachAmount ?? 0), 0);
    return backType === '付款' ? -settled : settled;
  };
  let rows: Row[] = partners
    .filter((p) => !has(params.organId) || String(p.id) === params.organId.trim())
    .sort((a, b) => a.id - b.id)
    .map((p) => {
      // DepotHeadController.getStatementAccount: 期初 = beginNeed + preDebtMoney − preReturnDebtMoney − preBackMoney;
      // the period's debtMoney is its debts less its returns' (returnDebtMoney); 期末 = 期初 + debtMoney − backMoney.
      const beginNeed = (isCustomer ? p.beginNeedGet : p.beginNeedPay) ?? 0;
      const preDebtMoney = debtOf(p.id, debtKinds.plus, -Infinity, from - 1);
      const preReturnDebtMoney = debtOf(p.id, debtKinds.minus, -Infinity, from - 1);
      const preBackMoney = asDecimal(backOf(p.id, -Infinity, from - 1));
      const preNeed = asDecimal(beginNeed + preDebtMoney - preReturnDebtMoney - preBackMoney);
      const returnDebtMoney = debtOf(p.id, debtKinds.minus, from, to);
      const debtMoney = asDecimal(debtOf(p.id, debtKinds.plus, from, to) - returnDebtMoney);
      const backMoney = asDecimal(backOf(p.id, from, to));
      return {
        id: p.id,
        supplier: p.supplier,
        contacts: p.contacts,
        telephone: p.telephone,
        phoneNum: p.phoneNum,
        email: p.email,
        beginNeed,
        preDebtMoney,
        preReturnDebtMoney,
        preBackMoney,
        preNeed,
        debtMoney,
        returnDebtMoney,
        backMoney,
        allNeed: asDecimal(preNeed + debtMoney - backMoney),
      };
    });
  if (params.hasDebt === '1') rows = rows.filter((r) => r.allNeed !== 0);
  return { rows, extras: { firstMoney: sum(rows, 'preNeed'), lastMoney: sum(rows, 'allNeed') } };
}

/**
 * 库存预警 (DepotItemMapperEx.findStockWarningCount): one row per product and depot (the one asked for, else the
 * caller's) whose stock there is under its lowest or over its highest safety stock, by depot name. The controller
 * splits `mpList` first: without it the report fails.
 */
export function stockWarning(ctx: Scope, params: Params): ReportResult {
  if (params.mpList === undefined) throw new ReadFailedError('mpList.split on null');
  const book = stockBook(ctx);
  const depots = depotOrUser(ctx, params.depotId);
  const categories = categoryIds(ctx, params.categoryId);
  const names = new Map((ctx.state.tables.depot ?? []).map((d) => [d.id, d.name]));
  const rows: Row[] = [];
  for (const m of book.products.values()) {
    const extend = defaultExtendOf(book, m);
    if (!extend || m.enabled !== true) continue;
    if (categories && !categories.has(m.categoryId as number)) continue;
    if (!matchesParam(m, extend.barCode, params.materialParam?.trim())) continue;
    const unit = m.unitId === null || m.unitId === undefined ? undefined : book.units.get(m.unitId);
    for (const d of stockByDepot(ctx, m.id, book.index)) {
      if (!book.index.initialByKey.has(`${String(m.id)}/${String(d.depotId)}`)) continue;
      if (depots.length > 0 && !depots.includes(d.depotId)) continue;
      const low = Number(d.lowSafeStock ?? 0) || 0;
      const high = Number(d.highSafeStock ?? 0) || 0;
      if (!((low !== 0 && d.currentStock < low) || (high !== 0 && d.currentStock > high))) continue;
      const lowSafeStock = d.lowSafeStock ?? null;
      const highSafeStock = d.highSafeStock ?? null;
      rows.push({
        mid: m.id,
        barCode: extend.barCode,
        mname: m.name,
        mmodel: m.model,
        // getUName: the product's own unit, else the multi-unit's basic unit.
        materialUnit:
          String(m.unit ?? '') !== '' ? m.unit : String(unit?.basicUnit ?? '') !== '' ? unit!.basicUnit : null,
        mcolor: m.color,
        mstandard: m.standard,
        mmfrs: m.mfrs,
        brand: m.brand,
        unitName: unit?.basicUnit ?? null,
        materialOther: null,
        motherField1: m.otherField1 ?? null,
        motherField2: m.otherField2 ?? null,
        motherField3: m.otherField3 ?? null,
        depotName: names.get(d.depotId) ?? null,
        currentNumber: d.currentStock,
        lowSafeStock,
        highSafeStock,
        lowCritical:
          lowSafeStock !== null && d.currentStock < lowSafeStock ? asDecimal(lowSafeStock - d.currentStock) : null,
        highCritical:
          highSafeStock !== null && d.currentStock > highSafeStock ? asDecimal(d.currentStock - highSafeStock) : null,
      });
    }
  }
  rows.sort((a, b) =>
    String(a.depotName ?? '') < String(b.depotName ?? '')
      ? -1
      : String(a.depotName ?? '') > String(b.depotName ?? '')
        ? 1
        : 0,
  );
  return { rows, extras: {} };
}

/** Plugin admin list (flat `name` param on the plugin id). */
export function pluginList(ctx: Scope, params: Params): ReportResult {
  const rows = (ctx.state.tables.plugin ?? []).filter((p) => {
    if (!has(params.name)) return true;
    const d = p.pluginDescriptor as Record<string, string>;
    return d.pluginId?.includes(params.name.trim()) ?? false;
  });
  return { rows, extras: {} };
}
