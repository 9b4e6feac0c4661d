// The product pages' writes and look-ups with jshERP-boot's rules: 商品类别 (tree, full-column edit, 601 / 7500006
// deletes), 多属性, 扩展字段别名, 商品 (header + barcode rows + opening stock per depot, saved in one transaction;
// duplicate barcodes are 8000005 on add but 301 on edit), 批量编辑, and the look-ups the product form and the bill
// lines load (next barcode, pinyin, depots with stock, barcode / keyword searches).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonBody } from '../body.js';
import {
  extendsOf,
  materialView,
  pinyinInitials,
  productIndex,
  ratioSuffix,
  stockByDepot,
  unitOf,
  unitRatio,
  type ProductIndex,
} from '../materials.js';
import { BusinessException, UnknownException, idList, money, returnStr, sendFastjson, sendJackson, toId } from '../wire.js';
import { checkQuery, entityOf, queryId, queryIds, readEntity, refuseInUse, writeLog, writerOf, type EntitySchema, type Writer } from '../writes.js';
import { insertRow, liveRows, roleIdOfUser, tenantRows, transaction, type Row, type SandboxState, type Scope } from '../store.js';

export interface MaterialWriteRoutesOptions {
  state: SandboxState;
}

const CATEGORY: EntitySchema = {
  id: 'long', name: 'string', categoryLevel: 'long', parentId: 'long', sort: 'string', serialNo: 'string', remark: 'string',
  createTime: 'date', updateTime: 'date',
};
const ATTRIBUTE: EntitySchema = { id: 'long', attributeName: 'string', attributeValue: 'string' };
const PROPERTY: EntitySchema = { id: 'long', nativeName: 'string', enabled: 'boolean', sort: 'string', anotherName: 'string' };
const MATERIAL: EntitySchema = {
  id: 'long', categoryId: 'long', name: 'string', mfrs: 'string', model: 'string', standard: 'string', brand: 'string',
  mnemonic: 'string', color: 'string', unit: 'string', remark: 'string', imgName: 'string', unitId: 'long', expiryNum: 'long',
  weight: 'decimal', enabled: 'boolean', otherField1: 'string', otherField2: 'string', otherField3: 'string',
  enableSerialNumber: 'string', enableBatchNumber: 'string', position: 'string', attribute: 'string',
};
const MATERIAL_COLUMNS = Object.keys(MATERIAL).filter((k) => k !== 'id');

const WRITE_FAIL = (): BusinessException => new BusinessException(301, '数据写入异常');

/** The three extension fields the 扩展字段别名 page always lists, each with the alias saved for it. */
export function materialPropertyRows(ctx: Scope): Row[] {
  const saved = liveRows(ctx, 'materialProperty');
  return ['扩展1', '扩展2', '扩展3'].map((nativeName, i) => ({
    id: i + 1, nativeName, enabled: null, sort: null,
    anotherName: saved.find((p) => p.nativeName === nativeName)?.anotherName ?? nativeName, tenantId: null, deleteFlag: null,
  }));
}

/** fastjson getString: a string as is, anything else as its JSON text. */
const jsonString = (v: unknown): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));
const notEmpty = (s: string | null): s is string => s !== null && s !== '';

/** fastjson getJSONArray: an array, a string holding one, null when absent; anything else fails the call. */
function jsonArray(value: unknown, fail: () => Error): unknown[] | null {
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
function jsonObject(value: unknown, fail: () => Error): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // falls through
    }
  }
  throw fail();
}

/** getBigDecimal of a value already known to be non-empty: a number or numeric text, else the call fails. */
function decimal(value: unknown, fail: () => Error): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw fail();
  return n;
}

/** MaterialExtendService.checkIsBarCodeExist: another live barcode row of the tenant with this code. */
const barCodeTaken = (w: Writer, barCode: string, exceptId: number): boolean =>
  liveRows(w, 'materialExtend').some((e) => e.barCode === barCode && (exceptId <= 0 || e.id !== exceptId));

/** The `{manySku, skuOne, skuTwo, skuThree}` JSON the header stores (absent keys left out; `{}` for a plain product). */
function attributeOf(body: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const key of ['manySku', 'skuOne', 'skuTwo', 'skuThree']) {
    // A value that is not an array fails before the write starts: the global handler's 未知异常.
    const list = jsonArray(body[key], () => new UnknownException(`${key} is not an array`));
    if (list !== null) out[key] = list;
  }
  return JSON.stringify(out);
}

