// The Excel imports' rules, as jshERP-boot's services apply them to the first sheet of an .xls (read with jxl, see
// xls.ts): rows from the third on (row 0 is the tip, row 1 the header), each column read as text.
// - SupplierService.importVendor / importCustomer / importMember: a row without 名称 or 状态 is skipped; a partner of
//   the same name and kind is updated (its empty cells blank its fields), any other inserted (a customer is granted to
//   the importer and the tenant); a number column that is no BigDecimal fails the whole file before any write.
// - MaterialService.importExcel: every row is checked first (the backend's codes and "第N行…" messages), then each
//   product is inserted or updated (found by name/规格/型号/颜色/unit, else by its basic barcode) with its barcode rows
//   and opening stock per depot named in the header. The service catches its own failures, so what was written
//   before a failure in the write loop stays (the transaction commits), as on the backend.
// - DepotItemService.parseMapByExcelData: the bill form's 导入明细 turns rows into bill lines (nothing is written).
import { depotsOfUser } from './lookups.js';
import { productIndex, recomputeStock, stockByDepot, pinyinInitials } from './materials.js';
import type { UnitRow } from './business-rows.js';
import { columnsOf, insertRow, liveRows, type Row, type TenantScope, isLive } from './store.js';
import type { JxlSheet, XlsSheet } from './xls.js';
import { grantValue, writeLog, type Writer } from './writes.js';
import { slices } from './slices.js';
import { NEW_SUPPLIER } from './basic-writes.js';

