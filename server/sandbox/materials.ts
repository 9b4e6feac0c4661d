// Goods as jshERP-boot stores them: the header (jsh_material), its barcode rows with units and prices
// (jsh_material_extend) and its opening stock and warning levels per depot (jsh_material_initial_stock). The current
// stock is computed from the opening stock and the bill lines (where a seed stored another, that one until the backend
// would recompute it: recomputeStock), so a saved product shows the same numbers in the product list, the stock
// reports, the barcode look-ups and the form's 库存数量 tab.
import { billFlags } from './bills.js';
import type {
  DepotRow,
  MaterialCategoryRow,
  MaterialCurrentStockRow,
  MaterialExtendRow,
  MaterialInitialStockRow,
  MaterialRow,
  UnitRow,
} from './business-rows.js';
import { liveRows, type Row, type TenantScope, isLive } from './store.js';
import { asDecimal, halfUp } from './wire.js';

const byDefaultThenId = (a: MaterialExtendRow, b: MaterialExtendRow): number =>
  (a.defaultFlag === '1' ? 0 : 1) - (b.defaultFlag === '1' ? 0 : 1) || a.id - b.id;

/** A product's barcode rows in the backend's order: `default_flag desc, id asc`. */
export function extendsOf(scope: TenantScope, materialId: unknown): MaterialExtendRow[] {
  return liveRows(scope, 'materialExtend')
    .filter((e) => e.materialId === materialId)
    .sort(byDefaultThenId);
}

/**
 * What the derived product fields are computed from, read once per request: barcode rows per product, opening-stock
 * rows and bill movement per (product, depot), the live depots, categories and units.
 */
export interface ProductIndex {
  extendsByMaterial: Map<unknown, MaterialExtendRow[]>;
  initialByKey: Map<string, MaterialInitialStockRow>;
  movedByKey: Map<string, number>;
  /** A seed's stored stock of (product, depot) that no recompute has replaced yet (MaterialCurrentStockRow). */
  storedByKey: Map<string, number>;
  depots: DepotRow[];
  categories: Map<unknown, MaterialCategoryRow>;
  units: Map<unknown, UnitRow>;
}

const key = (materialId: unknown, depotId: unknown): string => `${String(materialId)}/${String(depotId)}`;

/** `materialIds` limits the index to those products (a list page, a barcode's matches): its cost then follows them, not the table. */
export function productIndex(scope: TenantScope, materialIds?: ReadonlySet<unknown>): ProductIndex {
  const wanted = (materialId: unknown): boolean => materialIds === undefined || materialIds.has(materialId);
  const extendsByMaterial = new Map<unknown, MaterialExtendRow[]>();
  for (const e of liveRows(scope, 'materialExtend')) {
    if (!wanted(e.materialId)) continue;
    const list = extendsByMaterial.get(e.materialId) ?? [];
    list.push(e);
    extendsByMaterial.set(e.materialId, list);
  }
  for (const list of extendsByMaterial.values()) list.sort(byDefaultThenId);
  const initialByKey = new Map<string, MaterialInitialStockRow>();
  for (const s of liveRows(scope, 'materialInitialStock'))
    if (wanted(s.materialId)) initialByKey.set(key(s.materialId, s.depotId), s);
  const storedByKey = new Map<string, number>();
  for (const s of liveRows(scope, 'materialCurrentStock'))
    if (wanted(s.materialId)) storedByKey.set(key(s.materialId, s.depotId), Number(s.currentNumber ?? 0) || 0);
  // Bill lines move stock while the line and its bill are live: in (入库) adds, out (出库) takes, a transfer (调拨)
  // moves between depots; an assembly (组装单) adds its 组合件 and takes its 普通子件, a disassembly (拆卸单) the
  // reverse; orders move nothing.
  const movedByKey = new Map<string, number>();
  const add = (materialId: unknown, depotId: unknown, n: number): void => {
    movedByKey.set(key(materialId, depotId), (movedByKey.get(key(materialId, depotId)) ?? 0) + n);
  };
  // With 强审核 only approved bills have moved goods.
  const force = billFlags(scope.state, scope.tenantId).forceApproval;
  const lines = scope.state.depotItems.filter(
    (l) => isLive(l) && wanted(l.materialId) && (scope.tenantId === 0 || l.tenantId === scope.tenantId),
  );
  // The bills are read only when some line of the wanted products may have moved stock.
  const heads = new Set(
    lines.length === 0
      ? []
      : liveRows(scope, 'depotHead')
          .filter((h) => !force || h.status === '1')
          .map((h) => h.id),
  );
  for (const l of lines) {
    if (!heads.has(l.headerId)) continue;
    const n = Number(l.basicNumber ?? l.operNumber ?? 0) || 0;
    if (l.type === '入库') add(l.materialId, l.depotId, n);
    else if (l.type === '出库') {
      add(l.materialId, l.depotId, -n);
      if (l.subType === '调拨') add(l.materialId, l.anotherDepotId, n);
    } else if (l.subType === '组装单' || l.subType === '拆卸单') {
      const sign = (l.mType === '组合件' ? 1 : l.mType === '普通子件' ? -1 : 0) * (l.subType === '组装单' ? 1 : -1);
      add(l.materialId, l.depotId, sign * n);
    }
  }
  return {
    extendsByMaterial,
    initialByKey,
    movedByKey,
    storedByKey,
    depots: liveRows(scope, 'depot'),
    categories: new Map(liveRows(scope, 'materialCategory').map((c) => [c.id, c])),
    // A product keeps showing the unit it was saved with while that unit is live.
    units: new Map(scope.state.tables.unit.filter((u) => isLive(u)).map((u) => [u.id, u])),
  };
}

