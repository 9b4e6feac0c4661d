// MaterialController (/material/*) of jshERP-boot.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonBody } from '../body.js';
import {
  extendsOf,
  materialView,
  materialVo4Unit,
  pinyinInitials,
  productIndex,
  ratioSuffix,
  recomputeStock,
  stockByDepot,
  unitOf,
} from '../materials.js';
import {
  BusinessException,
  UnknownException,
  idList,
  longList,
  asDecimal,
  halfUp,
  returnStr,
  sendFastjson,
  sendJackson,
  toId,
} from '../wire.js';
import { entityOf, queryId, queryIds, scopeOf, writeLog, type Entity, type Writer } from '../writes.js';
import {
  columnsOf,
  insertRow,
  liveRows,
  roleIdOfUser,
  rowById,
  tenantRows,
  transaction,
  type Row,
  type SandboxState,
  isLive,
} from '../store.js';
import { listHandler, pageOf } from '../list-routes.js';
import { depotsOfUser } from '../lookups.js';
import { query, sendXls } from '../exports.js';
import { materialExportSheet } from '../excel-import.js';
import { categoryWithDescendants } from '../reports.js';
import { writeXls } from '../xls.js';
import {
  MATERIAL,
  MATERIAL_COLUMNS,
  WRITE_FAIL,
  attributeOf,
  jsonString,
  materialWriteKit,
} from '../material-writes.js';
import { infoHandler, nameCheckHandler } from '../resource-actions.js';

export async function materialRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/material/list', listHandler(state, '/material/list'));
  app.get('/material/getListWithStock', listHandler(state, '/material/getListWithStock'));
  app.get('/material/info', infoHandler(state, 'material'));
  app.get('/material/checkIsNameExist', nameCheckHandler(state, 'material'));
  materialWriteRoutes(app, state);
  materialLookupRoutes(app, state);
  materialSelectRoutes(app, state);
  materialBarcodeRoutes(app, state);
  materialByBarcodeRowRoutes(app, state);
  materialStockFlowRoutes(app, state);
  materialExportRoutes(app, state);
}

function materialWriteRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, saveBarCodes, saveStock, deleteProducts } = materialWriteKit(state);
  // 新增 / 修改: the body's product and its attribute text, saved in one transaction, answered 1.
  const saveProduct =
    (save: (w: Writer, body: Record<string, unknown>, material: Entity<typeof MATERIAL>, attribute: string) => void) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const w = writer(request);
      const body = jsonBody(request);
      const material = entityOf(body, MATERIAL);
      const attribute = attributeOf(body);
      transaction(state, () => save(w, body, material, attribute));
      return sendFastjson(reply, returnStr(1));
    };
  app.post(
    '/material/add',
    saveProduct((w, body, material, attribute) => {
      try {
        const blank = Object.fromEntries(MATERIAL_COLUMNS.map((k) => [k, null]));
        const row = insertRow(w, 'material', { ...blank, ...material, id: undefined, enabled: true, attribute });
        saveBarCodes(w, body, row.id, 'insert');
        saveStock(w, body, row.id, 'insert');
        writeLog(w, '商品', `新增${String(material.name ?? null)}`);
      } catch (error) {
        // A BusinessRunTimeException (the duplicate barcode) keeps its code; anything else is writeFail.
        if (error instanceof BusinessException) throw error;
        throw WRITE_FAIL();
      }
    }),
  );

  app.put(
    '/material/update',
    saveProduct((w, body, material, attribute) => {
      try {
        const id = material.id as number | null | undefined;
        const row = tenantRows(w, 'material').find((r) => r.id === id);
        // updateMaterial catches every failure as writeFail, the duplicate barcode included; an id that matches no
        // product saves nothing and still answers 成功.
        if (!row) return;
        for (const key of MATERIAL_COLUMNS) {
          const value = columnsOf(material)[key];
          if (value !== null && value !== undefined) columnsOf(row)[key] = value;
        }
        row.attribute = attribute;
        if (material.unitId === null || material.unitId === undefined) row.unitId = null;
        if (material.expiryNum === null || material.expiryNum === undefined) row.expiryNum = null;
        saveBarCodes(w, body, row.id, 'update');
        saveStock(w, body, row.id, 'update');
        writeLog(w, '商品', `修改${String(material.name ?? null)}`);
      } catch {
        throw WRITE_FAIL();
      }
    }),
  );

  app.delete('/material/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteProducts(request, [queryId(request)]))),
  );
  app.delete('/material/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deleteProducts(request, queryIds(request)))),
  );

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
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new UnknownException('material is not an object');
    const fields = entityOf(parsed as Record<string, unknown>, MATERIAL);
    const set = Object.entries(fields).filter(([k, v]) => k !== 'id' && v !== null && v !== undefined);
    // An UPDATE with nothing to SET is an SQL error.
    if (set.length === 0) throw new UnknownException('nothing to update');
    const hit = liveRows(w, 'material').filter((m) => ids.includes(m.id as number));
    for (const m of hit) for (const [k, v] of set) columnsOf(m)[k] = v;
    return sendFastjson(reply, returnStr(hit.length));
  });

  // 修正库存 / 修正成本: the sandbox derives current stock from the opening stock and the bills, so it is always right.
  app.post('/material/batchSetMaterialCurrentStock', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    if (liveRows(w, 'depot').filter((d) => d.enabled === true).length === 0)
      return sendFastjson(reply, { code: 201, data: { message: '请先创建仓库后再操作' } });
    // The computed stock is what the correction writes; only a seed's stored stock of these products changes.
    const ids = String(body.ids ?? '')
      .split(',')
      .map((id) => toId(id));
    recomputeStock(
      w,
      ids.map((materialId) => ({ materialId, depotId: 'every' })),
    );
    return sendFastjson(reply, returnStr(1));
  });
  app.post('/material/batchSetMaterialCurrentUnitPrice', async (request, reply) => {
    jsonBody(request);
    return sendFastjson(reply, returnStr(1));
  });
}

function materialLookupRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, queryOf } = materialWriteKit(state);
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
    const optional = ['model', 'color', 'standard', 'mfrs', 'otherField1', 'otherField2', 'otherField3', 'unit'].map(
      (k) => [k, text(k)] as const,
    );
    const exists = liveRows(writer(request), 'material').some(
      (m) =>
        m.name === name &&
        optional.every(([k, v]) => v === '' || columnsOf(m)[k] === v) &&
        (unitId === null || m.unitId === unitId) &&
        (id === null || m.id !== id),
    );
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  // The largest numeric barcode of the tenant (every live barcode row), "1000" when there is none.
  app.get('/material/getMaxBarCode', async (request, reply) => {
    const codes = liveRows(writer(request), 'materialExtend')
      .map((e) => String(e.barCode ?? ''))
      .filter((c) => /^\d+$/.test(c));
    const max = codes.reduce((best, c) => (BigInt(c) > best ? BigInt(c) : best), BigInt(-1));
    return sendJackson(reply, { code: 200, data: { barCode: max < 0n ? '1000' : max.toString() } });
  });

  app.post('/material/changeNameToPinYin', async (request, reply) => {
    const name = jsonBody(request).name;
    if (typeof name !== 'string') return sendJackson(reply, { code: 500, data: '获取数据失败' });
    return sendJackson(reply, { code: 200, data: pinyinInitials(name) });
  });

  app.get('/material/getMaterialNameList', async (request, reply) => {
    const names = [
      ...new Set(
        liveRows(writer(request), 'material')
          .map((m) => m.name)
          .filter((n): n is string => typeof n === 'string' && n !== ''),
      ),
    ].sort();
    return sendJackson(
      reply,
      names.map((n) => ({ value: n, text: n })),
    );
  });

  app.get('/material/findById', async (request, reply) => {
    const w = writer(request);
    const id = queryId(request);
    const rows = liveRows(w, 'material')
      .filter((m) => m.id === id)
      .map((m) => ({ ...m, unitName: unitOf(w, m.unitId)?.name ?? null }));
    return sendJackson(reply, { code: 200, data: rows });
  });
}

function materialSelectRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, queryOf, barCodeRows, stockIn, otherOf, like } = materialWriteKit(state);
  // The keyword search of a bill line's barcode cell: [{barCode, materialStr}], at most 20.
  app.get('/material/getMaterialByParam', async (request, reply) => {
    const q = queryOf(request).q;
    if (typeof q !== 'string') throw new UnknownException('q is required');
    const rows = barCodeRows(writer(request))
      .filter(({ m, e }) => q === '' || [e.barCode, m.name, m.standard, m.model, m.mnemonic].some((v) => like(v, q)))
      .slice(0, 20)
      .map(({ m, e }) => {
        const parts = [m.mnemonic, m.standard, m.model, m.color, e.commodityUnit]
          .filter((v) => typeof v === 'string' && v !== '')
          .map((v) => `(${String(v)})`);
        return { barCode: e.barCode, materialStr: `${String(e.barCode)}_${String(m.name)}${parts.join('')}` };
      });
    return sendJackson(reply, { code: 200, data: rows });
  });

  // The product picker of the bill lines: {total, rows} (no code), one row per barcode.
  app.get('/material/findBySelect', async (request, reply) => {
    const w = writer(request);
    const q = queryOf(request);
    const { page, size } = pageAndRows(q);
    const text = (key: string): string => (typeof q[key] === 'string' ? (q[key] as string) : '');
    const categoryId = text('categoryId') === '' ? null : toId(text('categoryId'));
    const depotId = text('depotId') === '' ? null : toId(text('depotId'));
    if ((text('categoryId') !== '' && categoryId === null) || (text('depotId') !== '' && depotId === null))
      throw new UnknownException('not a number');
    const categoryIds = new Set<unknown>();
    if (categoryId !== null) {
      categoryIds.add(categoryId);
      const all = liveRows(w, 'materialCategory');
      for (let grew = true; grew;) {
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
      if (
        key !== '' &&
        ![e.barCode, m.name, m.mnemonic, m.standard, m.model, m.color, m.brand, m.mfrs].some((v) => like(v, key))
      )
        return false;
      const som = text('standardOrModel');
      if (som !== '' && !like(m.standard, som) && !like(m.model, som)) return false;
      for (const f of ['color', 'brand', 'mfrs', 'otherField1', 'otherField2', 'otherField3'])
        if (text(f) !== '' && !like(m[f], text(f))) return false;
      if (categoryId !== null && !categoryIds.has(m.categoryId)) return false;
      for (const f of ['enableSerialNumber', 'enableBatchNumber']) if (text(f) !== '' && m[f] !== text(f)) return false;
      return true;
    });
    const category = (id: unknown): unknown => liveRows(w, 'materialCategory').find((c) => c.id === id)?.name ?? null;
    const index = productIndex(w);
    const rows = matching
      .slice(Math.max(0, (page - 1) * size), Math.max(0, (page - 1) * size) + Math.max(0, size))
      .map(({ m, e }) => {
        const unit = unitOf(w, m.unitId);
        return {
          id: e.id,
          mBarCode: e.barCode,
          name: m.name,
          mnemonic: m.mnemonic,
          categoryName: category(m.categoryId),
          standard: m.standard,
          model: m.model,
          color: m.color,
          brand: m.brand,
          mfrs: m.mfrs,
          unit: `${String(e.commodityUnit ?? null)}${m.unitId === null || m.unitId === undefined ? '' : ratioSuffix(unit, e.commodityUnit)}`,
          sku: e.sku,
          enableSerialNumber: m.enableSerialNumber,
          enableBatchNumber: m.enableBatchNumber,
          stock: stockIn(w, m, e, depotId, index),
          expand: otherOf(mp, m),
          otherField1: m.otherField1,
          otherField2: m.otherField2,
          otherField3: m.otherField3,
          imgName: m.imgName,
          imgSmall: '',
          imgLarge: '',
        };
      });
    return sendJackson(reply, { total: matching.length, rows });
  });
}

function materialBarcodeRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, queryOf, stockIn, otherOf } = materialWriteKit(state);
  // MaterialController.getMaterialEnableSerialNumberList (序列号 page's product picker): the enabled serial-number
  // products, one row per barcode (m.* with mBarCode), newest product first; a fastjson JSONObject, no envelope.
  app.get('/material/getMaterialEnableSerialNumberList', async (request, reply) => {
    const w = writer(request);
    const q = queryOf(request);
    const { page, size } = pageAndRows(q);
    const needle = typeof q.q === 'string' ? q.q.toLowerCase() : '';
    const hit = (v: unknown): boolean =>
      String(v ?? '')
        .toLowerCase()
        .includes(needle);
    const rows = liveRows(w, 'material')
      .filter((m) => m.enabled === true && m.enableSerialNumber === '1')
      .sort((a, b) => b.id - a.id)
      .flatMap((m) => extendsOf(w, m.id).map((e) => ({ m, e })))
      .filter(({ m, e }) => needle === '' || hit(e.barCode) || hit(m.name) || hit(m.standard) || hit(m.model));
    const pageRows = rows
      .slice(Math.max(0, (page - 1) * size), Math.max(0, (page - 1) * size) + Math.max(0, size))
      .map(({ m, e }) => ({ ...m, mBarCode: e.barCode }));
    return sendFastjson(reply, { rows: pageRows, total: rows.length });
  });

  // A scanned or typed barcode (or serial number) → its product rows with the bill price for the bill kind,
  // the depot (the default one when none is given), the stock there, and the partner's tax.
  app.get('/material/getMaterialByBarCode', async (request, reply) => {
    const w = writer(request);
    const q = queryOf(request);
    if (typeof q.barCode !== 'string' || typeof q.mpList !== 'string')
      throw new UnknownException('barCode and mpList are required');
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
    const config = state.systemConfigs.find((c) => isLive(c) && (w.tenantId === 0 || c.tenant_id === w.tenantId));
    const defaultDepot = liveRows(w, 'depot').find((d) => d.enabled === true && d.isDefault === true);
    // MaterialService.getMaterialByBarCode: a comma list is several barcodes (选择商品 ticks several products at once).
    const barCodes = barCode.split(',');
    const index = productIndex(
      w,
      new Set(
        liveRows(w, 'materialExtend')
          .filter((e) => barCodes.includes(String(e.barCode)))
          .map((e) => e.materialId),
      ),
    );
    const priceLimit = state.roles.find((r) => r.id === roleIdOfUser(state, w.user.id))?.price_limit ?? '';
    const hidesBuyPrice = priceLimit.includes('4');
    // The barcode rows from the index of the matching products: one pass over the products, not one over the barcodes per product.
    const rows = liveRows(w, 'material')
      .flatMap((m) =>
        (index.extendsByMaterial.get(m.id) ?? [])
          .filter((e) => barCodes.includes(String(e.barCode)))
          .map((e) => ({ m, e })),
      )
      .sort((a, b) => b.m.id - a.m.id)
      .map(({ m, e }) => {
        const price = (key: string): number | null =>
          columnsOf(e)[key] === null || columnsOf(e)[key] === undefined ? null : Number(columnsOf(e)[key]);
        let billPrice: number | null = null;
        if (prefixNo === 'LSCK' || prefixNo === 'LSTH') billPrice = price('commodityDecimal');
        else if (['CGDD', 'CGRK', 'CGTH', 'other'].includes(prefixNo ?? '')) billPrice = price('purchaseDecimal');
        // The other stock bills show the purchase price unless the caller's role hides it (price limit 4).
        else if (['QTRK', 'QTCK', 'DBCK', 'ZZD', 'CXD', 'PDLR', 'PDFP'].includes(prefixNo ?? ''))
          billPrice = hidesBuyPrice ? 0 : price('purchaseDecimal');
        else if (prefixNo === 'XSDD' || prefixNo === 'XSCK' || prefixNo === 'XSTH') {
          billPrice = price('wholesaleDecimal');
          // Without a fixed customer price, a customer pays what their last bill of this kind charged for this barcode
          // row (getLastUnitPriceByParam: material_extend_id, the newest bill by id): a 箱 keeps its own price.
          if (organId !== null && config?.customer_static_price_flag !== '1') {
            const kind = { XSDD: '其它/销售订单', XSCK: '出库/销售', XSTH: '入库/销售退货' }[prefixNo];
            const heads = new Set(liveRows(w, 'depotHead').map((h) => h.id));
            const last = state.depotItems
              .filter(
                (l) =>
                  isLive(l) &&
                  heads.has(l.headerId) &&
                  l.organId === organId &&
                  l.materialExtendId === e.id &&
                  `${String(l.type)}/${String(l.subType)}` === kind,
              )
              .sort((a, b) => Number(b.headerId) - Number(a.headerId) || b.id - a.id)[0];
            if (last) billPrice = Number(last.unitPrice);
          }
        }
        let depotId: number | null = depotParam;
        if (depotParam === null && defaultDepot && prefixNo !== 'CGDD' && prefixNo !== 'XSDD')
          depotId = defaultDepot.id;
        const taxRate =
          supplier && supplier.taxRate !== null && supplier.taxRate !== undefined ? Number(supplier.taxRate) : 0;
        const priceHasTax = config?.material_price_tax_flag === '1';
        let taxMoney = 0;
        if (taxRate !== 0 && billPrice !== null) {
          const r = halfUp(taxRate / 100, 2);
          taxMoney = priceHasTax
            ? halfUp(halfUp(billPrice / (1 + r), 2) * r, 2)
            : halfUp((taxRate * billPrice) / 100, 2);
        }
        const taxLastMoney = billPrice === null ? 0 : priceHasTax ? billPrice : asDecimal(billPrice + taxMoney);
        const view = materialView(w, m, index);
        return {
          ...m,
          unitName: unitOf(w, m.unitId)?.name ?? null,
          meId: e.id,
          mBarCode: e.barCode,
          commodityUnit: e.commodityUnit,
          purchaseDecimal: e.purchaseDecimal,
          commodityDecimal: e.commodityDecimal,
          wholesaleDecimal: e.wholesaleDecimal,
          lowDecimal: e.lowDecimal,
          sku: e.sku,
          categoryName: view.categoryName,
          materialOther: otherOf(mp, m),
          billPrice,
          depotId,
          stock: depotParam === null && !defaultDepot ? null : stockIn(w, m, e, depotId, index),
          taxRate,
          taxMoney,
          taxLastMoney,
        };
      });
    return sendJackson(reply, { code: 200, data: rows });
  });
}

