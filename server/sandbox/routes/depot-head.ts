// DepotHeadController (/depotHead/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { authOf } from '../auth-filter.js';
import {
  BILL_LIST_COLUMNS,
  buyAndSaleStatistics,
  HIDDEN_DETAIL_MONEY,
  manyAccountsText,
  maskedBillMoney,
  shownDebt,
} from '../bills.js';
import { jsonBody } from '../body.js';
import { billDebt, settledOnBill } from '../financial.js';
import {
  UnknownException,
  formatDateTime,
  idList,
  longList,
  asDecimal,
  returnStr,
  sendFastjson,
  sendJackson,
  toId,
  formatDate,
} from '../wire.js';
import { entityOf, queryId, queryIds, writeLog, writerOf } from '../writes.js';
import type { MaterialExtendRow, MaterialRow } from '../business-rows.js';
import { liveRows, transaction, type Row, type SandboxState, isLive } from '../store.js';
import { statementAccount } from '../reports.js';
import { listHandler, parseSearch } from '../list-routes.js';
import { debtBills, financialWriteKit } from '../financial-writes.js';
import {
  ERROR,
  HEAD,
  OK,
  billBody,
  billWriteKit,
  blank,
  checkHead,
  fail,
  holdBillNumber,
  updateLastDeposit,
} from '../bill-writes.js';
import { type Sheet, exportKit, sendWorkbook, workbookXml } from '../exports.js';
import { infoHandler } from '../resource-actions.js';

export async function depotHeadRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/depotHead/list', listHandler(state, '/depotHead/list'));
  app.get('/depotHead/findInOutDetail', listHandler(state, '/depotHead/findInOutDetail'));
  app.get('/depotHead/findInOutMaterialCount', listHandler(state, '/depotHead/findInOutMaterialCount'));
  app.get('/depotHead/findAllocationDetail', listHandler(state, '/depotHead/findAllocationDetail'));
  app.get('/depotHead/getStatementAccount', listHandler(state, '/depotHead/getStatementAccount'));
  app.get('/depotHead/info', infoHandler(state, 'depotHead', BILL_LIST_COLUMNS));
  depotHeadSaveRoutes(app, state);
  depotHeadStatusRoutes(app, state);
  depotHeadFinancialRoutes(app, state);
  depotHeadExportRoutes(app, state);
}