/** A BusinessRunTimeException: the backend's code and message. */
export class ImportRefusal extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Any other exception of the import (NumberFormatException, NullPointerException, fastjson's cast failure). */
export class ImportFailure extends Error {}

const isEmpty = (s: string | null | undefined): boolean => s === null || s === undefined || s === '';

/** new BigDecimal(text): Java's decimal literal syntax, else NumberFormatException. */
const BIG_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
function bigDecimal(text: string): number {
  if (!BIG_DECIMAL.test(text)) throw new ImportFailure(`NumberFormatException: ${text}`);
  return Number(text);
}

/** parseBigDecimalEx: empty is null. */
const decimalOrNull = (text: string | null): number | null => (isEmpty(text) ? null : bigDecimal(text as string));

// --- 供应商 / 客户 / 会员 ---------------------------------------------------------------------------------------------

export type PartnerKind = '供应商' | '客户' | '会员';

/** 供应商's and 客户's columns: alike but for the opening balance (期初应付 / 期初应收). */
const partnerColumns = (opening: string): string[] => [
  ...['contacts', 'telephone', 'phoneNum', 'email', 'fax', opening, 'taxNum', 'taxRate', 'bankName'],
  ...['accountNumber', 'address', 'description', 'sort'],
];
/** The template's columns after 名称 (column 0), in order; 状态 is the column after the last. */
const PARTNER_COLUMNS: Record<PartnerKind, string[]> = {
  供应商: partnerColumns('beginNeedPay'),
  客户: partnerColumns('beginNeedGet'),
  会员: ['contacts', 'telephone', 'phoneNum', 'email', 'description', 'sort'],
};
const DECIMAL_COLUMNS = new Set(['beginNeedPay', 'beginNeedGet', 'taxRate']);

/**
 * SupplierService.importVendor/importCustomer/importMember then importExcel. Linear in the rows: the partners of the
 * kind are looked up by name in one index (the service's select per row), and the work yields to the event loop
 * between slices (slices.ts), so a sheet of 65,536 rows keeps every other request answered.
 */
export async function importPartners(w: Writer, kind: PartnerKind, sheet: JxlSheet): Promise<void> {
  const columns = PARTNER_COLUMNS[kind];
  const slice = slices();
  const parsed: Row[] = [];
  for (let i = 2; i < sheet.rows; i++) {
    if (slice.due()) await slice.next();
    const name = sheet.content(i, 0);
    const enabled = sheet.content(i, columns.length + 1);
    if (isEmpty(name) || isEmpty(enabled)) continue;
    const partner: Row = { type: kind, supplier: name };
    columns.forEach((field, k) => {
      const text = sheet.content(i, k + 1);
      partner[field] = DECIMAL_COLUMNS.has(field) ? decimalOrNull(text) : text;
    });
    partner.creator = w.user.id;
    partner.enabled = enabled === '1';
    parsed.push(partner);
  }
  writeLog(w, kind, `导入${parsed.length}条`);
  // selectByExample(supplier = ? and type = ?).get(0): the first live row of that name and kind, in table order.
  const byName = new Map<unknown, Row>();
  for (const s of liveRows(w, 'supplier')) if (s.type === kind && !byName.has(s.supplier)) byName.set(s.supplier, s);
  for (const partner of parsed) {
    if (slice.due()) await slice.next();
    const existing = byName.get(partner.supplier);
    if (existing && isLive(existing)) {
      // updateByPrimaryKeySelective: every non-null field, empty text included.
      for (const [k, v] of Object.entries(partner)) if (v !== null && v !== undefined) columnsOf(existing)[k] = v;
      continue;
    }
    const row = insertRow(w, 'supplier', {
      ...NEW_SUPPLIER,
      ...partner,
    });
    byName.set(partner.supplier, row);
    if (kind === '客户') {
      // setUserCustomerPermission: the importer, and the tenant's owner when that is someone else.
      const tenantId = w.tenantId === 0 ? null : w.tenantId;
      grantValue(w.state, 'UserCustomer', w.user.id, row.id, tenantId);
      if (w.user.id !== w.user.tenant_id) grantValue(w.state, 'UserCustomer', w.user.tenant_id, row.id, tenantId);
    }
  }
}

// --- 商品 -----------------------------------------------------------------------------------------------------------

/** StringUtil.isPositiveBigDecimal: digits with at most one inner dot (no sign, no leading or trailing dot). */
function isPositiveBigDecimal(text: string): boolean {
  const dot = text.indexOf('.');
  // Java's split drops a trailing empty part: '1.' has one part, so it fails.
  if (dot > 0) return dot === text.lastIndexOf('.') && dot < text.length - 1 && /^\d*$/.test(text.replace('.', ''));
  return /^\d*$/.test(text);
}

/** StringUtil.isPositiveLong. */
const isPositiveLong = (text: string): boolean => /^\d+$/.test(text) && BigInt(text) > 0n;

const barCodeLengthOk = (code: string): boolean => code.length >= 4 && code.length <= 40;

interface BarCodeRow {
  barCode: string | null;
  commodityUnit: string | null;
  sku?: string | null;
  /** Text for the basic row (fastjson casts it on save), numbers for the other unit's (price × ratio). */
  prices: Record<'purchaseDecimal' | 'commodityDecimal' | 'wholesaleDecimal' | 'lowDecimal', string | number | null>;
}

interface ImportedProduct {
  row: number;
  header: Row;
  basic: BarCodeRow;
  other: BarCodeRow | null;
  /** Opening stock by depot id, as read. */
  stock: Map<number, number>;
}

const PRICE_COLUMNS = ['purchaseDecimal', 'commodityDecimal', 'wholesaleDecimal', 'lowDecimal'] as const;

/** MaterialService.importExcel: answers 导入成功 or throws ImportRefusal / ImportFailure. Yields between slices. */
export async function importMaterials(w: Writer, sheet: JxlSheet): Promise<void> {
  const rightRows = sheet.rightRows();
  const depots = liveRows(w, 'depot');
  const depotByName = new Map(depots.map((d) => [d.name as string, d.id]));
  if (rightRows > 1002) throw new ImportRefusal(8000013, '抱歉，单次导入不能超出1000条');
  const slice = slices();
  const products: ImportedProduct[] = [];
  for (let i = 2; i < rightRows; i++) {
    if (slice.due()) await slice.next();
    products.push(readProduct(w, sheet, i, products, depots.length, depotByName));
  }
  // The write loop: no rollback on failure (the service swallows it), so earlier products stay written.
  const stockChanges = new Map<string, { materialId: number; depotId: number; number: number | null }>();
  for (const product of products) {
    if (slice.due()) await slice.next();
    const materialId = saveProduct(w, product);
    const initial = (depotId: number): number =>
      Number(
        liveRows(w, 'materialInitialStock').find((s) => s.materialId === materialId && s.depotId === depotId)?.number ??
          0,
      ) || 0;
    for (const depot of depots) {
      const depotId = depot.id;
      const stock = product.stock.get(depotId) ?? null;
      const key = `${materialId}/${depotId}`;
      if (stock !== null && stock !== 0) {
        if (!isEmpty(product.basic.sku))
          throw new ImportRefusal(8000025, `多属性商品${String(product.basic.barCode)}不能输入库存，建议进行盘点录入`);
        if (!stockChanges.has(key)) stockChanges.set(key, { materialId, depotId, number: stock });
      } else if (initial(depotId) !== 0 && !stockChanges.has(key)) {
        stockChanges.set(key, { materialId, depotId, number: stock });
      }
    }
  }
  // batchDeleteInitialStockByMaterialList, then batchInsert: a changed product keeps only the depots written here
  // (its warning levels go with the deleted rows, as on the backend).
  if (stockChanges.size > 0) {
    const changed = new Set([...stockChanges.values()].map((c) => c.materialId));
    w.state.tables.materialInitialStock = (w.state.tables.materialInitialStock ?? []).filter(
      (s) => !(changed.has(s.materialId as number) && (w.tenantId === 0 || s.tenantId === w.tenantId)),
    );
    // The current stock of those products is deleted and written again alike (batchDeleteCurrentStockByMaterialList).
    recomputeStock(
      w,
      [...changed].map((materialId) => ({ materialId, depotId: 'every' })),
    );
    for (const c of stockChanges.values()) {
      insertRow(w, 'materialInitialStock', {
        depotId: c.depotId,
        materialId: c.materialId,
        number: c.number,
        lowSafeStock: null,
        highSafeStock: null,
      });
    }
  }
  writeLog(w, '商品', `导入${products.length}条`);
}

/** The product template's columns, in order from column 0. */
const PRODUCT_COLUMNS = [
  ...['name', 'standard', 'model', 'color', 'brand', 'categoryName', 'weight', 'expiryNum', 'unit'],
  ...['manyUnit', 'barCode', 'manyBarCode', 'ratio', 'sku', 'purchase', 'retail', 'wholesale', 'low'],
  ...['enabled', 'serial', 'batch', 'position', 'mfrs', 'other1', 'other2', 'other3', 'remark'],
] as const;
type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

/** One row of the parse loop, with its checks in the service's order. */
function readProduct(
  w: Writer,
  sheet: JxlSheet,
  i: number,
  earlier: ImportedProduct[],
  depotCount: number,
  depotByName: Map<string, number>,
): ImportedProduct {
  const cells = Object.fromEntries(PRODUCT_COLUMNS.map((key, col) => [key, sheet.content(i, col)])) as Record<
    ProductColumn,
    string | null
  >;
  const line = i + 1;
  const { name, standard, model, color, brand, categoryName, weight, expiryNum, unit } = cells;
  if (isEmpty(name)) throw new ImportRefusal(8000010, `第${line}行名称为空`);
  if (name!.length > 100) throw new ImportRefusal(8000022, `第${line}行名称长度超出100个字符`);
  if (!isEmpty(standard) && standard!.length > 100)
    throw new ImportRefusal(8000023, `第${line}行规格长度超出100个字符`);
  if (!isEmpty(model) && model!.length > 100) throw new ImportRefusal(8000024, `第${line}行型号长度超出100个字符`);
  if (isEmpty(unit)) throw new ImportRefusal(8000011, `第${line}行基本单位为空`);
  const header: Row = { name, standard, model, color, brand, mnemonic: pinyinInitials(name!) };
  const category = liveRows(w, 'materialCategory').find((c) => c.name === categoryName);
  if (category) header.categoryId = category.id;
  if (!isEmpty(weight)) {
    if (!isPositiveBigDecimal(weight!)) throw new ImportRefusal(8000014, `第${line}行基础重量格式错误`);
    header.weight = bigDecimal(weight!);
  }
  if (!isEmpty(expiryNum)) {
    if (!isPositiveLong(expiryNum!)) throw new ImportRefusal(8000015, `第${line}行保质期格式错误`);
    // Integer.parseInt: past 2147483647 a NumberFormatException.
    if (BigInt(expiryNum!) > 2147483647n) throw new ImportFailure('expiryNum is no Integer');
    header.expiryNum = Number(expiryNum);
  }
  const { manyUnit, barCode, manyBarCode, ratio, sku, purchase, retail, wholesale, low } = cells;
  const { enabled, serial, batch, position, mfrs, other1, other2, other3, remark } = cells;
  const orNull = (s: string | null): string | null => (isEmpty(s) ? null : s);
  Object.assign(header, {
    position: orNull(position),
    mfrs: orNull(mfrs),
    otherField1: orNull(other1),
    otherField2: orNull(other2),
    otherField3: orNull(other3),
    remark,
  });
  if (enabled !== '1' && enabled !== '0') throw new ImportRefusal(8000012, `第${line}行状态格式错误`);
  if (isEmpty(barCode)) throw new ImportRefusal(8000027, `第${line}行基本条码为空`);
  if (!barCodeLengthOk(barCode!)) throw new ImportRefusal(8000007, `商品条码:${barCode!}的长度应该为4到40位`);
  if (!isEmpty(manyBarCode) && !barCodeLengthOk(manyBarCode!))
    throw new ImportRefusal(8000007, `商品条码:${manyBarCode!}的长度应该为4到40位`);
  checkDuplicateProduct(earlier, name!, standard, model, color, unit!, sku);
  checkDuplicateBarCodes(w, earlier, barCode!, manyBarCode);
  const basic: BarCodeRow = {
    barCode,
    commodityUnit: unit,
    sku,
    prices: { purchaseDecimal: purchase, commodityDecimal: retail, wholesaleDecimal: wholesale, lowDecimal: low },
  };
  let other: BarCodeRow | null = null;
  if (!isEmpty(manyUnit) && !isEmpty(ratio)) {
    const r = ratio!.trim();
    if (!isPositiveBigDecimal(r)) throw new ImportRefusal(8000016, `第${line}行比例格式错误`);
    const unitRow = liveRows(w, 'unit').find(
      (u) => u.basicUnit === unit && u.otherUnit === manyUnit && Number(u.ratio) === Number(r),
    );
    if (!unitRow)
      throw new ImportRefusal(8000006, `抱歉，商品条码:${String(manyBarCode)}的单位匹配不上，请完善多单位信息！`);
    header.unitId = unitRow.id;
    header.unit = '';
    // parsePrice: an empty price is 0, else price × ratio.
    const times = (price: string | null): number => (isEmpty(price) ? 0 : bigDecimal(price!) * bigDecimal(ratio!));
    other = {
      barCode: manyBarCode,
      commodityUnit: manyUnit,
      prices: {
        purchaseDecimal: times(purchase),
        commodityDecimal: times(retail),
        wholesaleDecimal: times(wholesale),
        lowDecimal: times(low),
      },
    };
  } else {
    header.unit = unit;
    header.unitId = null;
  }
  header.enabled = enabled === '1';
  header.enableSerialNumber = serial === '1' ? '1' : '0';
  header.enableBatchNumber = batch === '1' ? '1' : '0';
  if (serial === '1' && batch === '1')
    throw new ImportRefusal(8000008, `抱歉，商品条码:${barCode!}的序列号和批号不能同时填1`);
  // getStockMapCache: columns 27 on (as many as the tenant has depots), each the depot named in the header row.
  const stock = new Map<number, number>();
  for (let j = 1; j <= depotCount; j++) {
    const col = 26 + j;
    if (col >= sheet.columns) continue;
    const depotId = depotByName.get(sheet.content(1, col) ?? '');
    const text = sheet.content(i, col);
    if (depotId !== undefined && !isEmpty(text)) stock.set(depotId, bigDecimal(text!));
  }
  return { row: i, header, basic, other, stock };
}

/** batchCheckExistMaterialListByParam: the same name, 规格, 型号, 颜色 and unit twice in the file (a multi-unit
 *  product stores unit '' and the check reads the sku from the wrong object, so only plain single-unit rows match). */
function checkDuplicateProduct(
  earlier: ImportedProduct[],
  name: string,
  standard: string | null,
  model: string | null,
  color: string | null,
  unit: string,
  sku: string | null,
): void {
  for (const p of earlier) {
    // standard.equals(…) on a cell past the row's end: a NullPointerException.
    if (standard === null || model === null || color === null || sku === null)
      throw new ImportFailure('NullPointerException');
    const h = p.header;
    if (
      name === h.name &&
      standard === h.standard &&
      model === h.model &&
      color === h.color &&
      unit === h.unit &&
      sku === ''
    ) {
      throw new ImportRefusal(
        80000020,
        `抱歉，EXCEL中存在重复的商品，具体信息为：${[name, standard, model, color, unit, sku].join('-')}`,
      );
    }
  }
}

/** batchCheckExistBarCodeByParam: within the file, and a 副条码 another product already has. */
function checkDuplicateBarCodes(
  w: Writer,
  earlier: ImportedProduct[],
  barCode: string,
  manyBarCode: string | null,
): void {
  const duplicate = (code: string): ImportRefusal =>
    new ImportRefusal(80000021, `抱歉，EXCEL中存在重复的条码，具体条码为：${code}`);
  if (!isEmpty(manyBarCode)) {
    if (barCode === manyBarCode) throw duplicate(manyBarCode);
    // getCountByManyBarCodeWithoutUs: a live barcode row with this code whose product's default barcode is not ours.
    const extendsRows = liveRows(w, 'materialExtend');
    const owners = extendsRows.filter((e) => e.barCode === manyBarCode).map((e) => e.materialId);
    if (
      owners.some((id) =>
        extendsRows.some((e) => e.materialId === id && e.defaultFlag === '1' && e.barCode !== barCode),
      )
    ) {
      throw new ImportRefusal(80000028, `抱歉，EXCEL中有副条码在系统中已存在，具体副条码为：${manyBarCode!}`);
    }
  }
  for (const p of earlier) {
    const codes = [p.basic.barCode, p.other?.barCode ?? ''];
    if (codes.includes(barCode)) throw duplicate(barCode);
    if (!isEmpty(manyBarCode) && codes.includes(manyBarCode)) throw duplicate(manyBarCode!);
  }
}

/** Inserts or updates one product with its barcode rows; answers its id. */
function saveProduct(w: Writer, product: ImportedProduct): number {
  const h = product.header;
  // getMaterialListByParam: name and the non-empty 型号/颜色/规格/unit (and the multi-unit), else by the basic barcode.
  const match = liveRows(w, 'material').find(
    (m) =>
      m.name === h.name &&
      (isEmpty(h.model as string | null) || m.model === h.model) &&
      (isEmpty(h.color as string | null) || m.color === h.color) &&
      (isEmpty(h.standard as string | null) || m.standard === h.standard) &&
      (isEmpty(h.unit as string | null) || m.unit === h.unit) &&
      (h.unitId === null || h.unitId === undefined || m.unitId === h.unitId),
  );
  const byBarCode = match ? undefined : liveRows(w, 'materialExtend').find((e) => e.barCode === product.basic.barCode);
  const target =
    match ?? (byBarCode ? (w.state.tables.material ?? []).find((m) => m.id === byBarCode.materialId) : undefined);
  let materialId: number;
  if (!target) {
    const blank = {
      categoryId: null,
      mfrs: null,
      model: null,
      standard: null,
      brand: null,
      mnemonic: null,
      color: null,
      unit: null,
      remark: null,
      imgName: null,
      unitId: null,
      expiryNum: null,
      weight: null,
      otherField1: null,
      otherField2: null,
      otherField3: null,
      position: null,
      attribute: null,
    };
    materialId = insertRow(w, 'material', { ...blank, ...h }).id as number;
  } else {
    materialId = target.id;
    const hadExpiry = target.expiryNum !== null && target.expiryNum !== undefined;
    for (const [k, v] of Object.entries(h)) if (v !== null && v !== undefined) columnsOf(target)[k] = v;
    if (h.unitId === null || h.unitId === undefined) target.unitId = null;
    if (hadExpiry && (h.expiryNum === null || h.expiryNum === undefined)) target.expiryNum = null;
  }
  saveBarCode(w, materialId, product.basic, '1');
  if (product.other) saveBarCode(w, materialId, product.other, '0');
  return materialId;
}

/** insertOrUpdateMaterialExtend: the default row ('1') or the other unit's ('0'), prices replaced as read. */
function saveBarCode(w: Writer, materialId: number, code: BarCodeRow, defaultFlag: '1' | '0'): void {
  // fastjson's BigDecimal cast of the text: '' is null, anything else must be a number.
  const price = (v: string | number | null): number | null =>
    typeof v === 'number' ? v : isEmpty(v) ? null : bigDecimal(v!);
  const prices = Object.fromEntries(PRICE_COLUMNS.map((k) => [k, price(code.prices[k])]));
  const own = liveRows(w, 'materialExtend').filter((e) => e.materialId === materialId);
  let flag: string = defaultFlag;
  let existing: Row | undefined;
  if (!isEmpty(code.sku)) {
    existing = own.find((e) => e.barCode === code.barCode);
    flag = own.some((e) => e.defaultFlag === '1' && e.barCode === code.barCode) ? '0' : '1';
  } else {
    existing = own.find((e) => e.defaultFlag === defaultFlag);
  }
  const now = w.state.clock.now();
  const values: Row = {
    barCode: code.barCode,
    commodityUnit: code.commodityUnit,
    ...(code.sku === undefined ? {} : { sku: code.sku }),
    defaultFlag: flag,
    createTime: now,
    updateTime: now.getTime(),
    createSerial: w.user.login_name,
    updateSerial: w.user.login_name,
  };
  if (!existing) {
    insertRow(w, 'materialExtend', { materialId, sku: null, ...values, ...prices });
    return;
  }
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined) columnsOf(existing)[k] = v;
  Object.assign(existing, prices);
}