/** The look-ups by one barcode row's id (meId) the original client's bill pages call. */
function materialByBarcodeRowRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, queryOf, otherOf } = materialWriteKit(state);
  /** The live barcode rows with their live product, those of one meId when it is given. */
  const rowsOf = (request: FastifyRequest, meId: number | null) => {
    const w = writer(request);
    const materials = liveRows(w, 'material');
    return liveRows(w, 'materialExtend')
      .filter((e) => meId === null || e.id === meId)
      .flatMap((e) => {
        const m = materials.find((x) => x.id === e.materialId);
        return m ? [{ m, e }] : [];
      });
  };
  const meIdOf = (value: unknown): number | null => {
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
    const id = toId(value);
    if (id === null) throw new UnknownException('meId is not a number');
    return id;
  };

  // MaterialController.getMaterialByMeId: a bare JSONObject, {} unless exactly one row matches (no meId: every row).
  app.get('/material/getMaterialByMeId', async (request, reply) => {
    const q = queryOf(request);
    const mp = String(q.mpList ?? '').split(',');
    const rows = rowsOf(request, meIdOf(q.meId));
    if (rows.length !== 1) return sendJackson(reply, {});
    const { m, e } = rows[0]!;
    // ResultMapList maps no meId, so "Id" is always null; a unit group's name gives its "(箱=12个)" part, and a
    // product whose group is gone (or a name without "(") throws after "Id" is put, which the controller swallows.
    const item: Row = { Id: null };
    let ratio = '';
    if (m.unitId !== null && m.unitId !== undefined) {
      const unitName = unitOf(writer(request), m.unitId)?.name;
      if (typeof unitName !== 'string' || !unitName.includes('(')) return sendJackson(reply, item);
      ratio = unitName.slice(unitName.indexOf('('));
    }
    const text = (v: unknown): string => (v === null || v === undefined ? 'null' : String(v));
    const expand = otherOf(mp, m);
    const standard = blankText(m.standard) ? '' : `(${text(m.standard)})`;
    const unit = blankText(m.unit) ? '' : `(${text(m.unit)})`;
    Object.assign(item, {
      MaterialName: `${text(e.barCode)}_${text(m.name)}${standard}${expand}${unit}${ratio}`,
      name: m.name ?? null,
      expand,
      model: m.model ?? null,
      standard: m.standard ?? null,
      unit: `${text(m.unit)}${ratio}`,
    });
    return sendJackson(reply, item);
  });

  // MaterialController.findByIdWithBarCode: the product and that barcode row's prices (an empty MaterialVo4Unit when
  // none), its meId not selected.
  app.get('/material/findByIdWithBarCode', async (request, reply) => {
    const q = queryOf(request);
    const w = writer(request);
    const empty = materialVo4Unit({});
    const [found] = rowsOf(request, meIdOf(q.meId));
    if (!found) return sendJackson(reply, { code: 200, data: empty });
    const { m, e } = found;
    return sendJackson(reply, {
      code: 200,
      data: materialVo4Unit({
        ...Object.fromEntries(['id', ...MATERIAL_COLUMNS].map((k) => [k, m[k as keyof typeof m] ?? null])),
        tenantId: m.tenantId ?? null,
        deleteFlag: m.deleteFlag ?? null,
        unitName: unitOf(w, m.unitId)?.name ?? null,
        materialOther: otherOf(String(q.mpList ?? '').split(','), m),
        purchaseDecimal: e.purchaseDecimal ?? null,
        commodityDecimal: e.commodityDecimal ?? null,
        wholesaleDecimal: e.wholesaleDecimal ?? null,
        lowDecimal: e.lowDecimal ?? null,
        mBarCode: e.barCode ?? null,
        commodityUnit: e.commodityUnit ?? null,
      }),
    });
  });
}