export interface DepotStock {
  depotId: number;
  initStock: number;
  currentStock: number;
  lowSafeStock: number | null;
  highSafeStock: number | null;
}

/** Opening and current stock of a product in each live depot of the caller. */
export function stockByDepot(scope: TenantScope, materialId: unknown, index = productIndex(scope)): DepotStock[] {
  return index.depots.map((d) => {
    const initial = index.initialByKey.get(key(materialId, d.id));
    const initStock = Number(initial?.number ?? 0) || 0;
    const stored = index.storedByKey.get(key(materialId, d.id));
    return {
      depotId: d.id,
      initStock,
      currentStock: asDecimal(stored ?? initStock + (index.movedByKey.get(key(materialId, d.id)) ?? 0)),
      lowSafeStock: initial?.lowSafeStock ?? null,
      highSafeStock: initial?.highSafeStock ?? null,
    };
  });
}

/**
 * DepotItemService.updateCurrentStockFun for these (product, depot) pairs (`depotId` 'every': each depot; null: none,
 * as a line without another depot): the backend writes the stock the opening stock and the bills give, so a seed's
 * stored stock there goes and the computed one shows.
 */
export function recomputeStock(scope: TenantScope, pairs: Iterable<{ materialId: unknown; depotId: unknown }>): void {
  const tables = scope.state.tables;
  if (tables.materialCurrentStock.length === 0) return;
  const hit = [...pairs].filter((p) => p.depotId !== null && p.depotId !== undefined);
  const recomputed = (s: MaterialCurrentStockRow): boolean =>
    (scope.tenantId === 0 || s.tenantId === scope.tenantId) &&
    hit.some((p) => p.materialId === s.materialId && (p.depotId === 'every' || p.depotId === s.depotId));
  tables.materialCurrentStock = tables.materialCurrentStock.filter((s) => !recomputed(s));
}

/** A live unit row of the caller's data (undefined for a single-unit product). */
export function unitOf(scope: TenantScope, unitId: unknown): UnitRow | undefined {
  if (unitId === null || unitId === undefined) return undefined;
  return scope.state.tables.unit.find((u) => u.id === unitId && isLive(u));
}

/** How many basic units one `commodityUnit` holds (1 for the basic unit or a single unit). */
export function unitRatio(unit: UnitRow | undefined, commodityUnit: unknown): number {
  if (!unit || typeof commodityUnit !== 'string') return 1;
  const pairs: [unknown, unknown][] = [
    [unit.otherUnit, unit.ratio],
    [unit.otherUnitTwo, unit.ratioTwo],
    [unit.otherUnitThree, unit.ratioThree],
  ];
  for (const [name, ratio] of pairs) if (name === commodityUnit && Number(ratio)) return Number(ratio);
  return 1;
}

