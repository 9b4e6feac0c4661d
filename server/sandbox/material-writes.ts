// The product pages' writes and look-ups with jshERP-boot's rules: 商品类别 (tree, full-column edit, 601 / 7500006
// deletes), 多属性, 扩展字段别名, 商品 (header + barcode rows + opening stock per depot, saved in one transaction;
// duplicate barcodes are 8000005 on add but 301 on edit), 批量编辑, and the look-ups the product form and the bill
// lines load (next barcode, pinyin, depots with stock, barcode / keyword searches).
import type { FastifyRequest } from 'fastify';
import {
  extendsOf,
  productIndex,
  recomputeStock,
  stockByDepot,
  stockInUnit,
  unitOf,
  type ProductIndex,
} from './materials.js';
import { BusinessException, UnknownException, toId } from './wire.js';
import { refuseInUse, writeLog, writerOf, type EntitySchema, type Writer } from './writes.js';
import { insertRow, liveRows, tenantRows, type Row, type SandboxState, type Scope, isLive } from './store.js';
import { perState } from './per-state.js';

export const CATEGORY = {
  id: 'long',
  name: 'string',
  categoryLevel: 'long',
  parentId: 'long',
  sort: 'string',
  serialNo: 'string',
  remark: 'string',
  createTime: 'date',
  updateTime: 'date',
} as const satisfies EntitySchema;
export const ATTRIBUTE = {
  id: 'long',
  attributeName: 'string',
  attributeValue: 'string',
} as const satisfies EntitySchema;
export const PROPERTY = {
  id: 'long',
  nativeName: 'string',
  enabled: 'boolean',
  sort: 'string',
  anotherName: 'string',
} as const satisfies EntitySchema;
export const MATERIAL = {
  id: 'long',
  categoryId: 'long',
  name: 'string',
  mfrs: 'string',
  model: 'string',
  standard: 'string',
  brand: 'string',
  mnemonic: 'string',
  color: 'string',
  unit: 'string',
  remark: 'string',
  imgName: 'string',
  unitId: 'long',
  expiryNum: 'long',
  weight: 'decimal',
  enabled: 'boolean',
  otherField1: 'string',
  otherField2: 'string',
  otherField3: 'string',
  enableSerialNumber: 'string',
  enableBatchNumber: 'string',
  position: 'string',
  attribute: 'string',
} as const satisfies EntitySchema;
export const MATERIAL_COLUMNS = Object.keys(MATERIAL).filter((k) => k !== 'id');

export const WRITE_FAIL = (): BusinessException => new BusinessException(301, '数据写入异常');

/** The three extension fields the 扩展字段别名 page always lists, each with the alias saved for it. */
export function materialPropertyRows(ctx: Scope): Row[] {
  const saved = liveRows(ctx, 'materialProperty');
  return ['扩展1', '扩展2', '扩展3'].map((nativeName, i) => ({
    id: i + 1,
    nativeName,
    enabled: null,
    sort: null,
    anotherName: saved.find((p) => p.nativeName === nativeName)?.anotherName ?? nativeName,
    tenantId: null,
    deleteFlag: null,
  }));
}

/** fastjson getString: a string as is, anything else as its JSON text. */
export const jsonString = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);
export const notEmpty = (s: string | null): s is string => s !== null && s !== '';

/** fastjson getJSONArray: an array, a string holding one, null when absent; anything else fails the call. */
export function jsonArray(value: unknown, fail: () => Error): unknown[] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
      if (parsed === null) return null;
    } catch {
      // falls through to the failure below
    }
  }
  throw fail();
}

/** fastjson getJSONObject(i) of an array element. */
export function jsonObject(value: unknown, fail: () => Error): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // falls through
    }
  }
  throw fail();
}

/** getBigDecimal of a value already known to be non-empty: a number or numeric text, else the call fails. */
export function decimal(value: unknown, fail: () => Error): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) throw fail();
  return n;
}

/** MaterialExtendService.checkIsBarCodeExist: another live barcode row of the tenant with this code. */
export const barCodeTaken = (w: Writer, barCode: string, exceptId: number): boolean =>
  liveRows(w, 'materialExtend').some((e) => e.barCode === barCode && (exceptId <= 0 || e.id !== exceptId));