function depotHeadSaveRoutes(app: FastifyInstance, state: SandboxState): void {
  const { addBill, updateBill, batchAddBills } = billWriteKit(state);
  app.post('/depotHead/addDepotHeadAndDetail', async (request, reply) => {
    const w = writerOf(state, request);
    const { info, rows } = billBody(request);
    holdBillNumber(w, info.number);
    if (blank(info.number)) throw new UnknownException('number missing');
    checkHead(w, info, null);
    transaction(state, () => addBill(w, info, rows));
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  // DepotHeadService.batchAddDepotHeadAndDetail (出入库管理's 批量入库/出库): each listed bill becomes a 其它入库 or
  // 其它出库 linking it, numbered QTRK/QTCK from the global sequence, at price 0, with its lines (which close the
  // linked bill as a save does); refused for a bill not 已审核 (8500030), 部分 (8500028) or holding serial or batch
  // goods (9000005, 9000006). One transaction, logged as 批量新增[numbers].
  app.post('/depotHead/batchAddDepotHeadAndDetail', async (request, reply) => {
    const w = writerOf(state, request);
    const ids = jsonBody(request).ids;
    // StringUtil.strToLongList before the service's try: a missing or non-numeric id is the global handler's.
    if (ids === null || ids === undefined) throw new UnknownException('ids is required');
    batchAddBills(w, longList(String(ids), 'ids'));
    // ExceptionConstants.standardSuccess.
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  app.put('/depotHead/updateDepotHeadAndDetail', async (request, reply) => {
    const w = writerOf(state, request);
    const { info, rows } = billBody(request);
    holdBillNumber(w, info.number);
    if (blank(info.id) || blank(info.status)) throw new UnknownException('id and status are required on update');
    const head = liveRows(w, 'depotHead').find((h) => h.id === info.id);
    if (!head) throw new UnknownException('bill not found');
    checkHead(w, { ...info, number: info.number ?? head.number }, head.id);
    if (head.status !== '0') fail(8500023, '抱歉，单据当前状态下不能修改');
    transaction(state, () => updateBill(w, head, info, rows));
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  app.get('/depotHead/getDetailByNumber', async (request, reply) => {
    const { tenantId } = authOf(request);
    const number = (request.query as Record<string, unknown>).number;
    if (typeof number !== 'string') throw new UnknownException('number is required');
    const head = liveRows({ state, tenantId }, 'depotHead').find((h) => h.number === number);
    if (!head) {
      const blankHead: Row = {};
      for (const k of [
        ...Object.keys(HEAD),
        'tenantId',
        'deleteFlag',
        'lastDeposit',
        'lastDebt',
        'purchaseStatus',
        'depotHeadType',
        'organName',
        'accountName',
        'salesManStr',
        'operTimeStr',
        'materialsList',
        'materialCount',
        'creatorName',
        'hasBackFlag',
      ])
        blankHead[k] = null;
      return sendJackson(reply, { code: 200, data: blankHead });
    }
    const organ = (state.tables.supplier ?? []).find((s) => s.id === head.organId);
    const persons = state.tables.person ?? [];
    const salesManStr = String(head.salesMan ?? '')
      .split(',')
      .filter((s) => s !== '')
      .map((id) => `${String(persons.find((p) => String(p.id) === id)?.name ?? id)} `)
      .join('');
    const data: Row = {
      ...head,
      depotHeadType: `${String(head.subType)}${String(head.type)}`,
      organName: organ?.supplier ?? null,
      contacts: organ?.contacts ?? null,
      telephone: organ?.telephone ?? null,
      address: organ?.address ?? null,
      bankName: organ?.bankName ?? null,
      accountNumber: organ?.accountNumber ?? null,
      taxNum: organ?.taxNum ?? null,
      phoneNum: organ?.phoneNum ?? null,
      changeAmount:
        head.changeAmount === null || head.changeAmount === undefined ? 0 : Math.abs(Number(head.changeAmount)),
      totalPrice: head.totalPrice === null || head.totalPrice === undefined ? null : Math.abs(Number(head.totalPrice)),
      deposit: head.deposit ?? 0,
      discountLastMoney: head.discountLastMoney ?? 0,
      backAmount: head.backAmount ?? 0,
      debt: shownDebt(head),
      salesManStr,
      creatorName: state.users.find((u) => u.id === head.creator)?.username ?? null,
      hasBackFlag: false,
    };
    data.accountName = manyAccountsText(state, head) ?? data.accountName ?? null;
    // A role whose price limit hides this kind of bill gets its money as 0 (the debt is computed from the zeros).
    return sendJackson(reply, {
      code: 200,
      data: maskedBillMoney(state, authOf(request).user, data, HIDDEN_DETAIL_MONEY),
    });
  });
}

function depotHeadStatusRoutes(app: FastifyInstance, state: SandboxState): void {
  const { deleteBills, forceClose, billsOfIdText, waitingBills, setBillStatus } = billWriteKit(state);
  app.post('/depotHead/batchSetStatus', async (request, reply) => {
    const w = writerOf(state, request);
    const body = jsonBody(request);
    const ids = idList(body.ids) ?? [];
    const status = body.status === null || body.status === undefined ? '' : String(body.status);
    if (status !== '0' && status !== '1') return sendFastjson(reply, ERROR);
    return sendFastjson(reply, setBillStatus(w, ids, status) ? OK : ERROR);
  });

  app.delete('/depotHead/delete', async (request, reply) => {
    const ids = [queryId(request)];
    return sendFastjson(reply, returnStr(transaction(state, () => deleteBills(request, ids))));
  });
  app.delete('/depotHead/deleteBatch', async (request, reply) => {
    const ids = queryIds(request);
    return sendFastjson(reply, returnStr(transaction(state, () => deleteBills(request, ids))));
  });

  app.put('/depotHead/quickEdit', async (request, reply) => {
    const w = writerOf(state, request);
    const body = entityOf(jsonBody(request), { id: 'long', remark: 'string' });
    const head = liveRows(w, 'depotHead').find((h) => h.id === body.id);
    if (!head) return fail(301, '数据写入异常');
    const old = head.remark;
    head.remark = body.remark ?? head.remark;
    writeLog(w, '单据', `修改备注，单据编号:${String(head.number)}，原备注为:${String(old ?? '')}`);
    return sendJackson(reply, { code: 200, msg: '操作成功' });
  });

  app.post('/depotHead/forceCloseBatch', async (request, reply) =>
    sendFastjson(reply, forceClose(request, 'status', '[强制结单]', '强制结单')),
  );
  app.post('/depotHead/forceClosePurchaseBatch', async (request, reply) =>
    sendFastjson(reply, forceClose(request, 'purchaseStatus', '[强制结单-以销定购]', '强制结单-以销定购')),
  );

  // 修正订金: every listed bill with a deposit (any kind, as the service does not ask) gets last_deposit = its
  // deposit less what the 采购/销售 bills linked to it used; any listed bill answers 成功.
  app.post('/depotHead/batchSetLastDeposit', async (request, reply) => {
    const w = writerOf(state, request);
    const heads = billsOfIdText(w, jsonBody(request).ids);
    const withDeposit = heads.filter((h) => Math.abs(Number(h.changeAmount ?? 0)) !== 0);
    for (const head of withDeposit) updateLastDeposit(w, head.number);
    if (withDeposit.length > 0)
      writeLog(w, '单据', `修正剩余订金：${withDeposit.map((h) => `${String(h.number)} `).join('')}`);
    return sendFastjson(reply, heads.length > 0 ? OK : ERROR);
  });

  // 修正欠款 (采购入库 / 销售出库 lists): last_debt = the bill's debt less what financial bills settled on it, for every
  // listed bill that owes anything; any listed bill answers 成功.
  app.post('/depotHead/batchSetLastDebt', async (request, reply) => {
    const w = writerOf(state, request);
    const heads = billsOfIdText(w, jsonBody(request).ids);
    const fixed: Row[] = [];
    for (const head of heads) {
      const debt = billDebt(head);
      if (debt === 0) continue;
      head.lastDebt = asDecimal(debt - Math.abs(settledOnBill(state, w.tenantId, head.id)));
      fixed.push(head);
    }
    if (fixed.length > 0) writeLog(w, '单据', `修正最终欠款：${fixed.map((h) => `${String(h.number)} `).join('')}`);
    return sendFastjson(reply, heads.length > 0 ? OK : ERROR);
  });

  app.get('/depotHead/waitBillList', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const page = toId(q.currentPage);
    const size = toId(q.pageSize);
    if (page === null || size === null) throw new UnknownException('currentPage and pageSize are required');
    const rows = waitingBills(request);
    return sendFastjson(reply, {
      code: 200,
      data: { rows: rows.slice((page - 1) * size, (page - 1) * size + size), total: rows.length, message: '成功' },
    });
  });
  app.get('/depotHead/waitBillCount', async (request, reply) =>
    sendFastjson(reply, { code: 200, data: { total: waitingBills(request).length, message: '成功' } }),
  );

  // Returns linked to a bill: the backend's `sub_type like '退货'` has no wildcards, so the answer is always empty.
  app.get('/depotHead/getBillListByLinkNumber', async (_request, reply) => sendJackson(reply, { code: 200, data: [] }));

  app.get('/depotHead/getBuyAndSaleStatistics', async (request, reply) => {
    const { tenantId, user } = authOf(request);
    return sendJackson(reply, { code: 200, data: buyAndSaleStatistics(state, tenantId, user, state.clock.now()) });
  });
}

function depotHeadFinancialRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, query, requiredQuery, requiredLong } = financialWriteKit(state);
  // 选择单据: a partner's sales/purchase bills (and returns) that still owe money, with what is owed and settled.
  app.get('/depotHead/debtList', async (request, reply) => {
    const q = query(request);
    const search = parseSearch(typeof q.search === 'string' ? q.search : undefined);
    const currentPage = requiredLong(request, 'currentPage');
    const pageSize = requiredLong(request, 'pageSize');
    const matching = debtBills(state, writer(request), search);
    const rows = matching.slice(
      Math.max(0, (currentPage - 1) * pageSize),
      Math.max(0, (currentPage - 1) * pageSize) + Math.max(0, pageSize),
    );
    return sendFastjson(reply, { code: 200, data: { rows, total: matching.length, message: '成功' } });
  });

  // 待收款(n) / 待付款(n): partners of the kind still owing since the start of the year.
  app.get('/depotHead/getNeedCount', async (request, reply) => {
    const type = requiredQuery(request, 'type');
    const supplierType = type === 'vendor' ? '供应商' : type === 'customer' ? '客户' : '';
    const w = writer(request);
    const now = state.clock.now();
    const { rows } = statementAccount(w, {
      supplierType,
      beginTime: `${formatDate(now).slice(0, 4)}-01-01`,
      endTime: formatDateTime(now),
      hasDebt: '1',
    });
    return sendJackson(reply, { code: 200, data: { needCount: rows.length } });
  });
}

function depotHeadExportRoutes(app: FastifyInstance, state: SandboxState): void {
  const { tenantRows } = exportKit(state);
  // DepotHeadService.debtExport (客户对账/供应商对账's 导出 of one partner's owing bills): a 单据列表 sheet (tip, header,
  // the bills of /depotHead/debtList) and a 单据明细 sheet with their lines, whose header carries the mpList aliases
  // in three columns. Whatever fails inside (an unknown kind, an mpList of fewer than three names) is swallowed by
  // the controller: an empty answer.
  app.get('/depotHead/debtExport', async (request, reply) => {
    const q = Object.fromEntries(
      Object.entries((request.query ?? {}) as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
    ) as Record<string, string>;
    if (q.organId !== undefined && q.organId !== '' && toId(q.organId) === null)
      throw new UnknownException('organId is not a Long');
    const given = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);
    const vendor = q.subType === '采购';
    if (!vendor && !(q.type === '出库' && q.subType === '销售')) return reply.code(200).send('');
    const { tenantId, user } = authOf(request);
    const w = { state, user, tenantId, ip: '' };
    const bills = debtBills(state, w, {
      organId: given(q.organId),
      status: given(q.status),
      number: given(q.number),
      beginTime: given(q.beginTime),
      endTime: given(q.endTime),
      materialParam: given(q.materialParam),
    });
    const range =
      given(q.beginTime) && given(q.endTime)
        ? `（${String(q.beginTime)} 00:00:00至${String(q.endTime)} 23:59:59）`
        : '';
    const party = vendor ? '供应商' : '客户';
    const [done, left] = vendor ? ['已付欠款', '待付欠款'] : ['已收欠款', '待收欠款'];
    const two = (n: unknown): string => (Number(n ?? 0) || 0).toFixed(2);
    const listHead = [
      party,
      '单据编号',
      '关联单据',
      '商品信息',
      '单据日期',
      '操作员',
      '单据金额',
      '本单欠款',
      done,
      left,
      '备注',
    ];
    const listRows = bills.map((h) => [
      h.organName,
      h.number,
      h.linkNumber,
      h.materialsList,
      h.operTimeStr,
      h.userName,
      two((Number(h.discountLastMoney ?? 0) || 0) + (Number(h.otherMoney ?? 0) || 0) - (Number(h.deposit ?? 0) || 0)),
      two(h.needDebt),
      two(h.finishDebt),
      two(h.debt),
      h.remark,
    ]);
    const detailHead = [
      party,
      '单据编号',
      '单据日期',
      '仓库名称',
      '条码',
      '名称',
      '规格',
      '型号',
      '颜色',
      '品牌',
      '制造商',
      ...String(q.mpList ?? 'null').split(','),
      '单位',
      '序列号',
      '批号',
      '有效期',
      '多属性',
      '数量',
      '单价',
      '金额',
      '税率(%)',
      '税额',
      '价税合计',
      '重量',
      '备注',
    ];
    if (bills.length > 0 && detailHead.length < 27) return reply.code(200).send('');
    const byId = new Map(bills.map((h) => [h.id, h]));
    const depots = new Map(tenantRows(request, 'depot').map((d) => [d.id, d.name]));
    const extendsById = new Map<unknown, MaterialExtendRow>(state.tables.materialExtend.map((e) => [e.id, e]));
    const materials = new Map((state.tables.material ?? []).map((m) => [m.id, m]));
    const detailRows = state.depotItems
      .filter((l) => byId.has(l.headerId) && isLive(l))
      .sort((a, b) => Number(b.headerId) - Number(a.headerId) || Number(a.id) - Number(b.id))
      .map((l) => {
        const h = byId.get(l.headerId)!;
        const m: Partial<MaterialRow> = materials.get(l.materialId) ?? {};
        const weight = Number(l.basicNumber ?? 0) * (Number(m.weight ?? 0) || 0);
        const row: unknown[] = [
          h.organName,
          h.number,
          String(h.operTimeStr ?? ''),
          l.depotId === null || l.depotId === undefined ? '' : depots.get(l.depotId),
          extendsById.get(l.materialExtendId)?.barCode ?? null,
          m.name,
          m.standard,
          m.model,
          m.color,
          m.brand,
          m.mfrs,
          m.otherField1,
          m.otherField2,
          m.otherField3,
          l.materialUnit,
          l.snList,
          l.batchNumber,
          l.expirationDate instanceof Date ? l.expirationDate.toISOString().slice(0, 10) : (l.expirationDate ?? ''),
          l.sku,
          two(l.operNumber),
          two(l.unitPrice),
          two(l.allPrice),
          two(l.taxRate),
          two(l.taxMoney),
          two(l.taxLastMoney),
          two(weight),
          l.remark,
        ];
        return [...row, ...Array<string>(Math.max(0, detailHead.length - row.length)).fill('')];
      });
    const sheets: Sheet[] = [{ name: '单据列表', head: listHead, rows: listRows, tip: `${party}对账列表${range}` }];
    if (bills.length > 0)
      sheets.push({ name: '单据明细', head: detailHead, rows: detailRows, tip: `${party}单据明细${range}` });
    return sendWorkbook(reply, '单据信息', workbookXml(sheets));
  });
}
