// Goods as jshERP-boot stores them: the header (jsh_material), its barcode rows with units and prices
// (jsh_material_extend) and its opening stock and warning levels per depot (jsh_material_initial_stock). The current
// stock is computed from the opening stock and the bill lines, so a saved product shows the same numbers in the
// product list, the stock reports, the barcode look-ups and the form's 库存数量 tab.
import type { Row, SandboxState } from './state.js';
import { money } from './wire.js';

/** Caller scope of a read: the tenant from the token (0 = super-admin, every tenant). */
export interface Scope {
  state: SandboxState;
  tenantId: number;
}

const visible = (scope: Scope, r: Row): boolean => r.deleteFlag !== '1' && (scope.tenantId === 0 || r.tenantId === scope.tenantId);

export const liveOf = (scope: Scope, table: string): Row[] => (scope.state.tables[table] ?? []).filter((r) => visible(scope, r));

/** A product's barcode rows in the backend's order: `default_flag desc, id asc`. */
export function extendsOf(scope: Scope, materialId: unknown): Row[] {
  return liveOf(scope, 'materialExtend')
    .filter((e) => e.materialId === materialId)
    .sort((a, b) => (a.defaultFlag === '1' ? 0 : 1) - (b.defaultFlag === '1' ? 0 : 1) || (a.id as number) - (b.id as number));
}

/** Bill lines that move stock: the line and its bill both live. */
function movingLines(scope: Scope): Row[] {
  const heads = new Set(liveOf(scope, 'depotHead').map((h) => h.id));
  return scope.state.depotItems.filter((l) => visible(scope, l) && heads.has(l.headerId));
}

/** Basic-unit quantity per depot a product's bill lines moved: in (入库) adds, out (出库) takes, a transfer (调拨) moves. Orders (其它) move nothing. */
function movedByDepot(scope: Scope, materialId: unknown): Map<unknown, number> {
  const moved = new Map<unknown, number>();
  const add = (depotId: unknown, n: number): void => {
    moved.set(depotId, (moved.get(depotId) ?? 0) + n);
  };
  for (const l of movingLines(scope)) {
    if (l.materialId !== materialId) continue;
    const n = Number(l.basicNumber ?? l.operNumber ?? 0) || 0;
    if (l.type === '入库') add(l.depotId, n);
    else if (l.type === '出库') {
      add(l.depotId, -n);
      if (l.subType === '调拨') add(l.anotherDepotId, n);
    }
  }
  return moved;
}

/** The opening-stock row of (product, depot), if any. */
export function initialStockRow(scope: Scope, materialId: unknown, depotId: unknown): Row | undefined {
  return liveOf(scope, 'materialInitialStock').find((s) => s.materialId === materialId && s.depotId === depotId);
}

export interface DepotStock {
  depotId: number;
  initStock: number;
  currentStock: number;
  lowSafeStock: number | null;
  highSafeStock: number | null;
}

/** Opening and current stock of a product in each live depot of the caller. */
export function stockByDepot(scope: Scope, materialId: unknown): DepotStock[] {
  const moved = movedByDepot(scope, materialId);
  return liveOf(scope, 'depot').map((d) => {
    const initial = initialStockRow(scope, materialId, d.id);
    const initStock = Number(initial?.number ?? 0) || 0;
    return {
      depotId: d.id as number, initStock, currentStock: money(initStock + (moved.get(d.id) ?? 0)),
      lowSafeStock: (initial?.lowSafeStock as number | null | undefined) ?? null, highSafeStock: (initial?.highSafeStock as number | null | undefined) ?? null,
    };
  });
}

/** A unit row of the caller, live or not (a product keeps showing the unit it was saved with). */
export function unitOf(scope: Scope, unitId: unknown): Row | undefined {
  if (unitId === null || unitId === undefined) return undefined;
  return (scope.state.tables.unit ?? []).find((u) => u.id === unitId && u.deleteFlag !== '1');
}

/** The unit names of a multi-unit: basic first, then the other units that have a name. */
export function unitNames(unit: Row): string[] {
  return [unit.basicUnit, unit.otherUnit, unit.otherUnitTwo, unit.otherUnitThree].filter((n): n is string => typeof n === 'string' && n !== '');
}

/** How many basic units one `commodityUnit` holds (1 for the basic unit or a single unit). */
export function unitRatio(unit: Row | undefined, commodityUnit: unknown): number {
  if (!unit || typeof commodityUnit !== 'string') return 1;
  const pairs: [unknown, unknown][] = [[unit.otherUnit, unit.ratio], [unit.otherUnitTwo, unit.ratioTwo], [unit.otherUnitThree, unit.ratioThree]];
  for (const [name, ratio] of pairs) if (name === commodityUnit && Number(ratio)) return Number(ratio);
  return 1;
}