/** The `{manySku, skuOne, skuTwo, skuThree}` JSON the header stores (absent keys left out; `{}` for a plain product). */
export function attributeOf(body: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const key of ['manySku', 'skuOne', 'skuTwo', 'skuThree']) {
    // A value that is not an array fails before the write starts: the global handler's 未知异常.
    const list = jsonArray(body[key], () => new UnknownException(`${key} is not an array`));
    if (list !== null) out[key] = list;
  }
  return JSON.stringify(out);
}

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makeMaterialWriteKit(state: SandboxState) {
  const writer = (request: FastifyRequest): Writer => writerOf(state, request);
  const queryOf = (request: FastifyRequest): Record<string, unknown> => request.query as Record<string, unknown>;

  // --- 商品类别 ----------------------------------------------------------------------------------------------------
  const categories = (w: Scope): Row[] =>
    liveRows(w, 'materialCategory').sort(
      (a, b) => String(a.sort ?? '').localeCompare(String(b.sort ?? '')) || a.id - b.id,
    );
  interface CategoryNode {
    id: number;
    key: number;
    value: number;
    title: unknown;
    state: string;
    checked: boolean;
    children: CategoryNode[];
  }
  const categoryTree = (w: Scope, exclude: number | null): CategoryNode[] => {
    const all = categories(w);
    const build = (parentId: number | null): CategoryNode[] =>
      all
        .filter((c) => (c.parentId ?? null) === parentId && c.id !== exclude)
        .map((c) => ({
          id: c.id as number,
          key: c.id as number,
          value: c.id as number,
          title: c.name,
          state: 'open',
          checked: false,
          // TreeNode's attributes stay null here, and fastjson (JSON.toJSONString) leaves nulls out.
          children: build(c.id as number),
        }));
    return build(null);
  };
  const deleteCategories = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    if (liveRows(w, 'material').some((m) => ids.includes(m.categoryId as number))) refuseInUse();
    const live = categories(w);
    if (live.some((c) => ids.includes(c.parentId as number)))
      throw new BusinessException(7500006, '该类别存在下级不允许删除');
    const hit = tenantRows(w, 'materialCategory').filter((c) => ids.includes(c.id as number));
    for (const c of hit) {
      c.deleteFlag = '1';
      c.updateTime = state.clock.now();
    }
    writeLog(
      w,
      '商品类型',
      `删除${live
        .filter((c) => ids.includes(c.id as number))
        .map((c) => `[${String(c.name)}]`)
        .join('')}`,
    );
    return hit.length;
  };
  // --- 商品 --------------------------------------------------------------------------------------------------------
  /** Inserts one barcode row (duplicate code → 8000005 with the code). */
  const insertExtend = (w: Writer, materialId: number, row: Record<string, unknown>, fail: () => Error): void => {
    const barCode = jsonString(row.barCode);
    if (notEmpty(barCode) && barCodeTaken(w, barCode, 0))
      throw new BusinessException(8000005, `商品条码:${barCode}重复`);
    const unit = jsonString(row.commodityUnit);
    const price = (key: string): number | null => (notEmpty(jsonString(row[key])) ? decimal(row[key], fail) : null);
    const now = state.clock.now();
    insertRow(w, 'materialExtend', {
      materialId,
      barCode: notEmpty(barCode) ? barCode : null,
      commodityUnit: notEmpty(unit) ? unit : null,
      sku: jsonString(row.sku),
      purchaseDecimal: price('purchaseDecimal'),
      commodityDecimal: price('commodityDecimal'),
      wholesaleDecimal: price('wholesaleDecimal'),
      lowDecimal: price('lowDecimal'),
      defaultFlag: null,
      createTime: now,
      createSerial: w.user.login_name,
      updateSerial: w.user.login_name,
      updateTime: now.getTime(),
    });
  };

  /** Updates one barcode row by id: barcode and unit when sent, all four prices as sent (a cleared price is cleared). */
  const updateExtend = (w: Writer, row: Record<string, unknown>, fail: () => Error): void => {
    const id = toId(row.id);
    if (id === null) throw fail();
    const barCode = jsonString(row.barCode);
    if (notEmpty(barCode) && barCodeTaken(w, barCode, id))
      throw new BusinessException(8000005, `商品条码:${barCode}重复`);
    const target = tenantRows(w, 'materialExtend').find((e) => e.id === id);
    const price = (key: string): number | null => (notEmpty(jsonString(row[key])) ? decimal(row[key], fail) : null);
    const prices = {
      purchaseDecimal: price('purchaseDecimal'),
      commodityDecimal: price('commodityDecimal'),
      wholesaleDecimal: price('wholesaleDecimal'),
      lowDecimal: price('lowDecimal'),
    };
    if (!target) return;
    if (notEmpty(barCode)) target.barCode = barCode;
    const unit = jsonString(row.commodityUnit);
    if (notEmpty(unit)) target.commodityUnit = unit;
    if (row.sku !== null && row.sku !== undefined) target.sku = jsonString(row.sku);
    Object.assign(target, prices);
    target.updateSerial = w.user.login_name;
    target.updateTime = state.clock.ms();
  };

  /** MaterialExtendService.saveDetials: barcode rows inserted / updated / deleted, then the first live row made the default. */
  const saveBarCodes = (
    w: Writer,
    body: Record<string, unknown>,
    materialId: number,
    mode: 'insert' | 'update',
  ): void => {
    const meList = jsonArray(body.meList, WRITE_FAIL);
    let deleted = jsonArray(body.meDeleteIdList, WRITE_FAIL);
    const inserted: Record<string, unknown>[] = [];
    const updated: Record<string, unknown>[] = [];
    if (meList !== null) {
      const rows = meList.map((r) => jsonObject(r, WRITE_FAIL));
      if (mode === 'insert') inserted.push(...rows);
      else {
        for (const row of rows) {
          // Rows the form adds carry a temporary id of 20+ characters; a row without id is a NullPointerException.
          const id = jsonString(row.id);
          if (id === null) throw WRITE_FAIL();
          (id.length > 19 ? inserted : updated).push(row);
        }
        // A multi-attribute product drops the saved rows whose barcode the new list no longer has.
        const manySku = jsonString(body.manySku);
        if (notEmpty(manySku)) {
          const kept = new Set(rows.map((r) => jsonString(r.barCode)));
          for (const e of extendsOf(w, materialId)) {
            if (kept.has(e.barCode as string)) continue;
            if (deleted === null) throw WRITE_FAIL();
            deleted = [...deleted, e.id];
          }
        }
      }
    }
    // Ids that are not numbers (temporary ids of rows never saved) match nothing.
    const deleteIds = (deleted ?? []).map((d) => toId(d)).filter((d): d is number => d !== null);
    for (const e of tenantRows(w, 'materialExtend')) if (deleteIds.includes(e.id as number)) e.deleteFlag = '1';
    for (const row of inserted) insertExtend(w, materialId, row, WRITE_FAIL);
    for (const row of updated) updateExtend(w, row, WRITE_FAIL);
    // The form sends `sortList: []`: the first live row (by id) becomes the default unit, the others not.
    const rows = liveRows(w, 'materialExtend')
      .filter((e) => e.materialId === materialId)
      .sort((a, b) => a.id - b.id);
    rows.forEach((e, i) => {
      e.defaultFlag = i === 0 ? '1' : '0';
    });
  };

  /** The 库存数量 rows: opening stock and warning levels per depot (`id` = depot id). */
  const saveStock = (w: Writer, body: Record<string, unknown>, materialId: number, mode: 'insert' | 'update'): void => {
    const stock = jsonArray(body.stock, WRITE_FAIL);
    if (stock === null) return;
    for (const item of stock) {
      const row = jsonObject(item, WRITE_FAIL);
      if (row.id === null || row.id === undefined || row.initStock === null || row.initStock === undefined) continue;
      const depotId = toId(row.id);
      if (depotId === null) throw WRITE_FAIL();
      const number = jsonString(row.initStock);
      // getBigDecimal: '' (an untouched cell) reads as null.
      const level = (key: string): number | null =>
        notEmpty(jsonString(row[key])) ? decimal(row[key], WRITE_FAIL) : null;
      const low = level('lowSafeStock');
      const high = level('highSafeStock');
      const amount = notEmpty(number) ? decimal(number, WRITE_FAIL) : null;
      const keep =
        mode === 'insert'
          ? (amount !== null && amount > 0) || low !== null || high !== null
          : notEmpty(number) || low !== null || high !== null;
      if (mode === 'update') {
        // The opening-stock row of (product, depot) is deleted outright and written again.
        const table = state.tables.materialInitialStock ?? [];
        state.tables.materialInitialStock = table.filter(
          (s) =>
            !(s.materialId === materialId && s.depotId === depotId && (w.tenantId === 0 || s.tenantId === w.tenantId)),
        );
      }
      if (keep)
        insertRow(w, 'materialInitialStock', {
          depotId,
          materialId,
          number: amount ?? 0,
          lowSafeStock: low,
          highSafeStock: high,
        });
      if (mode === 'update') recomputeStock(w, [{ materialId, depotId }]);
    }
  };

  /** Bill lines (of live bills) that use one of these products: they block its delete. */
  const productsInUse = (w: Writer, ids: number[]): boolean => {
    const heads = new Set(liveRows(w, 'depotHead').map((h) => h.id));
    return state.depotItems.some(
      (l) =>
        isLive(l) &&
        heads.has(l.headerId) &&
        (w.tenantId === 0 || l.tenantId === w.tenantId) &&
        ids.includes(l.materialId as number),
    );
  };
  const deleteProducts = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    if (productsInUse(w, ids)) refuseInUse();
    const names = liveRows(w, 'material')
      .filter((m) => ids.includes(m.id as number))
      .map((m) => `[${String(m.name)}]`);
    writeLog(w, '商品', `删除${names.join('')}`);
    for (const m of tenantRows(w, 'material')) if (ids.includes(m.id as number)) m.deleteFlag = '1';
    for (const e of tenantRows(w, 'materialExtend')) if (ids.includes(e.materialId as number)) e.deleteFlag = '1';
    return 1;
  };
  // --- bill-line look-ups ------------------------------------------------------------------------------------------
  /** Every barcode row of the caller's enabled products, newest product first, default row first. */
  const barCodeRows = (w: Scope): { m: Row; e: Row }[] => {
    const extendsByMaterial = productIndex(w).extendsByMaterial;
    return liveRows(w, 'material')
      .filter((m) => m.enabled === true)
      .sort((a, b) => b.id - a.id)
      .flatMap((m) => (extendsByMaterial.get(m.id) ?? []).map((e) => ({ m, e })));
  };

  /** Stock of a product in one depot (all depots when none), in the barcode row's unit. */
  const stockIn = (w: Scope, m: Row, e: Row, depotId: number | null, index: ProductIndex): number => {
    // Bill lines do not record the barcode row, so a multi-attribute row's own stock (bills only) is not tracked.
    if (typeof e.sku === 'string' && e.sku !== '') return 0;
    const total = stockByDepot(w, m.id, index)
      .filter((s) => depotId === null || s.depotId === depotId)
      .reduce((sum, s) => sum + s.currentStock, 0);
    return stockInUnit(total, unitOf(w, m.unitId), e.commodityUnit);
  };

  /** getMaterialOtherByParam: `(field)` for each 自定义1..3 named in mpList. */
  const otherOf = (mp: string[], m: Row): string =>
    [1, 2, 3]
      .map((i) => (mp.includes(`自定义${i}`) && m[`otherField${i}`] ? `(${String(m[`otherField${i}`])})` : ''))
      .join('');

  const like = (value: unknown, needle: string): boolean => String(value ?? '').includes(needle);

  return {
    writer,
    queryOf,
    categories,
    categoryTree,
    deleteCategories,
    insertExtend,
    updateExtend,
    saveBarCodes,
    saveStock,
    productsInUse,
    deleteProducts,
    barCodeRows,
    stockIn,
    otherOf,
    like,
  };
}

export const materialWriteKit = perState(makeMaterialWriteKit);