const blankText = (v: unknown): boolean => v === null || v === undefined || v === '';

function materialStockFlowRoutes(app: FastifyInstance, state: SandboxState): void {
  // The backend reads jsh_material_current_stock (depots where the product's stock is not 0) priced at the default
  // barcode's purchase price (the sandbox keeps no moving average); a role whose price limit holds 7 sees no price.
  // The sandbox stores no current-stock rows: a row's id is the product id × 10000 + the depot id.
  app.get('/material/getMaterialDepotStock', async (request: FastifyRequest, reply) => {
    const q = request.query as Record<string, unknown>;
    const text = (name: string): string | null =>
      typeof q[name] === 'string' && q[name] !== '' ? (q[name] as string) : null;
    const materialId = toId(text('materialId'));
    if (materialId === null) throw new UnknownException('materialId is required');
    const depotText = text('depotIds');
    const depotIds = depotText === null ? null : longList(depotText, 'depotIds');
    const scope = scopeOf(state, request);
    const { tenantId, user } = scope;
    const depots = depotIds ?? depotsOfUser(state, tenantId, user).map((d) => d.id);
    const defaultExtend = extendsOf(scope, materialId).find((e) => e.defaultFlag === '1');
    const hidden = (state.roles.find((r) => r.id === roleIdOfUser(state, user.id))?.price_limit ?? '').includes('7');
    const purchase = defaultExtend ? Number(defaultExtend.purchaseDecimal ?? 0) || 0 : 0;
    const material = rowById(scope, 'material', materialId);
    const rows =
      !material || !defaultExtend
        ? []
        : stockByDepot(scope, materialId)
            .filter((d) => d.currentStock !== 0 && (depots.length === 0 || depots.includes(d.depotId)))
            .map((d) => {
              const unitPrice = hidden ? null : purchase;
              // A seed's stored row answers as itself (its id, its cost, null read as 0); otherwise a made-up id.
              const stored = liveRows(scope, 'materialCurrentStock').find(
                (r) => r.materialId === materialId && r.depotId === d.depotId,
              );
              return {
                id: stored?.id ?? materialId * 10000 + d.depotId,
                materialId,
                depotId: d.depotId,
                depotName:
                  ((state.tables.depot ?? []).find((x) => x.id === d.depotId)?.name as string | undefined) ?? null,
                currentNumber: d.currentStock,
                currentUnitPrice: stored ? Number(stored.currentUnitPrice ?? 0) : purchase,
                purchaseDecimal: purchase,
                unitPrice,
                allPrice: unitPrice === null ? null : asDecimal(d.currentStock * unitPrice),
              };
            });
    const pageNumber = toId(text('currentPage')) ?? 1;
    const pageSize = toId(text('pageSize')) ?? 10;
    return sendJackson(reply, { code: 200, data: { rows: pageOf(rows, pageNumber, pageSize), total: rows.length } });
  });
}

function materialExportRoutes(app: FastifyInstance, state: SandboxState): void {
  // MaterialController.exportExcel: the product import's layout with the opening stock per depot, as .xls.
  app.get('/material/exportExcel', async (request, reply) => {
    const q = query(request);
    const given = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);
    const scope = scopeOf(state, request);
    const sheet = materialExportSheet(scope, {
      categoryIds: given(q.categoryId) === undefined ? undefined : categoryWithDescendants(scope, Number(q.categoryId)),
      materialParam: given(q.materialParam),
      color: given(q.color),
      materialOther: given(q.materialOther),
      weight: given(q.weight),
      expiryNum: given(q.expiryNum),
      enabled: given(q.enabled),
      enableSerialNumber: given(q.enableSerialNumber),
      enableBatchNumber: given(q.enableBatchNumber),
      remark: given(q.remark),
      mpList: q.mpList,
    });
    return sendXls(reply, '商品信息', writeXls([sheet]));
  });
}

/** The pickers' page and rows: both required, else 未知异常. */
function pageAndRows(q: Record<string, unknown>): { page: number; size: number } {
  const page = toId(q.page);
  const size = toId(q.rows);
  if (page === null || size === null) throw new UnknownException('page and rows are required');
  return { page, size };
}