// --- 导入明细 -------------------------------------------------------------------------------------------------------

/** The columns of each bill's template (ImportItemModal picks the template by the bill's number prefix). */
const ITEM_COLUMNS: Record<
  string,
  Partial<Record<'depotName' | 'barCode' | 'num' | 'unitPrice' | 'taxRate' | 'remark', number>>
> = {
  QGD: { barCode: 0, num: 2, remark: 3 },
  CGDD: { barCode: 0, num: 2, unitPrice: 3, taxRate: 4, remark: 5 },
  XSDD: { barCode: 0, num: 2, unitPrice: 3, taxRate: 4, remark: 5 },
  CGRK: { depotName: 0, barCode: 1, num: 3, unitPrice: 4, taxRate: 5, remark: 6 },
  XSCK: { depotName: 0, barCode: 1, num: 3, unitPrice: 4, taxRate: 5, remark: 6 },
  QTRK: { depotName: 0, barCode: 1, num: 3, unitPrice: 4, remark: 5 },
  QTCK: { depotName: 0, barCode: 1, num: 3, unitPrice: 4, remark: 5 },
};

/** BigDecimal.setScale(n, ROUND_HALF_UP) of a double that holds a short decimal. */
function halfUp(value: number, digits: number): number {
  const scale = 10 ** digits;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale + 1e-9)) / scale;
}