/** BigDecimal.stripTrailingZeros().toPlainString() of a ratio. */
const plain = (n: unknown): string => String(Number(n));

/** The `[基本]` / `[12瓶]` suffix the bill look-ups put after a multi-unit product's unit. */
export function ratioSuffix(unit: Row | undefined, commodityUnit: unknown): string {
  if (!unit || typeof commodityUnit !== 'string' || commodityUnit === '') return '';
  let suffix = '';
  if (commodityUnit === unit.basicUnit) suffix = '[基本]';
  const pairs: [unknown, unknown][] = [[unit.otherUnit, unit.ratio], [unit.otherUnitTwo, unit.ratioTwo], [unit.otherUnitThree, unit.ratioThree]];
  for (const [name, ratio] of pairs) if (name === commodityUnit && ratio !== null && ratio !== undefined) suffix = `[${plain(ratio)}${String(unit.basicUnit)}]`;
  return suffix;
}

/** The fields MaterialVo4Unit adds to a stored header: first barcode row and its prices, unit and category names, stock. */
export function materialView(scope: Scope, m: Row): Row {
  const rows = extendsOf(scope, m.id);
  // The list joins the lowest-id barcode row (min(me.id)); the first row saved is also the default one.
  const first = [...rows].sort((a, b) => (a.id as number) - (b.id as number))[0];
  const depots = stockByDepot(scope, m.id);
  const initialStock = money(depots.reduce((s, d) => s + d.initStock, 0));
  const currentStock = money(depots.reduce((s, d) => s + d.currentStock, 0));
  const safetyStock = money(depots.reduce((s, d) => s + (Number(d.lowSafeStock) || 0), 0));
  const category = liveOf(scope, 'materialCategory').find((c) => c.id === m.categoryId);
  const unit = unitOf(scope, m.unitId);
  const purchase = Number(first?.purchaseDecimal ?? 0) || 0;
  return {
    ...m,
    unitName: unit ? unit.name : null, categoryName: category ? category.name : null, materialOther: '', stock: currentStock,
    purchaseDecimal: first?.purchaseDecimal ?? null, commodityDecimal: first?.commodityDecimal ?? null,
    wholesaleDecimal: first?.wholesaleDecimal ?? null, lowDecimal: first?.lowDecimal ?? null,
    mBarCode: first?.barCode ?? null, meId: first?.id ?? null, sku: first?.sku ?? null, commodityUnit: first?.commodityUnit ?? null,
    initialStock, currentStock, currentStockPrice: money(currentStock * purchase),
    currentWeight: money(currentStock * (Number(m.weight ?? 0) || 0)), safetyStock,
  };
}

/** The caller's live products, each with its derived fields. */
export function materialViews(scope: Scope): Row[] {
  return liveOf(scope, 'material').map((m) => materialView(scope, m));
}

/** Every barcode of a product (the list's 条码 search matches any of them). */
export function barCodesOf(scope: Scope, materialId: unknown): string[] {
  return extendsOf(scope, materialId).map((e) => String(e.barCode ?? ''));
}

/**
 * The seed keeps one barcode row and one opening-stock row (in the tenant's default depot) per product; this moves
 * those values out of the seeded header rows into their own tables, the way the backend stores them.
 */
export function splitSeededMaterials(tables: Record<string, Row[]>, defaultDepotOf: (tenantId: unknown) => unknown, createTime: Date): void {
  const materialExtend: Row[] = [];
  const materialInitialStock: Row[] = [];
  const derived = [
    'unitName', 'categoryName', 'materialOther', 'stock', 'purchaseDecimal', 'commodityDecimal', 'wholesaleDecimal', 'lowDecimal',
    'mBarCode', 'meId', 'sku', 'commodityUnit', 'initialStock', 'currentStock', 'currentStockPrice', 'currentWeight', 'safetyStock',
  ];
  for (const m of tables.material ?? []) {
    materialExtend.push({
      id: m.meId, materialId: m.id, barCode: m.mBarCode, commodityUnit: m.commodityUnit, sku: m.sku ?? null,
      purchaseDecimal: m.purchaseDecimal, commodityDecimal: m.commodityDecimal, wholesaleDecimal: m.wholesaleDecimal, lowDecimal: m.lowDecimal,
      defaultFlag: '1', createTime, createSerial: 'jsh', updateSerial: 'jsh', updateTime: createTime.getTime(), tenantId: m.tenantId, deleteFlag: '0',
    });
    materialInitialStock.push({
      id: materialInitialStock.length + 1, depotId: defaultDepotOf(m.tenantId), materialId: m.id, number: m.initialStock,
      lowSafeStock: m.safetyStock ?? null, highSafeStock: null, tenantId: m.tenantId, deleteFlag: '0',
    });
    for (const key of derived) delete m[key];
  }
  tables.materialExtend = materialExtend;
  tables.materialInitialStock = materialInitialStock;
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
