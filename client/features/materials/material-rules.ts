// The product form's rules, pure: barcode rows from a unit group or attribute values, the next barcode, row ids the
// backend tells apart from saved ones, and the save-time checks in the original's order with its exact messages.
import type { MessageKey } from '../../lib/i18n/i18n';

/** One barcode/price row (`meList`). New rows carry a temporary id the backend recognises by its length (> 19). */
export interface BarCodeRow {
  id: string | number;
  barCode: string;
  commodityUnit: string;
  sku?: string;
  purchaseDecimal: number | string | null;
  commodityDecimal: number | string | null;
  wholesaleDecimal: number | string | null;
  lowDecimal: number | string | null;
}

/** One depot row of the 库存数量 tab (`stock`); `id` is the depot's. */
export interface StockRow {
  id: number;
  name: string;
  initStock: number | string | null;
  lowSafeStock: number | string | null;
  highSafeStock: number | string | null;
}

/** A multi-unit group as /unit/getAllList gives it. */
export interface UnitGroup {
  id: number;
  name: string;
  basicUnit: string;
  otherUnit: string;
  otherUnitTwo?: string | null;
  otherUnitThree?: string | null;
  ratio: number | string;
  ratioTwo?: number | string | null;
  ratioThree?: number | string | null;
}

export const PRICE_KEYS = ['purchaseDecimal', 'commodityDecimal', 'wholesaleDecimal', 'lowDecimal'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];

let rowCount = 0;

/** A temporary row id: 13-digit time, a counter and random digits, then `_tid-` and six characters (≥ 20 long). */
export function newRowId(now: number = Date.now()): string {
  rowCount += 1;
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const tail = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  return `${now}${rowCount}${digits}_tid-${tail}`;
}

/** A row the backend has not saved yet (its id is a temporary one). */
export function isNewRowId(id: unknown): boolean {
  return String(id ?? '').length > 19;
}

/** `base` plus `n` as whole numbers of any length (barcodes outgrow Number); a non-numeric base counts from 1000. */
export function addToBarCode(base: string, n: number): string {
  const start = /^\d+$/.test(base) ? BigInt(base) : 1000n;
  return (start + BigInt(n)).toString();
}

/** The largest numeric barcode among the server's maximum and the rows on screen. */
export function maxBarCode(serverMax: string, rows: readonly Pick<BarCodeRow, 'barCode'>[]): string {
  let best = /^\d+$/.test(serverMax) ? BigInt(serverMax) : 1000n;
  for (const row of rows) if (/^\d+$/.test(row.barCode) && BigInt(row.barCode) > best) best = BigInt(row.barCode);
  return best.toString();
}

export function emptyRow(barCode: string, unit: string): BarCodeRow {
  return {
    id: newRowId(),
    barCode,
    commodityUnit: unit,
    purchaseDecimal: null,
    commodityDecimal: null,
    wholesaleDecimal: null,
    lowDecimal: null,
  };
}