/** MaterialVo4Unit's fields in the order its Jackson answer lists them: the material's columns, then the joined ones. */
const MATERIAL_VO4_UNIT_FIELDS = [
  'id',
  'categoryId',
  'name',
  'mfrs',
  'model',
  'standard',
  'brand',
  'mnemonic',
  'color',
  'unit',
  'remark',
  'imgName',
  'unitId',
  'expiryNum',
  'weight',
  'enabled',
  'otherField1',
  'otherField2',
  'otherField3',
  'enableSerialNumber',
  'enableBatchNumber',
  'position',
  'attribute',
  'tenantId',
  'deleteFlag',
  'unitName',
  'ratio',
  'categoryName',
  'materialOther',
  'stock',
  'purchaseDecimal',
  'commodityDecimal',
  'wholesaleDecimal',
  'lowDecimal',
  'billPrice',
  'mBarCode',
  'commodityUnit',
  'meId',
  'initialStock',
  'currentUnitPrice',
  'currentStock',
  'currentStockPrice',
  'currentStockMovePrice',
  'currentWeight',
  'sku',
  'depotId',
  'bigUnitStock',
  'bigUnitInitialStock',
  'imgSmall',
  'imgLarge',
  'taxRate',
  'taxMoney',
  'taxLastMoney',
];

/** A MaterialVo4Unit as a mapper fills it: the given columns, every other field null. */
export function materialVo4Unit(values: Row): Row {
  return Object.fromEntries(MATERIAL_VO4_UNIT_FIELDS.map((k) => [k, values[k] ?? null]));
}

/**
 * UnitService.parseStockByUnit: a stock in basic units as the barcode row's unit counts it — divided by the ratio to
 * 2 places for one of the group's other units, else as it is.
 */
export function stockInUnit(stock: number, unit: UnitRow | undefined, commodityUnit: unknown): number {
  const ratio = unitRatio(unit, commodityUnit);
  return unit && commodityUnit !== unit.basicUnit && ratio !== 1 ? halfUp(stock / ratio, 2) : asDecimal(stock);
}

/** MaterialService.getBigUnitStock: a multi-unit product's stock in its first other unit (`0.33箱`), else "". */
export function bigUnitText(unit: UnitRow | undefined, stock: number): string {
  const ratio = Number(unit?.ratio ?? 0) || 0;
  return unit && ratio !== 0 ? `${halfUp(stock / ratio, 2).toFixed(2)}${String(unit.otherUnit ?? '')}` : '';
}

/** BigDecimal.stripTrailingZeros().toPlainString() of a ratio. */
const plain = (n: unknown): string => String(Number(n));

/** The `[基本]` / `[12瓶]` suffix the bill look-ups put after a multi-unit product's unit. */
export function ratioSuffix(unit: UnitRow | undefined, commodityUnit: unknown): string {
  if (!unit || typeof commodityUnit !== 'string' || commodityUnit === '') return '';
  let suffix = '';
  if (commodityUnit === unit.basicUnit) suffix = '[基本]';
  const pairs: [unknown, unknown][] = [
    [unit.otherUnit, unit.ratio],
    [unit.otherUnitTwo, unit.ratioTwo],
    [unit.otherUnitThree, unit.ratioThree],
  ];
  for (const [name, ratio] of pairs)
    if (name === commodityUnit && ratio !== null && ratio !== undefined)
      suffix = `[${plain(ratio)}${String(unit.basicUnit)}]`;
  return suffix;
}

/** The fields MaterialVo4Unit adds to a stored header: first barcode row and its prices, unit and category names, stock. */
export function materialView(scope: TenantScope, m: MaterialRow, index = productIndex(scope)): Row {
  const rows = index.extendsByMaterial.get(m.id) ?? [];
  // The list joins the lowest-id barcode row (min(me.id)); the first row saved is also the default one.
  const first = rows.reduce<MaterialExtendRow | undefined>(
    (low, e) => (low === undefined || e.id < low.id ? e : low),
    undefined,
  );
  const depots = stockByDepot(scope, m.id, index);
  const initialStock = asDecimal(depots.reduce((s, d) => s + d.initStock, 0));
  const currentStock = asDecimal(depots.reduce((s, d) => s + d.currentStock, 0));
  const safetyStock = asDecimal(depots.reduce((s, d) => s + (Number(d.lowSafeStock) || 0), 0));
  const category = index.categories.get(m.categoryId);
  const unit = m.unitId === null || m.unitId === undefined ? undefined : index.units.get(m.unitId);
  const purchase = Number(first?.purchaseDecimal ?? 0) || 0;
  return {
    ...m,
    unitName: unit ? unit.name : null,
    categoryName: category ? category.name : null,
    materialOther: '',
    stock: currentStock,
    purchaseDecimal: first?.purchaseDecimal ?? null,
    commodityDecimal: first?.commodityDecimal ?? null,
    wholesaleDecimal: first?.wholesaleDecimal ?? null,
    lowDecimal: first?.lowDecimal ?? null,
    mBarCode: first?.barCode ?? null,
    meId: first?.id ?? null,
    sku: first?.sku ?? null,
    commodityUnit: first?.commodityUnit ?? null,
    initialStock,
    currentStock,
    currentStockPrice: asDecimal(currentStock * purchase),
    currentWeight: asDecimal(currentStock * (Number(m.weight ?? 0) || 0)),
    safetyStock,
  };
}