/**
 * DepotItemController.importItemExcel + DepotItemService.parseMapByExcelData: the bill lines the rows describe.
 * Yields between slices (each line's stock is a sum over the bills).
 */
export async function itemsFromExcel(w: Writer, sheet: JxlSheet, prefixNo: string | undefined): Promise<Row[]> {
  if (sheet.rows > 1000) throw new ImportRefusal(500, '导入失败，明细不能超出1000条');
  const columns =
    (prefixNo !== undefined && Object.hasOwn(ITEM_COLUMNS, prefixNo) ? ITEM_COLUMNS[prefixNo] : undefined) ?? {};
  const details: Record<string, string | null>[] = [];
  for (let i = 2; i < sheet.rows; i++) {
    const detail: Record<string, string | null> = {
      depotName: '',
      barCode: '',
      num: '',
      unitPrice: '',
      taxRate: '',
      remark: '',
    };
    for (const [field, col] of Object.entries(columns))
      detail[field] = field === 'unitPrice' ? sheet.contentNumber(i, col) : sheet.content(i, col);
    details.push(detail);
  }
  // getBillItemByParam: live products by barcode row (`order by m.id desc` into a map: the lowest id wins).
  const materials = new Map(liveRows(w, 'material').map((m) => [m.id, m]));
  const byBarCode = new Map<string, { m: Row; e: Row }>();
  for (const e of [...liveRows(w, 'materialExtend')].sort((a, b) => b.materialId - a.materialId)) {
    const m = materials.get(e.materialId);
    if (m) byBarCode.set(e.barCode as string, { m, e });
  }
  const depots = new Map(depotsOfUser(w.state, w.tenantId, w.user).map((d) => [d.name as string, d.id]));
  const config = w.state.systemConfigs.find((c) => isLive(c) && (w.tenantId === 0 || c.tenant_id === w.tenantId));
  const taxIncluded = config?.material_price_tax_flag === '1';
  const index = productIndex(w);
  const slice = slices();
  const rows: Row[] = [];
  for (const detail of details) {
    if (slice.due()) await slice.next();
    const barCode = detail.barCode;
    if (isEmpty(barCode)) continue;
    const found = byBarCode.get(barCode!);
    if (!found) throw new ImportRefusal(9000003, `抱歉，商品条码:${barCode!}在商品管理中不存在`);
    const { m, e } = found;
    const item: Row = {};
    const depotName = detail.depotName;
    if (!isEmpty(depotName)) {
      const depotId = depots.get(depotName!);
      if (depotId === undefined)
        throw new ImportRefusal(9000004, `抱歉，仓库:${depotName!}在基础资料-仓库信息中不存在`);
      item.depotName = depotName;
      item.depotId = depotId;
    }
    item.barCode = barCode;
    item.name = m.name;
    item.standard = m.standard;
    // The query selects no 颜色, so no line gets one.
    if (!isEmpty(m.model as string | null)) item.model = m.model;
    if (!isEmpty(e.sku as string | null)) item.sku = e.sku;
    // A multi-attribute row's own stock is not kept by the sandbox (docs/sandbox.md): 0, as the bill look-ups show it.
    item.stock = isEmpty(e.sku as string | null)
      ? stockByDepot(w, m.id, index).reduce((s, d) => s + d.currentStock, 0)
      : 0;
    item.unit = e.commodityUnit;
    const operNumber = isEmpty(detail.num) ? 0 : bigDecimal(detail.num!);
    let unitPrice: number | null = 0;
    if (!isEmpty(detail.unitPrice)) unitPrice = bigDecimal(detail.unitPrice!);
    else if (prefixNo === 'CGDD') unitPrice = (e.purchaseDecimal as number | null) ?? null;
    else if (prefixNo === 'XSDD') unitPrice = (e.wholesaleDecimal as number | null) ?? null;
    const taxRate = isEmpty(detail.taxRate) ? 0 : bigDecimal(detail.taxRate!);
    item.operNumber = operNumber;
    item.unitPrice = unitPrice;
    const allPrice = unitPrice !== null && unitPrice !== 0 ? halfUp(unitPrice * operNumber, 2) : 0;
    let taxMoney = 0;
    let taxLastMoney: number;
    if (taxIncluded) {
      if (taxRate !== 0) {
        const percent = halfUp(taxRate / 100, 2);
        taxMoney = halfUp(halfUp(allPrice / (1 + percent), 2) * percent, 2);
      }
      taxLastMoney = allPrice;
    } else {
      if (taxRate !== 0) taxMoney = halfUp((taxRate * allPrice) / 100, 2);
      taxLastMoney = halfUp(allPrice + taxMoney, 2);
    }
    Object.assign(item, { allPrice, taxRate, taxMoney, taxLastMoney, remark: detail.remark });
    rows.push(item);
  }
  return rows;
}