/** The unit names of a group in row order, each with its ratio to the basic unit. */
export function unitSteps(unit: UnitGroup): { name: string; ratio: number }[] {
  const steps = [
    { name: unit.basicUnit, ratio: 1 },
    { name: unit.otherUnit, ratio: Number(unit.ratio) },
  ];
  if (unit.otherUnitTwo) steps.push({ name: unit.otherUnitTwo, ratio: Number(unit.ratioTwo) });
  if (unit.otherUnitThree) steps.push({ name: unit.otherUnitThree, ratio: Number(unit.ratioThree) });
  return steps;
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** Every price of rows after the first: the basic row's price times the unit's ratio, two decimals (as text). */
export function derivePrices(rows: readonly BarCodeRow[], unit: UnitGroup): BarCodeRow[] {
  const steps = unitSteps(unit);
  const basic = rows[0];
  if (!basic) return [...rows];
  return rows.map((row, i) => {
    if (i === 0 || !steps[i]) return row;
    const next = { ...row };
    for (const key of PRICE_KEYS) {
      if (!isBlank(basic[key]) && !Number.isNaN(Number(basic[key])))
        next[key] = (Number(basic[key]) * steps[i]!.ratio).toFixed(2);
    }
    return next;
  });
}

/**
 * Choosing a unit group: one row per unit of the group, in order (basic, other, two, three). Rows already there keep
 * their id and barcode; missing rows get the next barcodes after `max`; rows beyond the group stay as they are.
 */
export function rowsForUnitGroup(rows: readonly BarCodeRow[], unit: UnitGroup, max: string): BarCodeRow[] {
  const steps = unitSteps(unit);
  const out: BarCodeRow[] = rows.map((r) => ({ ...r }));
  let added = 0;
  steps.forEach((step, i) => {
    if (out[i]) out[i] = { ...out[i]!, commodityUnit: step.name };
    else out[i] = emptyRow(addToBarCode(max, ++added), step.name);
  });
  return derivePrices(out, unit);
}

/** The attribute values chosen, as the cartesian product `v1/v2/v3` in choice order. */
export function skuCombinations(lists: readonly (readonly string[])[]): string[] {
  const chosen = lists.filter((l) => l.length > 0);
  if (chosen.length === 0) return [];
  return chosen.reduce<string[]>(
    (acc, list) => acc.flatMap((prefix) => list.map((v) => (prefix === '' ? v : `${prefix}/${v}`))),
    [''],
  );
}

/** The grid for chosen attribute values: a row per combination, reusing rows (id, barcode, prices) of the same sku. */
export function rowsForSkus(
  rows: readonly BarCodeRow[],
  skus: readonly string[],
  unit: string,
  max: string,
): BarCodeRow[] {
  const bySku = new Map(rows.filter((r) => r.sku).map((r) => [r.sku!, r]));
  let added = 0;
  return skus.map((sku) => {
    const kept = bySku.get(sku);
    if (kept) return { ...kept };
    return { ...emptyRow(addToBarCode(max, ++added), unit), sku };
  });
}

export interface ProductDraft {
  values: Record<string, unknown>;
  /** 多单位 ticked: the group; else the single unit text in values.unit. */
  unitGroup: UnitGroup | null;
  multiUnit: boolean;
  rows: readonly BarCodeRow[];
  stock: readonly StockRow[];
  images: readonly string[];
}

export type Problem = { key: MessageKey; params?: Record<string, string> };

/** Checks before the product-exists call: no rows, serial and batch both, attributes with a unit group. */
export function checksBeforeExist(d: ProductDraft): Problem | null {
  if (d.rows.length === 0) return { key: 'product.noBarCode' };
  if (d.values.enableSerialNumber === '1' && d.values.enableBatchNumber === '1')
    return { key: 'product.serialAndBatch' };
  const skus = d.values.manySku;
  if (d.multiUnit && Array.isArray(skus) && skus.length > 0) return { key: 'product.skuWithMultiUnit' };
  return null;
}

/** Checks after it: each row's unit against the unit (group), then each depot row, then the images. */
export function checksAfterExist(d: ProductDraft, orWord: string): Problem | null {
  if (d.multiUnit && d.unitGroup) {
    const steps = unitSteps(d.unitGroup);
    if (d.rows.length < 2) return { key: 'product.multiUnitTwoRows' };
    const first = d.rows[0]!.commodityUnit;
    if (first !== steps[0]!.name)
      return { key: 'product.unitWrong', params: { unit: first, expected: steps[0]!.name } };
    const second = d.rows[1]!.commodityUnit;
    if (second !== steps[1]!.name)
      return { key: 'product.unitWrong', params: { unit: second, expected: steps[1]!.name } };
    const names = steps.map((s) => s.name);
    for (const row of d.rows) {
      if (!names.includes(row.commodityUnit)) {
        return { key: 'product.unitWrong', params: { unit: row.commodityUnit, expected: names.join(`】${orWord}【`) } };
      }
    }
  } else {
    const unit = String(d.values.unit ?? '');
    for (const row of d.rows) {
      if (row.commodityUnit !== unit)
        return { key: 'product.unitWrong', params: { unit: row.commodityUnit, expected: unit } };
    }
  }
  for (const depot of d.stock) {
    const opening = !isBlank(depot.initStock) && Number(depot.initStock) !== 0;
    if (opening && d.values.enableSerialNumber === '1') return { key: 'product.serialWithStock' };
    if (opening && d.values.enableBatchNumber === '1') return { key: 'product.batchWithStock' };
    if (
      !isBlank(depot.lowSafeStock) &&
      !isBlank(depot.highSafeStock) &&
      Number(depot.lowSafeStock) > Number(depot.highSafeStock)
    ) {
      return { key: 'product.lowAboveHigh', params: { depot: depot.name } };
    }
  }
  if (d.images.length > 4) return { key: 'product.tooManyImages' };
  return null;
}

const HEADER_TEXT = [
  'name',
  'standard',
  'model',
  'color',
  'brand',
  'mnemonic',
  'position',
  'mfrs',
  'otherField1',
  'otherField2',
  'otherField3',
  'enableSerialNumber',
  'enableBatchNumber',
  'remark',
] as const;

/** The /material/checkIsExist query: every parameter present, empty when blank. */
export function existQuery(d: ProductDraft, id: unknown): Record<string, string> {
  const v = d.values;
  const s = (x: unknown) => (isBlank(x) ? '' : String(x));
  return {
    id: s(id ?? 0) || '0',
    name: s(v.name),
    model: s(v.model),
    color: s(v.color),
    standard: s(v.standard),
    mfrs: s(v.mfrs),
    otherField1: s(v.otherField1),
    otherField2: s(v.otherField2),
    otherField3: s(v.otherField3),
    unit: d.multiUnit ? '' : s(v.unit),
    unitId: d.multiUnit && d.unitGroup ? String(d.unitGroup.id) : '',
  };
}

/**
 * The save body: header fields, the attribute choice, `unit`/`unitId` (the unused one as ''), `sortList: []`, rows,
 * depot rows, images as a comma list and the ids of removed rows. A copy sends no id (so it adds).
 */
export function productBody(
  d: ProductDraft,
  id: number | undefined,
  deletedIds: readonly (string | number)[],
): Record<string, unknown> {
  const v = d.values;
  const body: Record<string, unknown> = {};
  if (id !== undefined) body.id = id;
  for (const key of HEADER_TEXT)
    body[key] = isBlank(v[key]) ? '' : typeof v[key] === 'string' ? (v[key] as string).trim() : v[key];
  body.categoryId = isBlank(v.categoryId) ? null : v.categoryId;
  body.weight = isBlank(v.weight) ? null : v.weight;
  body.expiryNum = isBlank(v.expiryNum) ? null : v.expiryNum;
  body.unit = d.multiUnit ? '' : String(v.unit ?? '').trim();
  body.unitId = d.multiUnit && d.unitGroup ? d.unitGroup.id : '';
  const manySku = Array.isArray(v.manySku) ? (v.manySku as string[]) : [];
  // An empty attribute list is left out: the backend stores "{}" for a product without attributes.
  if (manySku.length > 0) {
    body.manySku = manySku;
    body.skuOne = v.skuOne ?? [];
    if (manySku.length > 1) body.skuTwo = v.skuTwo ?? [];
    if (manySku.length > 2) body.skuThree = v.skuThree ?? [];
  }
  body.sortList = [];
  body.imgName = d.images.join(',');
  body.meList = d.rows.map((r) => {
    const row: Record<string, unknown> = { id: r.id, barCode: r.barCode.trim(), commodityUnit: r.commodityUnit };
    if (r.sku) row.sku = r.sku;
    for (const key of PRICE_KEYS) row[key] = isBlank(r[key]) ? '' : r[key];
    return row;
  });
  body.stock = d.stock.map((s) => ({
    id: s.id,
    name: s.name,
    initStock: isBlank(s.initStock) ? '' : String(s.initStock),
    lowSafeStock: isBlank(s.lowSafeStock) ? '' : String(s.lowSafeStock),
    highSafeStock: isBlank(s.highSafeStock) ? '' : String(s.highSafeStock),
  }));
  body.meDeleteIdList = [...deletedIds];
  return body;
}

/** The stored `attribute` JSON of a product back into the form's four attribute fields. */
export function attributeFields(attribute: unknown): Record<string, string[]> {
  if (typeof attribute !== 'string' || attribute === '') return {};
  try {
    const parsed = JSON.parse(attribute) as Record<string, unknown>;
    const out: Record<string, string[]> = {};
    for (const key of ['manySku', 'skuOne', 'skuTwo', 'skuThree']) {
      if (Array.isArray(parsed[key])) out[key] = (parsed[key] as unknown[]).map(String);
    }
    return out;
  } catch {
    return {};
  }
}