/** The caller's live products, each with its derived fields. */
export function materialViews(scope: TenantScope): Row[] {
  const index = productIndex(scope);
  return liveRows(scope, 'material').map((m) => materialView(scope, m, index));
}

/** A seeded product: the header with its one barcode row's and its opening stock's values still on it. */
export type SeededMaterial = MaterialRow & {
  unitName: null;
  categoryName: string | null;
  materialOther: string;
  stock: number;
  purchaseDecimal: number;
  commodityDecimal: number;
  wholesaleDecimal: number;
  lowDecimal: number;
  mBarCode: string;
  meId: number;
  sku: null;
  commodityUnit: string;
  initialStock: number;
  currentStock: number;
  currentStockPrice: number;
  currentWeight: number;
  safetyStock: number;
};

/**
 * The seed keeps one barcode row and one opening-stock row (in the tenant's default depot) per product; this moves
 * those values out of the seeded header rows into their own tables, the way the backend stores them.
 */
export function splitSeededMaterials(
  seeded: SeededMaterial[],
  defaultDepotOf: (tenantId: number | null) => number | null,
  createTime: Date,
): { material: MaterialRow[]; materialExtend: MaterialExtendRow[]; materialInitialStock: MaterialInitialStockRow[] } {
  const material: MaterialRow[] = [];
  const materialExtend: MaterialExtendRow[] = [];
  const materialInitialStock: MaterialInitialStockRow[] = [];
  const derived = [
    'unitName',
    'categoryName',
    'materialOther',
    'stock',
    'purchaseDecimal',
    'commodityDecimal',
    'wholesaleDecimal',
    'lowDecimal',
    'mBarCode',
    'meId',
    'sku',
    'commodityUnit',
    'initialStock',
    'currentStock',
    'currentStockPrice',
    'currentWeight',
    'safetyStock',
  ] as const;
  for (const m of seeded) {
    materialExtend.push({
      id: m.meId,
      materialId: m.id,
      barCode: m.mBarCode,
      commodityUnit: m.commodityUnit,
      sku: m.sku ?? null,
      purchaseDecimal: m.purchaseDecimal,
      commodityDecimal: m.commodityDecimal,
      wholesaleDecimal: m.wholesaleDecimal,
      lowDecimal: m.lowDecimal,
      defaultFlag: '1',
      createTime,
      createSerial: 'jsh',
      updateSerial: 'jsh',
      updateTime: createTime.getTime(),
      tenantId: m.tenantId,
      deleteFlag: '0',
    });
    materialInitialStock.push({
      id: materialInitialStock.length + 1,
      depotId: defaultDepotOf(m.tenantId),
      materialId: m.id,
      number: m.initialStock,
      lowSafeStock: m.safetyStock ?? null,
      highSafeStock: null,
      tenantId: m.tenantId,
      deleteFlag: '0',
    });
    const header: Partial<SeededMaterial> = { ...m };
    for (const key of derived) delete header[key];
    material.push(header as MaterialRow);
  }
  return { material, materialExtend, materialInitialStock };
}

// Initial letters by pinyin: ICU's zh collation orders Han characters by their reading, so the first character of
// each initial (阿 a, 八 b, 嚓 c …) bounds the characters that read with it. i, u and v start no syllable.
const INITIALS = 'abcdefghjklmnopqrstwxyz';
const BOUNDARIES = [...'阿八嚓哒妸发旮哈讥咔垃呣拏噢妑七呥仨他穵夕丫帀'];
const ZH = new Intl.Collator('zh-CN');

/** PinYinUtil.getFirstLettersLo: each Han character's initial, other characters kept, all lower-case. */
export function pinyinInitials(text: string): string {
  let out = '';
  for (const ch of text) {
    if (!/\p{Script=Han}/u.test(ch)) {
      out += ch.toLowerCase();
      continue;
    }
    let letter = '';
    for (let i = 0; i < BOUNDARIES.length; i++) {
      if (ZH.compare(ch, BOUNDARIES[i]!) >= 0) letter = INITIALS[i]!;
      else break;
    }
    out += letter;
  }
  return out;
}