// --- The exports the imports read back ------------------------------------------------------------------------------

/** ExcelUtils' tip line over the header of every re-importable export. */
const EXPORT_TIP = '*导入时本行内容请勿删除，切记！';

/** BigDecimal.setScale(n, HALF_UP) of a stored number, or '' for none (the sheet gets a number cell or an empty text). */
const scaled = (v: unknown, digits: number): number | string =>
  v === null || v === undefined || v === '' ? '' : halfUp(Number(v), digits);

/** SupplierService.exportExcel: the 供应商/客户 layout of their import, or the 会员 one for any other `type` (an empty
 *  one too, which then lists every kind). `rows` in findByAll's order (`sort asc, id desc`). */
export function partnerExportSheet(rows: Row[], type: string): XlsSheet {
  const text = (v: unknown): unknown => v ?? '';
  if (type === '供应商' || type === '客户') {
    const head = [
      '名称*',
      '联系人',
      '手机号码',
      '联系电话',
      '电子邮箱',
      '传真',
      type === '供应商' ? '期初应付' : '期初应收',
      '纳税人识别号',
      '税率(%)',
      '开户行',
      '账号',
      '地址',
      '备注',
      '排序',
      '状态*',
    ];
    return {
      name: '信息内容',
      tip: EXPORT_TIP,
      head,
      rows: rows.map((s) =>
        [
          s.supplier,
          s.contacts,
          s.telephone,
          s.phoneNum,
          s.email,
          s.fax,
          s.type === '客户' ? scaled(s.beginNeedGet, 2) : s.type === '供应商' ? scaled(s.beginNeedPay, 2) : '',
          s.taxNum,
          scaled(s.taxRate, 2),
          s.bankName,
          s.accountNumber,
          s.address,
          s.description,
          s.sort,
          s.enabled ? '1' : '0',
        ].map(text),
      ),
    };
  }
  return {
    name: '信息内容',
    tip: EXPORT_TIP,
    head: ['会员卡号*', '联系人', '手机号码', '联系电话', '电子邮箱', '备注', '排序', '状态*'],
    rows: rows.map((s) =>
      [s.supplier, s.contacts, s.telephone, s.phoneNum, s.email, s.description, s.sort, s.enabled ? '1' : '0'].map(
        text,
      ),
    ),
  };
}

