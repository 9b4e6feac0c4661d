// SupplierController (/supplier/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../body.js';
import { type SandboxState, insertRow, liveRows, tenantRows, isLive } from '../store.js';
import { UnknownException, idList, asDecimal, returnStr, sendFastjson, sendJackson } from '../wire.js';
import { checkQuery, grantValue, readEntity, selectOrder, writeLog } from '../writes.js';
import { NEW_SUPPLIER, SUPPLIER, WRITE_FAIL, basicWriteKit, liveBills, liveFinancials } from '../basic-writes.js';
import { exportKit, query, sendXls } from '../exports.js';
import { partnerExportSheet } from '../excel-import.js';
import { writeXls } from '../xls.js';
import { READ_FAILED, financialWriteKit } from '../financial-writes.js';
import { lookupKit } from '../lookups.js';
import { listHandler } from '../list-routes.js';
import { infoHandler, nameCheckHandler, statusHandler } from '../resource-actions.js';

export async function supplierRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/supplier/list', listHandler(state, '/supplier/list'));
  app.get('/supplier/info', infoHandler(state, 'supplier'));
  app.get('/supplier/checkIsNameExist', nameCheckHandler(state, 'supplier'));
  app.post('/supplier/batchSetStatus', statusHandler(state, 'supplier'));
  supplierRecordRoutes(app, state);
  supplierFinancialRoutes(app, state);
  supplierSelectRoutes(app, state);
  supplierExportRoutes(app, state);
}

function supplierRecordRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, deletesOf, updateRow } = basicWriteKit(state);
  // --- 客户 / 供应商 / 会员 (jsh_supplier) -------------------------------------------------------------------------
  app.post('/supplier/add', async (request, reply) => {
    const w = writer(request);
    const supplier = readEntity(request, SUPPLIER);
    const isCustomer = supplier.type === '客户';
    // jsh_supplier.supplier is NOT NULL. The customer auto-grant resolves the new id with selectOne(name, 客户): a
    // second customer of that name fails too, and the insert is rolled back.
    if (typeof supplier.supplier !== 'string') throw WRITE_FAIL;
    if (isCustomer && liveRows(w, 'supplier').some((s) => s.type === '客户' && s.supplier === supplier.supplier))
      throw WRITE_FAIL;
    const isVendor = supplier.type === '供应商';
    const row = insertRow(w, 'supplier', {
      ...NEW_SUPPLIER,
      ...supplier,
      id: undefined,
      enabled: true,
      creator: w.user.id,
    });
    row.allNeedGet = isVendor ? 0 : Number(row.beginNeedGet ?? 0);
    row.allNeedPay = isVendor ? Number(row.beginNeedPay ?? 0) : 0;
    if (isCustomer) {
      const tenantId = w.tenantId === 0 ? null : w.tenantId;
      grantValue(state, 'UserCustomer', w.user.id, row.id, tenantId);
      if (w.user.id !== w.user.tenant_id && w.tenantId !== 0)
        grantValue(state, 'UserCustomer', w.user.tenant_id, row.id, tenantId);
    }
    writeLog(w, '商家', `新增${String(supplier.supplier ?? null)}`);
    return sendFastjson(reply, returnStr(1));
  });
  app.put('/supplier/update', async (request, reply) => {
    const w = writer(request);
    const supplier = readEntity(request, SUPPLIER);
    // Clearing 期初应收/期初应付 zeroes them.
    supplier.beginNeedPay ??= 0;
    supplier.beginNeedGet ??= 0;
    // 期末应收/应付 are computed by the list from the opening amounts and the bills (list-resources.ts).
    delete supplier.allNeedGet;
    delete supplier.allNeedPay;
    const row = updateRow(w, 'supplier', supplier);
    if (row) writeLog(w, '商家', `修改${String(supplier.supplier ?? null)}`);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  const deletes = deletesOf('supplier', '商家', 'supplier');
  app.delete('/supplier/delete', deletes.one);
  app.delete('/supplier/deleteBatch', deletes.batch);
  app.get('/supplier/checkIsNameAndTypeExist', async (request, reply) => {
    const { id, name } = checkQuery(request);
    const type = (request.query as Record<string, unknown>).type;
    if (typeof type !== 'string') throw new UnknownException('type is required');
    const exists = liveRows(writer(request), 'supplier').some(
      (s) => s.id !== id && s.supplier === name && s.type === type,
    );
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });
  // 修正预付款: advance_in = 收预付款 totals − 零售出库 totals, per member.
  app.post('/supplier/batchSetAdvanceIn', async (request, reply) => {
    const w = writer(request);
    const ids = idList(jsonBody(request).ids);
    if (ids === null) throw new UnknownException('ids are required');
    for (const member of liveRows(w, 'supplier').filter((s) => ids.includes(s.id as number))) {
      const paidIn = liveFinancials(w)
        .filter((h) => h.organId === member.id && h.type === '收预付款')
        .reduce((s, h) => s + Number(h.totalPrice ?? 0), 0);
      const spent = liveBills(w)
        .filter((h) => h.organId === member.id && h.type === '出库' && h.subType === '零售')
        .reduce((s, h) => s + Number(h.totalPrice ?? 0), 0);
      member.advanceIn = asDecimal(paidIn - spent);
    }
    return sendFastjson(reply, returnStr(ids.length > 0 ? 1 : 0));
  });
  // 分配客户: the enabled customers (list envelope), and the ids a user holds ({code:200, data:[…]} or data null).
  app.get('/supplier/getAllCustomer', async (request, reply) => {
    const rows = selectOrder(liveRows(writer(request), 'supplier').filter((s) => s.type === '客户')).map((s) => ({
      id: s.id,
      supplier: s.supplier,
    }));
    return sendJackson(reply, { code: 200, data: { rows, total: rows.length } });
  });
  app.get('/supplier/getUserCustomerValue', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    if (typeof q.UBType !== 'string' || typeof q.UBKeyId !== 'string')
      throw new UnknownException('UBType and UBKeyId are required');
    const row = state.userBusiness.find((b) => b.type === q.UBType && b.key_id === q.UBKeyId && isLive(b));
    const ids = row?.value ? [...row.value.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])) : null;
    return sendJackson(reply, { code: 200, data: ids });
  });
}

function supplierFinancialRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, requiredLong } = financialWriteKit(state);
  // --- the 收款/付款 pickers ------------------------------------------------------------------------------------
  // 选择期初: the partner's opening amount, what items without a bill have settled of it, and the rest.
  app.get('/supplier/getBeginNeedByOrganId', async (request, reply) => {
    const organId = requiredLong(request, 'organId');
    const w = writer(request);
    const partner = tenantRows(w, 'supplier').find((s) => s.id === organId);
    if (!partner) return sendJackson(reply, READ_FAILED);
    const needDebt =
      partner.type === '供应商'
        ? (partner.beginNeedPay ?? null)
        : partner.type === '客户'
          ? (partner.beginNeedGet ?? null)
          : 0;
    const heads = new Set(
      liveRows(w, 'accountHead')
        .filter((h) => h.organId === organId && (h.type === '收款' || h.type === '付款'))
        .map((h) => h.id),
    );
    const finishDebt = Math.abs(
      asDecimal(
        liveRows(w, 'accountItem')
          .filter((i) => heads.has(i.headerId) && (i.billId === null || i.billId === undefined))
          .reduce((s, i) => s + Number(i.eachAmount ?? 0), 0),
      ),
    );
    const eachAmount = needDebt === null ? 0 : asDecimal(Number(needDebt) - finishDebt);
    return sendJackson(reply, { code: 200, data: { needDebt, finishDebt, eachAmount } });
  });
}

function supplierSelectRoutes(app: FastifyInstance, state: SandboxState): void {
  const { partners } = lookupKit(state);
  // SupplierController's selects are POST and answer bare JSON arrays.
  app.post('/supplier/findBySelect_sup', async (request, reply) =>
    sendJackson(
      reply,
      partners(request, ['供应商']).map((s) => ({ id: s.id, supplier: s.supplier })),
    ),
  );
  app.post('/supplier/findBySelect_cus', async (request, reply) =>
    sendJackson(
      reply,
      partners(request, ['客户']).map((s) => ({ id: s.id, supplier: s.supplier })),
    ),
  );
  app.post('/supplier/findBySelect_retail', async (request, reply) =>
    sendJackson(
      reply,
      partners(request, ['会员']).map((s) => ({ id: s.id, supplier: s.supplier, advanceIn: s.advanceIn })),
    ),
  );
  app.post('/supplier/findBySelect_organ', async (request, reply) =>
    sendJackson(
      reply,
      partners(request, ['供应商', '客户']).map((s) => ({ id: s.id, supplier: `${s.supplier}[${s.type}]` })),
    ),
  );
}

function supplierExportRoutes(app: FastifyInstance, state: SandboxState): void {
  const { tenantRows, selected } = exportKit(state);
  // SupplierController.exportExcel: findByAll's rows in the layout their import reads (see excel-import.ts), as .xls.
  app.get('/supplier/exportExcel', async (request, reply) => {
    const q = query(request);
    const type = q.type ?? '';
    let rows = tenantRows(request, 'supplier').filter((s) => type === '' || s.type === type);
    if (q.supplier) rows = rows.filter((s) => String(s.supplier).includes(q.supplier as string));
    if (q.telephone) rows = rows.filter((s) => String(s.telephone ?? '').includes(q.telephone as string));
    if (q.phonenum) rows = rows.filter((s) => String(s.phoneNum ?? '').includes(q.phonenum as string));
    rows = selected(rows, q.selections).sort(
      (a, b) => String(a.sort ?? '').localeCompare(String(b.sort ?? '')) || (b.id as number) - (a.id as number),
    );
    return sendXls(reply, '信息内容', writeXls([partnerExportSheet(rows, type)]));
  });
}