export async function materialWriteRoutes(app: FastifyInstance, options: MaterialWriteRoutesOptions): Promise<void> {
  const { state } = options;
  const writer = (request: FastifyRequest): Writer => writerOf(state, request);
  const queryOf = (request: FastifyRequest): Record<string, unknown> => request.query as Record<string, unknown>;

  // --- 商品类别 ----------------------------------------------------------------------------------------------------
  const categories = (w: Scope): Row[] =>
    liveRows(w, 'materialCategory').sort((a, b) => String(a.sort ?? '').localeCompare(String(b.sort ?? '')) || (a.id as number) - (b.id as number));
  interface CategoryNode {
    id: number; key: number; value: number; title: unknown; state: string; checked: boolean; attributes: null; children: CategoryNode[];
  }
  const categoryTree = (w: Scope, exclude: number | null): CategoryNode[] => {
    const all = categories(w);
    const build = (parentId: number | null): CategoryNode[] =>
      all
        .filter((c) => (c.parentId ?? null) === parentId && c.id !== exclude)
        .map((c) => ({ id: c.id as number, key: c.id as number, value: c.id as number, title: c.name, state: 'open', checked: false, attributes: null, children: build(c.id as number) }));
    return build(null);
  };
  // `?id=` (empty) for the whole tree; `?id=5` leaves 5 and its descendants out (the edit form's parent select).
  app.get('/materialCategory/getMaterialCategoryTree', async (request, reply) => {
    const raw = queryOf(request).id;
    const exclude = typeof raw === 'string' && raw.trim() !== '' ? toId(raw) : null;
    if (typeof raw === 'string' && raw.trim() !== '' && exclude === null) throw new UnknownException('id is not a number');
    return sendJackson(reply, categoryTree(writer(request), exclude));
  });
  app.get('/materialCategory/findById', async (request, reply) => {
    const w = writer(request);
    const id = queryId(request);
    const c = categories(w).find((r) => r.id === id);
    const data: Record<string, unknown> = {};
    if (c) {
      data.id = c.id;
      data.name = c.name;
      data.parentId = c.parentId ?? null;
      const parent = categories(w).find((r) => r.id === c.parentId);
      if (parent) data.parentName = parent.name;
      data.sort = c.sort ?? null;
      data.serialNo = c.serialNo ?? null;
      data.remark = c.remark ?? null;
    }
    return sendJackson(reply, { code: 200, data });
  });
  app.get('/materialCategory/checkIsNameExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const rawParent = queryOf(request).parentId;
    const parentId = typeof rawParent === 'string' && rawParent.trim() !== '' ? toId(rawParent) : null;
    if (typeof rawParent === 'string' && rawParent.trim() !== '' && parentId === null) throw new UnknownException('parentId is not a number');
    const exists = categories(writer(request)).some((c) => c.id !== id && c.name === name && (parentId === null || c.parentId === parentId));
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });
  app.post('/materialCategory/add', async (request, reply) => {
    const w = writer(request);
    const category = readEntity(request, CATEGORY);
    const now = state.clock.now();
    insertRow(w, 'materialCategory', {
      name: null, categoryLevel: null, parentId: null, sort: null, serialNo: null, remark: null, ...category, id: undefined,
      createTime: now, updateTime: now,
    });
    writeLog(w, '商品类型', `新增${String(category.name ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  // editMaterialCategory writes all five columns: a field the body leaves out becomes NULL.
  app.put('/materialCategory/update', async (request, reply) => {
    const w = writer(request);
    const category = readEntity(request, CATEGORY);
    const row = tenantRows(w, 'materialCategory').find((r) => r.id === category.id);
    if (row) {
      for (const key of ['parentId', 'sort', 'serialNo', 'name', 'remark']) row[key] = category[key] ?? null;
      row.updateTime = state.clock.now();
    }
    writeLog(w, '商品类型', `修改${String(category.name ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  const deleteCategories = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    if (liveRows(w, 'material').some((m) => ids.includes(m.categoryId as number))) refuseInUse();
    const live = categories(w);
    if (live.some((c) => ids.includes(c.parentId as number))) throw new BusinessException(7500006, '该类别存在下级不允许删除');
    const hit = tenantRows(w, 'materialCategory').filter((c) => ids.includes(c.id as number));
    for (const c of hit) {
      c.deleteFlag = '1';
      c.updateTime = state.clock.now();
    }
    writeLog(w, '商品类型', `删除${live.filter((c) => ids.includes(c.id as number)).map((c) => `[${String(c.name)}]`).join('')}`);
    return hit.length;
  };
  app.delete('/materialCategory/delete', async (request, reply) => sendFastjson(reply, returnStr(deleteCategories(request, [queryId(request)]))));
  app.delete('/materialCategory/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deleteCategories(request, queryIds(request)))));

  // --- 多属性 (list, delete and the name check are the generic ones: no reference check, no log) -----------------
  app.post('/materialAttribute/add', async (request, reply) => {
    const w = writer(request);
    const attribute = readEntity(request, ATTRIBUTE);
    insertRow(w, 'materialAttribute', { attributeName: null, attributeValue: null, ...attribute, id: undefined });
    writeLog(w, '商品属性', `新增${String(attribute.attributeName ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  // The service answers 1 whether or not a row matched.
  app.put('/materialAttribute/update', async (request, reply) => {
    const w = writer(request);
    const attribute = readEntity(request, ATTRIBUTE);
    const row = tenantRows(w, 'materialAttribute').find((r) => r.id === attribute.id);
    if (row) {
      for (const key of ['attributeName', 'attributeValue']) if (attribute[key] !== null && attribute[key] !== undefined) row[key] = attribute[key];
    }
    writeLog(w, '商品属性', `修改${String(attribute.attributeName ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  // Bare arrays: [{value: "<id>", name}] and the values of one attribute [{value, name}].
  app.get('/materialAttribute/getNameList', async (request, reply) =>
    sendJackson(reply, liveRows(writer(request), 'materialAttribute').sort((a, b) => (a.id as number) - (b.id as number)).map((a) => ({ value: String(a.id), name: a.attributeName }))));
  app.get('/materialAttribute/getValueListById', async (request, reply) => {
    const id = queryId(request);
    const attribute = liveRows(writer(request), 'materialAttribute').find((a) => a.id === id);
    const values = typeof attribute?.attributeValue === 'string' && attribute.attributeValue !== '' ? attribute.attributeValue.split('|') : [];
    return sendJackson(reply, values.map((v) => ({ value: v, name: v })));
  });

  // --- 扩展字段别名 ------------------------------------------------------------------------------------------------
  // Inserted the first time an extension field gets an alias, afterwards its alias is updated (by nativeName).
  app.post('/materialProperty/addOrUpdate', async (request, reply) => {
    const w = writer(request);
    const property = readEntity(request, PROPERTY);
    const existing = liveRows(w, 'materialProperty').filter((p) => p.nativeName === property.nativeName);
    if (existing.length === 0) {
      insertRow(w, 'materialProperty', { nativeName: null, enabled: null, sort: null, anotherName: null, ...property, id: undefined });
      writeLog(w, '商品属性', `新增${String(property.nativeName ?? null)}`);
    } else {
      for (const p of existing) p.anotherName = property.anotherName ?? null;
    }
    return sendFastjson(reply, returnStr(1));
  });

  // --- 商品 --------------------------------------------------------------------------------------------------------
  /** Inserts one barcode row (duplicate code → 8000005 with the code). */
  const insertExtend = (w: Writer, materialId: number, row: Record<string, unknown>, fail: () => Error): void => {
    const barCode = jsonString(row.barCode);
    if (notEmpty(barCode) && barCodeTaken(w, barCode, 0)) throw new BusinessException(8000005, `商品条码:${barCode}重复`);
    const unit = jsonString(row.commodityUnit);
    const price = (key: string): number | null => (notEmpty(jsonString(row[key])) ? decimal(row[key], fail) : null);
    const now = state.clock.now();
    insertRow(w, 'materialExtend', {
      materialId, barCode: notEmpty(barCode) ? barCode : null, commodityUnit: notEmpty(unit) ? unit : null, sku: jsonString(row.sku),
      purchaseDecimal: price('purchaseDecimal'), commodityDecimal: price('commodityDecimal'), wholesaleDecimal: price('wholesaleDecimal'),
      lowDecimal: price('lowDecimal'), defaultFlag: null, createTime: now, createSerial: w.user.login_name, updateSerial: w.user.login_name,
      updateTime: now.getTime(),
    });
  };

  /** Updates one barcode row by id: barcode and unit when sent, all four prices as sent (a cleared price is cleared). */
  const updateExtend = (w: Writer, row: Record<string, unknown>, fail: () => Error): void => {
    const id = toId(row.id);
    if (id === null) throw fail();
    const barCode = jsonString(row.barCode);
    if (notEmpty(barCode) && barCodeTaken(w, barCode, id)) throw new BusinessException(8000005, `商品条码:${barCode}重复`);
    const target = tenantRows(w, 'materialExtend').find((e) => e.id === id);
    const price = (key: string): number | null => (notEmpty(jsonString(row[key])) ? decimal(row[key], fail) : null);
    const prices = { purchaseDecimal: price('purchaseDecimal'), commodityDecimal: price('commodityDecimal'), wholesaleDecimal: price('wholesaleDecimal'), lowDecimal: price('lowDecimal') };
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
  const saveBarCodes = (w: Writer, body: Record<string, unknown>, materialId: number, mode: 'insert' | 'update'): void => {
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
    const rows = liveRows(w, 'materialExtend').filter((e) => e.materialId === materialId).sort((a, b) => (a.id as number) - (b.id as number));
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
      const level = (key: string): number | null => (notEmpty(jsonString(row[key])) ? decimal(row[key], WRITE_FAIL) : null);
      const low = level('lowSafeStock');
      const high = level('highSafeStock');
      const amount = notEmpty(number) ? decimal(number, WRITE_FAIL) : null;
      const keep = mode === 'insert' ? (amount !== null && amount > 0) || low !== null || high !== null : notEmpty(number) || low !== null || high !== null;
      if (mode === 'update') {
        // The opening-stock row of (product, depot) is deleted outright and written again.
        const table = state.tables.materialInitialStock ?? [];
        state.tables.materialInitialStock = table.filter((s) => !(s.materialId === materialId && s.depotId === depotId && (w.tenantId === 0 || s.tenantId === w.tenantId)));
      }
      if (keep) insertRow(w, 'materialInitialStock', { depotId, materialId, number: amount ?? 0, lowSafeStock: low, highSafeStock: high });
    }
  };

  app.post('/material/add', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const material = entityOf(body, MATERIAL);
    const attribute = attributeOf(body);
    transaction(state, () => {
      try {
        const blank = Object.fromEntries(MATERIAL_COLUMNS.map((k) => [k, null]));
        const row = insertRow(w, 'material', { ...blank, ...material, id: undefined, enabled: true, attribute });
        saveBarCodes(w, body, row.id as number, 'insert');
        saveStock(w, body, row.id as number, 'insert');
        writeLog(w, '商品', `新增${String(material.name ?? null)}`);
      } catch (error) {
        // A BusinessRunTimeException (the duplicate barcode) keeps its code; anything else is writeFail.
        if (error instanceof BusinessException) throw error;
        throw WRITE_FAIL();
      }
    });
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/material/update', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const material = entityOf(body, MATERIAL);
    const attribute = attributeOf(body);
    transaction(state, () => {
      try {
        const id = material.id as number | null | undefined;
        const row = tenantRows(w, 'material').find((r) => r.id === id);
        // updateMaterial catches every failure as writeFail, the duplicate barcode included; an id that matches no
        // product saves nothing and still answers 成功.
        if (!row) return;
        for (const key of MATERIAL_COLUMNS) if (material[key] !== null && material[key] !== undefined) row[key] = material[key];
        row.attribute = attribute;
        if (material.unitId === null || material.unitId === undefined) row.unitId = null;
        if (material.expiryNum === null || material.expiryNum === undefined) row.expiryNum = null;
        saveBarCodes(w, body, row.id as number, 'update');
        saveStock(w, body, row.id as number, 'update');
        writeLog(w, '商品', `修改${String(material.name ?? null)}`);
      } catch {
        throw WRITE_FAIL();
      }
    });
    return sendFastjson(reply, returnStr(1));
  });

  /** Bill lines (of live bills) that use one of these products: they block its delete. */
  const productsInUse = (w: Writer, ids: number[]): boolean => {
    const heads = new Set(liveRows(w, 'depotHead').map((h) => h.id));
    return state.depotItems.some((l) => l.deleteFlag !== '1' && heads.has(l.headerId) && (w.tenantId === 0 || l.tenantId === w.tenantId) && ids.includes(l.materialId as number));
  };
  const deleteProducts = (request: FastifyRequest, ids: number[]): number => {
    const w = writer(request);
    if (productsInUse(w, ids)) refuseInUse();
    const names = liveRows(w, 'material').filter((m) => ids.includes(m.id as number)).map((m) => `[${String(m.name)}]`);
    writeLog(w, '商品', `删除${names.join('')}`);
    for (const m of tenantRows(w, 'material')) if (ids.includes(m.id as number)) m.deleteFlag = '1';
    for (const e of tenantRows(w, 'materialExtend')) if (ids.includes(e.materialId as number)) e.deleteFlag = '1';
    return 1;
  };
  app.delete('/material/delete', async (request, reply) => sendFastjson(reply, returnStr(deleteProducts(request, [queryId(request)]))));
  app.delete('/material/deleteBatch', async (request, reply) => sendFastjson(reply, returnStr(deleteProducts(request, queryIds(request)))));

  // 启用 / 禁用: logged as 修改<ids>; no ids is a NullPointerException (未知异常), a missing status an UPDATE with
  // nothing to SET (数据查询异常) — both roll the log line back.
  app.post('/material/batchSetStatus', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const status = entityOf({ status: body.status }, { status: 'boolean' }).status;
    const idsText = jsonString(body.ids);
    const ids = idList(body.ids);
    if (ids === null || ids.length === 0) throw new UnknownException('ids are required');
    if (status === null || status === undefined) throw new BusinessException(300, '数据查询异常');
    writeLog(w, '商品', `修改${String(idsText)}`);
    const hit = tenantRows(w, 'material').filter((m) => ids.includes(m.id as number));
    for (const m of hit) m.enabled = status;
    return sendFastjson(reply, returnStr(hit.length));
  });

  // 批量编辑: `material` is a JSON string of the filled fields; only the listed live products change; no log.
  app.post('/material/batchUpdate', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    const ids = idList(body.ids);
    if (ids === null || ids.length === 0) throw new UnknownException('ids are required');
    const text = jsonString(body.material);
    if (text === null) throw new UnknownException('material is required');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UnknownException('material is not JSON');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UnknownException('material is not an object');
    const fields = entityOf(parsed as Record<string, unknown>, MATERIAL);
    const set = Object.entries(fields).filter(([k, v]) => k !== 'id' && v !== null && v !== undefined);
    // An UPDATE with nothing to SET is an SQL error.
    if (set.length === 0) throw new UnknownException('nothing to update');
    const hit = liveRows(w, 'material').filter((m) => ids.includes(m.id as number));
    for (const m of hit) for (const [k, v] of set) m[k] = v;
    return sendFastjson(reply, returnStr(hit.length));
  });

  // 修正库存 / 修正成本: the sandbox derives current stock from the opening stock and the bills, so it is always right.
  app.post('/material/batchSetMaterialCurrentStock', async (request, reply) => {
    const w = writer(request);
    jsonBody(request);
    if (liveRows(w, 'depot').filter((d) => d.enabled === true).length === 0) return sendFastjson(reply, { code: 201, data: { message: '请先创建仓库后再操作' } });
    return sendFastjson(reply, returnStr(1));
  });
  app.post('/material/batchSetMaterialCurrentUnitPrice', async (request, reply) => {
    jsonBody(request);
    return sendFastjson(reply, returnStr(1));
  });

  // 抱歉，该商品已存在！: a live product (other than `id`) with the same name and the same non-empty fields.
  app.get('/material/checkIsExist', async (request, reply) => {
    const q = queryOf(request);
    const text = (key: string): string => {
      if (typeof q[key] !== 'string') throw new UnknownException(`${key} is required`);
      return q[key];
    };
    const id = toId(text('id'));
    if (id === null && text('id').trim() !== '') throw new UnknownException('id is not a number');
    const unitIdText = text('unitId');
    const unitId = unitIdText.trim() === '' ? null : toId(unitIdText);
    if (unitIdText.trim() !== '' && unitId === null) throw new UnknownException('unitId is not a number');
    const name = text('name');
    const optional = ['model', 'color', 'standard', 'mfrs', 'otherField1', 'otherField2', 'otherField3', 'unit'].map((k) => [k, text(k)] as const);
    const exists = liveRows(writer(request), 'material').some(
      (m) => m.name === name && optional.every(([k, v]) => v === '' || m[k] === v) && (unitId === null || m.unitId === unitId) && (id === null || m.id !== id),
    );
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  // The largest numeric barcode of the tenant (every live barcode row), "1000" when there is none.
  app.get('/material/getMaxBarCode', async (request, reply) => {
    const codes = liveRows(writer(request), 'materialExtend').map((e) => String(e.barCode ?? '')).filter((c) => /^\d+$/.test(c));
    const max = codes.reduce((best, c) => (BigInt(c) > best ? BigInt(c) : best), BigInt(-1));
    return sendJackson(reply, { code: 200, data: { barCode: max < 0n ? '1000' : max.toString() } });
  });

  app.post('/material/changeNameToPinYin', async (request, reply) => {
    const name = jsonBody(request).name;
    if (typeof name !== 'string') return sendJackson(reply, { code: 500, data: '获取数据失败' });
    return sendJackson(reply, { code: 200, data: pinyinInitials(name) });
  });

  app.get('/material/getMaterialNameList', async (request, reply) => {
    const names = [...new Set(liveRows(writer(request), 'material').map((m) => m.name).filter((n): n is string => typeof n === 'string' && n !== ''))].sort();
    return sendJackson(reply, names.map((n) => ({ value: n, text: n })));
  });

  app.get('/material/findById', async (request, reply) => {
    const w = writer(request);
    const id = queryId(request);
    const rows = liveRows(w, 'material').filter((m) => m.id === id).map((m) => ({ ...m, unitName: unitOf(w, m.unitId)?.name ?? null }));
    return sendJackson(reply, { code: 200, data: rows });
  });

  // --- 条码行 ------------------------------------------------------------------------------------------------------
  app.get('/materialsExtend/getDetailList', async (request, reply) => {
    const materialId = queryId(request, 'materialId');
    const rows = extendsOf(writer(request), materialId).map((e) => {
      const item: Row = { id: e.id, barCode: e.barCode, commodityUnit: e.commodityUnit };
      if (typeof e.sku === 'string' && e.sku !== '') item.sku = e.sku;
      Object.assign(item, { purchaseDecimal: e.purchaseDecimal, commodityDecimal: e.commodityDecimal, wholesaleDecimal: e.wholesaleDecimal, lowDecimal: e.lowDecimal });
      return item;
    });
    return sendJackson(reply, { code: 200, data: { total: rows.length, rows } });
  });
  app.get('/materialsExtend/checkIsBarCodeExist', async (request, reply) => {
    const id = queryId(request);
    const barCode = queryOf(request).barCode;
    if (typeof barCode !== 'string') throw new UnknownException('barCode is required');
    return sendJackson(reply, { code: 200, data: { status: barCodeTaken(writer(request), barCode, id) } });
  });

  // --- 库存数量 tab: every enabled depot with the product's opening / current stock and warning levels ---------------
  app.get('/depot/getAllListWithStock', async (request, reply) => {
    const w = writer(request);
    const mId = queryId(request, 'mId');
    const depots = liveRows(w, 'depot')
      .filter((d) => d.enabled === true)
      .sort((a, b) => String(a.sort ?? '').localeCompare(String(b.sort ?? '')) || (a.id as number) - (b.id as number));
    const stock = new Map(stockByDepot(w, mId).map((s) => [s.depotId, s]));
    const data = depots.map((d) => {
      const s = stock.get(d.id as number);
      return {
        id: d.id, name: d.name, address: null, warehousing: null, truckage: null, type: null, sort: null, remark: null, principal: null,
        enabled: null, tenantId: null, deleteFlag: null, isDefault: null,
        initStock: mId === 0 ? 0 : (s?.initStock ?? 0), currentStock: mId === 0 ? 0 : (s?.currentStock ?? 0),
        lowSafeStock: mId === 0 ? null : (s?.lowSafeStock ?? null), highSafeStock: mId === 0 ? null : (s?.highSafeStock ?? null),
      };
    });
    return sendJackson(reply, { code: 200, data });
  });

  // --- bill-line look-ups ------------------------------------------------------------------------------------------
  /** Every barcode row of the caller's enabled products, newest product first, default row first. */
  const barCodeRows = (w: Scope): { m: Row; e: Row }[] => {
    const extendsByMaterial = productIndex(w).extendsByMaterial;
    return liveRows(w, 'material')
      .filter((m) => m.enabled === true)
      .sort((a, b) => (b.id as number) - (a.id as number))
      .flatMap((m) => (extendsByMaterial.get(m.id) ?? []).map((e) => ({ m, e })));
  };

  /** Stock of a product in one depot (all depots when none), in the barcode row's unit. */
  const stockIn = (w: Scope, m: Row, e: Row, depotId: number | null, index: ProductIndex): number => {
    // Bill lines do not record the barcode row, so a multi-attribute row's own stock (bills only) is not tracked.
    if (typeof e.sku === 'string' && e.sku !== '') return 0;
    const total = stockByDepot(w, m.id, index).filter((s) => depotId === null || s.depotId === depotId).reduce((sum, s) => sum + s.currentStock, 0);
    return money(total / unitRatio(unitOf(w, m.unitId), e.commodityUnit));
  };

  /** getMaterialOtherByParam: `(field)` for each 自定义1..3 named in mpList. */
  const otherOf = (mp: string[], m: Row): string =>
    [1, 2, 3].map((i) => (mp.includes(`自定义${i}`) && m[`otherField${i}`] ? `(${String(m[`otherField${i}`])})` : '')).join('');

  const like = (value: unknown, needle: string): boolean => String(value ?? '').includes(needle);

  // The keyword search of a bill line's barcode cell: [{barCode, materialStr}], at most 20.
  app.get('/material/getMaterialByParam', async (request, reply) => {
    const q = queryOf(request).q;
    if (typeof q !== 'string') throw new UnknownException('q is required');
    const rows = barCodeRows(writer(request))
      .filter(({ m, e }) => q === '' || [e.barCode, m.name, m.standard, m.model, m.mnemonic].some((v) => like(v, q)))
      .slice(0, 20)
      .map(({ m, e }) => {
        const parts = [m.mnemonic, m.standard, m.model, m.color, e.commodityUnit].filter((v) => typeof v === 'string' && v !== '').map((v) => `(${String(v)})`);
        return { barCode: e.barCode, materialStr: `${String(e.barCode)}_${String(m.name)}${parts.join('')}` };
      });
    return sendJackson(reply, { code: 200, data: rows });
  });

  // The product picker of the bill lines: {total, rows} (no code), one row per barcode.
  app.get('/material/findBySelect', async (request, reply) => {
    const w = writer(request);
    const q = queryOf(request);
    const page = toId(q.page);
    const size = toId(q.rows);
    if (page === null || size === null) throw new UnknownException('page and rows are required');
    const text = (key: string): string => (typeof q[key] === 'string' ? (q[key] as string) : '');
    const categoryId = text('categoryId') === '' ? null : toId(text('categoryId'));
    const depotId = text('depotId') === '' ? null : toId(text('depotId'));
    if ((text('categoryId') !== '' && categoryId === null) || (text('depotId') !== '' && depotId === null)) throw new UnknownException('not a number');
    const categoryIds = new Set<unknown>();
    if (categoryId !== null) {
      categoryIds.add(categoryId);
      const all = liveRows(w, 'materialCategory');
      for (let grew = true; grew; ) {
        grew = false;
        for (const c of all) {
          if (categoryIds.has(c.parentId) && !categoryIds.has(c.id)) {
            categoryIds.add(c.id);
            grew = true;
          }
        }
      }
    }
    const key = text('q');
    const mp = text('mpList').split(',');
    const matching = barCodeRows(w).filter(({ m, e }) => {
      if (key !== '' && ![e.barCode, m.name, m.mnemonic, m.standard, m.model, m.color, m.brand, m.mfrs].some((v) => like(v, key))) return false;
      const som = text('standardOrModel');
      if (som !== '' && !like(m.standard, som) && !like(m.model, som)) return false;
      for (const f of ['color', 'brand', 'mfrs', 'otherField1', 'otherField2', 'otherField3']) if (text(f) !== '' && !like(m[f], text(f))) return false;
      if (categoryId !== null && !categoryIds.has(m.categoryId)) return false;
      for (const f of ['enableSerialNumber', 'enableBatchNumber']) if (text(f) !== '' && m[f] !== text(f)) return false;
      return true;
    });
    const category = (id: unknown): unknown => liveRows(w, 'materialCategory').find((c) => c.id === id)?.name ?? null;
    const index = productIndex(w);
    const rows = matching.slice(Math.max(0, (page - 1) * size), Math.max(0, (page - 1) * size) + Math.max(0, size)).map(({ m, e }) => {
      const unit = unitOf(w, m.unitId);
      return {
        id: e.id, mBarCode: e.barCode, name: m.name, mnemonic: m.mnemonic, categoryName: category(m.categoryId), standard: m.standard,
        model: m.model, color: m.color, brand: m.brand, mfrs: m.mfrs,
        unit: `${String(e.commodityUnit ?? null)}${m.unitId === null || m.unitId === undefined ? '' : ratioSuffix(unit, e.commodityUnit)}`,
        sku: e.sku, enableSerialNumber: m.enableSerialNumber, enableBatchNumber: m.enableBatchNumber, stock: stockIn(w, m, e, depotId, index),
        expand: otherOf(mp, m), otherField1: m.otherField1, otherField2: m.otherField2, otherField3: m.otherField3, imgName: m.imgName,
        imgSmall: '', imgLarge: '',
      };
    });
    return sendJackson(reply, { total: matching.length, rows });
  });

  // MaterialController.getMaterialEnableSerialNumberList (序列号 page's product picker): the enabled serial-number
  // products, one row per barcode (m.* with mBarCode), newest product first; a fastjson JSONObject, no envelope.
  app.get('/material/getMaterialEnableSerialNumberList', async (request, reply) => {
    const w = writer(request);
    const q = queryOf(request);
    const page = toId(q.page);
    const size = toId(q.rows);
    if (page === null || size === null) throw new UnknownException('page and rows are required');
    const needle = typeof q.q === 'string' ? q.q.toLowerCase() : '';
    const hit = (v: unknown): boolean => String(v ?? '').toLowerCase().includes(needle);
    const rows = liveRows(w, 'material')
      .filter((m) => m.enabled === true && m.enableSerialNumber === '1')
      .sort((a, b) => (b.id as number) - (a.id as number))
      .flatMap((m) => extendsOf(w, m.id).map((e) => ({ m, e })))
      .filter(({ m, e }) => needle === '' || hit(e.barCode) || hit(m.name) || hit(m.standard) || hit(m.model));
    const pageRows = rows.slice(Math.max(0, (page - 1) * size), Math.max(0, (page - 1) * size) + Math.max(0, size)).map(({ m, e }) => ({ ...m, mBarCode: e.barCode }));
    return sendFastjson(reply, { rows: pageRows, total: rows.length });
  });

  // A scanned or typed barcode (or serial number) → its product rows with the bill price for the bill kind,
  // the depot (the default one when none is given), the stock there, and the partner's tax.
  app.get('/material/getMaterialByBarCode', async (request, reply) => {
    const w = writer(request);
    const q = queryOf(request);
    if (typeof q.barCode !== 'string' || typeof q.mpList !== 'string') throw new UnknownException('barCode and mpList are required');
    const optionalId = (key: string): number | null => {
      const v = q[key];
      if (typeof v !== 'string' || v.trim() === '') return null;
      const id = toId(v);
      if (id === null) throw new UnknownException(`${key} is not a number`);
      return id;
    };
    const organId = optionalId('organId');
    const depotParam = optionalId('depotId');
    const prefixNo = typeof q.prefixNo === 'string' ? q.prefixNo : null;
    const mp = q.mpList.split(',');
    let barCode = q.barCode;
    const serial = liveRows(w, 'serialNumber').find((s) => s.serialNumber === barCode);
    const serialCode = serial ? extendsOf(w, serial.materialId)[0]?.barCode : undefined;
    if (typeof serialCode === 'string' && serialCode !== '') barCode = serialCode;
    const supplier = organId === null ? undefined : liveRows(w, 'supplier').find((s) => s.id === organId);
    const config = state.systemConfigs.find((c) => c.delete_flag !== '1' && (w.tenantId === 0 || c.tenant_id === w.tenantId));
    const defaultDepot = liveRows(w, 'depot').find((d) => d.enabled === true && d.isDefault === true);
    // MaterialService.getMaterialByBarCode: a comma list is several barcodes (选择商品 ticks several products at once).
    const barCodes = barCode.split(',');
    const index = productIndex(w, new Set(liveRows(w, 'materialExtend').filter((e) => barCodes.includes(String(e.barCode))).map((e) => e.materialId)));
    const priceLimit = state.roles.find((r) => r.id === roleIdOfUser(state, w.user.id))?.price_limit ?? '';
    const hidesBuyPrice = priceLimit.includes('4');
    // The barcode rows from the index of the matching products: one pass over the products, not one over the barcodes per product.
    const rows = liveRows(w, 'material')
      .flatMap((m) => (index.extendsByMaterial.get(m.id) ?? []).filter((e) => barCodes.includes(String(e.barCode))).map((e) => ({ m, e })))
      .sort((a, b) => (b.m.id as number) - (a.m.id as number))
      .map(({ m, e }) => {
        const price = (key: string): number | null => (e[key] === null || e[key] === undefined ? null : Number(e[key]));
        let billPrice: number | null = null;
        if (prefixNo === 'LSCK' || prefixNo === 'LSTH') billPrice = price('commodityDecimal');
        else if (['CGDD', 'CGRK', 'CGTH', 'other'].includes(prefixNo ?? '')) billPrice = price('purchaseDecimal');
        // The other stock bills show the purchase price unless the caller's role hides it (price limit 4).
        else if (['QTRK', 'QTCK', 'DBCK', 'ZZD', 'CXD', 'PDLR', 'PDFP'].includes(prefixNo ?? '')) billPrice = hidesBuyPrice ? 0 : price('purchaseDecimal');
        else if (prefixNo === 'XSDD' || prefixNo === 'XSCK' || prefixNo === 'XSTH') {
          billPrice = price('wholesaleDecimal');
          // Without a fixed customer price, a customer pays what their last bill of this kind charged for this barcode
          // row (getLastUnitPriceByParam: material_extend_id, the newest bill by id): a 箱 keeps its own price.
          if (organId !== null && config?.customer_static_price_flag !== '1') {
            const kind = { XSDD: '其它/销售订单', XSCK: '出库/销售', XSTH: '入库/销售退货' }[prefixNo];
            const heads = new Set(liveRows(w, 'depotHead').map((h) => h.id));
            const last = state.depotItems
              .filter((l) => l.deleteFlag !== '1' && heads.has(l.headerId) && l.organId === organId && l.materialExtendId === e.id && `${String(l.type)}/${String(l.subType)}` === kind)
              .sort((a, b) => Number(b.headerId) - Number(a.headerId) || (b.id as number) - (a.id as number))[0];
            if (last) billPrice = Number(last.unitPrice);
          }
        }
        let depotId: number | null = depotParam;
        if (depotParam === null && defaultDepot && prefixNo !== 'CGDD' && prefixNo !== 'XSDD') depotId = defaultDepot.id as number;
        const taxRate = supplier && supplier.taxRate !== null && supplier.taxRate !== undefined ? Number(supplier.taxRate) : 0;
        const priceHasTax = config?.material_price_tax_flag === '1';
        let taxMoney = 0;
        if (taxRate !== 0 && billPrice !== null) {
          const r = money(taxRate / 100);
          taxMoney = priceHasTax ? money(money(billPrice / (1 + r)) * r) : money((taxRate * billPrice) / 100);
        }
        const taxLastMoney = billPrice === null ? 0 : priceHasTax ? billPrice : money(billPrice + taxMoney);
        const view = materialView(w, m, index);
        return {
          ...m, unitName: unitOf(w, m.unitId)?.name ?? null, meId: e.id, mBarCode: e.barCode, commodityUnit: e.commodityUnit,
          purchaseDecimal: e.purchaseDecimal, commodityDecimal: e.commodityDecimal, wholesaleDecimal: e.wholesaleDecimal,
          lowDecimal: e.lowDecimal, sku: e.sku, categoryName: view.categoryName, materialOther: otherOf(mp, m), billPrice, depotId,
          stock: depotParam === null && !defaultDepot ? null : stockIn(w, m, e, depotId, index), taxRate, taxMoney, taxLastMoney,
        };
      });
    return sendJackson(reply, { code: 200, data: rows });
  });
}