/** MaterialService.exportExcel's filters (each as the mapper's `like` or `=`), already trimmed; absent = no filter. */
export interface MaterialExportQuery {
  categoryIds?: ReadonlySet<number>;
  materialParam?: string;
  color?: string;
  materialOther?: string;
  weight?: string;
  expiryNum?: string;
  enabled?: string;
  enableSerialNumber?: string;
  enableBatchNumber?: string;
  remark?: string;
  mpList?: string;
}

/** MaterialService.exportExcel: the import's columns, one row per default (or multi-attribute) barcode row, the other
 *  unit's first barcode beside it, then each enabled depot's opening stock. */
export function materialExportSheet(scope: TenantScope, q: MaterialExportQuery): XlsSheet {
  const like = (v: unknown, needle: string | undefined): boolean =>
    needle === undefined ||
    String(v ?? '')
      .toLowerCase()
      .includes(needle.toLowerCase());
  const materials = liveRows(scope, 'material').filter(
    (m) =>
      (q.categoryIds === undefined || q.categoryIds.has(m.categoryId as number)) &&
      like(m.color, q.color) &&
      (q.materialOther === undefined ||
        ['mfrs', 'otherField1', 'otherField2', 'otherField3'].some((f) => like(columnsOf(m)[f], q.materialOther))) &&
      (q.weight === undefined || Number(m.weight) === Number(q.weight)) &&
      (q.expiryNum === undefined || Number(m.expiryNum) === Number(q.expiryNum)) &&
      (q.enabled === undefined || (m.enabled ? '1' : '0') === q.enabled) &&
      (q.enableSerialNumber === undefined || m.enableSerialNumber === q.enableSerialNumber) &&
      (q.enableBatchNumber === undefined || m.enableBatchNumber === q.enableBatchNumber) &&
      like(m.remark, q.remark),
  );
  const extendsRows = liveRows(scope, 'materialExtend');
  const categories = new Map<unknown, string | null>(liveRows(scope, 'materialCategory').map((c) => [c.id, c.name]));
  const units = new Map<unknown, UnitRow>(liveRows(scope, 'unit').map((u) => [u.id, u]));
  const depots = liveRows(scope, 'depot')
    .filter((d) => d.enabled === true)
    .sort((a, b) => String(a.sort ?? '').localeCompare(String(b.sort ?? '')) || b.id - a.id);
  const initial = new Map(
    liveRows(scope, 'materialInitialStock').map((s) => [`${String(s.materialId)}/${String(s.depotId)}`, s.number]),
  );
  const rows: unknown[][] = [];
  for (const m of [...materials].sort((a, b) => b.id - a.id)) {
    const own = extendsRows.filter((e) => e.materialId === m.id);
    const other = own.find((e) => e.defaultFlag === '0' && isEmpty(e.sku as string | null));
    const listed = own
      .filter((e) => e.defaultFlag === '1' || !isEmpty(e.sku as string | null))
      .sort((a, b) => (a.defaultFlag === '1' ? 0 : 1) - (b.defaultFlag === '1' ? 0 : 1) || a.id - b.id);
    for (const e of listed) {
      if (
        q.materialParam !== undefined &&
        ![e.barCode, m.name, m.standard, m.model].some((v) => like(v, q.materialParam))
      )
        continue;
      const unit = units.get(m.unitId);
      rows.push(
        [
          m.name,
          m.standard,
          m.model,
          m.color,
          m.brand,
          categories.get(m.categoryId),
          scaled(m.weight, 3),
          m.expiryNum ?? '',
          e.commodityUnit,
          other?.commodityUnit ?? '',
          e.barCode,
          other?.barCode ?? '',
          unit ? Number(unit.ratio) : '',
          e.sku,
          ...PRICE_COLUMNS.map((k) => scaled(e[k], 3)),
          m.enabled ? '1' : '0',
          m.enableSerialNumber,
          m.enableBatchNumber,
          m.position,
          m.mfrs,
          m.otherField1,
          m.otherField2,
          m.otherField3,
          m.remark,
          ...depots.map((d) => halfUp(Number(initial.get(`${String(m.id)}/${String(d.id)}`) ?? 0) || 0, 2)),
        ].map((v) => v ?? ''),
      );
    }
  }
  if (rows.length > 10000) return { name: '商品信息', tip: '单次导出条数超出限制（1万条）', head: [], rows: [] };
  const extensions = q.mpList !== undefined && q.mpList !== '' ? q.mpList : '扩展1,扩展2,扩展3';
  const head = [
    ...`名称*,规格,型号,颜色,品牌,类别,基础重量(kg),保质期(天),基本单位*,副单位,基本条码*,副条码,比例,多属性,采购价,零售价,销售价,最低售价,状态*,序列号,批号,仓位货架,制造商,${extensions},备注`.split(
      ',',
    ),
    ...depots.map((d) => String(d.name)),
  ];
  return { name: '商品信息', tip: EXPORT_TIP, head, rows };
}
