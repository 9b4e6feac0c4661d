// The 导出 downloads the table pages offer. The real backend writes binary .xls with jxl; the sandbox writes the
// same sheet (title, tip, header, rows) as an Excel 2003 XML workbook, which Excel and LibreOffice open as .xls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../auth-filter.js';
import { jsonBody } from '../body.js';
import type { Row, SandboxState } from '../store.js';
import { UnknownException, idList, toId } from '../wire.js';
import { materialViews } from '../materials.js';
import { parseSearch } from './lists.js';
import { debtBills } from './writes-financial.js';

export interface ExportRoutesOptions {
  state: SandboxState;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

interface Sheet {
  name: string;
  head: string[];
  rows: unknown[][];
  title?: string;
  tip?: string;
}

/** Worksheets, each with optional title and tip lines, the header, then the rows (numbers stay numbers). */
function workbookXml(sheets: Sheet[]): string {
  const cell = (v: unknown): string =>
    typeof v === 'number' && Number.isFinite(v)
      ? `<Cell><Data ss:Type="Number">${v}</Data></Cell>`
      : `<Cell><Data ss:Type="String">${escapeXml(v === null || v === undefined ? '' : String(v))}</Data></Cell>`;
  const line = (values: unknown[]): string => `<Row>${values.map(cell).join('')}</Row>`;
  const worksheet = ({ name, head, rows, title, tip }: Sheet): string => {
    const lines = [...(title ? [line([title])] : []), ...(tip !== undefined ? [line([tip])] : []), line(head), ...rows.map(line)];
    return `<Worksheet ss:Name="${escapeXml(name.slice(0, 31) || 'Sheet1')}"><Table>${lines.join('')}</Table></Worksheet>`;
  };
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="Excel.Sheet"?>\n' +
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">' +
    `${sheets.map(worksheet).join('')}</Workbook>\n`
  );
}

/** One worksheet: optional title and tip lines, the header, then the rows (numbers stay numbers). */
export function spreadsheetXml(sheet: string, head: string[], rows: unknown[][], title?: string, tip?: string): string {
  return workbookXml([{ name: sheet, head, rows, title, tip }]);
}

function sendWorkbook(reply: FastifyReply, fileName: string, xml: string): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'application/vnd.ms-excel;charset=UTF-8')
    .header('content-disposition', `attachment;filename=${encodeURIComponent(fileName)}.xls`)
    .send(xml);
}

/** The original sends the filters flat (handleExportXls); a `search` JSON is read too. */
function query(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((request.query ?? {}) as Record<string, unknown>)) if (typeof v === 'string') out[k] = v.trim();
  return { ...out, ...parseSearch(out.search) };
}

export async function exportRoutes(app: FastifyInstance, options: ExportRoutesOptions): Promise<void> {
  const { state } = options;
  const tenantRows = (request: FastifyRequest, table: string): Row[] => {
    const { tenantId } = authOf(request);
    return (state.tables[table] ?? []).filter((r) => r.deleteFlag !== '1' && (tenantId === 0 || r.tenantId === tenantId));
  };
  const selected = (rows: Row[], selections: string | undefined): Row[] => {
    const ids = selections ? idList(selections) : null;
    return ids && ids.length > 0 ? rows.filter((r) => ids.includes(r.id as number)) : rows;
  };

  // The report pages build the sheet themselves and post it: {title, head: 'a,b,c', tip, list: [[…]]}.
  app.post('/systemConfig/exportExcelByParam', async (request, reply) => {
    const body = jsonBody(request);
    if (typeof body.title !== 'string' || typeof body.head !== 'string' || !Array.isArray(body.list)) {
      throw new UnknownException('title, head and list are required');
    }
    const rows = body.list.map((r) => (Array.isArray(r) ? r : [r]));
    const tip = typeof body.tip === 'string' ? body.tip : undefined;
    return sendWorkbook(reply, body.title, spreadsheetXml(body.title, body.head.split(','), rows, body.title, tip));
  });

  app.get('/supplier/exportExcel', async (request, reply) => {
    const q = query(request);
    const type = q.type || '供应商';
    let rows = tenantRows(request, 'supplier').filter((s) => s.type === type);
    if (q.supplier) rows = rows.filter((s) => String(s.supplier).includes(q.supplier as string));
    if (q.telephone) rows = rows.filter((s) => String(s.telephone ?? '').includes(q.telephone as string));
    if (q.phonenum) rows = rows.filter((s) => String(s.phoneNum ?? '').includes(q.phonenum as string));
    rows = selected(rows, q.selections);
    const head = ['名称', '联系人', '手机号码', '联系电话', '电子邮箱', '传真', '期初应收', '期初应付', '纳税人识别号', '税率(%)', '开户行', '账号', '地址', '备注', '排序', '状态'];
    const data = rows.map((s) => [
      s.supplier, s.contacts, s.telephone, s.phoneNum, s.email, s.fax, s.beginNeedGet, s.beginNeedPay, s.taxNum, s.taxRate,
      s.bankName, s.accountNumber, s.address, s.description, s.sort, s.enabled ? '启用' : '禁用',
    ]);
    return sendWorkbook(reply, `${type}信息`, spreadsheetXml(`${type}信息`, head, data));
  });

  // DepotHeadService.debtExport (客户对账/供应商对账's 导出 of one partner's owing bills): a 单据列表 sheet (tip, header,
  // the bills of /depotHead/debtList) and a 单据明细 sheet with their lines, whose header carries the mpList aliases
  // in three columns. Whatever fails inside (an unknown kind, an mpList of fewer than three names) is swallowed by
  // the controller: an empty answer.
  app.get('/depotHead/debtExport', async (request, reply) => {
    const q = Object.fromEntries(Object.entries((request.query ?? {}) as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    if (q.organId !== undefined && q.organId !== '' && toId(q.organId) === null) throw new UnknownException('organId is not a Long');
    const given = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);
    const vendor = q.subType === '采购';
    if (!vendor && !(q.type === '出库' && q.subType === '销售')) return reply.code(200).send('');
    const { tenantId, user } = authOf(request);
    const w = { state, user, tenantId, ip: '' };
    const bills = debtBills(state, w, {
      organId: given(q.organId), status: given(q.status), number: given(q.number), beginTime: given(q.beginTime), endTime: given(q.endTime),
      materialParam: given(q.materialParam),
    });
    const range = given(q.beginTime) && given(q.endTime) ? `（${String(q.beginTime)} 00:00:00至${String(q.endTime)} 23:59:59）` : '';
    const party = vendor ? '供应商' : '客户';
    const [done, left] = vendor ? ['已付欠款', '待付欠款'] : ['已收欠款', '待收欠款'];
    const two = (n: unknown): string => (Number(n ?? 0) || 0).toFixed(2);
    const listHead = [party, '单据编号', '关联单据', '商品信息', '单据日期', '操作员', '单据金额', '本单欠款', done, left, '备注'];
    const listRows = bills.map((h) => [
      h.organName, h.number, h.linkNumber, h.materialsList, h.operTimeStr, h.userName,
      two((Number(h.discountLastMoney ?? 0) || 0) + (Number(h.otherMoney ?? 0) || 0) - (Number(h.deposit ?? 0) || 0)), two(h.needDebt), two(h.finishDebt), two(h.debt), h.remark,
    ]);
    const detailHead = [party, '单据编号', '单据日期', '仓库名称', '条码', '名称', '规格', '型号', '颜色', '品牌', '制造商',
      ...String(q.mpList ?? 'null').split(','), '单位', '序列号', '批号', '有效期', '多属性', '数量', '单价', '金额', '税率(%)', '税额', '价税合计', '重量', '备注'];
    if (bills.length > 0 && detailHead.length < 27) return reply.code(200).send('');
    const byId = new Map(bills.map((h) => [h.id, h]));
    const depots = new Map(tenantRows(request, 'depot').map((d) => [d.id, d.name]));
    const extendsById = new Map((state.tables.materialExtend ?? []).map((e) => [e.id, e]));
    const materials = new Map((state.tables.material ?? []).map((m) => [m.id, m]));
    const detailRows = state.depotItems
      .filter((l) => byId.has(l.headerId) && l.deleteFlag !== '1')
      .sort((a, b) => Number(b.headerId) - Number(a.headerId) || Number(a.id) - Number(b.id))
      .map((l) => {
        const h = byId.get(l.headerId)!;
        const m = materials.get(l.materialId) ?? {};
        const weight = Number(l.basicNumber ?? 0) * (Number(m.weight ?? 0) || 0);
        const row: unknown[] = [
          h.organName, h.number, String(h.operTimeStr ?? ''), l.depotId === null || l.depotId === undefined ? '' : depots.get(l.depotId),
          extendsById.get(l.materialExtendId)?.barCode ?? null, m.name, m.standard, m.model, m.color, m.brand, m.mfrs,
          m.otherField1, m.otherField2, m.otherField3, l.materialUnit, l.snList, l.batchNumber,
          l.expirationDate instanceof Date ? l.expirationDate.toISOString().slice(0, 10) : (l.expirationDate ?? ''), l.sku,
          two(l.operNumber), two(l.unitPrice), two(l.allPrice), two(l.taxRate), two(l.taxMoney), two(l.taxLastMoney), two(weight), l.remark,
        ];
        return [...row, ...Array<string>(Math.max(0, detailHead.length - row.length)).fill('')];
      });
    const sheets: Sheet[] = [{ name: '单据列表', head: listHead, rows: listRows, tip: `${party}对账列表${range}` }];
    if (bills.length > 0) sheets.push({ name: '单据明细', head: detailHead, rows: detailRows, tip: `${party}单据明细${range}` });
    return sendWorkbook(reply, '单据信息', workbookXml(sheets));
  });

  app.get('/material/exportExcel', async (request, reply) => {
    const q = query(request);
    let rows = materialViews({ state, tenantId: authOf(request).tenantId });
    if (q.materialParam) {
      const needle = q.materialParam.toLowerCase();
      rows = rows.filter((m) => ['mBarCode', 'name', 'standard', 'model', 'color', 'brand', 'mfrs'].some((f) => String(m[f] ?? '').toLowerCase().includes(needle)));
    }
    if (q.categoryId) rows = rows.filter((m) => String(m.categoryId) === q.categoryId);
    rows = selected(rows, q.selections);
    const head = ['条码', '名称', '规格', '型号', '颜色', '品牌', '制造商', '类别', '单位', '库存', '零售价', '最低售价', '采购价', '销售价', '备注', '状态'];
    const data = rows.map((m) => [
      m.mBarCode, m.name, m.standard, m.model, m.color, m.brand, m.mfrs, m.categoryName, m.unit, m.stock, m.commodityDecimal,
      m.lowDecimal, m.purchaseDecimal, m.wholesaleDecimal, m.remark, m.enabled ? '启用' : '禁用',
    ]);
    return sendWorkbook(reply, '商品信息', spreadsheetXml('商品信息', head, data));
  });
}
